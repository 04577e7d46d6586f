/**
 * 3-D Secure in the Stripe sandbox, with the real `stripe` SDK: Stripe's three authentication test cards on the hosted
 * checkout (the authentication page, *Autoriser* / *Échouer*), off-session renewals (3155 set up at checkout goes
 * through, 3184 waits for the customer: invoice.payment_action_required), the hosted invoice page's authentication,
 * invoices.pay and subscription updates under each payment_behavior, and pending updates.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '../src/index.ts';
import { clientFor, Receiver, stripeError, WEBHOOK_SECRET, type ControlBody } from './helpers.ts';

const ALWAYS = '4000 0027 6000 3184';
const ONCE = '4000 0025 0000 3155';
const THEN_NO_FUNDS = '4000 0082 6000 3178';

describe('Stripe sandbox: 3-D Secure', () => {
  const receiver = new Receiver();
  const dir = mkdtempSync(join(tmpdir(), 'stripe-sandbox-3ds-'));
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let pro: Stripe.Price;
  let business: Stripe.Price;

  const post = (path: string, fields: Record<string, string>): Promise<Response> =>
    fetch(`${sandbox.url}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
      redirect: 'manual',
    });

  async function control(path: string): Promise<{ status: number; body: ControlBody }> {
    const res = await fetch(`${sandbox.url}${path}`, { method: 'POST' });
    return { status: res.status, body: (await res.json()) as ControlBody };
  }

  async function openSession(email: string): Promise<Stripe.Checkout.Session> {
    return stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: pro.id, quantity: 1 }],
      customer_email: email,
      success_url: 'http://app.test/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.test/order',
    });
  }

  /** A Pro subscription bought with `card`, authenticated on the page. */
  async function subscribe(email: string, card: string): Promise<Stripe.Subscription> {
    const session = await openSession(email);
    const page = await post(`/checkout/${session.id}/pay`, { email, card, exp: '12/34', name: 'Camille' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Authentification 3-D Secure');
    const answer = await post(`/checkout/${session.id}/authenticate`, { result: 'authorize' });
    expect(answer.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    return stripe.subscriptions.retrieve(done.subscription as string);
  }

  const typesSince = (mark: number): string[] => receiver.since(mark).map((e) => e.type);

  before(async () => {
    await receiver.start();
    sandbox = await startStripeSandbox({
      port: 0,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: receiver.url,
      dataFile: join(dir, 'state.json'),
    });
    stripe = clientFor(sandbox);
    pro = await stripe.prices.create({
      currency: 'eur',
      unit_amount: 2900,
      recurring: { interval: 'month' },
      product_data: { name: 'Pro' },
    });
    business = await stripe.prices.create({
      currency: 'eur',
      unit_amount: 5900,
      recurring: { interval: 'month' },
      product_data: { name: 'Business' },
    });
  });

  after(async () => {
    await sandbox.close();
    await receiver.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('asks every 3-D Secure card to authenticate on the checkout page; Échouer leaves it unpaid and open', async () => {
    for (const card of [ALWAYS, ONCE, THEN_NO_FUNDS]) {
      const session = await openSession('fail@example.test');
      const page = await post(`/checkout/${session.id}/pay`, { email: 'fail@example.test', card, exp: '12/34' });
      const html = await page.text();
      expect(html).toContain('Authentification 3-D Secure');
      expect(html).toContain('>Autoriser<');
      expect(html).toContain('>Échouer<');
      const failed = await post(`/checkout/${session.id}/authenticate`, { result: 'fail' });
      expect(failed.status).toBe(402);
      expect(await failed.text()).toContain('L&#39;authentification 3-D Secure a échoué');
      const after = await stripe.checkout.sessions.retrieve(session.id);
      expect(after.status).toBe('open');
      expect(after.payment_status).toBe('unpaid');
      expect(after.subscription).toBeNull();
    }
  });

  it('4000 0082 6000 3178: authenticated, then declined for insufficient funds (nothing made)', async () => {
    const session = await openSession('nofunds@example.test');
    await post(`/checkout/${session.id}/pay`, { email: 'nofunds@example.test', card: THEN_NO_FUNDS, exp: '12/34' });
    const answer = await post(`/checkout/${session.id}/authenticate`, { result: 'authorize' });
    expect(answer.status).toBe(402);
    expect(await answer.text()).toContain('Fonds insuffisants');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('4000 0025 0000 3155: authenticated once at checkout, its renewals then go through off-session', async () => {
    const sub = await subscribe('once@example.test', ONCE);
    expect(sub.status).toBe('active');
    const renewal = await control(`/test/subscriptions/${sub.id}/renew`);
    expect(renewal.body.subscription.status).toBe('active');
    expect(renewal.body.invoice?.status).toBe('paid');
    expect(renewal.body.events.map((e) => e.type)).not.toContain('invoice.payment_action_required');
  });

  it('4000 0027 6000 3184: the renewal waits for the customer, who authenticates it on the hosted invoice page', async () => {
    const sub = await subscribe('always@example.test', ALWAYS);
    await sandbox.flushWebhooks();
    const mark = receiver.events.length;
    const renewal = await control(`/test/subscriptions/${sub.id}/renew`);
    expect(renewal.body.subscription.status).toBe('past_due');
    const invoice = renewal.body.invoice!;
    expect(invoice.status).toBe('open');
    expect(renewal.body.events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        'payment_intent.created',
        'payment_intent.requires_action',
        'invoice.payment_failed',
        'invoice.payment_action_required',
      ]),
    );
    expect(renewal.body.events.map((e) => e.type)).not.toContain('charge.failed');
    const withPayments = await stripe.invoices.retrieve(invoice.id!, { expand: ['payments.data.payment.payment_intent'] });
    const pi = withPayments.payments!.data[0].payment.payment_intent as Stripe.PaymentIntent;
    expect(pi.status).toBe('requires_action');
    expect(pi.next_action?.type).toBe('use_stripe_sdk');
    expect(withPayments.payments!.data[0].status).toBe('open');

    // invoices.pay through the API (off-session) answers Stripe's 402: the customer must act.
    const err = await stripeError(stripe.invoices.pay(invoice.id!));
    expect(err.statusCode).toBe(402);
    expect(err.code).toBe('invoice_payment_intent_requires_action');

    // The hosted invoice page says so; 'Confirmer le paiement' authenticates the awaited card.
    const page = await (await fetch(invoice.hosted_invoice_url!)).text();
    expect(page).toContain('Authentification requise');
    const confirm = await post(`/invoices/${invoice.id}/confirm`, {});
    expect(await confirm.text()).toContain('Authentification 3-D Secure');
    const paid = await post(`/invoices/${invoice.id}/authenticate`, { result: 'authorize' });
    expect(paid.status).toBe(303);
    expect((await stripe.invoices.retrieve(invoice.id!)).status).toBe('paid');
    expect((await stripe.subscriptions.retrieve(sub.id)).status).toBe('active');
    await receiver.waitFor((e) => e.type === 'invoice.paid' && (e.data.object as Stripe.Invoice).id === invoice.id);
    await sandbox.flushWebhooks();
    expect(typesSince(mark)).toEqual(
      expect.arrayContaining([
        'invoice.payment_action_required',
        'charge.succeeded',
        'payment_intent.succeeded',
        'invoice.paid',
        'invoice_payment.paid',
      ]),
    );
    const payments = await stripe.invoicePayments.list({ invoice: invoice.id! });
    expect(payments.data.map((p) => p.status)).toEqual(['paid']);
  });

  it('Échouer on the hosted invoice page leaves it unpaid with payment_intent_authentication_failure', async () => {
    const sub = await subscribe('refuse@example.test', ALWAYS);
    const invoice = (await control(`/test/subscriptions/${sub.id}/renew`)).body.invoice!;
    // A 3-D Secure card typed on the page is authenticated too.
    const typed = await post(`/invoices/${invoice.id}/pay`, { card: ONCE, exp: '12/34' });
    expect(await typed.text()).toContain('Authentification 3-D Secure');
    const failed = await post(`/invoices/${invoice.id}/authenticate`, { result: 'fail' });
    expect(failed.status).toBe(402);
    const read = await stripe.invoices.retrieve(invoice.id!, { expand: ['payments.data.payment.payment_intent'] });
    expect(read.status).toBe('open');
    const pi = read.payments!.data[0].payment.payment_intent as Stripe.PaymentIntent;
    expect(pi.status).toBe('requires_payment_method');
    expect(pi.last_payment_error?.code).toBe('payment_intent_authentication_failure');
  });

  it('subscription updates: error_if_incomplete answers 402 and changes nothing; pending_if_incomplete waits for the payment', async () => {
    const sub = await subscribe('upgrade@example.test', ALWAYS);
    const item = sub.items.data[0];
    const change = { items: [{ id: item.id, price: business.id }], proration_behavior: 'always_invoice' as const };
    const err = await stripeError(stripe.subscriptions.update(sub.id, { ...change, payment_behavior: 'error_if_incomplete' }));
    expect(err.statusCode).toBe(402);
    expect(err.code).toBe('subscription_payment_intent_requires_action');
    expect((await stripe.subscriptions.retrieve(sub.id)).items.data[0].price.id).toBe(pro.id);

    const pending = await stripe.subscriptions.update(sub.id, { ...change, payment_behavior: 'pending_if_incomplete' });
    expect(pending.status).toBe('active');
    expect(pending.items.data[0].price.id).toBe(pro.id);
    expect(pending.pending_update?.subscription_items?.[0].price.id).toBe(business.id);
    expect(pending.pending_update!.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 23 * 3600 + 1);
    const invoice = await stripe.invoices.retrieve(pending.latest_invoice as string);
    expect(invoice.status).toBe('open');
    expect(invoice.billing_reason).toBe('subscription_update');

    await post(`/invoices/${invoice.id}/confirm`, {});
    expect((await post(`/invoices/${invoice.id}/authenticate`, { result: 'authorize' })).status).toBe(303);
    const applied = await stripe.subscriptions.retrieve(sub.id);
    expect(applied.items.data[0].price.id).toBe(business.id);
    expect(applied.pending_update).toBeNull();
    await receiver.waitFor(
      (e) => e.type === 'customer.subscription.pending_update_applied' && (e.data.object as Stripe.Subscription).id === sub.id,
    );
  });

  it('a pending update not paid in time is dropped and its invoice voided', async () => {
    const sub = await subscribe('expire@example.test', ALWAYS);
    const item = sub.items.data[0];
    const pending = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: business.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    const expired = await control(`/test/subscriptions/${sub.id}/expire-pending-update`);
    expect(expired.body.events.map((e) => e.type)).toEqual([
      'invoice.voided',
      'customer.subscription.updated',
      'customer.subscription.pending_update_expired',
    ]);
    expect((await stripe.invoices.retrieve(pending.latest_invoice as string)).status).toBe('void');
    const read = await stripe.subscriptions.retrieve(sub.id);
    expect(read.pending_update).toBeNull();
    expect(read.items.data[0].price.id).toBe(pro.id);
    // pending_if_incomplete takes only what a pending update can apply.
    const refused = await stripeError(
      stripe.subscriptions.update(sub.id, { metadata: { a: 'b' }, payment_behavior: 'pending_if_incomplete' }),
    );
    expect(refused.statusCode).toBe(400);
  });

  it('allow_incomplete: the update stands, its invoice awaits authentication and the subscription is past_due', async () => {
    const sub = await subscribe('allow@example.test', ALWAYS);
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: sub.items.data[0].id, price: business.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'allow_incomplete',
    });
    expect(updated.status).toBe('past_due');
    expect(updated.items.data[0].price.id).toBe(business.id);
    expect((await stripe.invoices.retrieve(updated.latest_invoice as string)).status).toBe('open');
  });

  it('attaches the test tokens of the 3-D Secure cards', async () => {
    const customer = await stripe.customers.create({ email: 'tokens@example.test' });
    const pm = await stripe.paymentMethods.attach('pm_card_authenticationRequired', { customer: customer.id });
    expect(pm.card?.last4).toBe('3184');
  });
});
