import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { JobStatusDto, ServiceStatusDto } from '../../api/generated/model';
import { jsonResponse, renderApp } from '../../test/utils';
import { signedInAdmin } from './admin-fixtures';

const CHECKED_AT = '2026-11-24T10:00:00.000Z';
const minutesBefore = (minutes: number) => new Date(Date.parse(CHECKED_AT) - minutes * 60_000).toISOString();

const job = (overrides: Partial<JobStatusDto> & Pick<JobStatusDto, 'job'>): JobStatusDto => ({
  runs: 0,
  failures: 0,
  lastSuccessAt: null,
  lastFailureAt: null,
  lastError: null,
  ...overrides,
});

function serviceStatus(overrides: Partial<ServiceStatusDto> = {}): ServiceStatusDto {
  return {
    checkedAt: CHECKED_AT,
    version: '0.1.0',
    commit: 'b8a3ea1',
    startedAt: '2026-11-21T05:59:00.000Z',
    uptimeSeconds: 3 * 86400 + 4 * 3600 + 1,
    database: { reachable: true, pool: { total: 4, idle: 3, waiting: 0, max: 10 } },
    stripe: { state: 'reachable', mode: 'live', sandbox: false, latencyMs: 182, error: null },
    mail: { pending: 0, failed: 0, oldestPendingSeconds: null },
    webhooks: { pending: 0, failed: 0, oldestPendingSeconds: null },
    jobs: [
      job({ job: 'mail', runs: 5400, lastSuccessAt: minutesBefore(0) }),
      job({ job: 'stripe-events', runs: 5300, lastSuccessAt: minutesBefore(0) }),
      job({ job: 'payment-reminders', runs: 3, lastSuccessAt: minutesBefore(42) }),
      job({ job: 'draft-purge', runs: 3, lastSuccessAt: minutesBefore(42) }),
      job({ job: 'duplicate-refunds', runs: 36, lastSuccessAt: minutesBefore(3) }),
      job({ job: 'invoice-files', runs: 5200, lastSuccessAt: minutesBefore(0) }),
    ],
    ...overrides,
  };
}

/** A figure's tile: its label, its value, its note. */
const tile = (label: string) => screen.getByText(label, { selector: 'p' }).closest('div')!;
/** A line of a card's description list: its value, by its term. */
const line = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
const jobRow = (label: string) =>
  within(screen.getByRole('list', { name: 'Tâches de fond' }))
    .getByRole('heading', { name: label })
    .closest('li')!;

describe("Admin 'État du service' page", () => {
  it('shows every figure, labelled, and says what deserves a look', async () => {
    signedInAdmin({
      'GET /api/admin/status': () =>
        jsonResponse(
          200,
          serviceStatus({
            stripe: { state: 'reachable', mode: 'test', sandbox: true, latencyMs: 35, error: null },
            mail: { pending: 3, failed: 2, oldestPendingSeconds: 12 * 60 + 5 },
            webhooks: { pending: 1, failed: 0, oldestPendingSeconds: 95 },
            jobs: [
              job({ job: 'mail', runs: 120, failures: 1, lastSuccessAt: minutesBefore(1), lastFailureAt: minutesBefore(30) }),
              job({
                job: 'stripe-events',
                runs: 80,
                failures: 4,
                lastSuccessAt: minutesBefore(20),
                lastFailureAt: minutesBefore(2),
                lastError: 'Connection terminated unexpectedly',
              }),
              job({ job: 'payment-reminders' }),
              job({ job: 'draft-purge', runs: 1, lastSuccessAt: minutesBefore(59) }),
              job({ job: 'duplicate-refunds', runs: 12, lastSuccessAt: minutesBefore(4) }),
              job({ job: 'invoice-files', runs: 100, lastSuccessAt: minutesBefore(0) }),
            ],
          }),
        ),
    });
    renderApp('/admin/status');
    expect(await screen.findByRole('heading', { level: 1, name: 'État du service' })).toBeInTheDocument();

    const summary = await screen.findByText('À surveiller');
    const problems = within(summary.closest('[role="status"]') as HTMLElement)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(problems).toEqual(['2 e-mails en échec.', 'Événements Stripe : dernier passage en échec.']);

    expect(within(tile('E-mails en attente')).getByText('3')).toBeInTheDocument();
    expect(tile('E-mails en attente')).toHaveTextContent(/Le plus ancien attend depuis 12\smin/);
    expect(within(tile('E-mails en échec')).getByText('2')).toBeInTheDocument();
    expect(within(tile('E-mails en échec')).getByRole('link', { name: 'Journal des e-mails' })).toHaveAttribute(
      'href',
      '/admin/emails?status=failed',
    );
    expect(within(tile('Événements Stripe en attente')).getByText('1')).toBeInTheDocument();
    expect(tile('Événements Stripe en attente')).toHaveTextContent(/Retard du plus ancien : 1\smin/);
    expect(within(tile('Événements Stripe en échec')).getByText('0')).toBeInTheDocument();

    // Each background job in French, its state, last success, runs and failures.
    expect(
      within(screen.getByRole('list', { name: 'Tâches de fond' }))
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual([
      'Envoi des e-mails',
      'Événements Stripe',
      'Relances de paiement',
      'Purge des brouillons',
      'Remboursements des paiements en double',
      'Fichiers des factures',
    ]);
    const mail = jobRow('Envoi des e-mails');
    expect(within(mail).getByText('Fonctionne')).toBeInTheDocument();
    expect(mail).toHaveTextContent(/Dernier succès\s*il y a 1\smin/);
    expect(mail).toHaveTextContent(/Passages\s*120/);
    expect(mail).toHaveTextContent(/Échecs\s*1 \(dernier il y a 30\smin\)/);
    const events = jobRow('Événements Stripe');
    expect(within(events).getByText('En échec')).toBeInTheDocument();
    expect(events).toHaveTextContent('Dernière erreur : Connection terminated unexpectedly');
    const reminders = jobRow('Relances de paiement');
    expect(within(reminders).getByText('Pas encore lancée')).toBeInTheDocument();
    expect(reminders).toHaveTextContent(/Dernier succès\s*Jamais/);
    expect(within(jobRow('Remboursements des paiements en double')).getByRole('link', { name: 'Paiements en double' })).toHaveAttribute(
      'href',
      '/admin/duplicate-payments',
    );

    // The services and this instance.
    expect(within(line('Base de données')).getByText('Joignable')).toBeInTheDocument();
    expect(line('Connexions à la base')).toHaveTextContent('4 ouvertes sur 10, 3 libres, 0 en attente');
    expect(within(line('Stripe')).getByText('Joignable')).toBeInTheDocument();
    expect(line('Détail Stripe')).toHaveTextContent('mode test, bac à sable (STRIPE_API_URL), répond en 35 ms');
    expect(line('Version')).toHaveTextContent('0.1.0');
    expect(line('Commit')).toHaveTextContent('b8a3ea1');
    expect(line('En service depuis')).toHaveTextContent(/^3\sj 4\sh$/);
    expect(line('Démarrée le')).toHaveTextContent('21/11/2026');
  });

  it("says all is well when it is, and 'inconnu' for a commit nobody gave", async () => {
    signedInAdmin({ 'GET /api/admin/status': () => jsonResponse(200, serviceStatus({ commit: null })) });
    renderApp('/admin/status');
    expect(await screen.findByText('Tout fonctionne normalement.')).toBeInTheDocument();
    expect(line('Commit')).toHaveTextContent('inconnu');
    expect(tile('E-mails en attente')).toHaveTextContent('Rien en attente');
    expect(within(tile('E-mails en échec')).getByRole('link', { name: 'Journal des e-mails' })).toHaveAttribute('href', '/admin/emails');
    expect(line('Détail Stripe')).toHaveTextContent('mode production, répond en 182 ms');
  });

  it('says the service is degraded when the database or Stripe does not answer, the queues unknown', async () => {
    signedInAdmin({
      'GET /api/admin/status': () =>
        jsonResponse(
          200,
          serviceStatus({
            database: { reachable: false, pool: { total: 10, idle: 0, waiting: 7, max: 10 } },
            stripe: { state: 'unreachable', mode: 'live', sandbox: false, latencyMs: null, error: 'Request timed out' },
            mail: null,
            webhooks: null,
          }),
        ),
    });
    renderApp('/admin/status');
    const summary = (await screen.findByText('Service dégradé')).closest('[role="alert"]') as HTMLElement;
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'La base de données ne répond pas.',
      'Stripe ne répond pas : les paiements et leurs événements attendent.',
      "7 requêtes en attente d'une connexion à la base.",
    ]);
    expect(within(tile('E-mails en attente')).getByText('—')).toBeInTheDocument();
    expect(tile('Événements Stripe en attente')).toHaveTextContent('Base de données injoignable');
    expect(within(line('Base de données')).getByText('Injoignable')).toBeInTheDocument();
    expect(within(line('Stripe')).getByText('Injoignable')).toBeInTheDocument();
    expect(line('Erreur Stripe')).toHaveTextContent('Request timed out');
  });

  it('shows its loading state, then its error with a retry that reads the figures again', async () => {
    let answer = () => jsonResponse(500, { statusCode: 500, message: 'Erreur interne du serveur' });
    const api = signedInAdmin({ 'GET /api/admin/status': () => answer() });
    renderApp('/admin/status');
    expect(await screen.findByText("Chargement de l'état du service...")).toBeInTheDocument();
    expect(await screen.findByText("Impossible de lire l'état du service.")).toBeInTheDocument();

    answer = () => jsonResponse(200, serviceStatus());
    await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByText('Tout fonctionne normalement.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/admin/status')).toHaveLength(2);
  });

  it('is linked from the admin navigation, shown as the current page', async () => {
    signedInAdmin({ 'GET /api/admin/status': () => jsonResponse(200, serviceStatus()) });
    renderApp('/admin/status');
    await screen.findByText('Tout fonctionne normalement.');
    // Under 'Plus' in the admin bar, which looks current too.
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    const more = within(nav).getByRole('button', { name: 'Plus' });
    expect(more).toHaveClass('bg-brand-50');
    await userEvent.click(more);
    expect(within(nav).getByRole('link', { name: 'État du service' })).toHaveAttribute('href', '/admin/status');
    expect(within(nav).getByRole('link', { name: 'État du service' })).toHaveClass('bg-brand-50');
  });
});
