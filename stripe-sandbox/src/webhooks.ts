/** Signs and delivers events like Stripe: `Stripe-Signature: t=…,v1=HMAC-SHA256("t.body")`, retried with backoff. */
import { createHmac } from 'node:crypto';
import type { DeliveryAttempt, EventRec } from './store.ts';

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export interface DelivererOptions {
  secret: string;
  url: () => string | undefined;
  retryBaseMs: number;
  maxRetries: number;
  timeoutMs: number;
  log: (line: string) => void;
  changed: () => void;
}

export class WebhookDeliverer {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly abort = new AbortController();
  private chain: Promise<void> = Promise.resolve();
  private closed = false;

  private readonly opts: DelivererOptions;

  constructor(opts: DelivererOptions) {
    this.opts = opts;
  }

  /** One signed POST of the event to the current URL; records the attempt. */
  async attempt(rec: EventRec): Promise<DeliveryAttempt> {
    const url = this.opts.url();
    const at = Math.floor(Date.now() / 1000);
    if (!url) {
      if (rec.delivery.status === 'pending') rec.delivery.status = 'no_endpoint';
      this.opts.changed();
      return { at, status_code: null, error: 'no webhook URL configured' };
    }
    const payload = JSON.stringify(rec.event, null, 2);
    let result: DeliveryAttempt;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signPayload(payload, this.opts.secret),
        },
        body: payload,
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.opts.timeoutMs)]),
      });
      await res.arrayBuffer().catch(() => undefined);
      result = { at, status_code: res.status, error: res.ok ? null : `HTTP ${res.status}` };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      result = { at, status_code: null, error: e.cause?.code ?? e.cause?.message ?? e.name ?? String(err) };
    }
    if (this.closed) return result;
    rec.delivery.attempts.push(result);
    if (result.error === null) {
      rec.delivery.status = 'delivered';
      rec.delivery.delivered_at = rec.delivery.delivered_at ?? at;
    }
    this.opts.changed();
    return result;
  }

  /** First attempt now (awaited), then background retries after failures: base, 2×base, 4×base… then give up. */
  async deliver(rec: EventRec): Promise<void> {
    const p = this.attemptWithRetries(rec, 0);
    this.track(p);
    await p;
  }

  /**
   * Queues events behind every earlier one (first attempts happen in creation order across API calls, test controls
   * and checkouts); resolves once these events' first attempts are done. API calls do not await it, as with Stripe.
   */
  enqueue(recs: EventRec[]): Promise<void> {
    const run = async (): Promise<void> => {
      for (const rec of recs) await this.deliver(rec);
    };
    const p = this.chain.then(run, run);
    this.chain = p.catch(() => undefined);
    this.track(p);
    return p;
  }

  /** Resolves once every first attempt started so far has finished (retries scheduled later are not awaited). */
  async flush(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
    this.abort.abort();
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private track(p: Promise<unknown>): void {
    const wrapped = p.catch(() => undefined).finally(() => this.inFlight.delete(wrapped));
    this.inFlight.add(wrapped);
  }

  private async attemptWithRetries(rec: EventRec, retry: number): Promise<void> {
    if (this.closed) return;
    const result = await this.attempt(rec);
    if (this.closed || result.error === null || !this.opts.url()) return;
    if (retry >= this.opts.maxRetries) {
      rec.delivery.status = 'failed';
      this.opts.changed();
      this.opts.log(
        `webhook ${rec.event.type} ${rec.event.id} not delivered after ${retry + 1} attempts (last: ${result.error}); giving up`,
      );
      return;
    }
    const delay = this.opts.retryBaseMs * 2 ** retry;
    this.opts.log(`webhook ${rec.event.type} ${rec.event.id} failed (${result.error}); retry in ${delay} ms`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attemptWithRetries(rec, retry + 1);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }
}
