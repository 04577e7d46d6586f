import { act, screen, waitFor } from '@testing-library/react';
import { CONFIRMATION_POLL, CONFIRMATION_SLOW_TEXT, CONFIRMING_TEXT } from '../../lib/payment-confirmation';
import { givenSessionCookie, jsonResponse, makeSession, mockApi, renderApp } from '../../test/utils';
import { HOME_AFTER_SECONDS } from './PaymentSuccessPage';

const status = (overrides: Record<string, unknown> = {}) => ({
  status: 'complete',
  paymentStatus: 'paid',
  provisioned: true,
  siteId: '0b6c7a9e-1f0e-4a55-9d4c-3c2f1a7e8b10',
  newAccount: true,
  prefersCall: false,
  ...overrides,
});

describe('/payment-success', () => {
  it('without session_id shows the error view with a link to /contact', async () => {
    mockApi({});
    renderApp('/payment-success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Session de paiement manquante' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Nous contacter' }).some((a) => a.getAttribute('href') === '/contact')).toBe(true);
  });

  it('with upgrade=1 and site_id goes on to /upgrade-success', async () => {
    mockApi({});
    const { router } = renderApp('/payment-success?session_id=cs_1&upgrade=1&site_id=s1');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/upgrade-success'));
    expect(router.state.location.search).toBe('?session_id=cs_1&site_id=s1');
  });

  it('waits for the order to be recorded before saying it is confirmed (visitor: check your e-mail, then sign in)', async () => {
    // A visitor is told only the status (no site, no new-account flag, no call preference).
    let answer: Record<string, unknown> = { status: 'complete', paymentStatus: 'paid', provisioned: false, debit: null };
    const { calls } = mockApi({ 'GET /api/checkout-sessions/cs_1': () => jsonResponse(200, answer) });
    renderApp('/payment-success?session_id=cs_1');

    expect(await screen.findByRole('heading', { level: 1, name: CONFIRMING_TEXT })).toBeInTheDocument();
    expect(screen.queryByText(/confirmée/)).not.toBeInTheDocument();
    // The confirmation shows before the first answer: the order is recorded only once the page has asked, and been told no.
    const asked = () => calls.filter((c) => c.url === '/api/checkout-sessions/cs_1').length;
    await waitFor(() => expect(asked()).toBeGreaterThanOrEqual(1));

    answer = { ...answer, provisioned: true };
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Merci, votre commande est confirmée !' },
        { timeout: CONFIRMATION_POLL.firstMs + 2000 },
      ),
    ).toBeInTheDocument();
    expect(asked()).toBeGreaterThanOrEqual(2);
    expect(screen.getByText(/Consultez votre boîte e-mail.*choisir votre mot de passe/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText(/choisi d'être rappelé/)).not.toBeInTheDocument();
  });

  it('mentions the call to a visitor from the address the payment came back to (the server does not say it)', async () => {
    mockApi({
      'GET /api/checkout-sessions/cs_3': () =>
        jsonResponse(200, { status: 'complete', paymentStatus: 'paid', provisioned: true, debit: null }),
    });
    renderApp('/payment-success?session_id=cs_3&prefers_call=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Merci, votre commande est confirmée !' })).toBeInTheDocument();
    expect(screen.getByText(/Vous avez choisi d'être rappelé/)).toBeInTheDocument();
  });

  it('says only that the payment is being confirmed while the session is still open, as before any answer', async () => {
    let answer: Record<string, unknown> | null = null;
    mockApi({ 'GET /api/checkout-sessions/cs_7': () => (answer ? jsonResponse(200, answer) : new Promise<Response>(() => undefined)) });
    renderApp('/payment-success?session_id=cs_7');
    expect(await screen.findByRole('heading', { level: 1, name: CONFIRMING_TEXT })).toBeInTheDocument();
    answer = status({ status: 'open', paymentStatus: 'unpaid', provisioned: false, siteId: null });
    expect(screen.getByRole('heading', { level: 1, name: CONFIRMING_TEXT })).toBeInTheDocument();
  });

  describe('while the order is not recorded', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('asks again a little later each time; after a minute it stops and offers to reload the page', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const { calls } = mockApi({
        'GET /api/checkout-sessions/cs_8': () => jsonResponse(200, status({ provisioned: false, siteId: null })),
      });
      renderApp('/payment-success?session_id=cs_8');
      expect(await screen.findByRole('heading', { level: 1, name: CONFIRMING_TEXT })).toBeInTheDocument();
      const asked = () => calls.filter((c) => c.url === '/api/checkout-sessions/cs_8').length;
      const advance = async (ms: number) => {
        for (let step = 0; step < ms; step += 250) {
          await act(async () => {
            vi.advanceTimersByTime(250);
          });
        }
      };
      // At 0 s, then 1 s, 2.5 s, 4.75 s, 8.1 s later: five asks in the first ten seconds, not ten.
      await advance(10_000);
      expect(asked()).toBe(5);
      expect(screen.queryByText(CONFIRMATION_SLOW_TEXT, { exact: false })).not.toBeInTheDocument();
      await advance(CONFIRMATION_POLL.giveUpMs - 10_000 + 1000);
      expect(screen.getByText(CONFIRMATION_SLOW_TEXT, { exact: false })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Recharger la page' })).toHaveAttribute('href', '/payment-success?session_id=cs_8');
      expect(screen.getByRole('heading', { level: 1, name: CONFIRMING_TEXT })).toBeInTheDocument();
      const atGiveUp = asked();
      expect(atGiveUp).toBeLessThanOrEqual(13);
      await advance(30_000);
      expect(asked()).toBe(atGiveUp);
    });
  });

  it('sends a signed-in client to the dashboard, and mentions the call when chosen', async () => {
    givenSessionCookie();
    const { calls } = mockApi({
      'POST /api/auth/refresh': () => jsonResponse(200, makeSession()),
      'GET /api/checkout-sessions/cs_2': () => jsonResponse(200, status({ newAccount: false, prefersCall: true })),
    });
    renderApp('/payment-success?session_id=cs_2&prefers_call=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Merci, votre commande est confirmée !' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Accéder à mon tableau de bord' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Voir mon site' })).toHaveAttribute(
      'href',
      '/dashboard/sites/0b6c7a9e-1f0e-4a55-9d4c-3c2f1a7e8b10',
    );
    expect(screen.getByText(/Vous avez choisi d'être rappelé/)).toBeInTheDocument();
    expect(screen.queryByText(/Consultez votre boîte e-mail/)).not.toBeInTheDocument();
    // Asked once the session is known, as its buyer: the server tells the site only to them.
    const asked = calls.filter((c) => c.url === '/api/checkout-sessions/cs_2');
    expect(asked.length).toBeGreaterThan(0);
    for (const call of asked) expect(call.headers.get('Authorization')).toMatch(/^Bearer /);
  });

  it.each([
    ['business', true],
    ['pro', false],
  ] as const)('offers the Business options form to a signed-in buyer only for a Business site (%s: %s)', async (type, offered) => {
    givenSessionCookie();
    const site = { ...siteDetail(type), id: status().siteId as string };
    const { calls } = mockApi({
      'POST /api/auth/refresh': () => jsonResponse(200, makeSession()),
      'GET /api/checkout-sessions/cs_3': () => jsonResponse(200, status({ newAccount: false })),
      [`GET /api/sites/${site.id}`]: () => jsonResponse(200, site),
    });
    renderApp(`/payment-success?session_id=cs_3&site_id=${site.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Merci, votre commande est confirmée !' })).toBeInTheDocument();
    const link = { name: 'Choisir les options Business de votre site' };
    if (offered) {
      expect(await screen.findByRole('link', link)).toHaveAttribute('href', `/dashboard/sites/${site.id}/business-options`);
    } else {
      // The site was asked for and its answer rendered: still no link.
      await vi.waitFor(() => expect(calls.some((c) => c.url === `/api/sites/${site.id}`)).toBe(true));
      await act(async () => {
        await Promise.resolve();
      });
      expect(screen.queryByRole('link', link)).not.toBeInTheDocument();
    }
  });

  describe('when the countdown runs out', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /** One second at a time: each tick of the countdown schedules the next once React has rendered. */
    const runCountdown = async () => {
      for (let i = 0; i <= HOME_AFTER_SECONDS; i += 1) {
        await act(async () => {
          vi.advanceTimersByTime(1000);
        });
      }
    };

    it('sends a signed-in buyer to /dashboard', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      givenSessionCookie();
      mockApi({
        'POST /api/auth/refresh': () => jsonResponse(200, makeSession()),
        'GET /api/checkout-sessions/cs_5': () => jsonResponse(200, status({ newAccount: false })),
      });
      const { router } = renderApp('/payment-success?session_id=cs_5');
      expect(await screen.findByRole('heading', { level: 1, name: 'Merci, votre commande est confirmée !' })).toBeInTheDocument();
      expect(screen.getByText(/Accès à votre tableau de bord dans \d+ s\./)).toBeInTheDocument();
      await runCountdown();
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    });

    it('sends a visitor back home', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      mockApi({ 'GET /api/checkout-sessions/cs_6': () => jsonResponse(200, status()) });
      const { router } = renderApp('/payment-success?session_id=cs_6');
      expect(await screen.findByRole('heading', { level: 1, name: 'Merci, votre commande est confirmée !' })).toBeInTheDocument();
      expect(screen.getByText(/Retour à l'accueil dans \d+ s\./)).toBeInTheDocument();
      await runCountdown();
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    });
  });

  it("says 'Erreur lors du traitement du paiement' for an unknown or expired session", async () => {
    mockApi({
      'GET /api/checkout-sessions/cs_3': () =>
        jsonResponse(200, status({ status: 'expired', paymentStatus: 'unpaid', provisioned: false, siteId: null })),
    });
    renderApp('/payment-success?session_id=cs_3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Erreur lors du traitement du paiement' })).toBeInTheDocument();

    mockApi({ 'GET /api/checkout-sessions/cs_4': () => jsonResponse(404, { statusCode: 404, message: 'Paiement introuvable' }) });
    renderApp('/payment-success?session_id=cs_4');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Erreur lors du traitement du paiement' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  describe('a SEPA debit', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const debit = (state: 'processing' | 'failed' | null) =>
      status({ paymentStatus: 'unpaid', provisioned: false, siteId: null, newAccount: false, debit: state });

    it('says the payment is being confirmed until the server knows the debit, then that the bank is processing it, and stops asking', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      let answer = debit(null);
      const { calls } = mockApi({ 'GET /api/checkout-sessions/cs_s1': () => jsonResponse(200, answer) });
      renderApp('/payment-success?session_id=cs_s1');
      expect(await screen.findByRole('heading', { level: 1, name: CONFIRMING_TEXT })).toBeInTheDocument();
      answer = debit('processing');
      expect(
        await screen.findByRole(
          'heading',
          { level: 1, name: 'Merci, votre commande est bien reçue' },
          { timeout: CONFIRMATION_POLL.firstMs + 2000 },
        ),
      ).toBeInTheDocument();
      expect(
        screen.getByText(
          'Votre prélèvement SEPA est en cours de traitement : nous démarrons votre site dès sa confirmation par votre banque (en général sous quelques jours ouvrés). Vous recevrez un e-mail.',
        ),
      ).toBeInTheDocument();
      expect(screen.queryByText(/Erreur lors du traitement/)).not.toBeInTheDocument();
      const asked = calls.filter((c) => c.url === '/api/checkout-sessions/cs_s1').length;
      await act(async () => {
        vi.advanceTimersByTime(CONFIRMATION_POLL.maxMs * 3);
      });
      expect(calls.filter((c) => c.url === '/api/checkout-sessions/cs_s1').length).toBe(asked);
    });

    it('says a refused debit clearly, with the way to pay the order again', async () => {
      mockApi({ 'GET /api/checkout-sessions/cs_s2': () => jsonResponse(200, debit('failed')) });
      renderApp('/payment-success?session_id=cs_s2');
      expect(await screen.findByRole('heading', { level: 1, name: 'Votre prélèvement SEPA a été refusé' })).toBeInTheDocument();
      expect(screen.getByText(/Votre banque a refusé le prélèvement/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Payer à nouveau ma commande' })).toHaveAttribute('href', '/order');
    });
  });
});

/** GET /api/sites/s1 as the server answers it, with the plan it knows. */
const siteDetail = (type: 'pro' | 'business') => ({
  id: 's1',
  siteName: 'Boulangerie Martin',
  domain: null,
  status: 'pending',
  type,
  planLabel: type === 'business' ? 'Business (59\u00a0€/mois)' : 'Pro (29\u00a0€/mois)',
  ageDays: 3,
  paymentState: 'current',
  paymentStateSince: null,
  statusHistory: [],
  modificationOptions: { types: [], priorities: [] },
  progression: { started: false, designOk: false, devOk: false, seoOk: false, technoReview: false },
  createdAt: '2026-11-18T10:00:00.000Z',
  updatedAt: '2026-11-18T10:00:00.000Z',
});

function signedInWithSite(site: () => Response | Promise<Response>, handlers: Parameters<typeof mockApi>[0] = {}) {
  givenSessionCookie();
  return mockApi({ 'POST /api/auth/refresh': () => jsonResponse(200, makeSession()), 'GET /api/sites/s1': site, ...handlers });
}

describe('/upgrade-success', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('with neither session_id nor site_id goes to /dashboard', async () => {
    givenSessionCookie();
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(200, makeSession()) });
    const { router } = renderApp('/upgrade-success');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('waits 1 s after a site change before showing the new plan, as the server knows it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedInWithSite(() => jsonResponse(200, siteDetail('pro')));
    renderApp('/upgrade-success?site_id=s1&plan_type=pro&is_downgrade=true');
    expect(await screen.findByText('Mise à jour de votre abonnement...')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(900);
    });
    expect(screen.queryByText(/formule Pro/)).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(await screen.findByText('Votre site est maintenant en formule Pro.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir mon site' })).toHaveAttribute('href', '/dashboard/sites/s1');
    expect(screen.getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/dashboard/support');
    expect(screen.queryByRole('link', { name: 'Remplir le formulaire Business' })).not.toBeInTheDocument();
  });

  it("shows the server's plan, not the query's, and leads a new Business site to its form", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = signedInWithSite(() => jsonResponse(200, siteDetail('business')));
    renderApp('/upgrade-success?site_id=s1&is_downgrade=false&plan_type=pro');
    await act(async () => {
      vi.advanceTimersByTime(1100);
    });
    expect(await screen.findByText('Votre site est maintenant en formule Business.')).toBeInTheDocument();
    expect(screen.queryByText(/formule Pro/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Remplir le formulaire Business' })).toHaveAttribute(
      'href',
      '/dashboard/sites/s1/business-options',
    );
    expect(calls.some((c) => c.url === '/api/sites/s1')).toBe(true);
  });

  it("never names a plan for a site that is not the caller's", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedInWithSite(() => jsonResponse(404, { statusCode: 404, message: 'Site introuvable' }));
    renderApp('/upgrade-success?site_id=s1&is_downgrade=false&plan_type=business');
    await act(async () => {
      vi.advanceTimersByTime(1100);
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Erreur lors du traitement de la modification d'abonnement" }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/formule/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Remplir le formulaire Business' })).not.toBeInTheDocument();
  });

  it('names no plan for a visitor who is not signed in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({});
    renderApp('/upgrade-success?site_id=s1&plan_type=business');
    await act(async () => {
      vi.advanceTimersByTime(1100);
    });
    expect(await screen.findByText('Votre abonnement a bien été modifié.')).toBeInTheDocument();
    expect(screen.queryByText(/formule Business/)).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/sites/s1')).toBe(false);
  });

  it('waits 2 s after a payment, and shows the upgrade only once it is paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedInWithSite(() => jsonResponse(200, siteDetail('business')), {
      'GET /api/checkout-sessions/cs_9': () => jsonResponse(200, status({ provisioned: false, siteId: null })),
    });
    renderApp('/upgrade-success?session_id=cs_9&site_id=s1&plan_type=business');
    await screen.findByText('Mise à jour de votre abonnement...');
    await act(async () => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.queryByText(/formule Business/)).not.toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    expect(await screen.findByText('Votre site est maintenant en formule Business.')).toBeInTheDocument();
  });

  it('never shows the plan read before the upgrade: the payment is being confirmed until the site is read again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: (() => Response) | null = () => jsonResponse(200, siteDetail('pro'));
    let release = (): void => undefined;
    signedInWithSite(() => {
      if (answer) return answer();
      return new Promise<Response>((resolve) => (release = () => resolve(jsonResponse(200, siteDetail('business')))));
    });
    // The site's page first (its copy of the site cached as Pro), then the upgrade's page.
    const { router } = renderApp('/dashboard/sites/s1');
    expect((await screen.findAllByText(/^Pro \(29\s€\/mois\)$/)).length).toBeGreaterThan(0);
    answer = null;
    await act(async () => {
      await router.navigate('/upgrade-success?site_id=s1&is_downgrade=false&plan_type=business');
    });
    await act(async () => {
      vi.advanceTimersByTime(1100);
    });
    expect(await screen.findByRole('heading', { level: 1, name: CONFIRMING_TEXT })).toBeInTheDocument();
    expect(screen.queryByText(/formule Pro/)).not.toBeInTheDocument();
    await act(async () => {
      release();
    });
    expect(await screen.findByText('Votre site est maintenant en formule Business.')).toBeInTheDocument();
  });

  it('says the plan change failed when the payment did not go through', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({
      'GET /api/checkout-sessions/cs_8': () =>
        jsonResponse(200, status({ status: 'expired', paymentStatus: 'unpaid', provisioned: false })),
    });
    renderApp('/upgrade-success?session_id=cs_8&site_id=s1');
    await screen.findByText('Mise à jour de votre abonnement...');
    await act(async () => {
      vi.advanceTimersByTime(2100);
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Erreur lors du traitement de la modification d'abonnement" }),
    ).toBeInTheDocument();
  });
});
