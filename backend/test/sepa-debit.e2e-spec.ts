import type Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import type { TestApp } from './helpers/app';
import { as, BILLING, orderAndCheckout } from './helpers/orders';
import { outboxFor } from './helpers/outbox';
import { payOnSandbox, sandboxControl, sandboxEvents, settle as settleWebhooks, SIMPLE, TEST_CARD } from './helpers/scenarios';
import { appWithSandbox } from './helpers/stripe';
import { DEBIT_FAILED_SUBJECT } from '../src/orders/order-debits';

interface SandboxEvent {
  id: string;
  type: string;
  object_id: string;
  delivery: { status: string };
}

const SUCCEEDS_LATER = 'FR30 2004 1010 0505 0001 3M02 609';
const FAILS = 'FR84 2004 1010 0505 0001 3M02 607';

/**
 * SEPA Direct Debit (issue 35): an order paid by debit completes its Checkout session unpaid; the order is received,
 * not provisioned, until `checkout.session.async_payment_succeeded` (whichever of its events arrives first); a refused
 * debit mails the buyer and provisions nothing, and the order can be paid again; a renewal by debit processing is not
 * a failure, then is paid or fails as a card's would.
 */
describe('SEPA Direct Debit', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let webhookUrl: string;
  let close: () => Promise<void>;

  const settle = () => settleWebhooks({ sandbox, t });
  const control = <T = unknown>(path: string) => sandboxControl<T>({ sandbox, t }, path);
  const payByDebit = (url: string, iban: string) =>
    payOnSandbox(sandbox, url, { method: 'sepa_debit', iban, account_holder: 'Jeanne Martin', email: 'martin@example.com' });
  const checkoutRow = async (sessionId: string) =>
    ((await t.dataSource.query(`SELECT status FROM order_checkouts WHERE session_id = $1`, [sessionId])) as Array<{ status: string }>)[0]
      ?.status;
  const sitesOfOrder = (draftId: string) =>
    t.dataSource.query(`SELECT id, stripe_subscription_id FROM sites WHERE order_draft_id = $1`, [draftId]) as Promise<
      Array<{ id: string; stripe_subscription_id: string }>
    >;
  const legalInvoicesOf = (subscriptionId: string) =>
    t.dataSource.query(`SELECT li.id FROM legal_invoices li JOIN invoices i ON i.id = li.stripe_invoice_id WHERE i.subscription_id = $1`, [
      subscriptionId,
    ]) as Promise<unknown[]>;
  const status = async (sessionId: string) => (await t.api.get(`/api/checkout-sessions/${sessionId}`).expect(200)).body;

  beforeAll(async () => {
    ({ sandbox, stripe, t, webhookUrl, close } = await appWithSandbox());
  });
  afterAll(() => close());

  it('offers card and SEPA debit on the order’s Checkout; a debit processing records the order pending, provisions nothing; the bank’s confirmation provisions it', async () => {
    const email = 'sepa-later@example.com';
    const { sessionId, url, draftId } = await orderAndCheckout(t.api, { data: SIMPLE, billing: { email } });
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    expect(session.payment_method_types).toEqual(['card', 'sepa_debit']);
    expect(session.allowed_payment_method_types).toEqual(['card', 'sepa_debit']);

    expect((await payByDebit(url, SUCCEEDS_LATER)).status).toBe(303);
    await settle();
    expect(await checkoutRow(sessionId)).toBe('pending');
    expect(await status(sessionId)).toMatchObject({ status: 'complete', paymentStatus: 'unpaid', provisioned: false, debit: 'processing' });
    expect(await sitesOfOrder(draftId)).toEqual([]);
    expect(await outboxFor(t, email, 'order-receipt')).toEqual([]);
    const invoiceId = (await stripe.checkout.sessions.retrieve(sessionId)).invoice as string;
    const [invoice] = (await t.dataSource.query(`SELECT status, payment_failed_at FROM invoices WHERE id = $1`, [invoiceId])) as Array<{
      status: string;
      payment_failed_at: Date | null;
    }>;
    expect(invoice).toEqual({ status: 'open', payment_failed_at: null });

    await control(`/test/debits/settle?session=${sessionId}`);
    const [site] = await sitesOfOrder(draftId);
    expect(site).toBeDefined();
    expect(await checkoutRow(sessionId)).toBe('paid');
    expect(await status(sessionId)).toMatchObject({ paymentStatus: 'paid', provisioned: true, debit: null });
    expect(await outboxFor(t, email, 'order-receipt')).toHaveLength(1);
    expect(await legalInvoicesOf(site.stripe_subscription_id)).toHaveLength(1);
  });

  it('provisions exactly once when async_payment_succeeded arrives before checkout.session.completed (and both are replayed)', async () => {
    const email = 'sepa-reordered@example.com';
    const { sessionId, url, draftId } = await orderAndCheckout(t.api, { data: SIMPLE, billing: { email } });
    // The completion's events go nowhere; only the debit's success reaches the app, first.
    sandbox.setWebhookUrl('http://127.0.0.1:9/held-back');
    try {
      expect((await payByDebit(url, SUCCEEDS_LATER)).status).toBe(303);
      await sandbox.flushWebhooks();
    } finally {
      sandbox.setWebhookUrl(webhookUrl);
    }
    const held = (await sandboxEvents<SandboxEvent>(sandbox)).filter((e) => e.delivery.status !== 'delivered');
    expect(held.map((e) => e.type)).toContain('checkout.session.completed');
    await control(`/test/debits/settle?session=${sessionId}`);
    expect(await sitesOfOrder(draftId)).toHaveLength(1);
    for (const e of held.reverse()) await fetch(`${sandbox.url}/test/events/${e.id}/resend`, { method: 'POST' });
    const succeeded = (await sandboxEvents<SandboxEvent>(sandbox, '?type=checkout.session.async_payment_succeeded')).find(
      (e) => e.object_id === sessionId,
    )!;
    await fetch(`${sandbox.url}/test/events/${succeeded.id}/resend`, { method: 'POST' });
    await settle();
    expect(await sitesOfOrder(draftId)).toHaveLength(1);
    expect(await checkoutRow(sessionId)).toBe('paid');
    expect(await outboxFor(t, email, 'order-receipt')).toHaveLength(1);
    expect(await outboxFor(t, email, 'account-notice')).toEqual([]);
  });

  it('a refused debit mails the buyer once, provisions nothing, cancels its subscription; the order is paid again by card', async () => {
    const email = 'sepa-refused@example.com';
    const { sessionId, url, draftId, owner } = await orderAndCheckout(t.api, { data: SIMPLE, billing: { email } });
    expect((await payByDebit(url, FAILS)).status).toBe(303);
    await settle();
    expect(await checkoutRow(sessionId)).toBe('failed');
    expect(await status(sessionId)).toMatchObject({ provisioned: false, debit: 'failed' });
    expect(await sitesOfOrder(draftId)).toEqual([]);
    const mails = await outboxFor(t, email, 'account-notice');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(DEBIT_FAILED_SUBJECT);
    expect(mails[0].text).toContain('Votre banque a refusé le prélèvement SEPA');
    expect(mails[0].action_url).toMatch(/\/order$/);
    // No dunning mail of the first invoice: the order's own mail said it.
    expect((await outboxFor(t, email)).map((m) => m.template)).toEqual(['account-notice']);
    const subscriptionId = (await stripe.checkout.sessions.retrieve(sessionId)).subscription as string;
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');

    // Paid again: a new session (the refused one no longer stands in the way), by card this time.
    const again = await as(t.api.post('/api/checkout-sessions'), owner)
      .send({ consumerRequest: true, draftId, billing: { ...BILLING, email } })
      .expect(201);
    expect((await payOnSandbox(sandbox, again.body.url, { card: TEST_CARD })).status).toBe(303);
    await settle();
    expect(await sitesOfOrder(draftId)).toHaveLength(1);
    expect(await outboxFor(t, email, 'order-receipt')).toHaveLength(1);
    expect(await outboxFor(t, email, 'account-notice')).toHaveLength(1);
  });

  it('a renewal by debit: processing is not a failure (no mail, no banner), then paid; the next one refused takes the failed-payment path', async () => {
    const email = 'sepa-renewal@example.com';
    const { sessionId, url, draftId } = await orderAndCheckout(t.api, { data: SIMPLE, billing: { email } });
    expect((await payByDebit(url, SUCCEEDS_LATER)).status).toBe(303);
    await settle();
    await control(`/test/debits/settle?session=${sessionId}`);
    const [site] = await sitesOfOrder(draftId);
    const subId = site.stripe_subscription_id;
    const renewal = await control<{ invoice: { id: string; status: string } }>(`/test/subscriptions/${subId}/renew`);
    expect(renewal.invoice.status).toBe('open');
    const invoiceRow = async (id: string) =>
      (
        (await t.dataSource.query(`SELECT status, payment_failed_at FROM invoices WHERE id = $1`, [id])) as Array<{
          status: string;
          payment_failed_at: Date | null;
        }>
      )[0];
    const siteState = async () =>
      ((await t.dataSource.query(`SELECT payment_state FROM sites WHERE id = $1`, [site.id])) as Array<{ payment_state: string }>)[0]
        .payment_state;
    // Stripe's invoice.created / payment_intent.processing are not read: nothing failing is recorded.
    expect((await invoiceRow(renewal.invoice.id))?.payment_failed_at ?? null).toBeNull();
    expect(await siteState()).toBe('current');
    const mailsBefore = (await outboxFor(t, email)).length;

    await control(`/test/debits/settle?subscription=${subId}`);
    expect((await invoiceRow(renewal.invoice.id)).status).toBe('paid');
    expect(await siteState()).toBe('current');
    expect((await outboxFor(t, email)).length).toBe(mailsBefore);

    const next = await control<{ invoice: { id: string } }>(`/test/subscriptions/${subId}/renew`);
    expect((await invoiceRow(next.invoice.id))?.payment_failed_at ?? null).toBeNull();
    await control(`/test/debits/settle?subscription=${subId}&result=failed`);
    expect((await invoiceRow(next.invoice.id)).payment_failed_at).not.toBeNull();
    expect(await siteState()).toBe('past_due');
  });
});
