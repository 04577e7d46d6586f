import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PaymentIssueDto } from '../api/generated/model';
import { externalNavigation } from '../lib/external-navigation';
import { CONFIRMING_TEXT } from '../lib/payment-confirmation';
import { jsonResponse, mockApi, renderApp } from '../test/utils';
import { PaymentIssueBanner } from './payment-issue-banner';

const SITE_A = '11111111-1111-4111-8111-111111111111';
const SITE_B = '22222222-2222-4222-8222-222222222222';

const issue = (overrides: Partial<PaymentIssueDto> = {}): PaymentIssueDto => ({
  siteId: SITE_A,
  siteName: 'Boulangerie Martin',
  state: 'past_due',
  reason: 'payment_failed',
  since: '2026-11-12T10:00:00.000Z',
  amountCents: 2900,
  invoiceId: 'in_1',
  payUrl: 'https://pay.example/i/in_1',
  message:
    'Le paiement de 29,00 € du 12/11/2026 a échoué. Réglez la facture ou changez de carte pour garder votre site « Boulangerie Martin » en ligne.',
  ...overrides,
});

function renderBanner(issues: PaymentIssueDto[], props: { siteId?: string } = {}, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/billing/payment-issues': () => jsonResponse(200, { issues }), ...handlers });
  const app = renderApp('/', [
    { path: '/', element: <PaymentIssueBanner {...props} /> },
    { path: '/dashboard/sites/:id/manage', element: <p>Gestion</p> },
  ]);
  return { ...api, ...app };
}

describe('PaymentIssueBanner', () => {
  it("shows each issue's message with 'Régler maintenant' (Stripe's invoice page) and 'Changer de carte'", async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { calls } = renderBanner(
      [issue()],
      {},
      {
        [`POST /api/sites/${SITE_A}/subscription/payment-method`]: () =>
          jsonResponse(201, { sessionId: 'cs_card', url: 'https://checkout.example/c/cs_card' }),
      },
    );
    const region = await screen.findByRole('region', { name: 'Un paiement a échoué' });
    // Each issue is an alert holding its message and its actions.
    const alert = within(region).getByRole('alert');
    expect(within(alert).getByText(issue().message)).toBeInTheDocument();
    const pay = within(alert).getByRole('link', { name: 'Régler maintenant' });
    expect(pay).toHaveAttribute('href', 'https://pay.example/i/in_1');
    expect(pay).toHaveAttribute('target', '_blank');
    expect(pay).toHaveAttribute('rel', expect.stringContaining('noopener'));

    await user.click(within(alert).getByRole('button', { name: 'Changer de carte' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.example/c/cs_card'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([`/api/sites/${SITE_A}/subscription/payment-method`]);
  });

  it("says in French when the card page cannot open, and leads to the site's page without an invoice page", async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderBanner(
      [issue({ payUrl: null })],
      {},
      {
        [`POST /api/sites/${SITE_A}/subscription/payment-method`]: () => jsonResponse(500, { statusCode: 500, message: 'Internal' }),
      },
    );
    const region = await screen.findByRole('region', { name: 'Un paiement a échoué' });
    expect(within(region).getByRole('link', { name: 'Régler maintenant' })).toHaveAttribute('href', `/dashboard/sites/${SITE_A}/manage`);
    await user.click(within(region).getByRole('button', { name: 'Changer de carte' }));
    expect(
      await within(region).findByText("La page de changement de carte n'a pas pu s'ouvrir. Réessayez dans un instant."),
    ).toBeInTheDocument();
    expect(within(region).getByRole('alert')).toHaveTextContent(/pas pu s'ouvrir/);
    expect(assign).not.toHaveBeenCalled();
  });

  it("shows only the given site's issue", async () => {
    renderBanner([issue(), issue({ siteId: SITE_B, siteName: 'Garage', invoiceId: 'in_2', message: 'Le paiement du Garage a échoué.' })], {
      siteId: SITE_B,
    });
    const region = await screen.findByRole('region', { name: 'Un paiement a échoué' });
    expect(within(region).getByText('Le paiement du Garage a échoué.')).toBeInTheDocument();
    expect(within(region).queryByText(/Boulangerie Martin/)).not.toBeInTheDocument();
  });

  it('back from paying on Stripe’s invoice page: "Paiement en cours de confirmation…" instead of the failure until it is recorded', async () => {
    const user = userEvent.setup();
    let stripe: 'none' | 'confirming' | 'confirmed' = 'none';
    const { calls } = renderBanner(
      [issue()],
      {},
      {
        'GET /api/billing/payment-issues': () => jsonResponse(200, { issues: stripe === 'confirmed' ? [] : [issue()] }),
        [`GET /api/sites/${SITE_A}/subscription/invoices/in_1/payment`]: () => jsonResponse(200, { state: stripe }),
      },
    );
    const region = await screen.findByRole('region', { name: 'Un paiement a échoué' });
    const pay = within(region).getByRole('link', { name: 'Régler maintenant' });
    pay.addEventListener('click', (event) => event.preventDefault());
    await user.click(pay);
    // Nothing paid yet (the client is on Stripe's page): the failure stays.
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/invoices/in_1/payment'))).toBe(true));
    expect(screen.getByRole('region', { name: 'Un paiement a échoué' })).toBeInTheDocument();

    // Paid at Stripe, the webhook still on its way: back on this tab, the failure is no longer shown.
    stripe = 'confirming';
    window.dispatchEvent(new Event('focus'));
    expect(await screen.findByText(CONFIRMING_TEXT, undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Un paiement a échoué' })).not.toBeInTheDocument();
    expect(screen.queryByText(issue().message)).not.toBeInTheDocument();

    // Recorded: the list is read again and the notice is gone.
    stripe = 'confirmed';
    await waitFor(() => expect(screen.queryByText(CONFIRMING_TEXT)).not.toBeInTheDocument(), { timeout: 6000 });
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByText(issue().message)).not.toBeInTheDocument();
  });

  it('says "Authentification requise" with a button to the invoice’s page when the bank asks to confirm the payment (3-D Secure)', async () => {
    const message = 'Votre banque demande de confirmer le paiement de 29,00 € du 12/11/2026.';
    renderBanner([issue({ reason: 'authentication_required', message })]);
    const region = await screen.findByRole('region', { name: 'Authentification requise' });
    expect(within(region).getByText(message)).toBeInTheDocument();
    const authenticate = within(region).getByRole('link', { name: 'Authentifier le paiement' });
    expect(authenticate).toHaveAttribute('href', 'https://pay.example/i/in_1');
    expect(within(region).queryByRole('link', { name: 'Régler maintenant' })).not.toBeInTheDocument();
  });

  it('counts several issues in its title', async () => {
    renderBanner([issue(), issue({ siteId: SITE_B, invoiceId: 'in_2', message: 'Le paiement du Garage a échoué.' })]);
    const region = await screen.findByRole('region', { name: '2 paiements ont échoué' });
    expect(within(region).getAllByRole('link', { name: 'Régler maintenant' })).toHaveLength(2);
  });

  it('renders nothing without an issue, while loading, or when the list fails', async () => {
    const { calls, container } = renderBanner([]);
    await waitFor(() => expect(calls.some((c) => c.url === '/api/billing/payment-issues')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(container).toBeEmptyDOMElement();

    const failing = mockApi({ 'GET /api/billing/payment-issues': () => jsonResponse(500, { statusCode: 500, message: 'Erreur' }) });
    const other = renderApp('/', [{ path: '/', element: <PaymentIssueBanner /> }]);
    expect(other.container).toBeEmptyDOMElement();
    await waitFor(() => expect(failing.calls.length).toBeGreaterThan(0));
    expect(other.container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
