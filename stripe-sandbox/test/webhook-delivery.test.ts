/**
 * How the sandbox sends its webhooks (webhooks.ts): by default as Stripe sends them (any order, side by side, late,
 * some twice, some first attempts failed and retried, the hosted pages redirecting without waiting), from a seed that
 * replays the same choices; the 'ordered' mode for the tests that need events in order and at once; real retries
 * after the endpoint fails, and giving up.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox, type WebhookDelivery } from '../src/index.ts';
import { resolveDelivery } from '../src/webhooks.ts';
import { clientFor, Receiver, WEBHOOK_SECRET } from './helpers.ts';

interface Listed {
  id: string;
  type: string;
  delivery: { status: string; attempts: number; history: Array<{ status_code: number | null; error: string | null }> };
}

/** The sandbox's own record of its events, in the order they were created. */
async function recorded(sandbox: StripeSandbox): Promise<Listed[]> {
  return ((await (await fetch(`${sandbox.url}/test/events`)).json()) as { data: Listed[] }).data.reverse();
}

/** The events of a new customer's subscription bought through Checkout, in the order the sandbox creates them. */
const CHECKOUT_EVENTS = [
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
];

describe('webhook delivery', () => {
  const receiver = new Receiver();
  const started: StripeSandbox[] = [];

  async function sandboxWith(webhookDelivery: Partial<WebhookDelivery>, extra: { retryBaseMs?: number; maxRetries?: number } = {}) {
    const sandbox = await startStripeSandbox({
      port: 0,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: receiver.url,
      retryBaseMs: 20,
      webhookDelivery,
      log: () => undefined,
      ...extra,
    });
    started.push(sandbox);
    return { sandbox, stripe: clientFor(sandbox) };
  }

  /** `n` events, one per API call (an expired checkout session each); their ids in the order they were created. */
  async function expirations(stripe: Stripe, n: number): Promise<string[]> {
    const price = await stripe.prices.create({
      product_data: { name: 'Pro' },
      currency: 'eur',
      unit_amount: 2900,
      recurring: { interval: 'month' },
    });
    const sessions: string[] = [];
    for (let i = 0; i < n; i++) {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: price.id, quantity: 1 }],
        customer_email: `client${i}@example.fr`,
        success_url: 'http://app.test/ok',
      });
      await stripe.checkout.sessions.expire(session.id);
      sessions.push(session.id);
    }
    const events = (await stripe.events.list({ type: 'checkout.session.expired', limit: 100 })).data;
    return sessions.map((id) => events.find((e) => (e.data.object as { id: string }).id === id)!.id);
  }

  before(() => receiver.start());

  after(async () => {
    for (const sandbox of started) await sandbox.close();
    await receiver.stop();
  });

  it('by default sends every event in any order, side by side, some twice, some first attempts failed then retried', async () => {
    const { sandbox, stripe } = await sandboxWith({ seed: 20261028 });
    expect(sandbox.webhookDelivery).toMatchObject({ mode: 'stripe', seed: 20261028, maxDelayMs: 150 });
    receiver.maxOpen = 0;
    let release = (): void => undefined;
    // A slow endpoint: deliveries pile up while it has not answered.
    receiver.hold = new Promise((resolve) => (release = resolve));
    const mark = receiver.events.length;
    const ids = await expirations(stripe, 30);
    const flushed = sandbox.flushWebhooks();
    while (receiver.open < 2) await new Promise((resolve) => setImmediate(resolve));
    release();
    receiver.hold = undefined;
    await flushed;

    const received = receiver.since(mark).map((e) => e.id);
    expect([...received].sort()).toEqual([...ids].sort());
    expect(received).not.toEqual(ids);
    expect(receiver.maxOpen).toBeGreaterThan(1);
    const copies = receiver.deliveries.filter((e) => ids.includes(e.id)).length;
    expect(copies).toBeGreaterThan(ids.length);
    const history = (await recorded(sandbox)).filter((e) => ids.includes(e.id));
    expect(history.every((e) => e.delivery.status === 'delivered')).toBe(true);
    const failedFirst = history.filter((e) => e.delivery.history.some((a) => a.error?.includes('simulated by the sandbox')));
    expect(failedFirst.length).toBeGreaterThan(0);
    for (const e of failedFirst) expect(e.delivery.history.filter((a) => a.error === null).length).toBeGreaterThan(0);
  });

  it('the same seed makes the same choices; another seed, others', async () => {
    const choices = async (seed: number): Promise<string[]> => {
      const { sandbox, stripe } = await sandboxWith({ seed });
      const ids = await expirations(stripe, 20);
      await sandbox.flushWebhooks();
      const history = await recorded(sandbox);
      return ids.map((id) => {
        const e = history.find((h) => h.id === id)!;
        // What happened to each event, whatever the order in which its copy and its attempts came back.
        return e.delivery.history
          .map((a) => a.error ?? 'ok')
          .sort()
          .join(',');
      });
    };
    const first = await choices(42);
    expect(await choices(42)).toEqual(first);
    expect(await choices(43)).not.toEqual(first);
  });

  it('sends an event only to the endpoint there when it was created: none then, none later (the delays do not change it)', async () => {
    const { sandbox, stripe } = await sandboxWith({ seed: 11, maxDelayMs: 50 });
    await sandbox.flushWebhooks();
    const mark = receiver.events.length;
    sandbox.setWebhookUrl('');
    const unsent = await expirations(stripe, 3);
    sandbox.setWebhookUrl(receiver.url);
    const sent = await expirations(stripe, 1);
    await sandbox.flushWebhooks();
    expect(receiver.since(mark).map((e) => e.id)).toEqual(sent);
    const listed = (await (await fetch(`${sandbox.url}/test/events`)).json()) as { data: { id: string; delivery: { status: string } }[] };
    for (const id of unsent) expect(listed.data.find((e) => e.id === id)!.delivery.status).toBe('no_endpoint');
  });

  it('a hosted checkout redirects back at once: its events follow, whenever the endpoint takes them', async () => {
    const { sandbox, stripe } = await sandboxWith({ seed: 7 });
    const price = await stripe.prices.create({
      product_data: { name: 'Pro' },
      currency: 'eur',
      unit_amount: 2900,
      recurring: { interval: 'month' },
    });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      customer_email: 'late@example.fr',
      success_url: 'http://app.test/ok?session_id={CHECKOUT_SESSION_ID}',
    });
    await sandbox.flushWebhooks();
    const mark = receiver.events.length;
    let release = (): void => undefined;
    // The endpoint answers nothing until released: a page that waited for its events would never redirect.
    receiver.hold = new Promise((resolve) => (release = resolve));
    const res = await fetch(`${sandbox.url}/checkout/${session.id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: '4242424242424242' }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(receiver.since(mark)).toEqual([]);
    release();
    receiver.hold = undefined;
    await sandbox.flushWebhooks();
    expect(
      receiver
        .since(mark)
        .map((e) => e.type)
        .sort(),
    ).toEqual(CHECKOUT_EVENTS.toSorted());
  });

  it("'ordered': one event at a time in creation order, each sent at once, the hosted pages waiting for them", async () => {
    const { sandbox, stripe } = await sandboxWith({ mode: 'ordered' });
    const price = await stripe.prices.create({
      product_data: { name: 'Pro' },
      currency: 'eur',
      unit_amount: 2900,
      recurring: { interval: 'month' },
    });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      customer_email: 'ordered@example.fr',
      success_url: 'http://app.test/ok',
    });
    const mark = receiver.events.length;
    const res = await fetch(`${sandbox.url}/checkout/${session.id}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ card: '4242424242424242' }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(receiver.since(mark).map((e) => e.type)).toEqual(CHECKOUT_EVENTS);
    const ids = await expirations(stripe, 10);
    await sandbox.flushWebhooks();
    expect(receiver.deliveries.filter((e) => ids.includes(e.id)).map((e) => e.id)).toEqual(ids);
  });

  it('holds every webhook back on /test/webhooks/hold until /test/webhooks/release, then sends them', async () => {
    const { sandbox, stripe } = await sandboxWith({ seed: 11 });
    const control = async (action: string) =>
      (await (await fetch(`${sandbox.url}/test/webhooks/${action}`, { method: 'POST' })).json()) as { held: boolean; waiting: number };
    expect(await control('hold')).toEqual({ held: true, waiting: 0 });
    const mark = receiver.events.length;
    const ids = await expirations(stripe, 5);
    // Until each event's delivery is due and waits at the gate (asked again, a little later each time).
    let waiting = 0;
    for (let wait = 10; waiting < ids.length; wait = Math.min(2 * wait, 200)) {
      await new Promise((resolve) => setTimeout(resolve, wait));
      ({ waiting } = await control('hold'));
    }
    expect(receiver.since(mark)).toEqual([]);
    expect((await recorded(sandbox)).filter((e) => ids.includes(e.id)).every((e) => e.delivery.attempts === 0)).toBe(true);
    expect(await control('release')).toMatchObject({ held: false });
    await sandbox.flushWebhooks();
    expect(
      receiver
        .since(mark)
        .map((e) => e.id)
        .sort(),
    ).toEqual([...ids].sort());
  });

  it('retries after a 500 with a back-off that doubles, until the endpoint answers 2xx', async () => {
    const logs: string[] = [];
    const sandbox = await startStripeSandbox({
      port: 0,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: receiver.url,
      retryBaseMs: 20,
      // Only the endpoint's own failures here: no first attempt failed on purpose, no copy.
      webhookDelivery: { failFirstRate: 0, duplicateRate: 0 },
      log: (l) => logs.push(l),
    });
    started.push(sandbox);
    receiver.failEach = 2;
    const hits = receiver.hits;
    try {
      const ids = await expirations(clientFor(sandbox), 2);
      await receiver.waitFor((e) => ids.includes(e.id), 2);
      expect(receiver.hits - hits).toBe(6);
      const history = await recorded(sandbox);
      for (const id of ids) {
        const { delivery } = history.find((e) => e.id === id)!;
        expect(delivery).toMatchObject({ status: 'delivered', attempts: 3 });
        expect(delivery.history.map((a) => a.status_code)).toEqual([500, 500, 200]);
      }
      expect(
        logs
          .filter((l) => ids.some((id) => l.includes(id)))
          .map((l) => l.replace(/.*retry in/, 'retry in'))
          .sort(),
      ).toEqual(['retry in 20 ms', 'retry in 20 ms', 'retry in 40 ms', 'retry in 40 ms']);
    } finally {
      receiver.failEach = 0;
    }
  });

  it('gives up after the configured retries and logs it', async () => {
    const lines: string[] = [];
    const dead = await startStripeSandbox({
      port: 0,
      webhookSecret: WEBHOOK_SECRET,
      webhookUrl: 'http://127.0.0.1:9/nowhere',
      retryBaseMs: 5,
      maxRetries: 2,
      webhookDelivery: { failFirstRate: 0, duplicateRate: 0 },
      log: (l) => lines.push(l),
    });
    started.push(dead);
    await expirations(clientFor(dead), 3);
    const deadline = Date.now() + 3000;
    let statuses: string[] = [];
    while (Date.now() < deadline) {
      statuses = (await recorded(dead)).map((e) => `${e.delivery.status}/${e.delivery.attempts}`);
      if (statuses.every((s) => s === 'failed/3')) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(statuses).toEqual(['failed/3', 'failed/3', 'failed/3']);
    expect(lines.filter((l) => l.includes('giving up'))).toHaveLength(3);
  });

  it('reads its delivery from the environment, and refuses what it cannot read', () => {
    const quiet = (): void => undefined;
    expect(resolveDelivery({}, { STRIPE_SANDBOX_WEBHOOK_SEED: '5', STRIPE_SANDBOX_WEBHOOK_MAX_DELAY_MS: '300' }, quiet)).toEqual({
      mode: 'stripe',
      seed: 5,
      maxDelayMs: 300,
      duplicateRate: 0.2,
      failFirstRate: 0.2,
    });
    expect(resolveDelivery({}, { STRIPE_SANDBOX_WEBHOOK_DELIVERY: 'ordered', STRIPE_SANDBOX_WEBHOOK_SEED: '5' }, quiet).mode).toBe(
      'ordered',
    );
    // The sandbox's options win over the environment.
    expect(resolveDelivery({ seed: 9 }, { STRIPE_SANDBOX_WEBHOOK_SEED: '5' }, quiet).seed).toBe(9);
    expect(() => resolveDelivery({}, { STRIPE_SANDBOX_WEBHOOK_DELIVERY: 'shuffled' }, quiet)).toThrow(/'stripe' ou 'ordered'/);
    expect(() => resolveDelivery({}, { STRIPE_SANDBOX_WEBHOOK_SEED: 'abc' }, quiet)).toThrow(/STRIPE_SANDBOX_WEBHOOK_SEED/);
    expect(() => resolveDelivery({}, { STRIPE_SANDBOX_WEBHOOK_MAX_DELAY_MS: '-1', STRIPE_SANDBOX_WEBHOOK_SEED: '1' }, quiet)).toThrow(
      /STRIPE_SANDBOX_WEBHOOK_MAX_DELAY_MS/,
    );
  });
});
