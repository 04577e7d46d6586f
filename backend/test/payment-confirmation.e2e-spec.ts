import type Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { bearer, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { orderAndCheckout } from './helpers/orders';
import {
  payOnSandbox,
  postForm,
  sandboxControl,
  sandboxEvents,
  sessionIdOf,
  settle as settleWebhooks,
  SIMPLE,
  TEST_CARD,
} from './helpers/scenarios';
import { appWithSandbox } from './helpers/stripe';

interface SandboxEvent {
  id: string;
  type: string;
  object_id: string;
  delivery: { status: string };
}

/**
 * The pages a client comes back to from Stripe (after paying a restart, saving a new card, paying an invoice on Stripe's
 * hosted page) ask the server until the payment is recorded: Stripe sends its webhooks late, usually after the browser
 * is back, and until then the site and its subscription still say what they said before the payment. Here the
 * webhooks are held back while the client pays, so that the page's question is asked before they arrive.
 */
describe('a payment made on one of Stripe’s pages, until it is recorded', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let webhookUrl: string;
  let close: () => Promise<void>;

  const settle = () => settleWebhooks({ sandbox, t });
  const control = (path: string) => sandboxControl({ sandbox, t }, path);
  const sitesOf = (userId: string) =>
    t.dataSource.query(`SELECT id, status, payment_state, stripe_subscription_id FROM sites WHERE user_id = $1`, [userId]);

  /** Stripe's webhooks go nowhere while `act` runs (the sandbox gives them up); they are delivered again after. */
  async function webhooksHeldBack<T>(act: () => Promise<T>): Promise<T> {
    sandbox.setWebhookUrl('http://127.0.0.1:9/held-back');
    try {
      const result = await act();
      await sandbox.flushWebhooks();
      return result;
    } finally {
      sandbox.setWebhookUrl(webhookUrl);
    }
  }
  /** Sends again every event the app has not received yet (as Stripe's later retries do), and waits until processed. */
  async function deliverHeldBack(): Promise<void> {
    for (const e of await sandboxEvents<SandboxEvent>(sandbox)) {
      if (e.delivery.status !== 'delivered') await fetch(`${sandbox.url}/test/events/${e.id}/resend`, { method: 'POST' });
    }
    await settle();
  }

  async function paidSite(email: string): Promise<{ client: SessionBody; siteId: string; subscriptionId: string }> {
    const client = await registerClient(t.api, { email, name: 'Jeanne Martin' });
    const { url } = await orderAndCheckout(t.api, { session: client, planType: 'pro', data: SIMPLE });
    expect((await payOnSandbox(sandbox, url)).status).toBe(303);
    await settle();
    const [site] = await sitesOf(client.user.id);
    await t.dataSource.query(`UPDATE sites SET status = 'active' WHERE id = $1`, [site.id]);
    return { client, siteId: site.id, subscriptionId: site.stripe_subscription_id };
  }

  beforeAll(async () => {
    ({ sandbox, stripe, t, webhookUrl, close } = await appWithSandbox());
  });
  afterAll(() => close());

  it('a restart: confirming while its webhooks are late, then confirmed with the site restarted; a late event of the ended subscription changes nothing', async () => {
    const { client, siteId, subscriptionId } = await paidSite('relance@example.com');
    await t.api.post(`/api/sites/${siteId}/subscription/cancel`).set(bearer(client)).expect(200);
    await control(`/test/subscriptions/${subscriptionId}/end-period`);
    const { url } = (
      await t.api.post(`/api/sites/${siteId}/subscription/restart`).set(bearer(client)).send({ planType: 'pro' }).expect(200)
    ).body;
    const sessionId = sessionIdOf(url);
    // Stripe brings the client back to the site's page with the session's id.
    expect((await stripe.checkout.sessions.retrieve(sessionId)).success_url).toBe(
      `http://localhost:3000/dashboard/sites/${siteId}?restarted=1&session_id={CHECKOUT_SESSION_ID}`,
    );
    const confirmation = () => t.api.get(`/api/sites/${siteId}/subscription/checkout-sessions/${sessionId}`).set(bearer(client));
    expect((await confirmation().expect(200)).body).toEqual({ state: 'confirming' });

    expect((await webhooksHeldBack(() => payOnSandbox(sandbox, url))).status).toBe(303);
    await settle();
    // Paid at Stripe, not recorded yet: what the site says now is still the old state, which the page must not show.
    expect((await confirmation().expect(200)).body).toEqual({ state: 'confirming' });
    expect((await t.api.get(`/api/sites/${siteId}/subscription`).set(bearer(client)).expect(200)).body.subscription).toMatchObject({
      id: subscriptionId,
      statusLabel: 'Abonnement terminé',
    });

    await deliverHeldBack();
    expect((await confirmation().expect(200)).body).toEqual({ state: 'confirmed' });
    const [site] = await sitesOf(client.user.id);
    expect(site).toMatchObject({ status: 'active', payment_state: 'current' });
    expect(site.stripe_subscription_id).not.toBe(subscriptionId);

    // The ended subscription's deletion sent again, late, after the restart: the site keeps its new subscription.
    const deleted = (await sandboxEvents<SandboxEvent>(sandbox, '?type=customer.subscription.deleted')).find(
      (e) => e.object_id === subscriptionId,
    )!;
    await fetch(`${sandbox.url}/test/events/${deleted.id}/resend`, { method: 'POST' });
    await settle();
    expect(await sitesOf(client.user.id)).toEqual([site]);
  });

  it('a card change: confirming until the new card is recorded, then confirmed', async () => {
    const { client, siteId, subscriptionId } = await paidSite('carte@example.com');
    await control(`/test/subscriptions/${subscriptionId}/fail-payment`);
    const { url } = (await t.api.post(`/api/sites/${siteId}/subscription/payment-method`).set(bearer(client)).expect(200)).body;
    const sessionId = sessionIdOf(url);
    expect((await stripe.checkout.sessions.retrieve(sessionId)).success_url).toBe(
      `http://localhost:3000/dashboard/sites/${siteId}/manage?card=updated&session_id={CHECKOUT_SESSION_ID}`,
    );
    const confirmation = () => t.api.get(`/api/sites/${siteId}/subscription/checkout-sessions/${sessionId}`).set(bearer(client));
    expect((await webhooksHeldBack(() => payOnSandbox(sandbox, url, { card: '5555555555554444' }))).status).toBe(303);
    expect((await confirmation().expect(200)).body).toEqual({ state: 'confirming' });
    expect((await t.api.get('/api/billing/payment-issues').set(bearer(client)).expect(200)).body.issues).toHaveLength(1);

    await deliverHeldBack();
    expect((await confirmation().expect(200)).body).toEqual({ state: 'confirmed' });
    // The failing renewal was paid with the new card.
    expect((await t.api.get('/api/billing/payment-issues').set(bearer(client)).expect(200)).body.issues).toEqual([]);
  });

  it('an invoice paid on Stripe’s hosted page: none before, confirming while its webhooks are late, then confirmed', async () => {
    const { client, siteId, subscriptionId } = await paidSite('facture@example.com');
    await control(`/test/subscriptions/${subscriptionId}/fail-payment`);
    const [issue] = (await t.api.get('/api/billing/payment-issues').set(bearer(client)).expect(200)).body.issues;
    const confirmation = () => t.api.get(`/api/sites/${siteId}/subscription/invoices/${issue.invoiceId}/payment`).set(bearer(client));
    expect((await confirmation().expect(200)).body).toEqual({ state: 'none' });

    const paid = await webhooksHeldBack(() =>
      postForm(`${sandbox.url}/invoices/${issue.invoiceId}/pay`, { card: TEST_CARD, exp: '12/34', cvc: '123', name: 'Jeanne Martin' }),
    );
    expect(paid.status).toBe(303);
    expect((await confirmation().expect(200)).body).toEqual({ state: 'confirming' });

    await deliverHeldBack();
    expect((await confirmation().expect(200)).body).toEqual({ state: 'confirmed' });
    expect((await t.api.get('/api/billing/payment-issues').set(bearer(client)).expect(200)).body.issues).toEqual([]);
  });

  it('answers only the site’s owner about the site’s own payments: anything else is not found', async () => {
    const { client, siteId, subscriptionId } = await paidSite('proprietaire@example.com');
    const other = await paidSite('voisin@example.com');
    await control(`/test/subscriptions/${subscriptionId}/fail-payment`);
    const [issue] = (await t.api.get('/api/billing/payment-issues').set(bearer(client)).expect(200)).body.issues;
    const { url } = (await t.api.post(`/api/sites/${siteId}/subscription/payment-method`).set(bearer(client)).expect(200)).body;
    const sessionId = sessionIdOf(url);

    const get = (path: string, who: SessionBody = client) => t.api.get(path).set(bearer(who));
    expect((await get(`/api/sites/${siteId}/subscription/checkout-sessions/${sessionId}`).expect(200)).body).toEqual({
      state: 'confirming',
    });
    // Another client, through their own site or this one.
    await get(`/api/sites/${other.siteId}/subscription/checkout-sessions/${sessionId}`, other.client).expect(404);
    await get(`/api/sites/${siteId}/subscription/checkout-sessions/${sessionId}`, other.client).expect(404);
    await get(`/api/sites/${other.siteId}/subscription/invoices/${issue.invoiceId}/payment`, other.client).expect(404);
    // The order's own checkout session is not a session of the site's subscription.
    const [order] = await t.dataSource.query(`SELECT checkout_session_id FROM order_drafts WHERE user_id = $1`, [client.user.id]);
    const notFound = await get(`/api/sites/${siteId}/subscription/checkout-sessions/${order.checkout_session_id}`).expect(404);
    expect(notFound.body.message).toBe('Session de paiement introuvable');
    // Ids Stripe never gave, and ids of no such thing.
    for (const bad of ['cs_test_nope', 'nope', '..%2F..%2Fcustomers', 'x'.repeat(300)])
      await get(`/api/sites/${siteId}/subscription/checkout-sessions/${bad}`).expect(404);
    for (const bad of ['in_nope', 'nope', 'x'.repeat(300)])
      await get(`/api/sites/${siteId}/subscription/invoices/${bad}/payment`).expect(404);
    await t.api.get(`/api/sites/${siteId}/subscription/checkout-sessions/${sessionId}`).expect(401);
    // An expired session paid nothing.
    await stripe.checkout.sessions.expire(sessionId);
    expect((await get(`/api/sites/${siteId}/subscription/checkout-sessions/${sessionId}`).expect(200)).body).toEqual({ state: 'none' });
  });
});
