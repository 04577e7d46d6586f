// Webhook processing speed for bench/api/run.ts: a few subscriptions are bought through the Stripe sandbox's checkout
// (as a client would), then `events` distinct signed events (subscription updates, paid invoices) are posted to the
// app, each one twice, 10 at a time. The app reads every object back from the sandbox and stores each event id once:
// exactly `events` first deliveries and as many duplicates answered as such, and `events` rows in stripe_events.
import { createHmac } from 'node:crypto';
import type pg from 'pg';

const SUBSCRIPTIONS = 20;
const CONCURRENCY = 10;

export async function benchWebhooks(options: { appUrl: string; db: pg.Client; log: () => string; events: number }): Promise<{ events: number; seconds: number; duplicates: number }> {
  const sandboxUrl = /bac à sable sur (http:\/\/\S+)/.exec(options.log())?.[1];
  if (!sandboxUrl) throw new Error('adresse du bac à sable Stripe introuvable dans le journal');
  const stripe = async (method: string, path: string, form?: Record<string, string>) => {
    const res = await fetch(sandboxUrl + path, {
      method,
      headers: { Authorization: 'Bearer sk_test_sandbox', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form ? new URLSearchParams(form) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${path} : ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };

  const prices = (await stripe('GET', '/v1/prices?limit=100')).data as Array<{ id: string; type: string; active: boolean }>;
  const price = prices.find((p) => p.type === 'recurring' && p.active)!;
  const subscriptions: Array<{ subscription: string; invoice: string }> = [];
  for (let i = 0; i < SUBSCRIPTIONS; i++) {
    const session = await stripe('POST', '/v1/checkout/sessions', {
      mode: 'subscription',
      'line_items[0][price]': price.id,
      'line_items[0][quantity]': '1',
      customer_email: `bench-webhook-${i}@example.com`,
      success_url: `${options.appUrl}/payment-success`,
      cancel_url: `${options.appUrl}/`,
    });
    const paid = await fetch(`${sandboxUrl}/checkout/${session.id as string}/pay`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'card=4242424242424242', redirect: 'manual' });
    if (paid.status >= 400) throw new Error(`paiement du bac à sable : ${paid.status}`);
    const done = await stripe('GET', `/v1/checkout/sessions/${session.id as string}`);
    subscriptions.push({ subscription: done.subscription as string, invoice: done.invoice as string });
  }
  await stripe('POST', '/test/webhooks/flush');

  const run = crypto.randomUUID().slice(0, 8);
  const bodies = Array.from({ length: options.events }, (_, i) => {
    const target = subscriptions[i % SUBSCRIPTIONS];
    const [type, object] = i % 2 ? ['invoice.paid', { id: target.invoice, object: 'invoice' }] : ['customer.subscription.updated', { id: target.subscription, object: 'subscription' }];
    return JSON.stringify({ id: `evt_bench_${run}_${i}`, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, api_version: '2025-01-01', data: { object } });
  });
  const queue = bodies.flatMap((body) => [body, body]);
  let firsts = 0;
  let duplicates = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let body = queue.shift(); body; body = queue.shift()) {
        const timestamp = Math.floor(Date.now() / 1000);
        const signature = createHmac('sha256', 'whsec_sandbox').update(`${timestamp}.${body}`).digest('hex');
        const res = await fetch(`${options.appUrl}/api/billing/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': `t=${timestamp},v1=${signature}` }, body });
        const answer = (await res.json()) as { duplicate?: boolean };
        if (!res.ok) throw new Error(`webhook : ${res.status} ${JSON.stringify(answer)}`);
        if (answer.duplicate) duplicates++;
        else firsts++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const { rows: [stored] } = await options.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM stripe_events WHERE id LIKE $1`, [`evt_bench_${run}_%`]);
  if (stored.n !== options.events || firsts !== options.events || duplicates !== options.events) {
    throw new Error(`webhooks : ${firsts} premières réceptions, ${duplicates} doublons reconnus, ${stored.n} événements enregistrés pour ${options.events} envoyés`);
  }
  return { events: options.events, seconds, duplicates: firsts - options.events };
}
