import Stripe from 'stripe';
import { startStripeSandbox, type StripeSandbox } from '@vitrine/stripe-sandbox';
import { WebhookInbox } from '../../src/billing/webhook-inbox';
import { type Api, createTestApp, type TestApp } from './app';

export const TEST_WEBHOOK_SECRET = 'whsec_test_secret_for_signatures';

/** Signs a payload as Stripe does: t=<unix>,v1=HMAC-SHA256(secret, "<t>.<payload>"). */
export function signature(payload: string, secret = TEST_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

export function fakeEvent(type: string, object: Record<string, unknown> = {}, id = `evt_${Math.random().toString(36).slice(2)}`) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type,
    data: { object },
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
  };
}

/** Posts an event to the app's webhook endpoint with a valid signature (or the given header). */
export function postEvent(api: Api, event: object, header?: string) {
  const payload = JSON.stringify(event);
  return api.raw
    .post('/api/billing/webhook')
    .set('Content-Type', 'application/json')
    .set('Stripe-Signature', header ?? signature(payload))
    .send(payload);
}

/** The sandbox that sends an app its webhooks (appWithSandbox, linkSandbox). */
const sandboxOf = new WeakMap<object, StripeSandbox>();

/** Links a test app to the sandbox that sends it webhooks: `webhooksProcessed(t)` then waits for that sandbox too. */
export function linkSandbox(t: Pick<TestApp, 'app'>, sandbox: StripeSandbox): void {
  sandboxOf.set(t.app, sandbox);
}

/**
 * Waits until the sandbox has nothing more on its way and every app has processed what it received: the sandbox sends
 * its events as Stripe does (late, in any order, some twice, some after a failed attempt), the webhook answers as soon
 * as an event is stored and its effects follow in the background, and what an app does can make the sandbox send more
 * (a refund, a card made the default): so until a round finds the sandbox quiet, at least `minRounds` rounds.
 */
export async function untilQuiet(sandbox: StripeSandbox, apps: Array<Pick<TestApp, 'app'>>, minRounds = 1): Promise<void> {
  for (let round = 1; ; round++) {
    await sandbox.flushWebhooks();
    await Promise.all(apps.map((t) => t.app.get(WebhookInbox).drain()));
    if (round >= minRounds && sandbox.pendingWebhooks() === 0) return;
    if (round >= 50) throw new Error(`The Stripe sandbox is still sending after ${round} rounds (seed ${sandbox.webhookDelivery.seed})`);
  }
}

/**
 * Waits until the app has processed every event due now, and, when the app has a sandbox (appWithSandbox,
 * linkSandbox), every event that sandbox has sent or is about to send (`untilQuiet`).
 */
export function webhooksProcessed(t: Pick<TestApp, 'app'>): Promise<void> {
  const sandbox = sandboxOf.get(t.app);
  return sandbox ? untilQuiet(sandbox, [t]) : t.app.get(WebhookInbox).drain();
}

/**
 * A test app talking to its own Stripe sandbox, which delivers its signed webhooks to the app (listening on a free
 * port); the real `stripe` SDK against the sandbox for the test's own reads; `webhookUrl` to point the sandbox back at
 * the app after a test sent it elsewhere. `close()` stops both.
 */
export async function appWithSandbox(
  env: Record<string, string> = {},
): Promise<{ sandbox: StripeSandbox; stripe: Stripe; t: TestApp; webhookUrl: string; close(): Promise<void> }> {
  const sandbox = await startStripeSandbox({ port: 0, webhookSecret: TEST_WEBHOOK_SECRET, retryBaseMs: 20, maxRetries: 1 });
  const stripe = new Stripe('sk_test_sandbox', { host: '127.0.0.1', port: sandbox.port, protocol: 'http', maxNetworkRetries: 0 });
  const t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_sandbox',
    STRIPE_API_URL: sandbox.url,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    ...env,
  });
  await t.app.listen(0, '127.0.0.1');
  const webhookUrl = `${await t.app.getUrl()}/api/billing/webhook`.replace('[::1]', '127.0.0.1');
  sandbox.setWebhookUrl(webhookUrl);
  linkSandbox(t, sandbox);
  return {
    sandbox,
    stripe,
    t,
    webhookUrl,
    close: async () => {
      await t.close();
      await sandbox.close();
    },
  };
}
