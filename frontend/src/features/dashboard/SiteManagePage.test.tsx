import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteSubscriptionDto } from '../../api/generated/model';
import { externalNavigation } from '../../lib/external-navigation';
import { CONFIRMING_TEXT } from '../../lib/payment-confirmation';
import { catalogueAnswer, givenSessionCookie, jsonResponse, makeSession, mockApi, type RecordedCall, renderApp } from '../../test/utils';

const SITE_ID = '11111111-1111-4111-8111-111111111111';
const MANAGE = `/dashboard/sites/${SITE_ID}/manage`;

const catalogue = {
  ...catalogueAnswer,
  plans: [
    { id: 'pro', name: 'Pro', description: '', monthlyPriceCents: 2900, features: ['Hébergement'] },
    { id: 'business', name: 'Business', description: '', monthlyPriceCents: 5900, features: ['Tout le plan Pro'] },
    { id: 'teams', name: 'Teams', description: '', monthlyPriceCents: null, features: [] },
  ],
};

const active: SiteSubscriptionDto = {
  id: 'sub_1',
  customerId: 'cus_1',
  status: 'active',
  statusLabel: 'Actif',
  plan: 'pro',
  planLabel: 'Pro (29\u00a0€/mois)',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-18T10:00:00.000Z',
  endedAt: null,
  canCancel: true,
  canReactivate: false,
  canChangePlan: true,
  canChangeCard: true,
  canRestart: false,
  paymentIssue: null,
};

const scheduled: SiteSubscriptionDto = {
  ...active,
  statusLabel: 'Annulation programmée',
  cancelAtPeriodEnd: true,
  canCancel: false,
  canReactivate: true,
  canChangePlan: false,
};

const ended: SiteSubscriptionDto = {
  ...active,
  status: 'canceled',
  statusLabel: 'Abonnement terminé',
  currentPeriodEnd: null,
  endedAt: '2026-11-18T10:00:00.000Z',
  canCancel: false,
  canChangePlan: false,
  canChangeCard: false,
  canRestart: true,
};

function manage(subscription: SiteSubscriptionDto, handlers: Record<string, (call: RecordedCall) => Response> = {}, url = MANAGE) {
  givenSessionCookie();
  const api = mockApi({
    'POST /api/auth/refresh': () => jsonResponse(200, makeSession()),
    'GET /api/catalogue': () => jsonResponse(200, catalogue),
    [`GET /api/sites/${SITE_ID}/subscription`]: () => jsonResponse(200, { subscription }),
    ...handlers,
  });
  const app = renderApp(url);
  return { ...api, ...app };
}

const posts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST' && !c.url.includes('/auth/'));

describe('Subscription management', () => {
  it("active: offers the upgrade and the cancellation, whose dialog says 'Garder mon abonnement' / 'Annuler à la fin de la période'", async () => {
    const user = userEvent.setup();
    const { calls } = manage(active, {
      [`POST /api/sites/${SITE_ID}/subscription/cancel`]: () => jsonResponse(200, { ...active, ...scheduled }),
    });
    expect(await screen.findByText('Actif')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Passer en Business' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réactiver' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Relancer mon site' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Moyen de paiement' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Annuler à la fin de la période' }));
    const dialog = screen.getByRole('dialog', { name: 'Annuler à la fin de la période ?' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Garder mon abonnement', 'Annuler à la fin de la période']);
    await user.click(within(dialog).getByRole('button', { name: 'Garder mon abonnement' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Annuler à la fin de la période' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Annuler à la fin de la période' }));
    await waitFor(() => expect(posts(calls).map((c) => c.url)).toEqual([`/api/sites/${SITE_ID}/subscription/cancel`]));
  });

  it("every other dialog's dismiss button reads 'Retour'", async () => {
    const user = userEvent.setup();
    manage(active);
    await user.click(await screen.findByRole('button', { name: 'Passer en Business' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Passer en Business ?' })).getByRole('button', { name: 'Retour' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annuler' })).not.toBeInTheDocument();
  });

  it("scheduled cancellation: says when it ends and offers 'Réactiver', without plan changes", async () => {
    const user = userEvent.setup();
    const { calls } = manage(scheduled, { [`POST /api/sites/${SITE_ID}/subscription/reactivate`]: () => jsonResponse(200, active) });
    expect(await screen.findByText('Annulation programmée')).toBeInTheDocument();
    expect(screen.getByText(/^L'abonnement prendra fin le \d{2}\/\d{2}\/2026\.$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annuler à la fin de la période' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Passer en Business' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Réactiver' }));
    const dialog = screen.getByRole('dialog', { name: 'Réactiver l’abonnement ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Réactiver' }));
    await waitFor(() => expect(posts(calls).map((c) => c.url)).toEqual([`/api/sites/${SITE_ID}/subscription/reactivate`]));
  });

  it("ended: 'Abonnement terminé le …', no reactivation nor plan change, and 'Relancer mon site' restarts with the chosen plan", async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { calls } = manage(ended, {
      [`POST /api/sites/${SITE_ID}/subscription/restart`]: () =>
        jsonResponse(201, { sessionId: 'cs_restart', url: 'https://checkout.example/c/cs_restart' }),
    });
    expect(await screen.findByText(/^Abonnement terminé le \d{2}\/11\/2026$/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réactiver' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Passer en Business' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Passer en Pro' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nous contacter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annuler à la fin de la période' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Moyen de paiement' })).not.toBeInTheDocument();

    const group = screen.getByRole('group', { name: 'Formule du nouvel abonnement' });
    expect(within(group).getByRole('radio', { name: /^Pro/ })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: /^Business/ }));

    await user.click(screen.getByRole('button', { name: 'Relancer mon site' }));
    const dialog = screen.getByRole('dialog', { name: 'Relancer votre site ?' });
    expect(dialog).toHaveTextContent(/Un nouvel abonnement Business à 59\s€\/mois commence aujourd’hui/);
    expect(dialog).toHaveTextContent(/revient en ligne avec tout son historique/);
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Retour', 'Relancer mon site']);
    await user.click(within(dialog).getByRole('button', { name: 'Relancer mon site' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/c/cs_restart'));
    const restart = posts(calls).find((c) => c.url === `/api/sites/${SITE_ID}/subscription/restart`);
    expect(restart?.body).toEqual({ planType: 'business' });
  });

  it('ended: the plan columns pick the plan of the restart; a refused restart shows the server’s message', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { calls } = manage(
      { ...ended, plan: 'business', planLabel: 'Business (59\u00a0€/mois)' },
      {
        [`POST /api/sites/${SITE_ID}/subscription/restart`]: () =>
          jsonResponse(409, { statusCode: 409, message: 'Ce site a déjà un abonnement en cours.' }),
      },
    );
    expect(await screen.findByRole('radio', { name: /^Business/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Choisir Pro' }));
    expect(screen.getByRole('radio', { name: /^Pro/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Relancer mon site' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Relancer mon site' }));
    expect(await screen.findByText('Ce site a déjà un abonnement en cours.')).toBeInTheDocument();
    expect(posts(calls).find((c) => c.url.endsWith('/restart'))?.body).toEqual({ planType: 'pro' });
    expect(assign).not.toHaveBeenCalled();
  });

  it("'Changer de carte' opens Stripe's card page; back with ?card=updated it says the card is saved and cleans the address", async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { router } = manage(
      active,
      {
        [`POST /api/sites/${SITE_ID}/subscription/payment-method`]: () =>
          jsonResponse(201, { sessionId: 'cs_card', url: 'https://checkout.example/c/cs_card' }),
      },
      `${MANAGE}?card=updated`,
    );
    expect(
      await screen.findByText('Votre nouvelle carte est enregistrée. Elle sera utilisée pour les prochains prélèvements.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(
      screen.getByText('Votre nouvelle carte est enregistrée. Elle sera utilisée pour les prochains prélèvements.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Changer de carte' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/c/cs_card'));
  });

  it('back from the card page before the new card is recorded: only "Paiement en cours de confirmation…", then the card and the paid renewal', async () => {
    const failing: SiteSubscriptionDto = {
      ...active,
      status: 'past_due',
      statusLabel: 'Paiement en retard',
      canReactivate: true,
      paymentIssue: {
        siteId: SITE_ID,
        siteName: 'Boulangerie Martin',
        state: 'past_due',
        reason: 'payment_failed',
        since: '2026-11-12T10:00:00.000Z',
        amountCents: 2900,
        invoiceId: 'in_1',
        payUrl: 'https://pay.example/i/in_1',
        message: 'Le paiement de 29,00 € du 12/11/2026 a échoué.',
      },
    };
    let recorded = false;
    const { router, calls } = manage(
      failing,
      {
        [`GET /api/sites/${SITE_ID}/subscription`]: () => jsonResponse(200, { subscription: recorded ? active : failing }),
        [`GET /api/sites/${SITE_ID}/subscription/checkout-sessions/cs_card`]: () =>
          jsonResponse(200, { state: recorded ? 'confirmed' : 'confirming' }),
      },
      `${MANAGE}?card=updated&session_id=cs_card`,
    );
    expect(await screen.findByText(CONFIRMING_TEXT)).toBeInTheDocument();
    // Nothing of the subscription as it was before: neither its failing payment nor its state.
    expect(screen.queryByText('Paiement en retard')).not.toBeInTheDocument();
    expect(screen.queryByText(/Le paiement de 29,00 € du 12\/11\/2026 a échoué/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Votre nouvelle carte est enregistrée/)).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?card=updated&session_id=cs_card');
    // The message shows from the address alone: the card is recorded only once the page has asked, and been told no.
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/checkout-sessions/cs_card')).length).toBeGreaterThanOrEqual(1));

    recorded = true;
    expect(
      await screen.findByText('Votre nouvelle carte est enregistrée. Elle sera utilisée pour les prochains prélèvements.', undefined, {
        timeout: 4000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByText('Actif')).toBeInTheDocument();
    expect(screen.queryByText(/Le paiement de 29,00 € du 12\/11\/2026 a échoué/)).not.toBeInTheDocument();
    expect(screen.queryByText(CONFIRMING_TEXT)).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(calls.filter((c) => c.url.endsWith('/checkout-sessions/cs_card')).length).toBeGreaterThanOrEqual(2);
  });

  it('back from a card page that expired: says the card was not saved', async () => {
    manage(
      active,
      { [`GET /api/sites/${SITE_ID}/subscription/checkout-sessions/cs_old`]: () => jsonResponse(200, { state: 'none' }) },
      `${MANAGE}?card=updated&session_id=cs_old`,
    );
    expect(await screen.findByText(/Votre nouvelle carte n'a pas été enregistrée/)).toBeInTheDocument();
    expect(screen.queryByText(/Votre nouvelle carte est enregistrée/)).not.toBeInTheDocument();
    expect(screen.getByText('Actif')).toBeInTheDocument();
  });

  it("shows the subscription's failing payment with its actions", async () => {
    manage({
      ...active,
      status: 'past_due',
      canReactivate: true,
      paymentIssue: {
        siteId: SITE_ID,
        siteName: 'Boulangerie Martin',
        state: 'past_due',
        reason: 'payment_failed',
        since: '2026-11-12T10:00:00.000Z',
        amountCents: 2900,
        invoiceId: 'in_1',
        payUrl: 'https://pay.example/i/in_1',
        message: 'Le paiement de 29,00 € du 12/11/2026 a échoué.',
      },
    });
    const region = await screen.findByRole('region', { name: 'Un paiement a échoué' });
    expect(within(region).getByText('Le paiement de 29,00 € du 12/11/2026 a échoué.')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Régler maintenant' })).toHaveAttribute('href', 'https://pay.example/i/in_1');
    expect(within(region).getByRole('button', { name: 'Changer de carte' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Réactiver' })).toBeInTheDocument();
  });
});
