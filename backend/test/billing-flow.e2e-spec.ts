import { Logger } from '@nestjs/common';
import Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { bearer, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { orderAndCheckout } from './helpers/orders';
import { payOnSandbox, sandboxEvents } from './helpers/scenarios';
import { appWithSandbox, postEvent, webhooksProcessed } from './helpers/stripe';
import { BatchReader, OBJECT_OF_TYPE, toInvoiceRow } from '../src/billing/stripe-reader';
import { StripeProvider } from '../src/billing/stripe.provider';
import { waitForState } from './helpers/wait';

interface SandboxEvent {
  id: string;
  type: string;
  object_id: string;
  event: Stripe.Event;
  delivery: { status: 'pending' | 'delivered' | 'failed' | 'no_endpoint' };
}

/** The whole billing backbone against the Stripe sandbox: the SDK, hosted checkout, signed webhooks, local rows. */
describe('billing with the Stripe sandbox', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let webhookUrl: string;

  /** A sandbox test control; the events it delivers are processed before it returns. */
  const control = async (path: string) => {
    const res = await fetch(`${sandbox.url}${path}`, { method: 'POST' });
    expect(res.status).toBe(200);
    const body = await res.json();
    await webhooksProcessed(t);
    return body;
  };
  /** What the product knows about a customer, without bookkeeping columns. */
  const snapshot = async (customerId: string) => ({
    subscriptions: await t.dataSource.query(
      `SELECT id, customer_id, user_id, status, cancel_at_period_end, current_period_end, price_id, plan, metadata, site_id FROM subscriptions WHERE customer_id = $1 ORDER BY id`,
      [customerId],
    ),
    invoices: await t.dataSource.query(
      `SELECT id, customer_id, user_id, subscription_id, number, date, amount_cents, currency, status, description, hosted_url, pdf_url FROM invoices WHERE customer_id = $1 ORDER BY id`,
      [customerId],
    ),
  });

  /** Pays on the hosted checkout; the events the sandbox delivers are processed before it returns. */
  async function pay(sessionId: string): Promise<Response> {
    const res = await payOnSandbox(sandbox, sessionId);
    await webhooksProcessed(t);
    return res;
  }

  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ sandbox, stripe, t, webhookUrl, close } = await appWithSandbox());
  });
  afterAll(() => close());

  it('creates the catalogue in Stripe at start, found by lookup key', async () => {
    await orderAndCheckout(t.api, { billing: { email: 'warmup@example.com' } });
    const prices = await stripe.prices.list({
      lookup_keys: ['plan_pro_monthly', 'plan_business_monthly', 'addon_logo_once', 'addon_extra_email_monthly'],
      expand: ['data.product'],
    });
    const byKey = Object.fromEntries(prices.data.map((p) => [p.lookup_key, p]));
    expect(byKey.plan_pro_monthly).toMatchObject({ unit_amount: 2900, currency: 'eur', recurring: { interval: 'month' } });
    expect(byKey.plan_business_monthly).toMatchObject({ unit_amount: 5900 });
    expect(byKey.addon_logo_once).toMatchObject({ unit_amount: 1500, recurring: null });
    expect(byKey.addon_extra_email_monthly).toMatchObject({ unit_amount: 100 });
    expect((byKey.plan_business_monthly.product as Stripe.Product).name).toBe('Formule Business');
  });

  it('validates the checkout and never takes a plan, options or amounts from the client', async () => {
    const res = await t.api
      .post('/api/checkout-sessions')
      .send({
        consumerRequest: true,
        draftId: 'x',
        billing: { fullName: ' ', email: 'x', address: '', city: '', postalCode: '' },
        planType: 'business',
        amount: 1,
      })
      .expect(400);
    expect(res.body.errors).toEqual({
      draftId: 'Commande introuvable',
      'billing.fullName': 'Le nom complet est requis.',
      'billing.email': "Format d'email invalide.",
      'billing.address': "L'adresse est requise.",
      'billing.city': 'La ville est requise.',
      'billing.postalCode': 'Le code postal est requis.',
      planType: 'Champ non autorisé',
      amount: 'Champ non autorisé',
    });
    expect(
      (
        await t.api
          .post('/api/checkout-sessions')
          .send({ consumerRequest: true, draftId: '00000000-0000-4000-8000-000000000000' })
          .expect(400)
      ).body.errors,
    ).toEqual({
      billing: 'Les informations de facturation sont requises.',
    });
  });

  describe('a paid order', () => {
    let client: SessionBody;
    let sessionId: string;
    let customerId: string;
    let subscriptionId: string;

    beforeAll(async () => {
      client = await registerClient(t.api, { email: 'boutique@example.com', name: 'Boutique Lumière' });
      ({ sessionId } = await orderAndCheckout(t.api, {
        session: client,
        planType: 'business',
        data: { logoOption: 'create', includeGoogleBusiness: true, includeTrustpilot: false, extraEmails: ['devis', 'rdv', 'devis'] },
      }));
    });

    it('opens a hosted checkout with the catalogue lines', async () => {
      const lines = await stripe.checkout.sessions.listLineItems(sessionId);
      expect(lines.data.map((l) => [l.price?.lookup_key, l.quantity, l.amount_total]).sort()).toEqual(
        [
          ['addon_extra_email_monthly', 2, 200],
          ['addon_google_business_monthly', 1, 1000],
          ['addon_logo_once', 1, 1500],
          ['plan_business_monthly', 1, 5900],
        ].sort(),
      );
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      expect(session.metadata).toMatchObject({
        planType: 'business',
        logo: 'true',
        googleBusiness: 'true',
        trustpilot: 'false',
        extraEmailCount: '2',
        draftId: expect.any(String),
      });
      expect(session.customer_email).toBe('boutique@example.com');
      expect(session.success_url).toBe('http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}');
      expect(session.cancel_url).toBe('http://localhost:3000/order?canceled=1');
      const page = await fetch(session.url!);
      expect(await page.text()).toContain('Payer');
      const status = await t.api.get(`/api/checkout-sessions/${sessionId}`).set(bearer(client)).expect(200);
      expect(status.body).toEqual({
        status: 'open',
        paymentStatus: 'unpaid',
        provisioned: false,
        siteId: null,
        newAccount: false,
        prefersCall: false,
        debit: null,
      });
    });

    it('lands the subscription, the invoice and the customer link through signed webhooks', async () => {
      const res = await pay(sessionId);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`http://localhost:3000/payment-success?session_id=${sessionId}`);
      const [site] = await t.dataSource.query(`SELECT id, user_id, type, status FROM sites WHERE user_id = $1`, [client.user.id]);
      expect(site).toMatchObject({ type: 'business', status: 'pending' });
      expect((await t.api.get(`/api/checkout-sessions/${sessionId}`).set(bearer(client)).expect(200)).body).toEqual({
        status: 'complete',
        paymentStatus: 'paid',
        provisioned: true,
        siteId: site.id,
        newAccount: false,
        prefersCall: false,
        debit: null,
      });

      const [user] = await t.dataSource.query(`SELECT stripe_customer_id FROM users WHERE id = $1`, [client.user.id]);
      customerId = user.stripe_customer_id;
      expect(customerId).toMatch(/^cus_/);
      const { subscriptions, invoices } = await snapshot(customerId);
      expect(subscriptions).toHaveLength(1);
      subscriptionId = subscriptions[0].id;
      expect(subscriptions[0]).toMatchObject({
        user_id: client.user.id,
        status: 'active',
        cancel_at_period_end: false,
        plan: 'business',
        metadata: { planType: 'business' },
        site_id: site.id,
      });
      expect(subscriptions[0].current_period_end.getTime()).toBeGreaterThan(Date.now() + 27 * 86400_000);
      expect(invoices).toEqual([
        expect.objectContaining({
          user_id: client.user.id,
          subscription_id: subscriptionId,
          amount_cents: 8600,
          currency: 'eur',
          status: 'paid',
          number: expect.stringMatching(/^SBX-/),
        }),
      ]);
      expect(invoices[0].hosted_url).toMatch(/^http:\/\/localhost:\d+\/invoices\/in_/);
      // Stripe sends a dozen events for a checkout; the inbox acts on those it reads, the others are kept as ignored.
      const events = await t.dataSource.query(`SELECT DISTINCT type FROM stripe_events WHERE outcome <> 'ignored' ORDER BY type`);
      expect(events.map((e: { type: string }) => e.type)).toEqual([
        'checkout.session.completed',
        'customer.subscription.created',
        'customer.subscription.updated',
        'invoice.paid',
      ]);
      const ignored = await t.dataSource.query(`SELECT DISTINCT type FROM stripe_events WHERE outcome = 'ignored' ORDER BY type`);
      expect(ignored.map((e: { type: string }) => e.type)).toEqual([
        'charge.succeeded',
        'customer.created',
        'invoice.created',
        'invoice.finalized',
        'invoice.payment_succeeded',
        'invoice_payment.paid',
        'payment_intent.created',
        'payment_intent.succeeded',
        'payment_method.attached',
      ]);
    });

    it('changes nothing when every delivered event is replayed', async () => {
      const before = await snapshot(customerId);
      const count = (await t.dataSource.query(`SELECT count(*)::int AS n FROM stripe_events`))[0].n;
      for (const e of await sandboxEvents<SandboxEvent>(sandbox)) {
        const res = await control(`/test/events/${e.id}/resend`);
        expect(res.attempt.status_code).toBe(200);
      }
      expect(await snapshot(customerId)).toEqual(before);
      expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM stripe_events`))[0].n).toBe(count);
    });

    it('follows renewals, failed payments (mailed) and cancellation at period end (mailed)', async () => {
      await control(`/test/subscriptions/${subscriptionId}/renew`);
      let state = await snapshot(customerId);
      expect(state.invoices).toHaveLength(2);
      expect(state.invoices.map((i: { amount_cents: number }) => i.amount_cents).sort()).toEqual([7100, 8600]);

      await control(`/test/subscriptions/${subscriptionId}/fail-payment`);
      state = await snapshot(customerId);
      expect(state.subscriptions[0].status).toBe('past_due');
      expect(state.invoices.filter((i: { status: string }) => i.status === 'open')).toHaveLength(1);
      const failed = await t.dataSource.query(
        `SELECT subject, text FROM outbox_emails WHERE recipient = 'boutique@example.com' AND template = 'payment-failed'`,
      );
      expect(failed).toHaveLength(1);
      expect(failed[0].subject).toBe('Échec du paiement de votre abonnement');
      expect(failed[0].text).toContain('71,00');

      await control(`/test/subscriptions/${subscriptionId}/renew`); // pays the open invoice
      await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
      await sandbox.flushWebhooks();
      await webhooksProcessed(t);
      state = await snapshot(customerId);
      expect(state.subscriptions[0]).toMatchObject({ status: 'active', cancel_at_period_end: true });

      await control(`/test/subscriptions/${subscriptionId}/end-period`);
      state = await snapshot(customerId);
      expect(state.subscriptions[0].status).toBe('canceled');
      const canceled = await t.dataSource.query(
        `SELECT subject FROM outbox_emails WHERE recipient = 'boutique@example.com' AND template = 'account-notice' AND subject LIKE '%est terminé'`,
      );
      expect(canceled).toHaveLength(1);
      expect(canceled[0].subject).toMatch(/^L'abonnement de votre site « .+ » est terminé$/);
    });
  });

  it('reads every line of an invoice Stripe embeds only the first 10 of (has_more), through its lines endpoint', async () => {
    const plan = await stripe.prices.create({
      product_data: { name: 'Plan' },
      currency: 'eur',
      unit_amount: 2900,
      recurring: { interval: 'month' },
    });
    const option = await stripe.prices.create({ product_data: { name: 'Option' }, currency: 'eur', unit_amount: 100 });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: plan.id, quantity: 1 }, ...Array.from({ length: 11 }, () => ({ price: option.id, quantity: 1 }))],
      customer_email: 'douze-lignes@example.com',
      success_url: 'http://app.test/ok',
    });
    expect((await pay(session.id)).status).toBe(303);
    const invoiceId = (await stripe.checkout.sessions.retrieve(session.id)).invoice as string;
    expect((await stripe.invoices.retrieve(invoiceId)).lines).toMatchObject({ has_more: true, data: expect.any(Array) });
    const client = t.app.get(StripeProvider).client;
    const read = await new BatchReader(client).invoice(invoiceId);
    expect(read.lines.data).toHaveLength(12);
    const row = toInvoiceRow(read, new Date());
    expect(row.facts.lines).toHaveLength(12);
    expect(row.facts.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(read.total);
    const viaSession = await new BatchReader(client).session(session.id);
    expect((viaSession.invoice as Stripe.Invoice).lines.data).toHaveLength(12);
  });

  it('converges to the same rows whatever order the events arrive in', async () => {
    // Nothing is delivered while the order is paid and renewed; the test then delivers the events itself.
    sandbox.setWebhookUrl('http://127.0.0.1:9/unreachable');
    const { sessionId } = await orderAndCheckout(t.api, {
      billing: { email: 'ordre@example.com' },
      data: { logoOption: 'none', includeGoogleBusiness: false, includeTrustpilot: true, extraEmails: [] },
    });
    expect((await pay(sessionId)).status).toBe(303);
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const customerId = session.customer as string;
    await control(`/test/subscriptions/${session.subscription as string}/renew`);
    // The sandbox retries a failed delivery to the URL of the moment: let it give up on all of them before the app's
    // URL comes back, or a late retry would race the deliveries this test makes itself.
    const undelivered = async () =>
      (await sandboxEvents<SandboxEvent>(sandbox)).filter(
        (e) => JSON.stringify(e.event.data.object).includes(customerId) && e.delivery.status !== 'failed',
      );
    await waitForState('the sandbox gives up its deliveries', async () => (await undelivered()).length === 0);
    sandbox.setWebhookUrl(webhookUrl);
    // The events of this customer the product acts on (Stripe sends many more, ignored), one subscription update of
    // the three (each is read back from Stripe: any one of them brings the same state), so 5! orders.
    const acted = (await sandboxEvents<SandboxEvent>(sandbox))
      .filter((e) => JSON.stringify(e.event.data.object).includes(customerId) && OBJECT_OF_TYPE[e.event.type])
      .map((e) => e.event);
    const lastUpdate = acted.find((e) => e.type === 'customer.subscription.updated');
    const ours = acted.filter((e) => e.type !== 'customer.subscription.updated' || e === lastUpdate);
    expect(ours.map((e) => e.type).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'customer.subscription.updated',
      'invoice.paid',
      'invoice.paid',
    ]);

    const permutations = (items: Stripe.Event[]): Stripe.Event[][] =>
      items.length <= 1
        ? [items]
        : items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
    const orders = permutations(ours);
    expect(orders).toHaveLength(120);
    const reset = async () => {
      await t.dataSource.query(`DELETE FROM stripe_events WHERE id = ANY($1)`, [ours.map((e) => e.id)]);
      await t.dataSource.query(`DELETE FROM invoices WHERE customer_id = $1`, [customerId]);
      await t.dataSource.query(`DELETE FROM subscriptions WHERE customer_id = $1`, [customerId]);
    };
    let reference: Awaited<ReturnType<typeof snapshot>> | undefined;
    for (const order of orders) {
      await reset();
      // One at a time, in this order: each processed before the next arrives.
      for (const event of order) {
        await postEvent(t.api, event).expect(200);
        await webhooksProcessed(t);
      }
      const state = await snapshot(customerId);
      reference ??= state;
      expect(state).toEqual(reference);
    }
    expect(reference!.subscriptions).toEqual([expect.objectContaining({ plan: 'pro', status: 'active', site_id: expect.any(String) })]);
    expect(
      await t.dataSource.query(`SELECT count(*)::int AS n FROM sites WHERE stripe_subscription_id = $1`, [session.subscription]),
    ).toEqual([{ n: 1 }]);
    expect(reference!.invoices).toHaveLength(2);
    // 120 orders of 5 events: about 6 s alone, far more on a machine busy with other runs.
  }, 120_000);

  it('acknowledges a signed event whose object Stripe does not know, records it as ignored and logs it once', async () => {
    const event = {
      ...(await sandboxEvents<SandboxEvent>(sandbox))[0].event,
      id: 'evt_missing_object',
      type: 'invoice.paid',
      data: { object: { id: 'in_does_not_exist', object: 'invoice' } },
    };
    const warnings: string[] = [];
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    try {
      const first = await postEvent(t.api, event).expect(200);
      expect(first.body).toEqual({ received: true, duplicate: false });
      const replay = await postEvent(t.api, event).expect(200);
      expect(replay.body).toEqual({ received: true, duplicate: true });
      await webhooksProcessed(t);
    } finally {
      warn.mockRestore();
    }
    const rows = await t.dataSource.query(`SELECT type, outcome, note FROM stripe_events WHERE id = 'evt_missing_object'`);
    expect(rows).toEqual([{ type: 'invoice.paid', outcome: 'ignored', note: expect.stringContaining('introuvable chez Stripe') }]);
    expect(warnings.filter((w) => w.includes('evt_missing_object'))).toHaveLength(1);
    expect(await t.dataSource.query(`SELECT id FROM invoices WHERE id = 'in_does_not_exist'`)).toEqual([]);
  });
});
