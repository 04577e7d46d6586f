// Webhook processing speed for bench/api/run.ts: a few subscriptions are bought through the Stripe sandbox's checkout
// (as a client would), then `events` distinct signed events (subscription updates, paid invoices) are posted to the
// app, each one twice, 10 at a time. The app stores each event id once and answers; its inbox worker reads the objects
// back from the sandbox and applies them. Exactly `events` first deliveries and as many duplicates answered as such,
// and `events` rows in stripe_events, each processed once. Timed until the last one is processed, after an untimed
// warm-up round of the same kind.
import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';
import type pg from 'pg';

const SUBSCRIPTIONS = 20;
const CONCURRENCY = 10;
const WARM_UP = 1000;

export async function benchWebhooks(options: {
  appUrl: string;
  db: pg.Client;
  log: () => string;
  events: number;
}): Promise<{ events: number; seconds: number; answeredSeconds: number; duplicates: number }> {
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
    const paid = await fetch(`${sandboxUrl}/checkout/${session.id as string}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'card=4242424242424242',
      redirect: 'manual',
    });
    if (paid.status >= 400) throw new Error(`paiement du bac à sable : ${paid.status}`);
    const done = await stripe('GET', `/v1/checkout/sessions/${session.id as string}`);
    subscriptions.push({ subscription: done.subscription as string, invoice: done.invoice as string });
  }
  await stripe('POST', '/test/webhooks/flush');

  // A first round warms the app up (JIT, pool, caches) and is not timed; the second is the measure.
  await round(WARM_UP);
  return round(options.events);

  async function round(events: number) {
    const run = crypto.randomUUID().slice(0, 8);
    const bodies = Array.from({ length: events }, (_, i) => {
      const target = subscriptions[i % SUBSCRIPTIONS];
      const [type, object] =
        i % 2
          ? ['invoice.paid', { id: target.invoice, object: 'invoice' }]
          : ['customer.subscription.updated', { id: target.subscription, object: 'subscription' }];
      return JSON.stringify({
        id: `evt_bench_${run}_${i}`,
        object: 'event',
        type,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        api_version: '2025-01-01',
        data: { object },
      });
    });
    // Signed up front, so the driver (autocannon, as for the routes) spends nothing but the sending while it is timed.
    const timestamp = Math.floor(Date.now() / 1000);
    const queue = bodies.flatMap((body) => {
      const signed = {
        body,
        headers: {
          'content-type': 'application/json',
          'stripe-signature': `t=${timestamp},v1=${createHmac('sha256', 'whsec_sandbox').update(`${timestamp}.${body}`).digest('hex')}`,
        },
      };
      return [signed, signed];
    });
    let firsts = 0;
    let duplicates = 0;
    let failures = '';
    // Wall-clock times (Date.now(), the database's clock is the same machine's): autocannon returns on its next
    // one-second tick after the last answer, so the end of the sending is the last answer's time, and the end of the
    // processing the last event's processed_at.
    const started = Date.now();
    let lastAnswer = started;
    let next = 0;
    const result = await autocannon({
      url: `${options.appUrl}/api/billing/webhook`,
      connections: CONCURRENCY,
      amount: queue.length,
      requests: [
        {
          method: 'POST',
          setupRequest: (request: autocannon.Request) => ({ ...request, ...queue[next++ % queue.length] }),
          onResponse: (status: number, body: string) => {
            lastAnswer = Date.now();
            if (status !== 200) failures ||= `webhook : ${status} ${body}`;
            else if ((JSON.parse(body) as { duplicate?: boolean }).duplicate) duplicates++;
            else firsts++;
          },
        },
      ],
    });
    if (failures || result.errors || result.non2xx)
      throw new Error(failures || `webhooks : ${result.errors} erreurs, ${result.non2xx} réponses non 2xx`);
    const answeredSeconds = (lastAnswer - started) / 1000;
    const counts = async () =>
      (
        await options.db.query<{ stored: number; pending: number; processed: number }>(
          `SELECT count(*)::int AS stored, count(*) FILTER (WHERE outcome = 'pending')::int AS pending, count(*) FILTER (WHERE outcome = 'processed')::int AS processed FROM stripe_events WHERE id LIKE $1`,
          [`evt_bench_${run}_%`],
        )
      ).rows[0];
    let state = await counts();
    for (let i = 0; i < 6000 && state.pending > 0; i++) {
      await new Promise((r) => setTimeout(r, 10));
      state = await counts();
    }
    const {
      rows: [{ last }],
    } = await options.db.query<{ last: number }>(
      `SELECT (extract(epoch FROM max(processed_at)) * 1000)::float8 AS last FROM stripe_events WHERE id LIKE $1`,
      [`evt_bench_${run}_%`],
    );
    const seconds = (Math.max(last, lastAnswer) - started) / 1000;
    if (state.stored !== events || state.processed !== events || firsts !== events || duplicates !== events) {
      throw new Error(
        `webhooks : ${firsts} premières réceptions, ${duplicates} doublons reconnus, ${state.stored} événements enregistrés dont ${state.processed} traités pour ${events} envoyés`,
      );
    }
    return { events, seconds, answeredSeconds, duplicates: firsts - events };
  }
}
