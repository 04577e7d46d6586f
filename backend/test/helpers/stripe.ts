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

/**
 * Waits until the app's webhook inbox has processed every event due now: the webhook answers as soon as the event is
 * stored, and its effects follow in the background.
 */
export function webhooksProcessed(t: Pick<TestApp, 'app'>): Promise<void> {
  return t.app.get(WebhookInbox).drain();
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
