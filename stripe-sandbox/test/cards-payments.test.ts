/**
 * Cards, payments and refunds in the Stripe sandbox, round-tripped with the real `stripe` SDK: the card typed at
 * checkout saved as the subscription's default, PaymentIntents/Charges/InvoicePayments of paid invoices, refunds, the test
 * cards that fail (0002, 9995, 0341), setup-mode checkout to change the card, the hosted invoice page's payment form.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '../src/index.ts';
import { clientFor, Receiver, stripeError, WEBHOOK_SECRET, type ControlBody } from './helpers.ts';

const GOOD = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';
const NO_FUNDS = '4000 0000 0000 9995';
const FAILS_LATER = '4000 0000 0000 0341';

describe('Stripe sandbox: cards, payments, refunds', () => {
  const receiver = new Receiver();
  const dir = mkdtempSync(join(tmpdir(), 'stripe-sandbox-cards-'));
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let pro: Stripe.Price;
  let business: Stripe.Price;
  let logo: Stripe.Price;

  const form = (fields: Record<string, string>): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: GOOD, exp: '12/34', cvc: '123', ...fields }).toString(),
    redirect: 'manual',
  });

  const pay = (sessionId: string, fields: Record<string, string> = {}): Promise<Response> =>
    fetch(`${sandbox.url}/checkout/${sessionId}/pay`, form(fields));

  async function control(path: string): Promise<{ status: number; body: ControlBody }> {
    const res = await fetch(`${sandbox.url}${path}`, { method: 'POST' });
    return { status: res.status, body: (await res.json()) as ControlBody };
  }

  /** A paid Pro (+ logo) subscription for a new customer, bought on the hosted checkout with `card`. */
  async function subscribe(
    email: string,
    card = GOOD,
    name = 'Camille Client',
  ): Promise<{ session: Stripe.Checkout.Session; subscription: Stripe.Subscription; customer: Stripe.Customer }> {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [
        { price: pro.id, quantity: 1 },
        { price: logo.id, quantity: 1 },
      ],
      customer_email: email,
      success_url: 'http://app.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/order?canceled=1',
    });
    expect((await pay(session.id, { card, name })).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    const subscription = await stripe.subscriptions.retrieve(done.subscription as string);
    const customer = (await stripe.customers.retrieve(done.customer as string)) as Stripe.Customer;
    return { session: done, subscription, customer };
  }

  const eventsSince = (mark: number, ...types: string[]): Stripe.Event[] =>
    receiver.since(mark).filter((e) => types.length === 0 || types.includes(e.type));

  before(async () => {
    await receiver.start();
    sandbox = await startStripeSandbox({
      port: 0,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: receiver.url,
      dataFile: join(dir, 'state.json'),
      retryBaseMs: 20,
    });
    stripe = clientFor(sandbox);
    pro = await stripe.prices.create({
      product_data: { name: 'Pro' },
      currency: 'eur',
      unit_amount: 2900,
      recurring: { interval: 'month' },
    });
    business = await stripe.prices.create({
      product_data: { name: 'Business' },
      currency: 'eur',
      unit_amount: 5900,
      recurring: { interval: 'month' },
    });
    logo = await stripe.prices.create({ product_data: { name: 'Création de logo' }, currency: 'eur', unit_amount: 1500 });
  });

  after(async () => {
    await sandbox.close();
    await receiver.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('a good card', () => {
    let bought: Awaited<ReturnType<typeof subscribe>>;
    let pmId: string;
    let piId: string;

    before(async () => {
      bought = await subscribe('card@example.fr', '4242424242424242', 'Camille Carte');
      await sandbox.flushWebhooks();
    });

    it("checkout saves the card typed as a PaymentMethod attached to the customer, the subscription's default_payment_method (as Stripe Checkout: the customer's own default untouched)", async () => {
      const { customer, subscription } = bought;
      expect(customer.invoice_settings).toEqual({
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      });
      expect(subscription.default_payment_method).toMatch(/^pm_/);
      pmId = subscription.default_payment_method as string;

      const pm = await stripe.paymentMethods.retrieve(pmId);
      expect(pm).toMatchObject({ object: 'payment_method', type: 'card', customer: customer.id, livemode: false, metadata: {} });
      expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, funding: 'credit', country: 'FR' });
      expect(pm.billing_details).toMatchObject({ name: 'Camille Carte', email: 'card@example.fr' });

      const listed = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
      expect(listed.data.map((x) => x.id)).toEqual([pmId]);
      expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((x) => x.id)).toEqual([pmId]);
      expect((await stripe.customers.retrievePaymentMethod(customer.id, pmId)).id).toBe(pmId);

      const expanded = await stripe.subscriptions.retrieve(subscription.id, { expand: ['default_payment_method'] });
      expect((expanded.default_payment_method as Stripe.PaymentMethod).card!.last4).toBe('4242');
      const missing = await stripeError(stripe.paymentMethods.retrieve('pm_nope'));
      expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    });

    it('the first invoice was paid by a PaymentIntent and a Charge, listed in its payments when expanded', async () => {
      const inv = await stripe.invoices.retrieve(bought.subscription.latest_invoice as string);
      expect(inv).not.toHaveProperty('payments'); // includable: only when asked for
      const withPayments = await stripe.invoices.retrieve(inv.id!, { expand: ['payments'] });
      expect(withPayments.payments).toMatchObject({ object: 'list', has_more: false, url: `/v1/invoice_payments?invoice=${inv.id}` });
      const [payment] = withPayments.payments!.data;
      expect(payment).toMatchObject({
        object: 'invoice_payment',
        invoice: inv.id,
        is_default: true,
        amount_paid: 4400,
        amount_requested: 4400,
        currency: 'eur',
        status: 'paid',
        payment: { type: 'payment_intent', payment_intent: expect.stringMatching(/^pi_/) },
        status_transitions: { paid_at: inv.status_transitions.paid_at, canceled_at: null },
      });
      expect(payment.id).toMatch(/^inpay_/);
      piId = payment.payment.payment_intent as string;

      const pi = await stripe.paymentIntents.retrieve(piId, { expand: ['latest_charge'] });
      expect(pi).toMatchObject({
        object: 'payment_intent',
        amount: 4400,
        amount_received: 4400,
        currency: 'eur',
        status: 'succeeded',
        customer: bought.customer.id,
        payment_method: pmId,
        description: 'Subscription creation',
      });
      const charge = pi.latest_charge as Stripe.Charge;
      expect(charge).toMatchObject({
        object: 'charge',
        amount: 4400,
        amount_refunded: 0,
        refunded: false,
        captured: true,
        paid: true,
        status: 'succeeded',
        payment_intent: piId,
        payment_method: pmId,
        customer: bought.customer.id,
      });
      expect(charge.payment_method_details).toMatchObject({ type: 'card', card: { brand: 'visa', last4: '4242' } });
      expect((await stripe.charges.retrieve(charge.id)).id).toBe(charge.id);

      const listed = await stripe.invoicePayments.list({ invoice: inv.id! });
      expect(listed.data.map((p) => p.id)).toEqual([payment.id]);
      const deep = await stripe.invoices.retrieve(inv.id!, { expand: ['payments.data.payment.payment_intent'] });
      expect((deep.payments!.data[0].payment.payment_intent as Stripe.PaymentIntent).amount).toBe(4400);
      const viaSession = await stripe.checkout.sessions.retrieve(bought.session.id, { expand: ['invoice.payments'] });
      expect((viaSession.invoice as Stripe.Invoice).payments!.data[0].id).toBe(payment.id);
      // Unknown expansions answer as before.
      const bad = await stripeError(stripe.invoices.retrieve(inv.id!, { expand: ['nope'] }));
      expect(bad).toMatchObject({ statusCode: 400, param: 'expand' });
    });

    it('invoice lines keep their period and proration flags, and the invoice its billing_reason', async () => {
      const updated = await stripe.subscriptions.update(bought.subscription.id, {
        items: [{ id: bought.subscription.items.data[0].id, price: business.id }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      });
      const inv = await stripe.invoices.retrieve(updated.latest_invoice as string, { expand: ['payments'] });
      expect(inv.billing_reason).toBe('subscription_update');
      expect(inv.status).toBe('paid');
      for (const line of inv.lines.data) {
        expect(line.period.end).toBeGreaterThan(line.period.start);
        expect(line.parent?.subscription_item_details?.proration).toBe(true);
        expect(line.discountable).toBe(false);
      }
      expect(inv.payments!.data[0].amount_paid).toBe(inv.total);
      const pi = await stripe.paymentIntents.retrieve(inv.payments!.data[0].payment.payment_intent as string);
      expect(pi).toMatchObject({ amount: inv.total, payment_method: pmId, description: 'Subscription update' });
      const first = await stripe.invoices.retrieve(bought.subscription.latest_invoice as string);
      expect(first.billing_reason).toBe('subscription_create');
      expect(
        first.lines.data.map((l) => l.parent?.subscription_item_details?.proration ?? l.parent?.invoice_item_details?.proration),
      ).toEqual([false, false]);
      await sandbox.flushWebhooks();
    });

    it('renew charges the default card: a paid renewal with its own PaymentIntent', async () => {
      const res = await control(`/test/subscriptions/${bought.subscription.id}/renew`);
      expect(res.body.events.map((e) => e.type)).toEqual([
        'customer.subscription.updated',
        'invoice.created',
        'invoice.finalized',
        'payment_intent.created',
        'charge.succeeded',
        'payment_intent.succeeded',
        'invoice.paid',
        'invoice.payment_succeeded',
        'invoice_payment.paid',
      ]);
      const inv = await stripe.invoices.retrieve(res.body.invoice!.id!, { expand: ['payments.data.payment.payment_intent'] });
      expect((inv.payments!.data[0].payment.payment_intent as Stripe.PaymentIntent).payment_method).toBe(pmId);
    });

    it("a customer's billing address: kept field by field, copied to the invoices made after it (customer_address)", async () => {
      const before = await stripe.invoices.retrieve(bought.subscription.latest_invoice as string);
      expect(before.customer_address).toBeNull();
      const set = await stripe.customers.update(bought.customer.id, {
        address: { line1: '8 rue Neuve', postal_code: '69002', city: 'Lyon', country: 'FR' },
      });
      expect(set.address).toEqual({ line1: '8 rue Neuve', line2: null, postal_code: '69002', city: 'Lyon', state: null, country: 'FR' });
      const moved = await stripe.customers.update(bought.customer.id, { address: { line2: 'Bâtiment B' } });
      expect(moved.address).toMatchObject({ line1: '8 rue Neuve', line2: 'Bâtiment B', city: 'Lyon' });
      const bad = await stripeError(stripe.customers.update(bought.customer.id, { address: { country: 'France' } }));
      expect(bad).toMatchObject({ statusCode: 400, param: 'address[country]' });
      const res = await control(`/test/subscriptions/${bought.subscription.id}/renew`);
      const inv = await stripe.invoices.retrieve(res.body.invoice!.id!);
      expect(inv.customer_address).toEqual(moved.address);
      // An invoice made earlier keeps what it had; a customer created with an address has it.
      expect((await stripe.invoices.retrieve(before.id!)).customer_address).toBeNull();
      const created = await stripe.customers.create({
        email: 'adresse@example.fr',
        address: { line1: '1 quai Saint-Vincent', city: 'Lyon' },
      });
      expect(created.address).toMatchObject({ line1: '1 quai Saint-Vincent', city: 'Lyon', country: null });
      await sandbox.flushWebhooks();
    });

    it('refunds part of a payment, then the rest; a third refund answers charge_already_refunded', async () => {
      await sandbox.flushWebhooks();
      const mark = receiver.events.length;
      const partial = await stripe.refunds.create({
        payment_intent: piId,
        amount: 1000,
        reason: 'requested_by_customer',
        metadata: { ticket: 'T-1' },
      });
      expect(partial).toMatchObject({
        object: 'refund',
        amount: 1000,
        currency: 'eur',
        payment_intent: piId,
        reason: 'requested_by_customer',
        status: 'succeeded',
        metadata: { ticket: 'T-1' },
      });
      expect(partial.id).toMatch(/^re_/);
      expect(partial.charge).toMatch(/^ch_/);
      let charge = await stripe.charges.retrieve(partial.charge as string);
      expect(charge).toMatchObject({ amount_refunded: 1000, refunded: false });

      const tooMuch = await stripeError(stripe.refunds.create({ payment_intent: piId, amount: 3401 }));
      expect(tooMuch).toMatchObject({ statusCode: 400, param: 'amount', type: 'StripeInvalidRequestError' });
      expect(tooMuch.message).toMatch(/greater than unrefunded amount/);

      const rest = await stripe.refunds.create({ charge: charge.id });
      expect(rest).toMatchObject({ amount: 3400, payment_intent: piId, reason: null, metadata: {} });
      charge = await stripe.charges.retrieve(charge.id);
      expect(charge).toMatchObject({ amount_refunded: 4400, refunded: true });
      const again = await stripeError(stripe.refunds.create({ payment_intent: piId }));
      expect(again).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });

      expect((await stripe.refunds.retrieve(partial.id)).amount).toBe(1000);
      expect((await stripe.refunds.list({ payment_intent: piId })).data.map((r) => r.id)).toEqual([rest.id, partial.id]);
      const events = await receiver.waitFor(
        (e) => receiver.events.indexOf(e) >= mark && (e.type === 'refund.created' || e.type === 'charge.refunded'),
        4,
      );
      // In any order: each charge.refunded says the charge as it was after its own refund.
      expect(events.map((e) => e.type).sort()).toEqual(['charge.refunded', 'charge.refunded', 'refund.created', 'refund.created']);
      const charges = events.filter((e) => e.type === 'charge.refunded').map((e) => e);
      const first = charges.find((e) => (e.data.object as Stripe.Charge).amount_refunded === 1000)!;
      const second = charges.find((e) => (e.data.object as Stripe.Charge).amount_refunded === 4400)!;
      expect(first.data.previous_attributes).toMatchObject({ amount_refunded: 0 });
      expect(second.data.previous_attributes).toMatchObject({ amount_refunded: 1000, refunded: false });

      const bad = await stripeError(stripe.refunds.create({}));
      expect(bad.statusCode).toBe(400);
      const unknown = await stripeError(stripe.refunds.create({ payment_intent: 'pi_nope' }));
      expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'payment_intent' });
      const reason = await stripeError(stripe.refunds.create({ charge: charge.id, reason: 'bored' as Stripe.RefundCreateParams.Reason }));
      expect(reason).toMatchObject({ statusCode: 400, param: 'reason' });
    });

    it('a refund retried with the same Idempotency-Key is created once', async () => {
      const sub = await stripe.subscriptions.retrieve(bought.subscription.id);
      const renewal = await stripe.invoices.retrieve(sub.latest_invoice as string, { expand: ['payments'] });
      const pi = renewal.payments!.data[0].payment.payment_intent as string;
      await sandbox.flushWebhooks();
      const mark = receiver.events.length;
      const a = await stripe.refunds.create({ payment_intent: pi, amount: 500 }, { idempotencyKey: 'refund-once' });
      const b = await stripe.refunds.create({ payment_intent: pi, amount: 500 }, { idempotencyKey: 'refund-once' });
      expect(b.id).toBe(a.id);
      expect((await stripe.refunds.list({ payment_intent: pi })).data).toHaveLength(1);
      expect((await stripe.charges.retrieve(a.charge as string)).amount_refunded).toBe(500);
      await sandbox.flushWebhooks();
      expect(eventsSince(mark, 'refund.created')).toHaveLength(1);
    });
  });

  describe('a card that fails later (4000 0000 0000 0341), then a new card through setup-mode checkout', () => {
    let bought: Awaited<ReturnType<typeof subscribe>>;
    let failingPm: string;
    let openInvoice: string;
    let goodPm: string;

    before(async () => {
      bought = await subscribe('fails-later@example.fr', FAILS_LATER);
      failingPm = bought.subscription.default_payment_method as string;
      await sandbox.flushWebhooks();
    });

    it('is accepted at checkout: the first invoice is paid', async () => {
      expect(bought.subscription.status).toBe('active');
      expect((await stripe.invoices.retrieve(bought.subscription.latest_invoice as string)).status).toBe('paid');
      expect((await stripe.paymentMethods.retrieve(failingPm)).card!.last4).toBe('0341');
    });

    it('renew fails like fail-payment: open invoice, past_due, invoice.payment_failed', async () => {
      const res = await control(`/test/subscriptions/${bought.subscription.id}/renew`);
      expect(res.status).toBe(200);
      expect(res.body.events.map((e) => e.type)).toEqual([
        'customer.subscription.updated',
        'invoice.created',
        'invoice.finalized',
        'payment_intent.created',
        'charge.failed',
        'payment_intent.payment_failed',
        'invoice.payment_failed',
        'customer.subscription.updated',
      ]);
      expect(res.body.subscription.status).toBe('past_due');
      expect(res.body.invoice).toMatchObject({ status: 'open', attempt_count: 1, amount_remaining: 2900 });
      openInvoice = res.body.invoice!.id!;
      const withPayments = await stripe.invoices.retrieve(openInvoice, { expand: ['payments'] });
      expect(withPayments.payments!.data).toEqual([]);
      // A second renew retries the open invoice with the same card: one more failed attempt, no new invoice.
      const again = await control(`/test/subscriptions/${bought.subscription.id}/renew`);
      // The invoice's PaymentIntent is tried again (no new one): its charge fails too.
      expect(again.body.events.map((e) => e.type)).toEqual(['charge.failed', 'payment_intent.payment_failed', 'invoice.payment_failed']);
      const failedCharge = (await stripe.events.retrieve(again.body.events[0].id)).data.object as Stripe.Charge;
      expect(failedCharge).toMatchObject({
        status: 'failed',
        paid: false,
        failure_code: 'card_declined',
        outcome: { type: 'issuer_declined' },
      });
      expect(again.body.invoice).toMatchObject({ id: openInvoice, status: 'open', attempt_count: 2 });
    });

    it('invoices.pay answers a 402 card error and counts the attempt (invoice.payment_failed)', async () => {
      await sandbox.flushWebhooks();
      const mark = receiver.events.length;
      const err = await stripeError(stripe.invoices.pay(openInvoice));
      expect(err).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(err).toMatchObject({
        statusCode: 402,
        type: 'StripeCardError',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      });
      expect(err.raw).toMatchObject({ charge: expect.stringMatching(/^ch_/) });
      const inv = await stripe.invoices.retrieve(openInvoice);
      expect(inv).toMatchObject({ status: 'open', attempt_count: 3 });
      const [failed] = await receiver.waitFor((e) => receiver.events.indexOf(e) >= mark && e.type === 'invoice.payment_failed');
      expect((failed.data.object as Stripe.Invoice).attempt_count).toBe(3);
      // Retried with the same key: the same answer, no further attempt.
      const keyed = await stripeError(stripe.invoices.pay(openInvoice, {}, { idempotencyKey: 'pay-once' }));
      const replay = await stripeError(stripe.invoices.pay(openInvoice, {}, { idempotencyKey: 'pay-once' }));
      expect([keyed.statusCode, replay.statusCode]).toEqual([402, 402]);
      expect((await stripe.invoices.retrieve(openInvoice)).attempt_count).toBe(4);
    });

    it('setup-mode checkout: validation of customer and line_items', async () => {
      const noCustomer = await stripeError(
        stripe.checkout.sessions.create({ mode: 'setup', currency: 'eur', success_url: 'http://app.test/ok' }),
      );
      expect(noCustomer).toMatchObject({ statusCode: 400, param: 'customer' });
      const withLines = await stripeError(
        stripe.checkout.sessions.create({
          mode: 'setup',
          customer: bought.customer.id,
          line_items: [{ price: pro.id, quantity: 1 }],
          success_url: 'http://app.test/ok',
        }),
      );
      expect(withLines).toMatchObject({ statusCode: 400, param: 'line_items' });
    });

    it("setup-mode checkout: a French 'Enregistrer une carte' page; declines shown; 'Annuler' keeps it open", async () => {
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        customer: bought.customer.id,
        currency: 'eur',
        locale: 'fr',
        success_url: 'http://app.test/card-saved?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://app.test/account?canceled=1',
        metadata: { purpose: 'card-change' },
        setup_intent_data: { metadata: { siteId: 'site-1' } },
      });
      expect(session).toMatchObject({
        object: 'checkout.session',
        mode: 'setup',
        status: 'open',
        payment_status: 'no_payment_required',
        customer: bought.customer.id,
        currency: 'eur',
        setup_intent: null,
        metadata: { purpose: 'card-change' },
        url: `http://localhost:${sandbox.port}/checkout/${session.id}`,
      });
      expect(session.amount_total ?? 0).toBe(0);

      const html = await (await fetch(session.url!)).text();
      for (const text of [
        'Enregistrer une carte',
        'Enregistrer la carte',
        'Annuler',
        'value="fails-later@example.fr" readonly',
        '4242 4242 4242 4242',
        'value="12/34"',
      ])
        expect(html).toContain(text);
      for (const id of ['email', 'card', 'exp', 'cvc', 'name']) {
        expect(html).toContain(`<label for="${id}">`);
        expect(html).toContain(`id="${id}"`);
      }
      expect(html).toContain('lang="fr"');
      expect(html).not.toContain('<script');
      expect(html).not.toContain('Payer');

      const declined = await pay(session.id, { card: DECLINED });
      expect(declined.status).toBe(402);
      expect(await declined.text()).toMatch(/role="alert">Votre carte a été refusée\./);
      const noFunds = await pay(session.id, { card: NO_FUNDS });
      expect(noFunds.status).toBe(402);
      expect(await noFunds.text()).toContain('Fonds insuffisants sur votre carte.');
      const invalid = await pay(session.id, { card: '4242' });
      expect(invalid.status).toBe(400);
      expect(await invalid.text()).toContain('Votre numéro de carte est invalide.');

      const canceled = await fetch(`${sandbox.url}/checkout/${session.id}/cancel`, { method: 'POST', redirect: 'manual' });
      expect(canceled.status).toBe(303);
      expect(canceled.headers.get('location')).toBe('http://app.test/account?canceled=1');
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');

      await sandbox.flushWebhooks();
      const mark = receiver.events.length;
      const saved = await pay(session.id, { card: GOOD, name: 'Camille Nouvelle' });
      expect(saved.status).toBe(303);
      expect(saved.headers.get('location')).toBe(`http://app.test/card-saved?session_id=${session.id}`);
      await sandbox.flushWebhooks();
      expect(
        receiver
          .since(mark)
          .map((e) => e.type)
          .sort(),
      ).toEqual(['checkout.session.completed', 'payment_method.attached', 'setup_intent.created', 'setup_intent.succeeded']);

      const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent', 'setup_intent.payment_method'] });
      expect(done).toMatchObject({ status: 'complete', payment_status: 'no_payment_required', url: null });
      const si = done.setup_intent as Stripe.SetupIntent;
      expect(si).toMatchObject({
        object: 'setup_intent',
        status: 'succeeded',
        customer: bought.customer.id,
        usage: 'off_session',
        metadata: { siteId: 'site-1' },
      });
      expect(si.id).toMatch(/^seti_/);
      const pm = si.payment_method as Stripe.PaymentMethod;
      expect(pm).toMatchObject({ customer: bought.customer.id, card: { last4: '4242' }, billing_details: { name: 'Camille Nouvelle' } });
      goodPm = pm.id;
      const plain = await stripe.setupIntents.retrieve(si.id);
      expect(plain.payment_method).toBe(goodPm);
      expect(((await stripe.setupIntents.retrieve(si.id, { expand: ['payment_method'] })).payment_method as Stripe.PaymentMethod).id).toBe(
        goodPm,
      );

      // Like Stripe: the saved card is not made the default by itself.
      const customer = (await stripe.customers.retrieve(bought.customer.id)) as Stripe.Customer;
      expect(customer.invoice_settings.default_payment_method).toBeNull();
      expect((await stripe.subscriptions.retrieve(bought.subscription.id)).default_payment_method).toBe(failingPm);
      expect((await stripe.customers.listPaymentMethods(bought.customer.id)).data.map((x) => x.id)).toEqual([goodPm, failingPm]);
      const again = await pay(session.id);
      expect(again.status).toBe(409);
      expect(await again.text()).toContain('Carte déjà enregistrée');
    });

    it('customers.update checks invoice_settings[default_payment_method] belongs to the customer', async () => {
      const other = await subscribe('someone-else@example.fr');
      const foreign = other.subscription.default_payment_method as string;
      const notHers = await stripeError(
        stripe.customers.update(bought.customer.id, { invoice_settings: { default_payment_method: foreign } }),
      );
      expect(notHers).toMatchObject({ statusCode: 400, param: 'invoice_settings[default_payment_method]' });
      expect(notHers.message).toContain('must be attached to the customer');
      const unknown = await stripeError(
        stripe.customers.update(bought.customer.id, { invoice_settings: { default_payment_method: 'pm_nope' } }),
      );
      expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', message: "No such PaymentMethod: 'pm_nope'" });
      expect(((await stripe.customers.retrieve(bought.customer.id)) as Stripe.Customer).invoice_settings.default_payment_method).toBeNull();
    });

    it("a subscription's default_payment_method wins over the customer's", async () => {
      const updated = await stripe.customers.update(bought.customer.id, { invoice_settings: { default_payment_method: goodPm } });
      expect(updated.invoice_settings.default_payment_method).toBe(goodPm);
      // The subscription keeps the card Checkout saved on it: that one is charged, not the customer's default.
      expect((await stripe.subscriptions.retrieve(bought.subscription.id)).default_payment_method).toBe(failingPm);
      expect((await stripeError(stripe.invoices.pay(openInvoice))).statusCode).toBe(402);
      await sandbox.flushWebhooks();
      const mark = receiver.events.length;
      await stripe.subscriptions.update(bought.subscription.id, { default_payment_method: goodPm });
      const failing = await stripe.subscriptions.update(bought.subscription.id, { default_payment_method: failingPm });
      expect(failing.default_payment_method).toBe(failingPm);
      const changed = await receiver.waitFor((e) => receiver.events.indexOf(e) >= mark && e.type === 'customer.subscription.updated', 2);
      // In any order: each update says the card it replaced.
      expect(changed.map((e) => e.data.previous_attributes)).toEqual(
        expect.arrayContaining([{ default_payment_method: failingPm }, { default_payment_method: goodPm }]),
      );
      expect((await stripeError(stripe.invoices.pay(openInvoice))).statusCode).toBe(402);
      const bad = await stripeError(stripe.subscriptions.update(bought.subscription.id, { default_payment_method: 'pm_nope' }));
      expect(bad).toMatchObject({ statusCode: 400, param: 'default_payment_method' });
      const expanded = await stripe.subscriptions.retrieve(bought.subscription.id, { expand: ['default_payment_method'] });
      expect((expanded.default_payment_method as Stripe.PaymentMethod).card!.last4).toBe('0341');
      // Back to none: the customer's default is the card to use again.
      const cleared = await stripe.subscriptions.update(bought.subscription.id, { default_payment_method: '' });
      expect(cleared.default_payment_method).toBeNull();
    });

    it("once the customer's default is the new card, renew pays the open invoice with it", async () => {
      const res = await control(`/test/subscriptions/${bought.subscription.id}/renew`);
      expect(res.body.events.map((e) => e.type)).toEqual([
        'charge.succeeded',
        'payment_intent.succeeded',
        'invoice.paid',
        'invoice.payment_succeeded',
        'invoice_payment.paid',
        'customer.subscription.updated',
      ]);
      expect(res.body.subscription.status).toBe('active');
      expect(res.body.invoice).toMatchObject({ id: openInvoice, status: 'paid', amount_paid: 2900 });
      const inv = await stripe.invoices.retrieve(openInvoice, { expand: ['payments.data.payment.payment_intent'] });
      expect((inv.payments!.data[0].payment.payment_intent as Stripe.PaymentIntent).payment_method).toBe(goodPm);
      // fail-payment still forces a failure whatever the card.
      const forced = await control(`/test/subscriptions/${bought.subscription.id}/fail-payment`);
      expect(forced.body.subscription.status).toBe('past_due');
      const paid = await stripe.invoices.pay(forced.body.invoice!.id!);
      expect(paid.status).toBe('paid');
      expect((await stripe.subscriptions.retrieve(bought.subscription.id)).status).toBe('active');
    });

    it('always_invoice with a failing card: error_if_incomplete changes nothing (402); allow_incomplete leaves it past_due', async () => {
      await stripe.customers.update(bought.customer.id, { invoice_settings: { default_payment_method: failingPm } });
      const before = await stripe.subscriptions.retrieve(bought.subscription.id);
      const item = before.items.data[0];
      const refused = await stripeError(
        stripe.subscriptions.update(before.id, {
          items: [{ id: item.id, price: business.id }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
        }),
      );
      expect(refused).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
      const unchanged = await stripe.subscriptions.retrieve(before.id);
      expect(unchanged.items.data[0].price.id).toBe(pro.id);
      expect(unchanged.latest_invoice).toBe(before.latest_invoice);
      expect(unchanged.status).toBe('active');

      await sandbox.flushWebhooks();
      const mark = receiver.events.length;
      const incomplete = await stripe.subscriptions.update(before.id, {
        items: [{ id: item.id, price: business.id }],
        proration_behavior: 'always_invoice',
      });
      expect(incomplete.status).toBe('past_due');
      expect(incomplete.items.data[0].price.id).toBe(business.id);
      const inv = await stripe.invoices.retrieve(incomplete.latest_invoice as string);
      expect(inv).toMatchObject({ status: 'open', billing_reason: 'subscription_update', attempt_count: 1 });
      await receiver.waitFor((e) => receiver.events.indexOf(e) >= mark && e.type === 'invoice.payment_failed');
      await sandbox.flushWebhooks();
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
          'charge.failed',
          'payment_intent.payment_failed',
          'invoice.payment_failed',
        ].sort(),
      );
    });

    it('subscriptions.cancel ends a past_due subscription and accepts invoice_now, prorate, cancellation_details', async () => {
      const canceled = await stripe.subscriptions.cancel(bought.subscription.id, {
        invoice_now: false,
        prorate: true,
        cancellation_details: { comment: 'Trop cher', feedback: 'too_expensive' },
      });
      expect(canceled).toMatchObject({
        status: 'canceled',
        cancellation_details: { reason: 'cancellation_requested', comment: 'Trop cher', feedback: 'too_expensive' },
      });
      expect(canceled.ended_at).not.toBeNull();
      expect((await stripeError(stripe.subscriptions.cancel(bought.subscription.id))).statusCode).toBe(404);
    });
  });

  describe('the hosted invoice page pays an open invoice', () => {
    let bought: Awaited<ReturnType<typeof subscribe>>;
    let inv: Stripe.Invoice;

    before(async () => {
      bought = await subscribe('invoice-page@example.fr');
      const failed = await control(`/test/subscriptions/${bought.subscription.id}/fail-payment`);
      inv = failed.body.invoice!;
      await sandbox.flushWebhooks();
    });

    it("shows a card form and 'Payer 29,00 €' on an open invoice", async () => {
      const res = await fetch(inv.hosted_invoice_url!);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('À payer');
      expect(html).toContain(`action="/invoices/${inv.id}/pay"`);
      expect(html).toMatch(/<button class="btn" type="submit">Payer 29,00\s€<\/button>/);
      for (const id of ['card', 'exp', 'cvc', 'name']) {
        expect(html).toContain(`<label for="${id}">`);
        expect(html).toContain(`id="${id}"`);
      }
      expect(html).toContain('name="viewport"');
      expect(html).not.toContain('<script');
      expect(html).not.toContain('Paiement reçu');
    });

    it('a declined card shows the error and counts a failed attempt', async () => {
      await sandbox.flushWebhooks();
      const mark = receiver.events.length;
      const res = await fetch(`${sandbox.url}/invoices/${inv.id}/pay`, form({ card: NO_FUNDS }));
      expect(res.status).toBe(402);
      const html = await res.text();
      expect(html).toMatch(/role="alert">Fonds insuffisants sur votre carte\./);
      expect(html).toContain(`value="${NO_FUNDS}"`);
      await sandbox.flushWebhooks();
      expect(
        eventsSince(mark)
          .map((e) => e.type)
          .sort(),
      ).toEqual(['charge.failed', 'invoice.payment_failed', 'payment_intent.payment_failed']);
      const later = await fetch(`${sandbox.url}/invoices/${inv.id}/pay`, form({ card: FAILS_LATER }));
      expect(later.status).toBe(402);
      expect(await later.text()).toContain('Votre carte a été refusée.');
      expect((await stripe.invoices.retrieve(inv.id!)).attempt_count).toBe(inv.attempt_count + 2);
      expect((await stripe.customers.listPaymentMethods(bought.customer.id)).data).toHaveLength(1);
      const expired = await fetch(`${sandbox.url}/invoices/${inv.id}/pay`, form({ exp: '01/20' }));
      expect(expired.status).toBe(400);
      expect(await expired.text()).toContain('dépassée');
    });

    it("a good card pays it like invoices.pay, then the page says 'Payée' and 'Paiement reçu, merci !'", async () => {
      await sandbox.flushWebhooks();
      const mark = receiver.events.length;
      const res = await fetch(
        `${sandbox.url}/invoices/${inv.id}/pay`,
        form({ card: '5555 5555 5555 4444', exp: '09/31', name: 'Camille Payeuse' }),
      );
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/invoices/${inv.id}`);
      await sandbox.flushWebhooks();
      const events = receiver.since(mark);
      expect(events.map((e) => e.type).sort()).toEqual(
        [
          'payment_method.attached',
          'charge.succeeded',
          'payment_intent.succeeded',
          'invoice.paid',
          'invoice.payment_succeeded',
          'invoice_payment.paid',
          'customer.subscription.updated',
        ].sort(),
      );
      expect((events.find((e) => e.type === 'customer.subscription.updated')!.data.object as Stripe.Subscription).status).toBe('active');

      const page = await (await fetch(inv.hosted_invoice_url!)).text();
      expect(page).toContain('Payée');
      expect(page).toContain('Paiement reçu, merci !');
      expect(page).not.toContain('<form');

      const paid = await stripe.invoices.retrieve(inv.id!, { expand: ['payments.data.payment.payment_intent'] });
      expect(paid).toMatchObject({ status: 'paid', amount_remaining: 0 });
      const pi = paid.payments!.data[0].payment.payment_intent as Stripe.PaymentIntent;
      const pm = await stripe.paymentMethods.retrieve(pi.payment_method as string);
      expect(pm).toMatchObject({
        customer: bought.customer.id,
        card: { brand: 'mastercard', last4: '4444', exp_month: 9, exp_year: 2031 },
        billing_details: { name: 'Camille Payeuse' },
      });
      const customer = (await stripe.customers.retrieve(bought.customer.id)) as Stripe.Customer;
      expect(customer.invoice_settings.default_payment_method).not.toBe(pm.id);

      const twice = await fetch(`${sandbox.url}/invoices/${inv.id}/pay`, form({}));
      expect(twice.status).toBe(409);
      expect(await twice.text()).toContain('déjà payée');
    });
  });

  it('attaches test tokens and detaches cards; detaching the default unsets it', async () => {
    const c = await stripe.customers.create({ email: 'tokens@example.fr' });
    const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: c.id });
    expect(failing).toMatchObject({ customer: c.id, card: { last4: '0341' } });
    expect(failing.id).toMatch(/^pm_/);
    const declined = await stripeError(stripe.paymentMethods.attach('pm_card_visa_chargeDeclined', { customer: c.id }));
    expect(declined).toMatchObject({ statusCode: 402, code: 'card_declined', decline_code: 'generic_decline' });
    await stripe.customers.update(c.id, { invoice_settings: { default_payment_method: failing.id } });
    const detached = await stripe.paymentMethods.detach(failing.id);
    expect(detached.customer).toBeNull();
    expect(((await stripe.customers.retrieve(c.id)) as Stripe.Customer).invoice_settings.default_payment_method).toBeNull();
    expect((await stripe.paymentMethods.list({ customer: c.id, type: 'card' })).data).toEqual([]);
  });

  it('a payment-mode checkout gets its own PaymentIntent, refundable', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: logo.id, quantity: 1 }],
      customer_email: 'once@example.fr',
      success_url: 'http://app.test/ok',
    });
    expect((await pay(session.id)).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    const pi = done.payment_intent as Stripe.PaymentIntent;
    expect(pi).toMatchObject({ amount: 1500, status: 'succeeded' });
    expect((await stripe.refunds.create({ payment_intent: pi.id })).amount).toBe(1500);
  });

  it('loads a data file written before cards existed', async () => {
    const file = join(dir, 'old.json');
    const t = Math.floor(Date.now() / 1000);
    const old = {
      version: 1,
      invoiceSeq: 0,
      customers: {
        cus_old: {
          id: 'cus_old',
          object: 'customer',
          created: t,
          email: 'old@example.fr',
          name: null,
          phone: null,
          description: null,
          metadata: {},
          preferred_locales: [],
        },
      },
      products: {},
      prices: {},
      sessions: {},
      subscriptions: {},
      invoices: {},
      events: {},
      idempotency: {},
    };
    writeFileSync(file, JSON.stringify(old));
    const legacy = await startStripeSandbox({ port: 0, webhookSecret: WEBHOOK_SECRET, dataFile: file });
    try {
      const client = clientFor(legacy);
      const c = (await client.customers.retrieve('cus_old')) as Stripe.Customer;
      expect(c.invoice_settings.default_payment_method).toBeNull();
      expect((await client.paymentMethods.list({ customer: 'cus_old' })).data).toEqual([]);
      expect((await client.refunds.list()).data).toEqual([]);
      expect((await client.paymentMethods.attach('pm_card_visa', { customer: 'cus_old' })).card!.last4).toBe('4242');
    } finally {
      await legacy.close();
    }
  });
});
