import type Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { MailWorker } from '../src/mail/mail.worker';
import { AccountErasure } from '../src/privacy/account-erasure';
import { bearer, type TestApp } from './helpers/app';
import { orderAndCheckout } from './helpers/orders';
import { type PaidClient, paidClient, payOnSandbox, sandboxControl, sandboxEvents, settle, SIMPLE } from './helpers/scenarios';
import { appWithSandbox, postEvent, webhooksProcessed } from './helpers/stripe';

interface SandboxEvent {
  id: string;
  event: Stripe.Event;
}

const PASSWORD = 'mot-de-passe-de-gaspard';
/** The billing identity of the order paid in the instant before the closure. */
const LATE_BILLING = {
  fullName: 'Gaspard Lenoir',
  email: 'gaspard.lenoir@example.com',
  phone: '0612345678',
  address: '12 quai des Brumes',
  city: 'Nantes',
  postalCode: '44000',
  buyerType: 'company',
  companyName: 'Lenoir Frères SARL',
  siren: '552 100 554',
};

/**
 * Issue 35, item 7, the first money defect: a closed account pays for nothing any more. Closing it expires every
 * Checkout session it could still pay (an order's, a site's restart, a card change); a payment made in the instant
 * before, whose events come after the closure, is cancelled and refunded, never provisioned (its invoice and credit
 * note made out to the order's buyer), and the erasure waits for it, then completes.
 */
describe('a closed account’s payments', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let webhookUrl: string;
  let close: () => Promise<void>;
  let gaspard: PaidClient;
  let second: PaidClient['siteId'];
  const open: Record<'order' | 'restart' | 'card', string> = { order: '', restart: '', card: '' };
  let late: { sessionId: string; draftId: string; events: Stripe.Event[] };

  const env = () => ({ sandbox, t });
  const closure = async () => (await t.dataSource.query(`SELECT * FROM account_closures WHERE user_id = $1`, [gaspard.client.user.id]))[0];
  const erasureDue = () =>
    t.dataSource.query(`UPDATE account_closures SET erase_after = now() WHERE user_id = $1`, [gaspard.client.user.id]);
  const sessionIdOf = (url: string) => new URL(url).pathname.split('/').filter(Boolean).at(-1)!;

  beforeAll(async () => {
    ({ sandbox, stripe, t, webhookUrl, close } = await appWithSandbox());
    // Two sites: the first one ended (it can be restarted), the second one live (its card can be changed).
    gaspard = await paidClient({ sandbox, t }, { email: 'gaspard@example.com', password: PASSWORD, data: SIMPLE });
    const order = await orderAndCheckout(t.api, { session: gaspard.client, data: SIMPLE });
    expect((await payOnSandbox(sandbox, order.sessionId)).status).toBe(303);
    await settle(env());
    [{ id: second }] = await t.dataSource.query(`SELECT id FROM sites WHERE order_draft_id = $1`, [order.draftId]);
    await t.api.post(`/api/sites/${gaspard.siteId}/subscription/cancel`).set(bearer(gaspard.client)).expect(200);
    await sandboxControl(env(), `/test/subscriptions/${gaspard.subscriptionId}/end-period`);

    // What Gaspard left open: a third order's payment, the first site's restart, the second site's card change.
    open.order = (await orderAndCheckout(t.api, { session: gaspard.client, data: SIMPLE })).sessionId;
    const restart = await t.api
      .post(`/api/sites/${gaspard.siteId}/subscription/restart`)
      .set(bearer(gaspard.client))
      .send({ planType: 'pro' })
      .expect(200);
    open.restart = sessionIdOf(restart.body.url);
    const card = await t.api.post(`/api/sites/${second}/subscription/payment-method`).set(bearer(gaspard.client)).expect(200);
    open.card = sessionIdOf(card.body.url);

    // And a fourth order, paid in the instant before the closure: its events reach us only after it.
    const paidLate = await orderAndCheckout(t.api, { session: gaspard.client, data: SIMPLE, billing: LATE_BILLING });
    const before = new Set((await sandboxEvents<SandboxEvent>(sandbox)).map((e) => e.id));
    sandbox.setWebhookUrl('');
    try {
      expect((await payOnSandbox(sandbox, paidLate.sessionId)).status).toBe(303);
    } finally {
      sandbox.setWebhookUrl(webhookUrl);
    }
    const events = (await sandboxEvents<SandboxEvent>(sandbox)).filter((e) => !before.has(e.id)).map((e) => e.event);
    late = { sessionId: paidLate.sessionId, draftId: paidLate.draftId, events };
  }, 120_000);
  afterAll(() => close());

  it('closing the account expires every Checkout session it could still pay: an order’s, a restart, a card change', async () => {
    for (const id of Object.values(open)) expect((await stripe.checkout.sessions.retrieve(id)).status).toBe('open');
    await t.api.post('/api/privacy/closure').set(bearer(gaspard.client)).send({ password: PASSWORD, cancellation: 'now' }).expect(200);
    for (const [what, id] of Object.entries(open))
      expect({ what, status: (await stripe.checkout.sessions.retrieve(id)).status }).toEqual({ what, status: 'expired' });
    for (const id of Object.values(open)) expect((await payOnSandbox(sandbox, id)).status).not.toBe(303);
    // The one paid already is known to be on its way: the erasure will wait for it.
    expect((await closure()).late_sessions).toEqual([late.sessionId]);
  });

  it('a payment that completed anyway is refunded, never provisioned; its invoice and credit note name the order’s buyer', async () => {
    // The confirmation mail is out, the erasure is due: it waits for that payment.
    await t.app.get(MailWorker).drain();
    await erasureDue();
    await t.app.get(AccountErasure).drain();
    expect(await closure()).toMatchObject({ status: 'pending', waiting_for: 'payments' });

    for (const event of late.events) await postEvent(t.api, event).expect(200);
    await webhooksProcessed(t);
    await settle(env(), 2);

    expect(await t.dataSource.query(`SELECT id FROM sites WHERE order_draft_id = $1`, [late.draftId])).toEqual([]);
    // Never paid: still a draft, or already gone with the account (the refund ended its last subscription, so the
    // erasure, which was waiting for that payment, may run at once).
    const [draft] = await t.dataSource.query(`SELECT status FROM order_drafts WHERE id = $1`, [late.draftId]);
    expect(['draft', undefined]).toContain(draft?.status);
    const session = await stripe.checkout.sessions.retrieve(late.sessionId);
    const [refund] = await t.dataSource.query(
      `SELECT kind, cause, status, refunded_cents, subscription_id FROM duplicate_payments WHERE checkout_session_id = $1`,
      [late.sessionId],
    );
    expect(refund).toMatchObject({ kind: 'order', cause: 'account-closed', status: 'refunded', subscription_id: session.subscription });
    expect(refund.refunded_cents).toBeGreaterThan(0);
    expect((await stripe.subscriptions.retrieve(session.subscription as string)).status).toBe('canceled');
    const refunds = await stripe.refunds.list({ limit: 100 });
    expect(refunds.data.filter((r) => r.metadata?.checkoutSessionId === late.sessionId)).toHaveLength(1);

    const documents = await t.dataSource.query(
      `SELECT kind, user_id, document->'buyer' AS buyer FROM legal_invoices WHERE stripe_invoice_id = $1 ORDER BY kind DESC`,
      [session.invoice],
    );
    expect(documents.map((d: { kind: string }) => d.kind)).toEqual(['invoice', 'credit_note']);
    for (const d of documents)
      expect(d).toMatchObject({
        user_id: gaspard.client.user.id,
        buyer: { type: 'company', name: 'Gaspard Lenoir', companyName: 'Lenoir Frères SARL', siren: '552100554', city: 'Nantes' },
      });
  });

  it('then the erasure completes', async () => {
    await erasureDue();
    await t.app.get(AccountErasure).drain();
    expect(await closure()).toMatchObject({ status: 'done', waiting_for: null });
    const live = await t.dataSource.query(
      `SELECT id FROM subscriptions WHERE user_id = $1 AND status NOT IN ('canceled', 'incomplete_expired')`,
      [gaspard.client.user.id],
    );
    expect(live).toEqual([]);
    // The late order's identity stays only on its legal documents (its frozen copies went with the order).
    for (const value of [LATE_BILLING.companyName, LATE_BILLING.address])
      expect({ value, found: await whereIs(value) }).toEqual({ value, found: ['legal_invoices.document'] });
  });

  /** Every text column of every table holding `needle`: `table.column`. */
  async function whereIs(needle: string): Promise<string[]> {
    const columns: Array<{ table_name: string; column_name: string }> = await t.dataSource.query(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema AND tb.table_type = 'BASE TABLE'
        WHERE c.table_schema = 'public' AND c.data_type IN ('text', 'character varying', 'jsonb', 'json')`,
    );
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const [row] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM "${table}" WHERE strpos(lower("${column}"::text), lower($1)) > 0`,
        [needle],
      );
      if (row.n > 0) found.push(`${table}.${column}`);
    }
    return found.sort();
  }
});
