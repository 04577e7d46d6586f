/**
 * Stripe's test clocks (`/v1/test_helpers/test_clocks`, API version 2026-10-28.endive): a clock holds a frozen time;
 * customers made on it (`customers.create({ test_clock })`), and everything of theirs, live at that time; advancing
 * the clock does, in time order, everything due up to its new time for those customers' subscriptions:
 *
 * - a period's end: the renewal invoice and its payment (the core's renewal path), or, for a subscription set to cancel
 *   at period end, its end (customer.subscription.deleted);
 * - the automatic retries of a failing invoice, on a fixed schedule: `retryDays` (STRIPE_SANDBOX_RETRY_DAYS, default
 *   3,5,7: a retry 3 days after the first failed attempt, the next 5 days after that one, the last 7 days later), as a
 *   Stripe account's *custom retry schedule* sets them. Stripe's own default, Smart Retries (8 tries within 2 weeks at
 *   times its model picks), is not deterministic: the sandbox does not imitate it;
 * - after the last retry failed, the end of dunning, as the account's *Manage failed payments* setting says
 *   (`dunningEnd`, STRIPE_SANDBOX_DUNNING_END: `cancel`, Stripe's default, or `unpaid`): the core's `giveUp`.
 *
 * While a clock's objects are worked on — during its advance, or an API request or hosted page about one of them —
 * `now()` answers the clock's frozen time (store.ts `atFrozenTime`), so every object made or changed carries it
 * (`created`, periods, `paid_at`, events…). `advance` answers at once with `status: 'advancing'`; the work is done
 * right after, then the clock is `ready` (events test_helpers.test_clock.advancing, then .ready).
 */
import type Stripe from 'stripe';
import type { ApiResult } from './api.ts';
import type { EventRequest, SandboxCore } from './core.ts';
import { ApiError, noSuch, type Json, type P } from './params.ts';
import {
  addInterval,
  atFrozenTime,
  now,
  randomId,
  type EventRec,
  type InvoiceRec,
  type SubscriptionRec,
  type TestClockRec,
} from './store.ts';
import type { Wire } from './wire.ts';

/** How failing invoices are retried and how dunning ends (the account's Revenue recovery settings). */
export interface DunningSettings {
  /** Days after each failed attempt before the next automatic retry; their number is the number of retries. */
  retryDays: number[];
  /** After the last retry failed: the subscription canceled (Stripe's default) or marked unpaid. */
  end: 'cancel' | 'unpaid';
}

export const DEFAULT_DUNNING: DunningSettings = { retryDays: [3, 5, 7], end: 'cancel' };

export const DUNNING_ENV = { retryDays: 'STRIPE_SANDBOX_RETRY_DAYS', end: 'STRIPE_SANDBOX_DUNNING_END' } as const;

/** The dunning settings from `given`, else the environment, else DEFAULT_DUNNING; a malformed value throws (English). */
export function resolveDunning(given: Partial<DunningSettings> = {}, env: NodeJS.ProcessEnv = process.env): DunningSettings {
  let retryDays = given.retryDays;
  const rawDays = env[DUNNING_ENV.retryDays];
  if (!retryDays && rawDays !== undefined && rawDays.trim() !== '') {
    retryDays = rawDays.split(',').map((d) => Number(d.trim()));
    if (retryDays.length > 8 || retryDays.some((d) => !Number.isInteger(d) || d < 1 || d > 60))
      throw new Error(`${DUNNING_ENV.retryDays} must list at most 8 whole numbers of days from 1 to 60, e.g. 3,5,7 (got "${rawDays}")`);
  }
  let end = given.end;
  const rawEnd = env[DUNNING_ENV.end];
  if (!end && rawEnd !== undefined && rawEnd !== '') {
    if (rawEnd !== 'cancel' && rawEnd !== 'unpaid') throw new Error(`${DUNNING_ENV.end} must be cancel or unpaid (got "${rawEnd}")`);
    end = rawEnd;
  }
  return { retryDays: retryDays ?? DEFAULT_DUNNING.retryDays, end: end ?? DEFAULT_DUNNING.end };
}

/**
 * When an invoice that just failed its `attempt_count`-th attempt is tried again automatically: `retryDays` after it,
 * null once the retries are used up (then, on a clock, dunning ends).
 */
export function nextRetryAt(dunning: DunningSettings, inv: InvoiceRec): number | null {
  const days = dunning.retryDays;
  return inv.attempt_count >= 1 && inv.attempt_count <= days.length ? now() + days[inv.attempt_count - 1] * 86400 : null;
}

const clocks = (core: SandboxCore): Record<string, TestClockRec> => (core.db.testClocks ??= {});

export function renderTestClock(c: TestClockRec): Wire<Stripe.TestHelpers.TestClock> {
  return {
    id: c.id,
    object: 'test_helpers.test_clock',
    created: c.created,
    deletes_after: c.deletes_after,
    frozen_time: c.frozen_time,
    livemode: false,
    name: c.name,
    status: c.status,
    status_details: c.status === 'advancing' ? { advancing: { target_frozen_time: c.target_frozen_time ?? c.frozen_time } } : {},
  };
}

function clockById(core: SandboxCore, id: string, param = 'id', status = 404): TestClockRec {
  const c = clocks(core)[id];
  if (!c || c.deleted) throw noSuch('test_helpers.test_clock', id, param, status);
  return c;
}

/** The clock a new customer is made on (`customers.create({ test_clock })`): it must exist and not be advancing. */
export function clockForNewCustomer(core: SandboxCore, id: string): TestClockRec {
  const c = clockById(core, id, 'test_clock', 400);
  assertNotAdvancing(c);
  return c;
}

function assertNotAdvancing(c: TestClockRec): void {
  if (c.status === 'advancing')
    throw new ApiError(400, `The test clock ${c.id} is advancing: wait until its status is ready.`, undefined, 'test_clock_advancing');
}

/** The clock a customer lives on, if any. */
function clockOfCustomer(core: SandboxCore, customerId: string | null | undefined): TestClockRec | undefined {
  const id = customerId ? core.db.customers[customerId]?.test_clock : undefined;
  const c = id ? clocks(core)[id] : undefined;
  return c && !c.deleted ? c : undefined;
}

/** The customer an object id (or a clock id) belongs to, for the objects a request or hosted page names. */
function customerOfId(core: SandboxCore, id: string): string | null | undefined {
  const db = core.db;
  return (
    db.customers[id]?.id ??
    db.subscriptions[id]?.customer ??
    db.invoices[id]?.customer ??
    db.sessions[id]?.customer ??
    db.paymentIntents[id]?.customer ??
    db.charges[id]?.customer ??
    db.paymentMethods[id]?.customer
  );
}

/**
 * The frozen time to work at for a request or hosted page naming these ids (path ids and the customer, subscription,
 * invoice… parameters): its clock's when one of them is a clock or belongs to a clocked customer, else null (real time).
 */
export function frozenTimeOf(core: SandboxCore, ids: unknown[]): number | null {
  for (const id of ids) {
    if (typeof id !== 'string' || !id) continue;
    const direct = clocks(core)[id];
    if (direct && !direct.deleted) return direct.frozen_time;
    const clock = clockOfCustomer(core, customerOfId(core, id));
    if (clock) return clock.frozen_time;
  }
  return null;
}

/** The subscriptions of a clock's customers. */
function subscriptionsOn(core: SandboxCore, clockId: string): SubscriptionRec[] {
  return Object.values(core.db.subscriptions).filter((s) => core.db.customers[s.customer]?.test_clock === clockId);
}

/** What is due next for a clock's subscriptions, at or before `target`: the earliest, a retry before a period's end. */
function nextDue(core: SandboxCore, clockId: string, target: number): { at: number; run: () => EventRec[] } | undefined {
  let best: { at: number; rank: number; run: () => EventRec[] } | undefined;
  const consider = (at: number, rank: number, run: () => EventRec[]): void => {
    if (at <= target && (!best || at < best.at || (at === best.at && rank < best.rank))) best = { at, rank, run };
  };
  for (const sub of subscriptionsOn(core, clockId)) {
    if (sub.status === 'canceled' || sub.status === 'incomplete') continue;
    const latest = sub.latest_invoice ? core.db.invoices[sub.latest_invoice] : undefined;
    if (latest?.status === 'open' && latest.auto_advance !== false && latest.next_payment_attempt) {
      consider(latest.next_payment_attempt, 0, () => retry(core, sub));
    }
    const periodEnd = sub._items[0]?.current_period_end;
    // An unpaid subscription (dunning ended with `unpaid`) is not invoiced again by the sandbox.
    if (periodEnd !== undefined && sub.status !== 'unpaid') {
      consider(periodEnd, 1, () => (sub.cancel_at_period_end ? core.endPeriod(sub) : core.chargeRenewal(sub, undefined, true)));
    }
  }
  return best;
}

/** An automatic retry of the subscription's open invoice; when it was the last one and failed, the end of dunning. */
function retry(core: SandboxCore, sub: SubscriptionRec): EventRec[] {
  const events = core.chargeRenewal(sub);
  const inv = sub.latest_invoice ? core.db.invoices[sub.latest_invoice] : undefined;
  if (inv?.status === 'open' && inv.next_payment_attempt === null && sub.status !== 'unpaid')
    events.push(...core.giveUp(sub, core.dunning.end));
  return events;
}

/** Does everything due up to the clock's target, in time order, then makes it ready. Returns every event made. */
export function processClock(core: SandboxCore, clock: TestClockRec): EventRec[] {
  const target = clock.target_frozen_time ?? clock.frozen_time;
  const events: EventRec[] = [];
  for (let step = 0; step < 10_000; step++) {
    const due = nextDue(core, clock.id, target);
    if (!due) break;
    clock.frozen_time = Math.max(clock.frozen_time, due.at);
    events.push(...atFrozenTime(clock.frozen_time, due.run));
  }
  clock.frozen_time = target;
  clock.status = 'ready';
  delete clock.target_frozen_time;
  events.push(atFrozenTime(target, () => core.emit('test_helpers.test_clock.ready', renderTestClock(clock))));
  core.save();
  return events;
}

/** The latest time a clock may be advanced to: two intervals of its shortest live subscription, else two years. */
function advanceLimit(core: SandboxCore, clock: TestClockRec): number {
  let limit = addInterval(clock.frozen_time, 'year', 1, 2);
  for (const sub of subscriptionsOn(core, clock.id)) {
    if (sub.status === 'canceled') continue;
    for (const item of sub._items) {
      const r = core.db.prices[item.price]?.recurring;
      if (r) limit = Math.min(limit, addInterval(clock.frozen_time, r.interval, r.interval_count, 2));
    }
  }
  return limit;
}

/** Runs the advance of `clock` right after the answer, then sends its events (and any left from a stopped run). */
function scheduleAdvance(core: SandboxCore, clock: TestClockRec): void {
  setImmediate(() => {
    if (clock.status !== 'advancing' || clock.deleted) return;
    let events: EventRec[];
    try {
      events = processClock(core, clock);
    } catch (err) {
      core.log(`test clock ${clock.id}: advance failed: ${(err as Error).stack ?? String(err)}`);
      clock.status = 'ready';
      delete clock.target_frozen_time;
      core.save();
      return;
    }
    core.log(`test clock ${clock.id} ready at ${new Date(clock.frozen_time * 1000).toISOString()} (${events.length} events)`);
    void core.webhooks.enqueue(events).catch(() => undefined);
  });
}

/** At start: clocks left advancing by a stopped sandbox finish their advance. */
export function resumeAdvancing(core: SandboxCore): void {
  for (const clock of Object.values(clocks(core))) if (clock.status === 'advancing' && !clock.deleted) scheduleAdvance(core, clock);
}

type Handler = (core: SandboxCore, m: RegExpMatchArray, p: P, req: EventRequest) => ApiResult;
type Paginate = <T extends { id: string }>(items: T[], p: P, url: string, render: (t: T) => Json, kind: string) => Json;

/** The `/v1/test_helpers/test_clocks` routes, registered by api.ts (with its list envelope). */
export const clockRoutes = (paginate: Paginate): [method: string, path: string, handler: Handler][] => [
  [
    'POST',
    '/v1/test_helpers/test_clocks',
    (core, _m, p, req) => {
      const frozen = p.int('frozen_time', true, 0)!;
      const name = p.str('name') ?? null;
      if (name !== null && name.length > 300) throw new ApiError(400, 'name must be at most 300 characters.', 'name');
      const t = Math.floor(Date.now() / 1000);
      const clock: TestClockRec = {
        id: randomId('clock_'),
        object: 'test_helpers.test_clock',
        created: t,
        deletes_after: t + 30 * 86400,
        frozen_time: frozen,
        name,
        status: 'ready',
      };
      clocks(core)[clock.id] = clock;
      const events = [atFrozenTime(frozen, () => core.emit('test_helpers.test_clock.created', renderTestClock(clock), req))];
      core.save();
      return { body: renderTestClock(clock), events };
    },
  ],
  ['GET', '/v1/test_helpers/test_clocks/:id', (core, m) => ({ body: renderTestClock(clockById(core, m[1])) })],
  [
    'GET',
    '/v1/test_helpers/test_clocks',
    (core, _m, p) => {
      const items = Object.values(clocks(core))
        .filter((c) => !c.deleted)
        .reverse();
      return { body: paginate(items, p, '/v1/test_helpers/test_clocks', renderTestClock, 'test_helpers.test_clock') };
    },
  ],
  [
    'DELETE',
    '/v1/test_helpers/test_clocks/:id',
    (core, m, _p, req) => {
      const clock = clockById(core, m[1]);
      // Deleting a clock deletes its customers, and their subscriptions with them (no event of theirs).
      for (const c of Object.values(core.db.customers)) if (c.test_clock === clock.id) c.deleted = true;
      for (const sub of subscriptionsOn(core, clock.id)) {
        if (sub.status === 'canceled') continue;
        sub.status = 'canceled';
        sub.ended_at = clock.frozen_time;
      }
      const last = renderTestClock(clock);
      clock.deleted = true;
      const events = [atFrozenTime(clock.frozen_time, () => core.emit('test_helpers.test_clock.deleted', last, req))];
      core.save();
      return { body: { id: clock.id, object: 'test_helpers.test_clock', deleted: true }, events };
    },
  ],
  [
    'POST',
    '/v1/test_helpers/test_clocks/:id/advance',
    (core, m, p, req) => {
      const clock = clockById(core, m[1]);
      const target = p.int('frozen_time', true, 0)!;
      assertNotAdvancing(clock);
      if (target <= clock.frozen_time)
        throw new ApiError(
          400,
          `The frozen_time must be after the test clock's current frozen_time (${clock.frozen_time}): a test clock only moves forward.`,
          'frozen_time',
        );
      const limit = advanceLimit(core, clock);
      if (target > limit)
        throw new ApiError(
          400,
          `Cannot advance the test clock more than two intervals of its shortest subscription (or two years without one): at most ${limit}.`,
          'frozen_time',
        );
      clock.status = 'advancing';
      clock.target_frozen_time = target;
      const events = [atFrozenTime(clock.frozen_time, () => core.emit('test_helpers.test_clock.advancing', renderTestClock(clock), req))];
      core.save();
      scheduleAdvance(core, clock);
      return { body: renderTestClock(clock), events };
    },
  ],
];
