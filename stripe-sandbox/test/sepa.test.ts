/**
 * SEPA Direct Debit in the Stripe sandbox, with the real `stripe` SDK: the hosted checkout's 'Prélèvement SEPA' (IBAN
 * checked, mandate), a checkout completing unpaid then the async events, Stripe's four French test IBANs (now / after a
 * delay, succeeded / failed: "after a delay" is POST /test/debits/settle), renewals by debit processing then paid or
 * failed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '../src/index.ts';
import { clientFor, Receiver, WEBHOOK_SECRET, type ControlBody, type ControlEvent } from './helpers.ts';

const SUCCEEDS = 'FR14 2004 1010 0505 0001 3M02 606';
const SUCCEEDS_LATER = 'FR3020041010050500013M02609';
const FAILS = 'FR8420041010050500013M02607';
const FAILS_LATER = 'fr79 2004 1010 0505 0001 3m02 600';

describe('Stripe sandbox: SEPA Direct Debit', () => {
  const receiver = new Receiver();
  const dir = mkdtempSync(join(tmpdir(), 'stripe-sandbox-sepa-'));
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let pro: Stripe.Price;
  let logo: Stripe.Price;

  const pay = (sessionId: string, fields: Record<string, string>): Promise<Response> =>
    fetch(`${sandbox.url}/checkout/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: '4242 4242 4242 4242', exp: '12/34', ...fields }).toString(),
      redirect: 'manual',
    });

  async function control(path: string): Promise<{ status: number; body: ControlBody & { settled?: string[] } }> {
    const res = await fetch(`${sandbox.url}${path}`, { method: 'POST' });
    return { status: res.status, body: (await res.json()) as ControlBody & { settled?: string[] } };
  }

  const openSession = (email: string, types: string[] = ['card', 'sepa_debit']): Promise<Stripe.Checkout.Session> =>
    stripe.checkout.sessions.create({
      mode: 'subscription',
      allowed_payment_method_types: types as Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType[],
      line_items: [
        { price: pro.id, quantity: 1 },
        { price: logo.id, quantity: 1 },
      ],
      customer_email: email,
      metadata: { draftId: 'd-1' },
      success_url: 'http://app.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/order?canceled=1',
    });

  /** A subscription bought by SEPA debit with `iban` on the hosted checkout: the session as completed, and the events since. */
  async function subscribeByDebit(email: string, iban: string): Promise<{ session: Stripe.Checkout.Session; mark: number }> {
    const session = await openSession(email);
    await sandbox.flushWebhooks();
    const mark = receiver.events.length;
    const res = await pay(session.id, { method: 'sepa_debit', iban, account_holder: 'Camille Prélevée' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`http://app.test/payment-success?session_id=${session.id}`);
    await sandbox.flushWebhooks();
    return { session: await stripe.checkout.sessions.retrieve(session.id), mark };
  }

  const typesSince = (mark: number): string[] => receiver.since(mark).map((e) => e.type);
  const objectOf = <T>(mark: number, type: string): T => receiver.since(mark).find((e) => e.type === type)!.data.object as T;

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
    logo = await stripe.prices.create({ product_data: { name: 'Création de logo' }, currency: 'eur', unit_amount: 1500 });
  });

  after(async () => {
    await sandbox.close();
    await receiver.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a session offers the account's methods (card, sepa_debit in euros) filtered by allowed_payment_method_types", async () => {
    const both = await openSession('types@example.fr');
    expect(both.payment_method_types).toEqual(['card', 'sepa_debit']);
    expect(both.allowed_payment_method_types).toEqual(['card', 'sepa_debit']);
    expect(both.payment_method_options).toMatchObject({ sepa_debit: {} });
    const cardOnly = await openSession('card@example.fr', ['card']);
    expect(cardOnly.payment_method_types).toEqual(['card']);
    const unsaid = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: pro.id, quantity: 1 }],
      success_url: 'http://app.test/ok',
    });
    expect(unsaid).toMatchObject({ allowed_payment_method_types: null, payment_method_types: ['card', 'sepa_debit'] });
    await expect(openSession('x@example.fr', ['card', 'ideal'])).rejects.toMatchObject({
      statusCode: 400,
      param: 'allowed_payment_method_types',
    });
    const usd = await stripe.prices.create({
      product_data: { name: 'USD' },
      currency: 'usd',
      unit_amount: 100,
      recurring: { interval: 'month' },
    });
    const dollars = await stripe.checkout.sessions.create({
      mode: 'subscription',
      allowed_payment_method_types: ['card', 'sepa_debit'],
      line_items: [{ price: usd.id, quantity: 1 }],
      success_url: 'http://app.test/ok',
    });
    expect(dollars.payment_method_types).toEqual(['card']);
    await expect(
      stripe.checkout.sessions.create({
        mode: 'subscription',
        allowed_payment_method_types: ['sepa_debit'],
        line_items: [{ price: usd.id, quantity: 1 }],
        success_url: 'http://app.test/ok',
      }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });

  it("the hosted checkout offers 'Carte bancaire' and 'Prélèvement SEPA' (IBAN, account holder, the mandate) only when the session allows it", async () => {
    const both = await openSession('page@example.fr');
    const html = await (await fetch(`${sandbox.url}/checkout/${both.id}`)).text();
    expect(html).toContain('Carte bancaire');
    expect(html).toContain('Prélèvement SEPA');
    expect(html).toContain('<label for="iban">IBAN</label>');
    expect(html).toContain('Titulaire du compte');
    expect(html).toContain('vous autorisez (A) Stripe sandbox et Stripe');
    const cardOnly = await openSession('page2@example.fr', ['card']);
    const cardHtml = await (await fetch(`${sandbox.url}/checkout/${cardOnly.id}`)).text();
    expect(cardHtml).not.toContain('Prélèvement SEPA');
    expect(cardHtml).toContain('Informations de carte');
  });

  it('an invalid IBAN, a missing one or a missing holder is refused on the page in French, and nothing is created', async () => {
    const session = await openSession('bad@example.fr');
    const before = (await stripe.customers.list({ limit: 100 })).data.length;
    const cases: [Record<string, string>, string][] = [
      [{ iban: 'FR1420041010050500013M02607', account_holder: 'A' }, 'sa clé de contrôle ne correspond pas'],
      [{ iban: 'FR14200410', account_holder: 'A' }, 'Votre IBAN est invalide'],
      [{ iban: '', account_holder: 'A' }, 'Saisissez votre IBAN'],
      [{ iban: SUCCEEDS, account_holder: ' ' }, 'Saisissez le nom du titulaire du compte'],
    ];
    for (const [fields, message] of cases) {
      const res = await pay(session.id, { method: 'sepa_debit', ...fields });
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain(message);
      expect(html).toContain('id="method-sepa" name="method" value="sepa_debit" checked');
    }
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await stripe.customers.list({ limit: 100 })).data.length).toBe(before);
  });

  describe('FR14… (succeeds)', () => {
    let bought: Awaited<ReturnType<typeof subscribeByDebit>>;

    before(async () => {
      bought = await subscribeByDebit('sepa-ok@example.fr', SUCCEEDS);
    });

    it('completes the session unpaid (processing, the subscription active, the invoice open), then the debit succeeds in later events', async () => {
      const types = typesSince(bought.mark);
      const completed = types.indexOf('checkout.session.completed');
      expect(completed).toBeGreaterThan(-1);
      const at = (t: string): number => types.indexOf(t);
      // Stripe's events of a debit's start, all before the completion…
      for (const t of [
        'customer.created',
        'payment_method.attached',
        'customer.subscription.created',
        'invoice.finalized',
        'payment_intent.created',
      ])
        expect(at(t)).toBeGreaterThan(-1);
      expect(types).toContain('payment_intent.processing');
      expect(types).toContain('charge.pending');
      expect(objectOf<Stripe.Checkout.Session>(bought.mark, 'checkout.session.completed').payment_status).toBe('unpaid');
      expect(objectOf<Stripe.PaymentIntent>(bought.mark, 'payment_intent.processing').status).toBe('processing');
      expect(objectOf<Stripe.Charge>(bought.mark, 'charge.pending')).toMatchObject({ status: 'pending', paid: false });
      // …then its settlement, its own later events.
      for (const t of [
        'charge.succeeded',
        'payment_intent.succeeded',
        'invoice.paid',
        'invoice_payment.paid',
        'checkout.session.async_payment_succeeded',
      ])
        expect(types).toContain(t);
      expect(types).not.toContain('checkout.session.async_payment_failed');
      expect(objectOf<Stripe.Checkout.Session>(bought.mark, 'checkout.session.async_payment_succeeded').payment_status).toBe('paid');
      expect(bought.session).toMatchObject({ status: 'complete', payment_status: 'paid' });
      const sub = await stripe.subscriptions.retrieve(bought.session.subscription as string);
      expect(sub.status).toBe('active');
      const inv = await stripe.invoices.retrieve(bought.session.invoice as string, { expand: ['payments.data.payment.payment_intent'] });
      expect(inv.status).toBe('paid');
      expect((inv.payments!.data[0].payment.payment_intent as Stripe.PaymentIntent).status).toBe('succeeded');
    });

    it('the PaymentMethod is a sepa_debit (last4, bank code, country, fingerprint) with an active mandate on its charge', async () => {
      const sub = await stripe.subscriptions.retrieve(bought.session.subscription as string);
      const pm = await stripe.paymentMethods.retrieve(sub.default_payment_method as string);
      expect(pm.type).toBe('sepa_debit');
      expect(pm.sepa_debit).toMatchObject({ last4: '2606', bank_code: '20041', branch_code: '01005', country: 'FR' });
      expect(pm.sepa_debit!.fingerprint).toMatch(/^[A-Za-z0-9]{16}$/);
      expect(pm.billing_details.name).toBe('Camille Prélevée');
      const charge = objectOf<Stripe.Charge>(bought.mark, 'charge.succeeded');
      expect(charge.payment_method_details!.type).toBe('sepa_debit');
      const mandateId = charge.payment_method_details!.sepa_debit!.mandate!;
      const mandate = await stripe.mandates.retrieve(mandateId);
      expect(mandate).toMatchObject({ object: 'mandate', status: 'active', type: 'multi_use', payment_method: pm.id });
      expect(mandate.payment_method_details.sepa_debit!.reference).toMatch(/^[A-Z0-9]{16}$/);
    });

    it('a renewal by debit is processing (the invoice open, the subscription active), then paid in its own events', async () => {
      const subId = bought.session.subscription as string;
      const mark = receiver.events.length;
      const { status, body } = await control(`/test/subscriptions/${subId}/renew`);
      expect(status).toBe(200);
      const names = body.events.map((e: ControlEvent) => e.type);
      expect(names).toEqual(
        expect.arrayContaining(['invoice.created', 'invoice.finalized', 'payment_intent.processing', 'charge.pending', 'invoice.paid']),
      );
      expect(names.indexOf('payment_intent.processing')).toBeLessThan(names.indexOf('invoice.paid'));
      await sandbox.flushWebhooks();
      expect(objectOf<Stripe.Invoice>(mark, 'invoice.finalized').billing_reason).toBe('subscription_cycle');
      expect(typesSince(mark)).not.toContain('invoice.payment_failed');
      expect((await stripe.subscriptions.retrieve(subId)).status).toBe('active');
    });
  });

  describe('FR30… (succeeds after a delay)', () => {
    let bought: Awaited<ReturnType<typeof subscribeByDebit>>;

    before(async () => {
      bought = await subscribeByDebit('sepa-later@example.fr', SUCCEEDS_LATER);
    });

    it('stays processing until POST /test/debits/settle, which sends the success', async () => {
      expect(bought.session).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
      expect(typesSince(bought.mark)).not.toContain('checkout.session.async_payment_succeeded');
      const inv = await stripe.invoices.retrieve(bought.session.invoice as string, { expand: ['payments.data.payment.payment_intent'] });
      expect(inv).toMatchObject({ status: 'open', attempted: true });
      expect(inv.payments!.data[0]).toMatchObject({ status: 'open' });
      expect((inv.payments!.data[0].payment.payment_intent as Stripe.PaymentIntent).status).toBe('processing');
      expect((await stripe.subscriptions.retrieve(bought.session.subscription as string)).status).toBe('active');
      // An invoice whose debit is processing cannot be paid again meanwhile.
      await expect(stripe.invoices.pay(inv.id!)).rejects.toMatchObject({ statusCode: 400 });

      const mark = receiver.events.length;
      const { status, body } = await control(`/test/debits/settle?session=${bought.session.id}`);
      expect(status).toBe(200);
      expect(body.settled).toHaveLength(1);
      await sandbox.flushWebhooks();
      expect(typesSince(mark)).toEqual(
        expect.arrayContaining([
          'charge.succeeded',
          'payment_intent.succeeded',
          'invoice.paid',
          'checkout.session.async_payment_succeeded',
        ]),
      );
      expect((await stripe.checkout.sessions.retrieve(bought.session.id)).payment_status).toBe('paid');
      expect((await stripe.invoices.retrieve(inv.id!)).status).toBe('paid');
      // Nothing left to settle.
      expect((await control('/test/debits/settle')).body.settled).toEqual([]);
    });
  });

  describe('FR84… (fails)', () => {
    it('completes unpaid, then the debit fails: invoice.payment_failed, the subscription past_due, checkout.session.async_payment_failed', async () => {
      const bought = await subscribeByDebit('sepa-ko@example.fr', FAILS);
      const types = typesSince(bought.mark);
      expect(types).toEqual(
        expect.arrayContaining([
          'checkout.session.completed',
          'charge.failed',
          'payment_intent.payment_failed',
          'invoice.payment_failed',
          'customer.subscription.updated',
          'checkout.session.async_payment_failed',
        ]),
      );
      expect(types).not.toContain('invoice.paid');
      expect(bought.session).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
      expect(objectOf<Stripe.Charge>(bought.mark, 'charge.failed')).toMatchObject({ status: 'failed', failure_code: 'insufficient_funds' });
      const pi = objectOf<Stripe.PaymentIntent>(bought.mark, 'payment_intent.payment_failed');
      expect(pi.status).toBe('requires_payment_method');
      expect(pi.last_payment_error).toMatchObject({ code: 'insufficient_funds', type: 'invalid_request_error' });
      expect((await stripe.subscriptions.retrieve(bought.session.subscription as string)).status).toBe('past_due');
      expect((await stripe.invoices.retrieve(bought.session.invoice as string)).status).toBe('open');
    });
  });

  describe('FR79… (fails after a delay)', () => {
    it('stays processing until settled, then fails; a renewal by the same account fails the same way (past_due)', async () => {
      const bought = await subscribeByDebit('sepa-ko-later@example.fr', FAILS_LATER);
      expect(typesSince(bought.mark)).not.toContain('checkout.session.async_payment_failed');
      const mark = receiver.events.length;
      expect((await control(`/test/debits/settle?invoice=${bought.session.invoice}`)).body.settled).toHaveLength(1);
      await sandbox.flushWebhooks();
      expect(typesSince(mark)).toEqual(expect.arrayContaining(['invoice.payment_failed', 'checkout.session.async_payment_failed']));
      const subId = bought.session.subscription as string;
      expect((await stripe.subscriptions.retrieve(subId)).status).toBe('past_due');

      // The open invoice tried again by the subscription's debit: processing (still past_due), then failed once more.
      const retry = await control(`/test/subscriptions/${subId}/renew`);
      expect(retry.body.events.map((e: ControlEvent) => e.type)).toContain('payment_intent.processing');
      expect(retry.body.subscription.status).toBe('past_due');
      const settled = await control(`/test/debits/settle?subscription=${subId}`);
      expect(settled.body.events.map((e: ControlEvent) => e.type)).toContain('invoice.payment_failed');
      expect((await stripe.invoices.retrieve(bought.session.invoice as string)).attempt_count).toBe(2);
    });
  });

  it('a renewal by debit: processing, then paid on settle; the next one refused (?result=failed): past_due', async () => {
    const bought = await subscribeByDebit('sepa-renew@example.fr', SUCCEEDS_LATER);
    await control(`/test/debits/settle?session=${bought.session.id}`);
    const subId = bought.session.subscription as string;
    const renewal = await control(`/test/subscriptions/${subId}/renew`);
    const names = renewal.body.events.map((e: ControlEvent) => e.type);
    expect(names).toContain('payment_intent.processing');
    expect(names).not.toContain('invoice.paid');
    expect(renewal.body.invoice).toMatchObject({ status: 'open', billing_reason: 'subscription_cycle' });
    expect(renewal.body.subscription.status).toBe('active');
    const settled = await control(`/test/debits/settle?subscription=${subId}`);
    expect(settled.body.events.map((e: ControlEvent) => e.type)).toEqual(
      expect.arrayContaining([
        'charge.succeeded',
        'payment_intent.succeeded',
        'invoice.paid',
        'invoice.payment_succeeded',
        'invoice_payment.paid',
      ]),
    );
    expect(settled.body.events.map((e: ControlEvent) => e.type)).not.toContain('checkout.session.async_payment_succeeded');
    expect((await stripe.invoices.retrieve(renewal.body.invoice!.id!)).status).toBe('paid');

    // The next one refused by the bank (?result=failed): invoice.payment_failed, past_due.
    const next = await control(`/test/subscriptions/${subId}/renew`);
    expect(next.body.invoice).toMatchObject({ status: 'open' });
    expect((await control(`/test/debits/settle?subscription=${subId}&result=nope`)).status).toBe(400);
    const refused = await control(`/test/debits/settle?subscription=${subId}&result=failed`);
    expect(refused.body.events.map((e: ControlEvent) => e.type)).toEqual(
      expect.arrayContaining(['charge.failed', 'payment_intent.payment_failed', 'invoice.payment_failed', 'customer.subscription.updated']),
    );
    expect((await stripe.subscriptions.retrieve(subId)).status).toBe('past_due');
    await sandbox.flushWebhooks();
  });

  it('the settle control answers 404 for an unknown session, invoice or subscription', async () => {
    for (const q of ['session=cs_nope', 'invoice=in_nope', 'subscription=sub_nope'])
      expect((await control(`/test/debits/settle?${q}`)).status).toBe(404);
  });
});
