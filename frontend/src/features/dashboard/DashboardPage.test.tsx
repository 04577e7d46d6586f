import { screen, within } from '@testing-library/react';
import { CONFIRMING_TEXT } from '../../lib/payment-confirmation';
import { givenSessionCookie, jsonResponse, makeSession, mockApi, renderApp } from '../../test/utils';

const site = (id: string, siteName: string, status: string, domain: string | null = null) => ({
  id,
  siteName,
  domain,
  status,
  type: 'pro',
  progression: { started: false, designOk: false, devOk: false, seoOk: false, technoReview: false },
  createdAt: '2025-09-01T10:00:00.000Z',
  updatedAt: '2025-09-01T10:00:00.000Z',
});

function signedInWith(sites: unknown[], issues: unknown[] = []) {
  givenSessionCookie();
  return mockApi({
    'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ name: 'Claire Martin' })),
    'GET /api/sites': () => jsonResponse(200, { sites, total: sites.length }),
    'GET /api/billing/payment-issues': () => jsonResponse(200, { issues }),
  });
}

const issue = (siteId: string, siteName: string) => ({
  siteId,
  siteName,
  state: 'past_due',
  reason: 'payment_failed',
  since: '2026-11-12T10:00:00.000Z',
  amountCents: 2900,
  invoiceId: `in_${siteId}`,
  payUrl: `https://pay.example/i/${siteId}`,
  message: `Le paiement de 29,00 € du 12/11/2026 a échoué. Réglez la facture ou changez de carte pour garder votre site « ${siteName} » en ligne.`,
});

describe('Dashboard — Mes Sites', () => {
  it('lists the client’s sites with their domain and status badge', async () => {
    signedInWith([
      site('s1', 'Boulangerie Martin', 'pending'),
      site('s2', 'Garage Dupont', 'active', 'garage-dupont.fr'),
      site('s3', 'Ancien site', 'suspended'),
    ]);
    renderApp('/dashboard');
    const list = await screen.findByRole('list', { name: 'Mes sites' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Boulangerie MartinAucun domaineEn attente',
      'Garage Dupontgarage-dupont.frActif',
      'Ancien siteAucun domaineAnnulé',
    ]);
    expect(rows[0]).toHaveAttribute('href', '/dashboard/sites/s1');
    expect(screen.getByRole('link', { name: 'Nouveau site' })).toHaveAttribute('href', '/order');
  });

  it("says 'Aucun site créé' when there is none", async () => {
    signedInWith([]);
    renderApp('/dashboard');
    expect(await screen.findByText('Aucun site créé')).toBeInTheDocument();
  });

  it('shows the failing payments above the tiles, and a payment badge beside the status', async () => {
    signedInWith(
      [
        { ...site('s1', 'Boulangerie Martin', 'active'), paymentState: 'past_due' },
        { ...site('s2', 'Garage Dupont', 'suspended'), paymentState: 'ended' },
      ],
      [issue('s1', 'Boulangerie Martin')],
    );
    renderApp('/dashboard');
    const region = await screen.findByRole('region', { name: 'Un paiement a échoué' });
    expect(within(region).getByText(/garder votre site « Boulangerie Martin » en ligne/)).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Régler maintenant' })).toHaveAttribute('href', 'https://pay.example/i/s1');
    const rows = within(await screen.findByRole('list', { name: 'Mes sites' })).getAllByRole('link');
    expect(within(rows[0]).getByText('Actif')).toBeInTheDocument();
    expect(within(rows[0]).getByText('Paiement en retard')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Abonnement terminé')).toBeInTheDocument();
  });
});

describe('Mes Sites and a site', () => {
  it('/dashboard/sites shows every issue and the payment badges', async () => {
    signedInWith(
      [{ ...site('s1', 'Boulangerie Martin', 'suspended'), paymentState: 'unpaid' }],
      [issue('s1', 'Boulangerie Martin'), issue('s2', 'Garage Dupont')],
    );
    renderApp('/dashboard/sites');
    expect(await screen.findByRole('region', { name: '2 paiements ont échoué' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Mes sites' });
    expect(within(list).getByText('Suspendu pour impayé')).toBeInTheDocument();
  });

  it("/dashboard/sites/{id} shows only that site's issue", async () => {
    givenSessionCookie();
    mockApi({
      'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ name: 'Claire Martin' })),
      'GET /api/billing/payment-issues': () =>
        jsonResponse(200, { issues: [issue('s1', 'Boulangerie Martin'), issue('s2', 'Garage Dupont')] }),
      'GET /api/sites/s2': () =>
        jsonResponse(200, {
          ...site('s2', 'Garage Dupont', 'active'),
          paymentState: 'past_due',
          planLabel: 'Pro (29\u00a0€/mois)',
          ageDays: 3,
          statusHistory: [],
          modificationOptions: { types: [], priorities: [] },
        }),
    });
    renderApp('/dashboard/sites/s2');
    const region = await screen.findByRole('region', { name: 'Un paiement a échoué' });
    expect(within(region).getByText(/« Garage Dupont »/)).toBeInTheDocument();
    expect(within(region).queryByText(/Boulangerie Martin/)).not.toBeInTheDocument();
    expect(screen.getByText('Paiement en retard')).toBeInTheDocument();
  });

  it('back from a restart whose payment is not recorded yet: never the ended site beside a thank-you, only the confirmation, then the restarted site', async () => {
    givenSessionCookie();
    let recorded = false;
    const detail = (status: string, paymentState: string) => ({
      ...site('s4', 'Atelier Roux', status),
      paymentState,
      planLabel: 'Business (59\u00a0€/mois)',
      ageDays: 90,
      statusHistory: [],
      modificationOptions: { types: [], priorities: [] },
    });
    const { calls } = mockApi({
      'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ name: 'Claire Martin' })),
      'GET /api/billing/payment-issues': () => jsonResponse(200, { issues: [] }),
      'GET /api/sites/s4': () => jsonResponse(200, recorded ? detail('active', 'current') : detail('suspended', 'ended')),
      'GET /api/sites/s4/subscription/checkout-sessions/cs_restart': () =>
        jsonResponse(200, { state: recorded ? 'confirmed' : 'confirming' }),
    });
    const { router } = renderApp('/dashboard/sites/s4?restarted=1&session_id=cs_restart');
    expect(await screen.findByRole('heading', { level: 1, name: CONFIRMING_TEXT })).toBeInTheDocument();
    expect(screen.queryByText('Annulé')).not.toBeInTheDocument();
    expect(screen.queryByText(/Abonnement annulé|Abonnement terminé/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Merci/)).not.toBeInTheDocument();
    // The confirmation shows before the first answer on the checkout: the payment is recorded only once it was asked.
    const sessionCalls = () => calls.filter((c) => c.url.endsWith('/checkout-sessions/cs_restart')).length;
    await vi.waitFor(() => expect(sessionCalls()).toBeGreaterThanOrEqual(1));

    recorded = true;
    expect(await screen.findByText(/Merci ! Votre paiement est enregistré/, undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Atelier Roux' })).toBeInTheDocument();
    expect(screen.queryByText('Annulé')).not.toBeInTheDocument();
    expect(screen.queryByText('Abonnement annulé')).not.toBeInTheDocument();
    expect(screen.queryByText(CONFIRMING_TEXT)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(sessionCalls()).toBeGreaterThanOrEqual(2);
  });

  it('back from the checkout of a restart (?restarted=1): says it, then cleans the address', async () => {
    givenSessionCookie();
    mockApi({
      'POST /api/auth/refresh': () => jsonResponse(200, makeSession({ name: 'Claire Martin' })),
      'GET /api/billing/payment-issues': () => jsonResponse(200, { issues: [] }),
      'GET /api/sites/s3': () =>
        jsonResponse(200, {
          ...site('s3', 'Atelier Roux', 'pending'),
          paymentState: 'current',
          planLabel: 'Business (59\u00a0€/mois)',
          ageDays: 90,
          statusHistory: [],
          modificationOptions: { types: [], priorities: [] },
        }),
    });
    const { router } = renderApp('/dashboard/sites/s3?restarted=1');
    expect(await screen.findByText(/Votre paiement est enregistré : votre site repart avec son nouvel abonnement\./)).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText(/votre site repart/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /paiement/ })).not.toBeInTheDocument();
  });
});
