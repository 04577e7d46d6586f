import Stripe from 'stripe';
import { WebhookInbox } from '../../src/billing/webhook-inbox';
import type { Api, TestApp } from './app';

export const TEST_WEBHOOK_SECRET = 'whsec_test_secret_for_signatures';

/** Signs a payload as Stripe does: t=<unix>,v1=HMAC-SHA256(secret, "<t>.<payload>"). */
export function signature(payload: string, secret = TEST_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

export function fakeEvent(type: string, object: Record<string, unknown> = {}, id = `evt_${Math.random().toString(36).slice(2)}`) {
  return { id, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, type, data: { object }, pending_webhooks: 1, request: { id: null, idempotency_key: null } };
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
