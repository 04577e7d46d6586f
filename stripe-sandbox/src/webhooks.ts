/**
 * Signs and delivers events like Stripe: `Stripe-Signature: t=…,v1=HMAC-SHA256("t.body")`, retried with backoff.
 *
 * Two ways of delivering (WebhookDelivery.mode):
 * - 'stripe', the default: as Stripe documents its webhooks ("Stripe doesn't guarantee the delivery of events in the
 *   order that they're generated", events may be delivered more than once, a failed attempt is retried with an
 *   exponential back-off, and nothing waits for the endpoint: the hosted page redirects back at once). Each event is
 *   sent after its own random delay (up to `maxDelayMs`), so events of one change arrive in any order and side by side;
 *   some are sent twice; the first attempt of some fails (never reaching the endpoint, or reaching it with the answer
 *   lost, as a timeout does: the endpoint then gets it twice) and is retried after a short back-off. The random choices
 *   come from a seed (`seed`), so that a failure can be replayed with the same choices.
 * - 'ordered': events one at a time in the order they were created, each first attempt right away, and the hosted
 *   pages and test controls answer only once they are done. Only for a test that is about something else and cannot
 *   wait otherwise (see where it is used).
 */
import { createHmac, randomInt } from 'node:crypto';
import type { DeliveryAttempt, EventRec } from './store.ts';

export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export type WebhookDeliveryMode = 'stripe' | 'ordered';

export interface WebhookDelivery {
  /** 'stripe' (default): any order, concurrent, delayed, duplicated, first attempts failing; 'ordered': in order, immediate. */
  mode: WebhookDeliveryMode;
  /** The seed of every random choice of the 'stripe' mode (same seed and same events: same delays, copies and failures). */
  seed: number;
  /** Longest wait before an event's first attempt, in ms (default 150). */
  maxDelayMs: number;
  /** Share of events sent twice (default 0.2). */
  duplicateRate: number;
  /** Share of events whose first attempt fails and is retried (default 0.2). */
  failFirstRate: number;
}

export const DEFAULT_DELIVERY: Omit<WebhookDelivery, 'seed'> = {
  mode: 'stripe',
  maxDelayMs: 150,
  duplicateRate: 0.2,
  failFirstRate: 0.2,
};

/** Environment variables that choose the delivery (the sandbox's options win over them). */
export const DELIVERY_ENV = {
  mode: 'STRIPE_SANDBOX_WEBHOOK_DELIVERY',
  seed: 'STRIPE_SANDBOX_WEBHOOK_SEED',
  maxDelayMs: 'STRIPE_SANDBOX_WEBHOOK_MAX_DELAY_MS',
} as const;

/** One seed per process when none is given: every sandbox of a test run draws from the same one, printed once. */
let processSeed: number | undefined;

/** A fresh random seed, for a caller that prints it (e2e/run.ts, the backend tests' global set-up). */
export function randomSeed(): number {
  return randomInt(1, 2 ** 31 - 1);
}

/**
 * The delivery of a sandbox: its options, else the environment (DELIVERY_ENV), else the defaults. Without a seed
 * anywhere, one is drawn for the process and printed once (`print`), with how to replay it.
 */
export function resolveDelivery(
  options: Partial<WebhookDelivery> = {},
  env: Record<string, string | undefined> = process.env,
  print: (line: string) => void = (line) => process.stderr.write(`[stripe-sandbox] ${line}\n`),
): WebhookDelivery {
  const mode = options.mode ?? (env[DELIVERY_ENV.mode] || DEFAULT_DELIVERY.mode);
  // Said in French: `npm start` shows these as its own configuration errors.
  if (mode !== 'stripe' && mode !== 'ordered')
    throw new Error(`${DELIVERY_ENV.mode} doit valoir 'stripe' ou 'ordered' (reçu « ${String(mode)} »)`);
  const number = (name: string, raw: string | undefined, min: number, max: number): number | undefined => {
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} doit être un entier entre ${min} et ${max} (reçu « ${raw} »)`);
    return n;
  };
  const maxDelayMs = options.maxDelayMs ?? number(DELIVERY_ENV.maxDelayMs, env[DELIVERY_ENV.maxDelayMs], 0, 60_000);
  let seed = options.seed ?? number(DELIVERY_ENV.seed, env[DELIVERY_ENV.seed], 0, 2 ** 32 - 1);
  if (seed === undefined) {
    if (processSeed === undefined) {
      processSeed = randomSeed();
      if (mode === 'stripe')
        print(
          `webhooks sent as Stripe sends them (any order, side by side, late, twice, first attempts failing), seed ${processSeed}: ` +
            `${DELIVERY_ENV.seed}=${processSeed} replays the same choices.`,
        );
    }
    seed = processSeed;
  }
  return {
    mode,
    seed,
    maxDelayMs: maxDelayMs ?? DEFAULT_DELIVERY.maxDelayMs,
    duplicateRate: options.duplicateRate ?? DEFAULT_DELIVERY.duplicateRate,
    failFirstRate: options.failFirstRate ?? DEFAULT_DELIVERY.failFirstRate,
  };
}

/** mulberry32: a small seeded generator of numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DelivererOptions {
  secret: string;
  url: () => string | undefined;
  retryBaseMs: number;
  maxRetries: number;
  timeoutMs: number;
  delivery: WebhookDelivery;
  log: (line: string) => void;
  changed: () => void;
}

/** How an event's first attempt fails on purpose in the 'stripe' mode. */
type FirstFailure = 'unreached' | 'answer-lost';

/** What the 'stripe' mode decided for one event, drawn when it is queued. */
interface Plan {
  delayMs: number;
  failure: FirstFailure | null;
  retryAfterMs: number;
  copyAfterMs: number | null;
}

export class WebhookDeliverer {
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly abort = new AbortController();
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  /** While set, every POST waits for it (POST /test/webhooks/hold … /release): webhooks as late as a test needs. */
  private gate: { promise: Promise<void>; open: () => void } | undefined;
  /** Deliveries waiting at the gate now. */
  waiting = 0;
  private readonly random: () => number;

  private readonly opts: DelivererOptions;

  constructor(opts: DelivererOptions) {
    this.opts = opts;
    this.random = seededRandom(opts.delivery.seed);
  }

  /** Deliveries `flush` would wait for now. */
  get pending(): number {
    return this.inFlight.size;
  }

  get mode(): WebhookDeliveryMode {
    return this.opts.delivery.mode;
  }

  /** Holds every delivery back until `release`: they wait, then go as they would have (a browser test's late webhooks). */
  hold(): void {
    if (this.gate) return;
    let open = (): void => undefined;
    const promise = new Promise<void>((resolve) => (open = resolve));
    this.gate = { promise, open };
  }

  private async passGate(): Promise<void> {
    while (this.gate) {
      this.waiting += 1;
      await this.gate.promise;
      this.waiting -= 1;
    }
  }

  release(): void {
    this.gate?.open();
    this.gate = undefined;
  }

  get held(): boolean {
    return this.gate !== undefined;
  }

  /** One signed POST of the event to the current URL, not recorded. */
  private async post(rec: EventRec, url: string): Promise<DeliveryAttempt> {
    await this.passGate();
    const at = Math.floor(Date.now() / 1000);
    const payload = JSON.stringify(rec.event, null, 2);
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
      return { at, status_code: res.status, error: res.ok ? null : `HTTP ${res.status}` };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string; message?: string } };
      return { at, status_code: null, error: e.cause?.code ?? e.cause?.message ?? e.name ?? String(err) };
    }
  }

  private record(rec: EventRec, result: DeliveryAttempt): void {
    rec.delivery.attempts.push(result);
    if (result.error === null) {
      rec.delivery.status = 'delivered';
      rec.delivery.delivered_at = rec.delivery.delivered_at ?? result.at;
    }
    this.opts.changed();
  }

  /** One signed POST of the event to the current URL; records the attempt. */
  async attempt(rec: EventRec): Promise<DeliveryAttempt> {
    const url = this.opts.url();
    if (!url) {
      if (rec.delivery.status === 'pending') rec.delivery.status = 'no_endpoint';
      this.opts.changed();
      return { at: Math.floor(Date.now() / 1000), status_code: null, error: 'no webhook URL configured' };
    }
    const result = await this.post(rec, url);
    if (!this.closed) this.record(rec, result);
    return result;
  }

  /** First attempt now (awaited), then background retries after failures: base, 2×base, 4×base… then give up. */
  async deliver(rec: EventRec): Promise<void> {
    const p = this.attemptWithRetries(rec, 0);
    this.track(p);
    await p;
  }

  /**
   * Sends events as the mode says. 'ordered': behind every earlier one, in creation order, resolving once these
   * events' first attempts are done. 'stripe': each on its own plan (delay, copy, failed first attempt), resolving
   * once all of it is done. API calls never await it, as with Stripe; see `dispatch` for the hosted pages.
   */
  enqueue(recs: EventRec[]): Promise<void> {
    // Stripe sends an event to the endpoints that existed when it was created: none configured now, none later.
    if (!this.opts.url()) {
      for (const rec of recs) if (rec.delivery.status === 'pending') rec.delivery.status = 'no_endpoint';
      this.opts.changed();
      return Promise.resolve();
    }
    if (this.mode === 'stripe') {
      const p = Promise.all(recs.map((rec) => this.scatter(rec))).then(() => undefined);
      this.track(p);
      return p;
    }
    const run = async (): Promise<void> => {
      for (const rec of recs) await this.deliver(rec);
    };
    const p = this.chain.then(run, run);
    this.chain = p.catch(() => undefined);
    this.track(p);
    return p;
  }

  /**
   * What a hosted page or a test control waits for before it answers: in the 'ordered' mode the first attempts of its
   * events; in the 'stripe' mode nothing (the browser is redirected while the events are on their way).
   */
  async dispatch(recs: EventRec[]): Promise<void> {
    const p = this.enqueue(recs);
    if (this.mode === 'ordered') await p;
    else p.catch(() => undefined);
  }

  /**
   * Resolves once every delivery queued so far is done: in the 'stripe' mode with its delays, copies and the retry of
   * a first attempt failed on purpose. Retries after the endpoint itself failed are not awaited.
   */
  async flush(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
    this.release();
    this.abort.abort();
    for (const [t, release] of this.timers) {
      clearTimeout(t);
      release();
    }
    this.timers.clear();
  }

  private track(p: Promise<unknown>): void {
    const wrapped = p.catch(() => undefined).finally(() => this.inFlight.delete(wrapped));
    this.inFlight.add(wrapped);
  }

  /** Runs `fn` after `ms`, awaited by `flush` (a closed deliverer lets it go without running it). */
  private later(ms: number, fn: () => Promise<unknown>): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.closed) return resolve();
        fn().then(
          () => resolve(),
          () => resolve(),
        );
      }, ms);
      this.timers.set(timer, resolve);
    });
  }

  /** The 'stripe' mode's choices for one event: always the same number of draws, so a seed replays a whole run. */
  private plan(): Plan {
    const { maxDelayMs, duplicateRate, failFirstRate } = this.opts.delivery;
    const [delay, fail, how, retry, copy, copyDelay] = Array.from({ length: 6 }, () => this.random());
    return {
      delayMs: Math.round(delay * maxDelayMs),
      failure: fail < failFirstRate ? (how < 0.5 ? 'unreached' : 'answer-lost') : null,
      retryAfterMs: Math.round((0.5 + retry) * maxDelayMs),
      copyAfterMs: copy < duplicateRate ? Math.round(copyDelay * 2 * maxDelayMs) : null,
    };
  }

  private scatter(rec: EventRec): Promise<void> {
    const plan = this.plan();
    const { type, id } = rec.event;
    const first = this.later(plan.delayMs, async () => {
      const url = this.opts.url();
      if (!plan.failure || !url) return this.attemptWithRetries(rec, 0);
      await this.passGate();
      // Reached or not, the attempt counts as failed, and Stripe tries again later.
      const result: DeliveryAttempt =
        plan.failure === 'unreached'
          ? { at: Math.floor(Date.now() / 1000), status_code: null, error: 'ECONNRESET (simulated by the sandbox)' }
          : { ...(await this.post(rec, url)), error: 'timeout: answer lost (simulated by the sandbox)' };
      if (this.closed) return;
      this.record(rec, result);
      this.opts.log(`webhook ${type} ${id} first attempt failed (${result.error}); retry in ${plan.retryAfterMs} ms`);
      await this.later(plan.retryAfterMs, () => this.attemptWithRetries(rec, 0));
    });
    // A copy of the same event (same id), as Stripe sometimes sends: the endpoint must take it only once.
    const copy = plan.copyAfterMs === null ? Promise.resolve() : this.later(plan.copyAfterMs, () => this.attempt(rec));
    return Promise.all([first, copy]).then(() => undefined);
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
    this.timers.set(timer, () => undefined);
  }
}
