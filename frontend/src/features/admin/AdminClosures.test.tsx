import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, type RecordedCall, renderApp } from '../../test/utils';
import { OWNER, queryOf, signedInAdmin } from './admin-fixtures';

const closure = (overrides: Record<string, unknown> = {}) => ({
  id: '55555555-5555-4555-8555-555555555555',
  userId: OWNER.id,
  closedAt: '2026-11-24T10:00:00.000Z',
  requestedBy: 'client',
  actorEmail: null,
  reason: null,
  cancellation: 'now',
  status: 'pending',
  eraseAfter: '2026-11-24T10:00:30.000Z',
  waitingFor: 'mail',
  erasedAt: null,
  legalDocuments: 2,
  retainedUntil: '2036-12-31',
  lastError: null,
  ...overrides,
});

const PREVIEW = {
  subscriptions: [
    {
      siteId: '11111111-1111-4111-8111-111111111111',
      siteName: 'Boulangerie Martin',
      status: 'active',
      currentPeriodEnd: '2026-12-12T10:00:00.000Z',
      canRunToPeriodEnd: true,
    },
  ],
  legalDocuments: 2,
  retainedUntil: '2036-12-31',
};

function client(closedAt: string | null, extra: Record<string, (call: RecordedCall) => Response> = {}) {
  const api = signedInAdmin({
    [`GET /api/admin/users/${OWNER.id}`]: () =>
      jsonResponse(200, {
        user: {
          id: OWNER.id,
          name: closedAt ? '' : 'Jeanne Martin',
          email: closedAt ? `compte-${OWNER.id}@comptes-fermes.invalid` : 'jeanne@martin.fr',
          role: 'client',
          createdAt: '2026-03-14T10:00:00.000Z',
          closedAt,
        },
        sites: [],
      }),
    'GET /api/admin/legal-invoices': () => jsonResponse(200, { legalInvoices: [], total: 0 }),
    'GET /api/admin/account-closures': () => jsonResponse(200, { closures: [closure()], total: 1 }),
    [`GET /api/admin/users/${OWNER.id}/closure`]: () => jsonResponse(200, PREVIEW),
    ...extra,
  });
  renderApp(`/admin/clients/${OWNER.id}`);
  return api;
}

describe('Admin — closed accounts', () => {
  it('lists the closures and their erasure, pending and done, filtered by status', async () => {
    const { calls } = signedInAdmin({
      'GET /api/admin/account-closures': () =>
        jsonResponse(200, {
          closures: [
            closure(),
            closure({
              id: '66666666-6666-4666-8666-666666666666',
              requestedBy: 'admin',
              actorEmail: 'admin@example.com',
              reason: 'Demande écrite du 12 novembre',
              cancellation: 'period_end',
              status: 'done',
              waitingFor: null,
              erasedAt: '2026-12-12T11:00:00.000Z',
            }),
          ],
          total: 2,
        }),
    });
    const user = userEvent.setup();
    renderApp('/admin/closures');
    const table = await screen.findByRole('table', { name: 'Comptes fermés' });
    const [pending, done] = within(table).getAllByRole('row').slice(1);
    expect(within(pending).getByRole('link', { name: 'Compte fermé le 24/11/2026' })).toHaveAttribute('href', `/admin/clients/${OWNER.id}`);
    expect(pending).toHaveTextContent('Le client');
    expect(pending).toHaveTextContent('Effacement à venir');
    expect(pending).toHaveTextContent('En attente de l’envoi de l’e-mail de confirmation.');
    expect(pending).toHaveTextContent('2 facture(s) et avoir(s) conservé(s) jusqu’au 31/12/2036');
    expect(done).toHaveTextContent('admin@example.com');
    expect(done).toHaveTextContent('Motif : Demande écrite du 12 novembre');
    expect(done).toHaveTextContent('Données effacées');
    expect(done).toHaveTextContent('À la fin de la période payée');

    await user.selectOptions(screen.getByLabelText('Statut'), 'pending');
    const last = calls.filter((c) => c.url.startsWith('/api/admin/account-closures')).at(-1)!;
    expect(queryOf(last)).toMatchObject({ status: 'pending' });
  });

  it('says when an erasure waits for a payment made just before the closure to be refunded', async () => {
    signedInAdmin({
      'GET /api/admin/account-closures': () =>
        jsonResponse(200, { closures: [closure({ waitingFor: 'payments', eraseAfter: '2026-11-24T10:01:30.000Z' })], total: 1 }),
    });
    renderApp('/admin/closures');
    const table = await screen.findByRole('table', { name: 'Comptes fermés' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      /En attente du remboursement d’un paiement fait juste avant la fermeture ; prochain essai le 24\/11\/2026/,
    );
  });

  it('shows a closed account as such on its page: no old name nor address, no contact form, its closure', async () => {
    client('2026-11-24T10:00:00.000Z');
    expect(await screen.findByRole('heading', { name: 'Compte fermé le 24/11/2026', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Compte fermé', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('En attente de l’envoi de l’e-mail de confirmation.')).toBeInTheDocument();
    expect(screen.queryByText(/comptes-fermes\.invalid/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Contacter le client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Voir comme le client' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fermer le compte' })).not.toBeInTheDocument();
  });

  it('closes a client’s account on their request: what happens said, the reason required, the choice sent', async () => {
    const { calls } = client(null, {
      [`POST /api/admin/users/${OWNER.id}/closure`]: () =>
        jsonResponse(200, closure({ requestedBy: 'admin', reason: 'Courrier du 12/11' })),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Fermer le compte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Fermer le compte de ce client' });
    await within(dialog).findByText(/Ses abonnements en cours sont résiliés dans Stripe/);
    expect(dialog).toHaveTextContent('Boulangerie Martin');
    expect(dialog).toHaveTextContent('Ses 2 factures et avoirs et ses paiements sont conservés jusqu’au 31/12/2036');
    await user.click(within(dialog).getByRole('button', { name: 'Fermer le compte' }));
    expect(await within(dialog).findByText('Le motif est requis')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/^Motif/), 'Courrier du 12/11');
    // The end of the paid period is the default (issue 38): closing 'now' is a choice the admin makes.
    expect(within(dialog).getByRole('radio', { name: /À la fin de la période payée/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Tout de suite/ })).not.toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Fermer le compte' }));
    expect(await screen.findByText(/Le compte est fermé\./)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.url.endsWith('/closure'))!.body).toEqual({
      reason: 'Courrier du 12/11',
      cancellation: 'period_end',
    });
  });
});
