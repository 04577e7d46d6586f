/**
 * The sandbox behaving as Stripe documents it where the product relies on it: idempotency keys (results kept whatever
 * they are, card declines included; a different request under a used key refused; keys ignored on GET and DELETE),
 * embedded lists of 10 with `has_more`, and the conformance checker that holds every answer and event to the SDK's types.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import Stripe from 'stripe';
import { checkCaptures } from '../conformance/check.ts';
import { StripeTypes } from '../conformance/stripe-types.ts';
import { startStripeSandbox, type StripeSandbox } from '../src/index.ts';
import { clientFor, Receiver, stripeError, WEBHOOK_SECRET } from './helpers.ts';

describe('Stripe sandbox: as Stripe documents it', () => {
  const receiver = new Receiver();
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let pro: Stripe.Price;
  let business: Stripe.Price;
  let extra: Stripe.Price;

  const pay = (sessionId: string, card = '4242 4242 4242 4242'): Promise<Response> =>
    fetch(`${sandbox.url}/checkout/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card, exp: '12/34', cvc: '123', name: 'Camille' }).toString(),
      redirect: 'manual',
    });

  async function subscribe(email: string, card?: string, more = 0): Promise<Stripe.Subscription> {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: pro.id, quantity: 1 }, ...Array.from({ length: more }, () => ({ price: extra.id, quantity: 1 }))],
      customer_email: email,
      success_url: 'http://app.test/ok',
    });
    expect((await pay(session.id, card)).status).toBe(303);
    return stripe.subscriptions.retrieve((await stripe.checkout.sessions.retrieve(session.id)).subscription as string);
  }

  before(async () => {
    await receiver.start();
    sandbox = await startStripeSandbox({ port: 0, webhookSecret: WEBHOOK_SECRET, webhookUrl: receiver.url, retryBaseMs: 20 });
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
    extra = await stripe.prices.create({ product_data: { name: 'Option' }, currency: 'eur', unit_amount: 100 });
  });

  after(async () => {
    await sandbox.close();
    await receiver.stop();
  });

  describe('idempotency keys', () => {
    it('a declined charge is kept under its key and replayed: the same request fails the same way even after a card change', async () => {
      const sub = await subscribe('declined-upgrade@example.fr', '4000 0000 0000 0341');
      const item = sub.items.data[0];
      const upgrade: Stripe.SubscriptionUpdateParams = {
        items: [{ id: item.id, price: business.id }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      };
      const first = await stripeError(stripe.subscriptions.update(sub.id, upgrade, { idempotencyKey: 'upgrade-attempt-1' }));
      expect(first).toMatchObject({ statusCode: 402, type: 'StripeCardError', code: 'card_declined' });
      // A good card now: the same key still answers the stored decline, and nothing is charged.
      const good = await stripe.paymentMethods.attach('pm_card_visa', { customer: sub.customer as string });
      await stripe.subscriptions.update(sub.id, { default_payment_method: good.id });
      const replay = await stripeError(stripe.subscriptions.update(sub.id, upgrade, { idempotencyKey: 'upgrade-attempt-1' }));
      expect(replay).toMatchObject({ statusCode: 402, code: 'card_declined' });
      expect(replay.headers?.['idempotent-replayed']).toBe('true');
      expect((await stripe.subscriptions.retrieve(sub.id)).items.data[0].price.id).toBe(pro.id);
      // A new attempt (a new key) goes through.
      const retried = await stripe.subscriptions.update(sub.id, upgrade, { idempotencyKey: 'upgrade-attempt-2' });
      expect(retried.items.data[0].price.id).toBe(business.id);
    });

    it('a different request under a used key is refused with idempotency_error; a request refused before executing is not kept', async () => {
      const customer = await stripe.customers.create({ email: 'keys@example.fr' }, { idempotencyKey: 'create-once' });
      const same = await stripe.customers.create({ email: 'keys@example.fr' }, { idempotencyKey: 'create-once' });
      expect(same.id).toBe(customer.id);
      const other = await stripeError(stripe.customers.create({ email: 'other@example.fr' }, { idempotencyKey: 'create-once' }));
      expect(other).toMatchObject({ statusCode: 400, type: 'StripeIdempotencyError' });
      // Refused by validation (not executed): the key stays free for the corrected request.
      const invalid = await stripeError(stripe.customers.create({ email: 'not-an-email' }, { idempotencyKey: 'fix-me' }));
      expect(invalid.statusCode).toBe(400);
      const fixed = await stripe.customers.create({ email: 'fixed@example.fr' }, { idempotencyKey: 'fix-me' });
      expect(fixed.email).toBe('fixed@example.fr');
    });

    it('GET and DELETE ignore the key (idempotent by definition): a DELETE under a used key executes', async () => {
      const a = await stripe.customers.create({ email: 'a@example.fr' });
      const b = await stripe.customers.create({ email: 'b@example.fr' });
      const key = { idempotencyKey: 'delete-key' };
      expect((await stripe.customers.del(a.id, {}, key)).deleted).toBe(true);
      expect((await stripe.customers.del(b.id, {}, key)).id).toBe(b.id);
      const gone = (await stripe.customers.retrieve(b.id, {}, key)) as Stripe.DeletedCustomer;
      expect(gone.deleted).toBe(true);
    });
  });

  describe('embedded lists', () => {
    it('an invoice embeds its first 10 lines with has_more; GET /v1/invoices/:id/lines pages through all of them', async () => {
      const sub = await subscribe('many-lines@example.fr', undefined, 11);
      const inv = await stripe.invoices.retrieve(sub.latest_invoice as string);
      expect(inv.lines.data).toHaveLength(10);
      expect(inv.lines.has_more).toBe(true);
      expect(inv.lines.url).toBe(`/v1/invoices/${inv.id}/lines`);
      expect(inv.total).toBe(2900 + 11 * 100);
      const all: Stripe.InvoiceLineItem[] = [];
      for await (const line of stripe.invoices.listLineItems(inv.id!, { limit: 5 })) all.push(line);
      expect(all).toHaveLength(12);
      expect(new Set(all.map((l) => l.id)).size).toBe(12);
      expect(all.reduce((sum, l) => sum + l.amount, 0)).toBe(inv.total);
    });
  });

  describe('events', () => {
    it('customers and cards made through the API send customer.* and payment_method.* events', async () => {
      await sandbox.flushWebhooks();
      const mark = receiver.events.length;
      const c = await stripe.customers.create({ email: 'events@example.fr' });
      await stripe.customers.update(c.id, { name: 'Camille' });
      const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: c.id });
      await stripe.paymentMethods.detach(pm.id);
      await stripe.customers.del(c.id);
      await sandbox.flushWebhooks();
      // Received in any order; made in this one (events.list, newest first).
      const events = receiver.since(mark);
      const made = (await stripe.events.list({ limit: events.length })).data.reverse();
      expect(made.map((e) => e.id).sort()).toEqual(events.map((e) => e.id).sort());
      expect(made.map((e) => e.type)).toEqual([
        'customer.created',
        'customer.updated',
        'payment_method.attached',
        'payment_method.detached',
        'customer.deleted',
      ]);
      expect(made[1].data.previous_attributes).toEqual({ name: null });
    });
  });

  describe('the conformance checker (the SDK types, read by the TypeScript compiler)', () => {
    let types: StripeTypes;
    before(() => {
      types = new StripeTypes();
    });

    /** The JSON as sent (the SDK turns decimal strings into its Decimal class when it reads them). */
    const raw = async (path: string): Promise<unknown> =>
      (await fetch(`${sandbox.url}${path}`, { headers: { Authorization: 'Bearer sk_test_sandbox' } })).json();

    it('accepts what the sandbox renders', async () => {
      const sub = await subscribe('conformance@example.fr');
      const report = checkCaptures(
        [
          { source: 'subscription', body: await raw(`/v1/subscriptions/${sub.id}`) },
          { source: 'invoice', body: await raw(`/v1/invoices/${sub.latest_invoice as string}?expand[]=payments`) },
          { source: 'sessions', body: await raw('/v1/checkout/sessions?limit=3') },
        ],
        types,
      );
      expect(report.divergences).toEqual([]);
      expect(Object.keys(report.kinds)).toEqual(
        expect.arrayContaining(['subscription', 'invoice', 'invoice_payment', 'checkout.session', 'list']),
      );
    });

    it('reports a missing always-present field, a field the SDK does not declare, a wrong type and a value this version does not list', async () => {
      const session = ((await raw('/v1/checkout/sessions?limit=1')) as { data: Record<string, unknown>[] }).data[0];
      delete session.wallet_options;
      session.ui_mode = 'hosted';
      session.amount_total = '4400';
      session.invented = true;
      const found = types.check(session, 'altered session').divergences.map((d) => `${d.path}: ${d.message}`);
      expect(found).toEqual(
        expect.arrayContaining([
          'wallet_options: champ toujours présent absent',
          expect.stringMatching(/^ui_mode: "hosted" n'est pas une valeur de cette version/),
          expect.stringMatching(/^amount_total: /),
          'invented: champ que le type du SDK ne déclare pas',
        ]),
      );
      expect(found).toHaveLength(4);
      const event = ((await raw('/v1/events?limit=1&type=invoice.paid')) as { data: { data: { object: object } }[] }).data[0];
      event.data = { object: { ...event.data.object, object: 'subscription' } };
      expect(types.check(event, 'event').divergences.length).toBeGreaterThan(0);
    });
  });
});
