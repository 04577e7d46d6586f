/**
 * The Stripe sandbox, round-tripped with the real `stripe` SDK: every call the product makes, the hosted checkout over
 * HTTP, signed webhooks verified with stripe.webhooks.constructEvent, retries, resends, test controls, persistence.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import Stripe from 'stripe';
import { SANDBOX_SECRET_KEY, startStripeSandbox, type StripeSandbox } from '../src/index.ts';
import { clientFor, Receiver, stripeError, WEBHOOK_SECRET, type ControlBody } from './helpers.ts';

const plusMonth = (ts: number): number => {
  const d = new Date(ts * 1000);
  const t = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  t.setUTCDate(Math.min(d.getUTCDate(), new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 0)).getUTCDate()));
  return t.getTime() / 1000;
};

const nowS = (): number => Math.floor(Date.now() / 1000);

describe('Stripe sandbox', () => {
  const receiver = new Receiver();
  const dir = mkdtempSync(join(tmpdir(), 'stripe-sandbox-'));
  const dataFile = join(dir, 'state.json');
  const logs: string[] = [];
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let pro: Stripe.Price;
  let business: Stripe.Price;
  let logo: Stripe.Price;

  async function pay(sessionId: string, form: Record<string, string> = {}): Promise<Response> {
    return fetch(`${sandbox.url}/checkout/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: '4242 4242 4242 4242', exp: '12/34', cvc: '123', ...form }).toString(),
      redirect: 'manual',
    });
  }

  async function control(path: string): Promise<{ status: number; body: ControlBody }> {
    const res = await fetch(`${sandbox.url}${path}`, { method: 'POST' });
    return { status: res.status, body: (await res.json()) as ControlBody };
  }

  /** A paid subscription (Pro + logo) for a fresh customer, through the hosted checkout. */
  async function subscribe(email: string): Promise<{ session: Stripe.Checkout.Session; subscription: Stripe.Subscription }> {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        { price: pro.id, quantity: 1 },
        { price: logo.id, quantity: 1 },
      ],
      customer_email: email,
      subscription_data: { metadata: { planType: 'pro' } },
      success_url: 'http://app.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/order?canceled=1',
    });
    expect((await pay(session.id)).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    return { session: done, subscription: await stripe.subscriptions.retrieve(done.subscription as string) };
  }

  before(async () => {
    await receiver.start();
    sandbox = await startStripeSandbox({
      port: 0,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: receiver.url,
      dataFile,
      retryBaseMs: 20,
      log: (l) => logs.push(l),
    });
    stripe = clientFor(sandbox);
    const proProduct = await stripe.products.create({ name: 'Pro', description: 'Site vitrine', metadata: { lookup_key: 'pro_monthly' } });
    pro = await stripe.prices.create({
      product: proProduct.id,
      currency: 'eur',
      unit_amount: 2900,
      recurring: { interval: 'month' },
      lookup_key: 'pro_monthly',
      nickname: 'Pro',
    });
    business = await stripe.prices.create({
      product_data: { name: 'Business' },
      currency: 'eur',
      unit_amount: 5900,
      recurring: { interval: 'month' },
      lookup_key: 'business_monthly',
    });
    logo = await stripe.prices.create({
      product_data: { name: 'Création de logo' },
      currency: 'eur',
      unit_amount: 1500,
      lookup_key: 'logo_once',
    });
  });

  after(async () => {
    await sandbox.close();
    await receiver.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('requires a test secret key and answers like Stripe (401, Request-Id)', async () => {
    const res = await fetch(`${sandbox.url}/v1/customers`);
    expect(res.status).toBe(401);
    expect(res.headers.get('request-id')).toMatch(/^req_[A-Za-z0-9]{14}$/);
    expect(((await res.json()) as { error: { type: string; message: string } }).error).toMatchObject({
      type: 'invalid_request_error',
      message: expect.stringContaining('did not provide an API key'),
    });
    const err = await stripeError(clientFor(sandbox, 'sk_live_nope1234567').customers.list());
    expect(err).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(err.statusCode).toBe(401);
    const unknown = await fetch(`${sandbox.url}/v1/nope`, { headers: { Authorization: `Bearer ${SANDBOX_SECRET_KEY}` } });
    expect(unknown.status).toBe(404);
  });

  it('creates and lists products, with the active filter', async () => {
    const archived = await stripe.products.create({ name: 'Ancienne offre', active: false });
    expect(archived).toMatchObject({ object: 'product', active: false, name: 'Ancienne offre', livemode: false });
    expect(archived.id).toMatch(/^prod_/);
    const active = await stripe.products.list({ active: true, limit: 100 });
    expect(active.data.map((p) => p.name)).toEqual(expect.arrayContaining(['Pro', 'Business', 'Création de logo']));
    expect(active.data.some((p) => p.id === archived.id)).toBe(false);
    const inactive = await stripe.products.list({ active: false });
    expect(inactive.data.map((p) => p.id)).toEqual([archived.id]);
    expect(inactive).toMatchObject({ object: 'list', has_more: false, url: '/v1/products' });
    expect((await stripe.products.retrieve(archived.id)).name).toBe('Ancienne offre');
  });

  it('creates prices with lookup keys and finds them by lookup_keys with the product expanded', async () => {
    expect(pro).toMatchObject({
      object: 'price',
      active: true,
      currency: 'eur',
      unit_amount: 2900,
      type: 'recurring',
      lookup_key: 'pro_monthly',
      nickname: 'Pro',
      livemode: false,
    });
    expect(pro.recurring).toMatchObject({ interval: 'month', interval_count: 1 });
    expect(logo).toMatchObject({ type: 'one_time', recurring: null, unit_amount: 1500 });
    expect(pro.id).toMatch(/^price_/);
    const page = await stripe.prices.list({
      lookup_keys: ['pro_monthly', 'business_monthly', 'logo_once'],
      active: true,
      limit: 100,
      expand: ['data.product'],
    });
    expect(page.data).toHaveLength(3);
    const byKey = new Map(page.data.map((p) => [p.lookup_key, p]));
    expect((byKey.get('pro_monthly')!.product as Stripe.Product).name).toBe('Pro');
    expect((byKey.get('logo_once')!.product as Stripe.Product).name).toBe('Création de logo');
    expect((await stripe.prices.retrieve(business.id)).lookup_key).toBe('business_monthly');
  });

  it('keeps lookup keys unique; transfer_lookup_key moves one to a new price', async () => {
    const first = await stripe.prices.create({ product: pro.product as string, currency: 'eur', unit_amount: 100, lookup_key: 'spec_key' });
    const taken = await stripeError(
      stripe.prices.create({ product: pro.product as string, currency: 'eur', unit_amount: 200, lookup_key: 'spec_key' }),
    );
    expect(taken).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(taken.statusCode).toBe(400);
    expect(taken.message).toContain(first.id);
    expect(taken.param).toBe('lookup_key');
    const second = await stripe.prices.create({
      product: pro.product as string,
      currency: 'eur',
      unit_amount: 200,
      lookup_key: 'spec_key',
      transfer_lookup_key: true,
    });
    expect(second.lookup_key).toBe('spec_key');
    expect((await stripe.prices.retrieve(first.id)).lookup_key).toBeNull();
    const found = await stripe.prices.list({ lookup_keys: ['spec_key'] });
    expect(found.data.map((p) => p.id)).toEqual([second.id]);
  });

  it('creates, retrieves, updates and lists customers by e-mail', async () => {
    const c = await stripe.customers.create({ email: 'claire@example.fr', name: 'Claire', metadata: { userId: 'u1' } });
    expect(c).toMatchObject({
      object: 'customer',
      email: 'claire@example.fr',
      name: 'Claire',
      metadata: { userId: 'u1' },
      livemode: false,
    });
    expect(c.id).toMatch(/^cus_/);
    const updated = await stripe.customers.update(c.id, { name: 'Claire Martin', metadata: { plan: 'pro' } });
    expect(updated.metadata).toEqual({ userId: 'u1', plan: 'pro' });
    const fetched = (await stripe.customers.retrieve(c.id)) as Stripe.Customer;
    expect(fetched.name).toBe('Claire Martin');
    await stripe.customers.create({ email: 'someone@example.fr' });
    const list = await stripe.customers.list({ email: 'claire@example.fr' });
    expect(list.data.map((x) => x.id)).toEqual([c.id]);
    // Pagination: newest first, has_more and starting_after as the SDK's auto-pagination uses them.
    const firstPage = await stripe.customers.list({ limit: 1 });
    expect(firstPage.has_more).toBe(true);
    const all = await stripe.customers.list({ limit: 1 }).autoPagingToArray({ limit: 100 });
    expect(all.map((x) => x.email)).toEqual(['someone@example.fr', 'claire@example.fr']);
  });

  it('surfaces Stripe-shaped errors as the SDK error classes', async () => {
    const missing = await stripeError(stripe.prices.retrieve('price_missing'));
    expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(missing).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      message: "No such price: 'price_missing'",
      type: 'StripeInvalidRequestError',
    });
    expect(missing.requestId).toMatch(/^req_/);
    const noName = await stripeError(stripe.products.create({} as Stripe.ProductCreateParams));
    expect(noName).toMatchObject({ statusCode: 400, message: 'Missing required param: name.', param: 'name', code: 'parameter_missing' });
    const badPrice = await stripeError(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: 'price_nope', quantity: 1 }],
        success_url: 'http://app.test/ok',
      }),
    );
    expect(badPrice).toMatchObject({ statusCode: 400, message: "No such price: 'price_nope'", param: 'line_items[0][price]' });
    const oneTimeOnly = await stripeError(
      stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: logo.id, quantity: 1 }] }),
    );
    expect(oneTimeOnly.message).toContain('at least one recurring price');
    const both = await stripeError(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: pro.id, quantity: 1 }],
        customer: 'cus_x',
        customer_email: 'a@b.fr',
      }),
    );
    expect(both.message).toContain('customer, customer_email');
  });

  it('replays idempotent requests and refuses a reused key with other parameters', async () => {
    const a = await stripe.customers.create({ email: 'idem@example.fr' }, { idempotencyKey: 'spec-idem-1' });
    const b = await stripe.customers.create({ email: 'idem@example.fr' }, { idempotencyKey: 'spec-idem-1' });
    expect(b.id).toBe(a.id);
    expect((await stripe.customers.list({ email: 'idem@example.fr' })).data).toHaveLength(1);
    const err = await stripeError(stripe.customers.create({ email: 'other@example.fr' }, { idempotencyKey: 'spec-idem-1' }));
    expect(err).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  describe('checkout, subscription and invoices', () => {
    let session: Stripe.Checkout.Session;
    let subscription: Stripe.Subscription;
    let firstEvent = 0;

    it('creates a subscription-mode session with a recurring and a one-time line', async () => {
      session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          { price: pro.id, quantity: 1 },
          { price: logo.id, quantity: 1 },
        ],
        customer_email: 'jeanne@example.fr',
        metadata: { planType: 'pro', logo: 'true' },
        subscription_data: { metadata: { planType: 'pro' } },
        client_reference_id: 'order-42',
        locale: 'fr',
        success_url: 'http://app.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://app.test/order?plan=basic&canceled=1',
      });
      expect(session).toMatchObject({
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer: null,
        customer_email: 'jeanne@example.fr',
        customer_details: null,
        subscription: null,
        invoice: null,
        metadata: { planType: 'pro', logo: 'true' },
        client_reference_id: 'order-42',
        amount_subtotal: 4400,
        amount_total: 4400,
        currency: 'eur',
        url: `http://localhost:${sandbox.port}/checkout/${session.id}`,
      });
      expect(session.id).toMatch(/^cs_test_/);
      expect(session.expires_at).toBeGreaterThan(session.created);
      const again = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'line_items'] });
      expect(again.subscription).toBeNull();
      expect(again.line_items!.data).toHaveLength(2);
      const items = await stripe.checkout.sessions.listLineItems(session.id);
      expect(items.data.map((i) => [i.object, i.description, i.quantity, i.amount_total, i.price!.id])).toEqual([
        ['item', 'Pro', 1, 2900, pro.id],
        ['item', 'Création de logo', 1, 1500, logo.id],
      ]);
    });

    it('serves a French hosted checkout page', async () => {
      const res = await fetch(session.url!);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      const html = await res.text();
      for (const text of [
        'Paiement sécurisé',
        'Mode test',
        'Pro',
        'Création de logo',
        "Total aujourd'hui",
        'Puis',
        '/mois',
        '4242 4242 4242 4242',
        'Payer',
        'Annuler',
        'jeanne@example.fr',
      ]) {
        expect(html).toContain(text);
      }
      expect(html).toMatch(/29,00\s€/);
      expect(html).toMatch(/44,00\s€/);
      expect(html).toContain(`action="/checkout/${session.id}/pay"`);
      expect(html).not.toContain('<script');
    });

    it("'Annuler' redirects to cancel_url and leaves the session open", async () => {
      const res = await fetch(`${sandbox.url}/checkout/${session.id}/cancel`, { method: 'POST', redirect: 'manual' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('http://app.test/order?plan=basic&canceled=1');
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    });

    it('a declined test card shows a French error and changes nothing', async () => {
      const res = await pay(session.id, { card: '4000 0000 0000 0002' });
      expect(res.status).toBe(402);
      expect(await res.text()).toContain('Votre carte a été refusée.');
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    });

    it("'Payer' creates customer, subscription and invoice, delivers signed webhooks, then redirects to success_url", async () => {
      // The events of the calls before (the customer, the prices…) received first: only this payment's ones after the mark.
      await sandbox.flushWebhooks();
      firstEvent = receiver.events.length;
      const res = await pay(session.id, { name: 'Jeanne Dupont' });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`http://app.test/payment-success?session_id=${session.id}`);
      // The redirect waits for no delivery: the events come in any order, before or after it.
      await sandbox.flushWebhooks();
      const events = receiver.since(firstEvent);
      // Every event Stripe Checkout sends for a new customer's subscription, in the order they were made; the session
      // completed last.
      const made = (await stripe.events.list({ limit: events.length })).data.reverse();
      expect(made.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
      expect(made.map((e) => e.type)).toEqual([
        'customer.created',
        'payment_method.attached',
        'customer.subscription.created',
        'invoice.created',
        'invoice.finalized',
        'payment_intent.created',
        'charge.succeeded',
        'payment_intent.succeeded',
        'invoice.paid',
        'invoice.payment_succeeded',
        'invoice_payment.paid',
        'customer.subscription.updated',
        'checkout.session.completed',
      ]);
      expect((made[2].data.object as Stripe.Subscription).status).toBe('incomplete');
      expect((made[3].data.object as Stripe.Invoice).status).toBe('draft');
      expect(made[11].data.previous_attributes).toMatchObject({ status: 'incomplete' });
      expect(receiver.rejected).toEqual([]);
      for (const e of events) {
        expect(e).toMatchObject({
          object: 'event',
          api_version: '2026-10-28.endive',
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
        });
        expect(e.id).toMatch(/^evt_/);
      }
      expect(receiver.signatures.at(-1)).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const completed = made.at(-1)!.data.object as Stripe.Checkout.Session;
      expect(completed).toMatchObject({
        id: session.id,
        status: 'complete',
        payment_status: 'paid',
        customer_details: { email: 'jeanne@example.fr', name: 'Jeanne Dupont' },
      });

      const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription', 'invoice'] });
      expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
      expect(done.customer).toMatch(/^cus_/);
      subscription = done.subscription as Stripe.Subscription;
      expect(subscription).toMatchObject({ object: 'subscription', status: 'active', customer: done.customer });
      expect((done.invoice as Stripe.Invoice).status).toBe('paid');
      const customer = (await stripe.customers.retrieve(done.customer as string)) as Stripe.Customer;
      expect(customer).toMatchObject({ email: 'jeanne@example.fr', name: 'Jeanne Dupont' });

      const again = await pay(session.id);
      expect(again.status).toBe(409);
      expect(await again.text()).toContain('déjà été effectué');
    });

    it('retrieves the subscription with item periods, metadata and expansions', async () => {
      const sub = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice', 'items.data.price.product'] });
      expect(sub).toMatchObject({
        status: 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        currency: 'eur',
        metadata: { planType: 'pro' },
      });
      expect(sub.id).toMatch(/^sub_/);
      expect(sub.items.data).toHaveLength(1);
      const item = sub.items.data[0];
      expect(item.id).toMatch(/^si_/);
      expect(item).toMatchObject({ object: 'subscription_item', quantity: 1, subscription: sub.id });
      expect(item.price.id).toBe(pro.id);
      expect((item.price.product as Stripe.Product).name).toBe('Pro');
      expect(Math.abs(item.current_period_start - nowS())).toBeLessThan(60);
      expect(item.current_period_end).toBe(plusMonth(item.current_period_start));
      expect((sub.latest_invoice as Stripe.Invoice).billing_reason).toBe('subscription_create');
      const listed = await stripe.subscriptions.list({ customer: sub.customer as string });
      expect(listed.data.map((s) => s.id)).toEqual([sub.id]);
      expect((await stripe.subscriptions.list({ customer: sub.customer as string, status: 'canceled' })).data).toEqual([]);
    });

    it('lists the first invoice by customer with number, amounts, lines and reachable links', async () => {
      const invoices = await stripe.invoices.list({ customer: subscription.customer as string, limit: 10 });
      expect(invoices.data).toHaveLength(1);
      const inv = invoices.data[0];
      expect(inv.number).toMatch(/^SBX-\d{4}$/);
      expect(inv).toMatchObject({
        object: 'invoice',
        status: 'paid',
        amount_due: 4400,
        amount_paid: 4400,
        amount_remaining: 0,
        total: 4400,
        subtotal: 4400,
        currency: 'eur',
        customer_email: 'jeanne@example.fr',
        billing_reason: 'subscription_create',
        description: null,
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: { planType: 'pro' } } },
      });
      expect(inv.lines.data.map((l) => [l.amount, l.quantity, l.pricing?.price_details?.price])).toEqual([
        [2900, 1, pro.id],
        [1500, 1, logo.id],
      ]);
      expect(inv.lines.data[0].id).toMatch(/^il_/);
      expect(inv.lines.data[0].period.end).toBe(plusMonth(inv.lines.data[0].period.start));
      expect((await stripe.invoices.retrieve(inv.id!)).number).toBe(inv.number);
      expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);

      const page = await fetch(inv.hosted_invoice_url!);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(inv.number!);
      expect(html).toContain('Payée');
      const pdf = await fetch(inv.invoice_pdf!);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await pdf.arrayBuffer());
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.toString('latin1')).toContain('%%EOF');
    });

    it('swaps the price with always_invoice: an immediate prorated invoice and both events', async () => {
      await sandbox.flushWebhooks();
      const mark = receiver.events.length;
      const item = subscription.items.data[0];
      const updated = await stripe.subscriptions.update(subscription.id, {
        items: [{ id: item.id, price: business.id }],
        proration_behavior: 'always_invoice',
      });
      expect(updated.items.data.map((i) => [i.id, i.price.id])).toEqual([[item.id, business.id]]);
      const invoices = await stripe.invoices.list({ customer: subscription.customer as string });
      expect(invoices.data).toHaveLength(2);
      const extra = invoices.data[0];
      expect(extra).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
      expect(extra.total).toBeGreaterThan(2900);
      expect(extra.total).toBeLessThanOrEqual(3000);
      expect(extra.amount_paid).toBe(extra.total);
      expect(extra.lines.data.map((l) => l.description)).toEqual([
        expect.stringMatching(/^Temps inutilisé sur 1 × Pro/),
        expect.stringMatching(/^Temps restant sur 1 × Business/),
      ]);
      expect(updated.latest_invoice).toBe(extra.id);
      const [changed] = await receiver.waitFor(
        (e) =>
          receiver.events.indexOf(e) >= mark &&
          e.type === 'customer.subscription.updated' &&
          (e.data.object as Stripe.Subscription).id === subscription.id,
      );
      await receiver.waitFor((e) => e.type === 'invoice.paid' && (e.data.object as Stripe.Invoice).id === extra.id);
      await sandbox.flushWebhooks();
      // The set received (in any order); the creation order is asserted by the 'renews' test through the control.
      expect(
        receiver
          .since(mark)
          .map((e) => e.type)
          .sort(),
      ).toEqual(
        [
          'invoiceitem.created', // the credit for the unused time
          'invoiceitem.created', // the debit for the remaining time
          'customer.subscription.updated',
          'invoice.created',
          'invoice.finalized',
          'payment_intent.created',
          'charge.succeeded',
          'payment_intent.succeeded',
          'invoice.paid',
          'invoice.payment_succeeded',
          'invoice_payment.paid',
        ].sort(),
      );
      expect(changed.data.previous_attributes).toHaveProperty('items');
      expect(changed.request?.idempotency_key).toMatch(/^stripe-node-retry-/);
    });

    it('sets cancel_at_period_end on and off, each time with customer.subscription.updated', async () => {
      await sandbox.flushWebhooks();
      const mark = receiver.events.length;
      const on = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
      expect(on.cancel_at_period_end).toBe(true);
      expect(on.cancel_at).toBe(on.items.data[0].current_period_end);
      expect(on.canceled_at).not.toBeNull();
      const off = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: false, metadata: { note: 'resté' } });
      expect(off).toMatchObject({
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        metadata: { planType: 'pro', note: 'resté' },
      });
      const events = await receiver.waitFor((e) => e.type === 'customer.subscription.updated' && receiver.events.indexOf(e) >= mark, 2);
      // In any order: each event says its own change.
      const [switchedOn, switchedOff] = [true, false].map((value) =>
        events.find((e) => (e.data.object as Stripe.Subscription).cancel_at_period_end === value)!,
      );
      expect(switchedOn.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
      expect(switchedOff.data.previous_attributes).toMatchObject({ cancel_at_period_end: true });
    });

    it('renew: next period, a paid subscription_cycle invoice, invoice.paid then customer.subscription.updated', async () => {
      const before = await stripe.subscriptions.retrieve(subscription.id);
      const res = await control(`/test/subscriptions/${subscription.id}/renew`);
      expect(res.status).toBe(200);
      // Created in this order; the control answers before they are delivered, as Stripe's test clocks do.
      expect(res.body.events.map((e) => e.type)).toEqual([
        'customer.subscription.updated', // the new period
        'invoice.created',
        'invoice.finalized',
        'payment_intent.created',
        'charge.succeeded',
        'payment_intent.succeeded',
        'invoice.paid',
        'invoice.payment_succeeded',
        'invoice_payment.paid',
      ]);
      await sandbox.flushWebhooks();
      const ids = res.body.events.map((e) => e.id);
      expect(
        receiver.events
          .filter((e) => ids.includes(e.id))
          .map((e) => e.id)
          .sort(),
      ).toEqual([...ids].sort());
      const after = await stripe.subscriptions.retrieve(subscription.id);
      expect(after.items.data[0].current_period_start).toBe(before.items.data[0].current_period_end);
      expect(after.items.data[0].current_period_end).toBe(plusMonth(after.items.data[0].current_period_start));
      const inv = await stripe.invoices.retrieve(after.latest_invoice as string);
      expect(inv).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', total: 5900, amount_paid: 5900 });
      expect(inv.lines.data).toHaveLength(1); // the one-time logo is not billed again
      expect(inv.period_end).toBe(before.items.data[0].current_period_end); // Stripe: the invoice period is the one that ended
    });

    it('fail-payment: an open invoice, past_due, invoice.payment_failed; a later renew recovers it', async () => {
      const failed = await control(`/test/subscriptions/${subscription.id}/fail-payment`);
      expect(failed.body.events.map((e) => e.type)).toEqual([
        'customer.subscription.updated', // the new period
        'invoice.created',
        'invoice.finalized',
        'payment_intent.created',
        'charge.failed',
        'payment_intent.payment_failed',
        'invoice.payment_failed',
        'customer.subscription.updated', // past_due
      ]);
      const sub = await stripe.subscriptions.retrieve(subscription.id);
      expect(sub.status).toBe('past_due');
      const open = await stripe.invoices.retrieve(sub.latest_invoice as string);
      expect(open).toMatchObject({ status: 'open', amount_due: 5900, amount_paid: 0, amount_remaining: 5900, attempted: true });
      const failedId = failed.body.events.find((e) => e.type === 'invoice.payment_failed')!.id;
      const [paymentFailed] = await receiver.waitFor((e) => e.id === failedId);
      expect((paymentFailed.data.object as Stripe.Invoice).id).toBe(open.id);

      const recovered = await control(`/test/subscriptions/${subscription.id}/renew`);
      expect(recovered.body.subscription.status).toBe('active');
      expect(recovered.body.invoice).toMatchObject({ id: open.id, status: 'paid', amount_paid: 5900 });
    });

    it('give-up marks a failing subscription unpaid; invoices.pay settles the open invoice and makes it active again', async () => {
      const noOpen = await control(`/test/subscriptions/${subscription.id}/give-up`);
      expect(noOpen.status).toBe(400);
      await control(`/test/subscriptions/${subscription.id}/fail-payment`);
      const gaveUp = await control(`/test/subscriptions/${subscription.id}/give-up?then=unpaid`);
      expect(gaveUp.body.events.map((e) => e.type)).toEqual(['customer.subscription.updated']);
      const unpaid = await stripe.subscriptions.retrieve(subscription.id);
      expect(unpaid.status).toBe('unpaid');
      await sandbox.flushWebhooks();
      const mark = receiver.events.length;
      const paid = await stripe.invoices.pay(unpaid.latest_invoice as string);
      expect(paid).toMatchObject({ status: 'paid', amount_remaining: 0 });
      expect(paid.amount_paid).toBe(paid.total);
      expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
      const events = await receiver.waitFor(
        (e) => receiver.events.indexOf(e) >= mark && (e.type === 'invoice.paid' || e.type === 'customer.subscription.updated'),
        2,
      );
      expect(events.map((e) => e.type).sort()).toEqual(['customer.subscription.updated', 'invoice.paid']);
      await expect(stripe.invoices.pay(paid.id)).rejects.toMatchObject({ code: 'invoice_already_paid' });
    });

    it('end-period on a subscription set to cancel: canceled, ended_at, customer.subscription.deleted', async () => {
      await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
      await sandbox.flushWebhooks();
      const res = await control(`/test/subscriptions/${subscription.id}/end-period`);
      expect(res.body.events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
      const sub = await stripe.subscriptions.retrieve(subscription.id);
      expect(sub.status).toBe('canceled');
      expect(sub.ended_at).not.toBeNull();
      const [deleted] = await receiver.waitFor((e) => e.id === res.body.events[0].id);
      expect(deleted.type).toBe('customer.subscription.deleted');
      expect((deleted.data.object as Stripe.Subscription).status).toBe('canceled');
      const renewCanceled = await control(`/test/subscriptions/${subscription.id}/renew`);
      expect(renewCanceled.status).toBe(400);
      expect((await stripe.subscriptions.list({ customer: sub.customer as string, status: 'all' })).data).toHaveLength(1);
    });

    it('cancels immediately with subscriptions.cancel (checkout for an existing customer)', async () => {
      const customerId = subscription.customer as string;
      const second = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: business.id, quantity: 2 }],
        customer: customerId,
        success_url: 'http://app.test/ok?id={CHECKOUT_SESSION_ID}',
      });
      expect(second.customer).toBe(customerId);
      const page = await (await fetch(second.url!)).text();
      expect(page).toContain('value="jeanne@example.fr" readonly');
      expect((await pay(second.id)).status).toBe(303);
      const subId = (await stripe.checkout.sessions.retrieve(second.id)).subscription as string;
      expect((await stripe.subscriptions.retrieve(subId)).items.data[0].quantity).toBe(2);
      await sandbox.flushWebhooks();
      const mark = receiver.events.length;
      const canceled = await stripe.subscriptions.cancel(subId);
      expect(canceled.status).toBe('canceled');
      expect(canceled.canceled_at).not.toBeNull();
      expect(canceled.ended_at).toBe(canceled.canceled_at);
      const [evt] = await receiver.waitFor((e) => e.type === 'customer.subscription.deleted' && receiver.events.indexOf(e) >= mark);
      expect((evt.data.object as Stripe.Subscription).id).toBe(subId);
      const again = await stripeError(stripe.subscriptions.cancel(subId));
      expect(again.statusCode).toBe(404);
      expect((await stripe.invoices.list({ customer: customerId })).data.map((i) => i.number)).toHaveLength(6); // with the one give-up left unpaid, then paid
    });
  });

  it("give-up ends the dunning as Stripe's default does: canceled for payment_failed, its open invoice payable until voided", async () => {
    const { subscription } = await subscribe('fin-relances@example.fr');
    await control(`/test/subscriptions/${subscription.id}/fail-payment`);
    const bad = await control(`/test/subscriptions/${subscription.id}/give-up?then=later`);
    expect(bad.status).toBe(400);
    const gaveUp = await control(`/test/subscriptions/${subscription.id}/give-up`);
    expect(gaveUp.body.events.map((e) => e.type)).toEqual(['customer.subscription.deleted']);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'payment_failed' } });
    expect(ended.ended_at).not.toBeNull();
    // Stripe stops collecting it but leaves it open: still payable on its hosted page until the product voids it.
    const open = await stripe.invoices.retrieve(ended.latest_invoice as string);
    expect(open).toMatchObject({ status: 'open', auto_advance: false, next_payment_attempt: null });
    expect(await (await fetch(open.hosted_invoice_url!)).text()).toContain('Payer par carte');
    expect((await control(`/test/subscriptions/${subscription.id}/renew`)).status).toBe(400);

    await sandbox.flushWebhooks();
    const mark = receiver.events.length;
    const voided = await stripe.invoices.voidInvoice(open.id, {}, { idempotencyKey: `void:${open.id}` });
    expect(voided).toMatchObject({ status: 'void', amount_paid: 0 });
    expect(voided.status_transitions.voided_at).not.toBeNull();
    const events = await receiver.waitFor((e) => receiver.events.indexOf(e) >= mark && e.type.startsWith('invoice.'), 2);
    expect(events.map((e) => e.type).sort()).toEqual(['invoice.updated', 'invoice.voided']);
    expect(await (await fetch(open.hosted_invoice_url!)).text()).not.toContain('Payer par carte');
    await expect(stripe.invoices.pay(open.id)).rejects.toMatchObject({ statusCode: 400, code: 'invoice_not_editable' });
    await expect(stripe.invoices.voidInvoice(open.id)).rejects.toMatchObject({ statusCode: 400, code: 'invoice_not_editable' });
  });

  it('create_prorations defers the difference to the next renewal invoice; none bills nothing extra', async () => {
    const { subscription } = await subscribe('prorations@example.fr');
    const item = subscription.items.data[0];
    const invoicesBefore = (await stripe.invoices.list({ subscription: subscription.id })).data.length;
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: business.id }],
      proration_behavior: 'create_prorations',
    });
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(invoicesBefore);
    await stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, quantity: 2 }], proration_behavior: 'none' });
    const renewed = await control(`/test/subscriptions/${subscription.id}/renew`);
    const lines = renewed.body.invoice!.lines.data;
    expect(lines[0]).toMatchObject({ amount: 11800, quantity: 2 });
    expect(lines.slice(1).map((l) => l.parent?.subscription_item_details?.proration)).toEqual([true, true]);
    expect(lines[1].amount).toBeLessThan(0);
    expect(renewed.body.invoice!.total).toBe(11800 + lines[1].amount + lines[2].amount);
    await sandbox.flushWebhooks();
  });

  // Retries, copies, order and seeds: webhook-delivery.test.ts.
  describe('webhook delivery', () => {
    before(async () => {
      await subscribe('webhooks@example.fr');
      await sandbox.flushWebhooks();
    });

    it('resend delivers the same event id and payload, freshly signed', async () => {
      await sandbox.flushWebhooks();
      const original = receiver.events.find((e) => e.type === 'invoice.paid')!;
      const count = receiver.deliveries.length;
      const res = await control(`/test/events/${original.id}/resend`);
      expect(res.status).toBe(200);
      expect(res.body.attempt).toMatchObject({ status_code: 200, error: null });
      const copy = receiver.deliveries[count];
      expect(copy.id).toBe(original.id);
      expect(copy.data).toEqual(original.data);
      expect(copy.created).toBe(original.created);
      expect(receiver.rejected).toEqual([]);
      expect((await control('/test/events/evt_nope/resend')).status).toBe(404);
    });

    it('lists sent events newest first with their delivery status', async () => {
      const res = await fetch(`${sandbox.url}/test/events`);
      const body = (await res.json()) as {
        data: { id: string; type: string; created: number; delivery: { status: string; attempts: number } }[];
      };
      expect(body.data.length).toBeGreaterThan(10);
      const created = body.data.map((e) => e.created);
      expect([...created].sort((a, b) => b - a)).toEqual(created);
      expect(body.data[0].delivery.attempts).toBeGreaterThanOrEqual(1);
      const viaApi = await stripe.events.retrieve(body.data[0].id);
      expect(viaApi.type).toBe(body.data[0].type);
    });
  });

  it('injects faults: the next N matching API calls answer 500 or hang, then it serves again', async () => {
    const faults = async (query: string, method = 'POST') =>
      (await fetch(`${sandbox.url}/test/faults${query}`, { method })).json() as Promise<{ faults: unknown[] }>;
    expect(await faults('?mode=error&count=2&path=/v1/customers&method=POST')).toEqual({
      faults: [{ mode: 'error', remaining: 2, path: '/v1/customers', method: 'POST' }],
    });
    // Other paths and methods are untouched.
    expect((await stripe.prices.retrieve(pro.id)).id).toBe(pro.id);
    expect((await stripe.customers.list({ limit: 1 })).object).toBe('list');
    const first = await stripeError(stripe.customers.create({ email: 'fault@example.fr' }));
    expect(first).toBeInstanceOf(Stripe.errors.StripeAPIError);
    expect(first).toMatchObject({ statusCode: 500, type: 'StripeAPIError' });
    await stripeError(stripe.customers.create({ email: 'fault@example.fr' }));
    expect(await faults('', 'GET')).toEqual({ faults: [] });
    expect((await stripe.customers.create({ email: 'fault@example.fr' })).email).toBe('fault@example.fr');

    // With the SDK's retries, a fault shorter than the retries is invisible to the caller.
    await faults('?count=1&path=/v1/customers');
    const retrying = new Stripe(SANDBOX_SECRET_KEY, { host: '127.0.0.1', port: sandbox.port, protocol: 'http', maxNetworkRetries: 1 });
    expect((await retrying.customers.create({ email: 'retried@example.fr' })).email).toBe('retried@example.fr');

    // A hang is a timeout for the client; DELETE clears what is left.
    await faults('?mode=hang&count=5');
    const impatient = new Stripe(SANDBOX_SECRET_KEY, {
      host: '127.0.0.1',
      port: sandbox.port,
      protocol: 'http',
      maxNetworkRetries: 0,
      timeout: 200,
    });
    const started = Date.now();
    const hung = await stripeError(impatient.prices.retrieve(pro.id));
    expect(hung).toBeInstanceOf(Stripe.errors.StripeConnectionError);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await faults('', 'DELETE')).toEqual({ faults: [] });
    expect((await stripe.prices.retrieve(pro.id)).id).toBe(pro.id);

    const bad = await fetch(`${sandbox.url}/test/faults?mode=explode`, { method: 'POST' });
    expect(bad.status).toBe(400);
  });

  it('keeps its state across a restart with the same data file', async () => {
    const customers = await stripe.customers.list({ email: 'jeanne@example.fr' });
    const customerId = customers.data[0].id;
    const invoicesBefore = await stripe.invoices.list({ customer: customerId, limit: 100 });
    const sessions = await stripe.checkout.sessions.list({ customer: customerId });
    await sandbox.flushWebhooks();
    await sandbox.close();
    const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as { customers: Record<string, { email: string }>; invoiceSeq: number };
    expect(saved.customers[customerId].email).toBe('jeanne@example.fr');

    sandbox = await startStripeSandbox({ port: 0, webhookSecret: WEBHOOK_SECRET, webhookUrl: receiver.url, dataFile, retryBaseMs: 20 });
    stripe = clientFor(sandbox);
    expect(((await stripe.customers.retrieve(customerId)) as Stripe.Customer).email).toBe('jeanne@example.fr');
    const invoicesAfter = await stripe.invoices.list({ customer: customerId, limit: 100 });
    expect(invoicesAfter.data.map((i) => [i.id, i.number, i.status])).toEqual(invoicesBefore.data.map((i) => [i.id, i.number, i.status]));
    expect(invoicesAfter.data[0].hosted_invoice_url).toBe(`http://localhost:${sandbox.port}/invoices/${invoicesAfter.data[0].id}`);
    expect((await stripe.checkout.sessions.retrieve(sessions.data[0].id)).status).toBe('complete');
    expect((await stripe.prices.list({ lookup_keys: ['pro_monthly'] })).data[0].id).toBe(pro.id);

    // Numbering continues after the restart.
    const { subscription } = await subscribe('after-restart@example.fr');
    const last = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(last.number).toBe(`SBX-${String(saved.invoiceSeq + 1).padStart(4, '0')}`);
  });
});
