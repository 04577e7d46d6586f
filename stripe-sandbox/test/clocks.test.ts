/**
 * Stripe's test clocks in the sandbox (src/clocks.ts), through the real `stripe` SDK: a customer and its subscription
 * on a clock, advancing renews, retries a failing invoice on the retry schedule, ends dunning (canceled, or unpaid with
 * the other setting), ends a subscription set to cancel at period end; every object made carries the clock's time; a
 * clock never goes back.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import Stripe from 'stripe';
import { resolveDunning, startStripeSandbox, type StripeSandbox } from '../src/index.ts';
import { clientFor, Receiver, stripeError, WEBHOOK_SECRET } from './helpers.ts';

const DAY = 86400;
/** 2030-01-15T10:00:00Z: far from the real time, so that a date from the real clock would show. */
const START = Date.UTC(2030, 0, 15, 10, 0, 0) / 1000;
const FEB_15 = Date.UTC(2030, 1, 15, 10, 0, 0) / 1000;
const MAR_15 = Date.UTC(2030, 2, 15, 10, 0, 0) / 1000;

describe('Stripe sandbox: test clocks', () => {
  const receiver = new Receiver();
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let pro: Stripe.Price;

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
  });

  after(async () => {
    await sandbox.close();
    await receiver.stop();
  });

  /** Waits (bounded back-off, no fixed delay) until the clock has done its advance. */
  async function ready(clockId: string): Promise<Stripe.TestHelpers.TestClock> {
    for (let wait = 5, spent = 0; ; wait = Math.min(wait * 2, 200)) {
      const clock = await stripe.testHelpers.testClocks.retrieve(clockId);
      if (clock.status === 'ready') return clock;
      if (spent > 10_000) throw new Error(`test clock ${clockId} still ${clock.status}`);
      await new Promise((r) => setTimeout(r, wait));
      spent += wait;
    }
  }

  async function advance(clockId: string, to: number): Promise<Stripe.TestHelpers.TestClock> {
    const answer = await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: to });
    expect(answer).toMatchObject({ status: 'advancing', status_details: { advancing: { target_frozen_time: to } } });
    const clock = await ready(clockId);
    expect(clock.frozen_time).toBe(to);
    return clock;
  }

  /** A customer on a new clock at START, subscribed to Pro through the hosted checkout (card `card`). */
  async function clockedSubscription(email: string, card = '4242424242424242') {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START, name: email });
    const customer = await stripe.customers.create({ email, test_clock: clock.id });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: pro.id, quantity: 1 }],
      success_url: 'http://app.test/ok',
    });
    const paid = await fetch(`${sandbox.url}/checkout/${session.id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card }).toString(),
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id);
    const subscription = await stripe.subscriptions.retrieve(done.subscription as string);
    return { clock, customer, session: done, subscription };
  }

  /** The subscription's card made one whose every charge fails (as a client's card that stopped working). */
  async function failingCard(customerId: string, subscriptionId: string): Promise<void> {
    const pm = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: customerId });
    await stripe.subscriptions.update(subscriptionId, { default_payment_method: pm.id });
  }

  it('creates, lists, retrieves and deletes clocks, with their events; customers carry their clock', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START, name: 'Essai' });
    expect(clock).toMatchObject({ object: 'test_helpers.test_clock', frozen_time: START, name: 'Essai', status: 'ready', livemode: false });
    expect(clock.id).toMatch(/^clock_/);
    expect(clock.deletes_after).toBeGreaterThan(clock.created);
    expect((await stripe.testHelpers.testClocks.list()).data.map((c) => c.id)).toContain(clock.id);
    const customer = await stripe.customers.create({ email: 'horloge@example.com', test_clock: clock.id });
    expect(customer).toMatchObject({ test_clock: clock.id, created: START });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ test_clock: clock.id });

    const unknown = await stripeError(stripe.customers.create({ email: 'x@example.com', test_clock: 'clock_nope' }));
    expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'test_clock' });

    expect(await stripe.testHelpers.testClocks.del(clock.id)).toMatchObject({ id: clock.id, deleted: true });
    expect(await stripeError(stripe.testHelpers.testClocks.retrieve(clock.id))).toMatchObject({ statusCode: 404 });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.DeletedCustomer).toMatchObject({ deleted: true });
    const types = (
      await receiver.waitFor((e) => e.type.startsWith('test_helpers.test_clock.') && (e.data.object as { id?: string }).id === clock.id, 2)
    ).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['test_helpers.test_clock.created', 'test_helpers.test_clock.deleted']));
  });

  it('refuses to go back, to stand still and to jump more than two periods', async () => {
    const { clock } = await clockedSubscription('arriere@example.com');
    for (const to of [START - DAY, START]) {
      const err = await stripeError(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: to }));
      expect(err).toMatchObject({ statusCode: 400, param: 'frozen_time' });
      expect(err.message).toContain('only moves forward');
    }
    const tooFar = await stripeError(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + 70 * DAY }));
    expect(tooFar).toMatchObject({ statusCode: 400, param: 'frozen_time' });
    await advance(clock.id, START + DAY);
    expect(await stripeError(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + DAY }))).toMatchObject({
      statusCode: 400,
      param: 'frozen_time',
    });
  });

  it('advancing a month renews: the renewal invoice made and paid at the period’s end, every time the clock’s', async () => {
    const { clock, customer, subscription } = await clockedSubscription('renouvellement@example.com');
    // The subscription lives at the clock's time, not the real one.
    expect(subscription).toMatchObject({ test_clock: clock.id, created: START, start_date: START, status: 'active' });
    expect(subscription.items.data[0]).toMatchObject({ current_period_start: START, current_period_end: FEB_15 });
    const first = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(first).toMatchObject({ created: START, status: 'paid', test_clock: clock.id });

    await sandbox.flushWebhooks();
    const mark = receiver.events.length;
    await advance(clock.id, FEB_15 + DAY);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.items.data[0]).toMatchObject({ current_period_start: FEB_15, current_period_end: MAR_15 });
    expect(renewed.status).toBe('active');
    const invoice = await stripe.invoices.retrieve(renewed.latest_invoice as string);
    expect(invoice).toMatchObject({
      billing_reason: 'subscription_cycle',
      status: 'paid',
      created: FEB_15,
      period_start: START,
      period_end: FEB_15,
      status_transitions: { paid_at: FEB_15 },
      customer: customer.id,
    });
    await sandbox.flushWebhooks();
    const events = receiver.since(mark);
    const paid = events.find((e) => e.type === 'invoice.paid');
    expect(paid?.created).toBe(FEB_15);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['test_helpers.test_clock.advancing', 'invoice.created', 'invoice.paid', 'test_helpers.test_clock.ready']),
    );
    expect(events.find((e) => e.type === 'test_helpers.test_clock.ready')?.created).toBe(FEB_15 + DAY);
    // A request about the clock's objects is worked at its time: a refund made now is dated by the clock.
    const refund = await stripe.refunds.create({
      payment_intent: (await stripe.invoices.retrieve(invoice.id, { expand: ['payments'] })).payments!.data[0].payment
        .payment_intent as string,
    });
    expect(refund.created).toBe(FEB_15 + DAY);
  });

  it('a failing renewal is retried 3, 5 and 7 days apart, then Stripe gives up: canceled for payment_failed', async () => {
    const { clock, customer, subscription } = await clockedSubscription('relances@example.com');
    await failingCard(customer.id, subscription.id);
    await advance(clock.id, FEB_15 + 60);
    let sub = await stripe.subscriptions.retrieve(subscription.id);
    const invoice = sub.latest_invoice as string;
    expect(sub.status).toBe('past_due');
    expect(await stripe.invoices.retrieve(invoice)).toMatchObject({
      status: 'open',
      attempt_count: 1,
      next_payment_attempt: FEB_15 + 3 * DAY,
    });

    await advance(clock.id, FEB_15 + 3 * DAY + 60);
    expect(await stripe.invoices.retrieve(invoice)).toMatchObject({ attempt_count: 2, next_payment_attempt: FEB_15 + 8 * DAY });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');

    await sandbox.flushWebhooks();
    const mark = receiver.events.length;
    await advance(clock.id, FEB_15 + 20 * DAY);
    sub = await stripe.subscriptions.retrieve(subscription.id);
    expect(sub).toMatchObject({
      status: 'canceled',
      cancellation_details: { reason: 'payment_failed' },
      canceled_at: FEB_15 + 15 * DAY,
      ended_at: FEB_15 + 15 * DAY,
    });
    expect(await stripe.invoices.retrieve(invoice)).toMatchObject({
      status: 'open',
      attempt_count: 4,
      next_payment_attempt: null,
      auto_advance: false,
    });
    await sandbox.flushWebhooks();
    const failures = receiver.since(mark).filter((e) => e.type === 'invoice.payment_failed');
    expect(failures.map((e) => e.created).sort()).toEqual([FEB_15 + 8 * DAY, FEB_15 + 15 * DAY]);
    expect(receiver.since(mark).find((e) => e.type === 'customer.subscription.deleted')?.created).toBe(FEB_15 + 15 * DAY);
    // Canceled: a later period end renews nothing.
    await advance(clock.id, MAR_15 + DAY);
    expect((await stripe.subscriptions.retrieve(subscription.id)).latest_invoice).toBe(invoice);
  });

  it('a subscription set to cancel at period end ends at its period’s end', async () => {
    const { clock, subscription } = await clockedSubscription('fin-de-periode@example.com');
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await advance(clock.id, FEB_15 - DAY);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    await sandbox.flushWebhooks();
    const mark = receiver.events.length;
    await advance(clock.id, FEB_15 + DAY);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: FEB_15, latest_invoice: subscription.latest_invoice });
    await sandbox.flushWebhooks();
    expect(receiver.since(mark).filter((e) => e.type === 'customer.subscription.deleted')).toHaveLength(1);
    expect(receiver.since(mark).some((e) => e.type === 'invoice.created')).toBe(false);
  });
});

describe('Stripe sandbox: test clocks with the other dunning settings', () => {
  it('STRIPE_SANDBOX_DUNNING_END=unpaid and STRIPE_SANDBOX_RETRY_DAYS: the subscription is marked unpaid after the retries', async () => {
    const dunning = resolveDunning({}, { STRIPE_SANDBOX_RETRY_DAYS: '2', STRIPE_SANDBOX_DUNNING_END: 'unpaid' });
    expect(dunning).toEqual({ retryDays: [2], end: 'unpaid' });
    expect(resolveDunning({}, {})).toEqual({ retryDays: [3, 5, 7], end: 'cancel' });
    expect(() => resolveDunning({}, { STRIPE_SANDBOX_RETRY_DAYS: '3,x' })).toThrow(/STRIPE_SANDBOX_RETRY_DAYS/);
    expect(() => resolveDunning({}, { STRIPE_SANDBOX_DUNNING_END: 'pause' })).toThrow(/cancel or unpaid/);
    const sandbox = await startStripeSandbox({ port: 0, webhookSecret: WEBHOOK_SECRET, dunning });
    try {
      const stripe = clientFor(sandbox);
      const price = await stripe.prices.create({
        product_data: { name: 'Pro' },
        currency: 'eur',
        unit_amount: 2900,
        recurring: { interval: 'month' },
      });
      const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START });
      const customer = await stripe.customers.create({ email: 'impaye@example.com', test_clock: clock.id });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: price.id, quantity: 1 }],
      });
      await fetch(`${sandbox.url}/checkout/${session.id}/pay`, {
        method: 'POST',
        body: new URLSearchParams({ card: '4000000000000341' }),
        redirect: 'manual',
      });
      const subId = (await stripe.checkout.sessions.retrieve(session.id)).subscription as string;
      await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: FEB_15 + 3 * DAY });
      for (let wait = 5; (await stripe.testHelpers.testClocks.retrieve(clock.id)).status !== 'ready'; wait = Math.min(wait * 2, 200))
        await new Promise((r) => setTimeout(r, wait));
      const sub = await stripe.subscriptions.retrieve(subId);
      expect(sub.status).toBe('unpaid');
      expect(await stripe.invoices.retrieve(sub.latest_invoice as string)).toMatchObject({
        status: 'open',
        attempt_count: 2,
        next_payment_attempt: null,
      });
    } finally {
      await sandbox.close();
    }
  });
});
