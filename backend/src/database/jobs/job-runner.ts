import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { declareJobRuns, trackJob } from './job-runs';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { BACKGROUND_JOB, type BackgroundJobOptions, definitionOf } from './background-job.decorator';
import { JobLeases } from './job-leases';

/** What a run is given. */
export interface JobContext {
  /**
   * True once this instance is shutting down (or, for a one-instance job, once its lease was lost): the run stops
   * between two items and hands back what it claimed and has not done. Reading it true marks the run as handed back.
   */
  readonly stopping: boolean;
  /** How long what the run claims is leased (JOB_LEASE_SECONDS): its claims use it, `renew` extends them. */
  readonly leaseSeconds: number;
}

export interface JobDefinition<T> {
  /** Unique in the app; a one-instance job's row in `background_jobs` */
  name: string;
  /**
   * `instance`: every instance runs it, and the rows it claims (FOR UPDATE SKIP LOCKED and a lease on each) share the
   * work out: the mail outbox, the webhook inbox, the invoice files, the roll-ups. `cluster`: one instance at a time
   * across all of them, under the job's lease row, on one schedule shared by all: the hourly and five-minute jobs.
   */
  scope: 'instance' | 'cluster';
  /** Between two runs (an instance job's poll; a cluster job's period, counted from the end of its last run) */
  everyMs: number;
  /** First run this long after start (default `everyMs`); a cluster job keeps its schedule across restarts */
  firstAfterMs?: number;
  /** false: no timer, the job runs only when drained or woken (the tests drive it) */
  timer: boolean;
  /** The wait after `failures` failed runs in a row (default `everyMs`), e.g. `retryDelaySeconds` of common/retry.ts */
  retryDelayMs?: (failures: number) => number;
  /** What a drain answers when the run went once more for a call that came during it (default: the last run's answer) */
  combine?: (earlier: T, later: T) => T;
  /** Each run reported (`trackJob` of database/jobs/job-runs.ts): the job is listed by the metrics and the status page */
  metrics?: boolean;
  /** One run: claims what is due, does it, and ends when nothing is left (or when `ctx.stopping`). */
  run(ctx: JobContext): Promise<T>;
  /** An instance job's claims extended, every third of the lease while a run lives, so a live run never loses them */
  renew?(leaseSeconds: number): Promise<void>;
  /** Where and how a failure is logged: `${failure} : ${error}` with this logger context */
  log: { context: string; failure: string };
}

/** A registered job. */
export interface Job<T> {
  /**
   * Runs it now and resolves with what the run answered. A call during a run joins it, and it then runs once more (so
   * it sees what was stored before the call); the answer is then the runs' `combine`d (e.g. summed counts). `undefined`: not run (the instance is stopping, or another instance
   * holds a one-instance job: it then runs once more as soon as its holder is done).
   */
  drain(): Promise<T | undefined>;
  /** `drain()` in the background, a failure logged. */
  wake(): void;
}

interface State<T> {
  def: JobDefinition<T>;
  logger: Logger;
  timer?: NodeJS.Timeout;
  running?: Promise<T | undefined>;
  again: boolean;
  /** Consecutive failed runs of an instance job (a cluster job's are counted in its row) */
  failures: number;
  /** When the timer looks next, as the last run or claim left it */
  nextWaitMs: number;
  /** A cluster job's row, written once */
  ready?: Promise<void>;
  /** The renewal of what the run under way holds */
  heartbeat?: NodeJS.Timeout;
}

/** A cluster job's look when it is not claimed: at least a second apart, at most its period. */
const MIN_LOOK_MS = 1000;

/**
 * The one engine of the background work. A worker declares its job on the method that is one run
 * (`@BackgroundJob({ name, scope, everyMs, … })`, background-job.decorator.ts): the runner finds every declaration
 * among the providers at start and registers it; `register` is for jobs made at run time (the roll-ups of
 * database/row-counts.ts, one per table). The runner gives each its timer, one run at a time per instance (a call during a run joins it), one instance at a time
 * for `cluster` jobs (a lease row in `background_jobs`, renewed every third of JOB_LEASE_SECONDS while the run lives,
 * so a run cut by kill -9 is taken again by another instance once its lease lapses), retries after a failure with the
 * job's backoff, wake-up on demand, the report of each run, and one shutdown behaviour: no new run, the runs under way
 * finish or hand back what they claimed (`ctx.stopping`), waited for at most SHUTDOWN_TIMEOUT_MS, before the pool
 * closes; what a run cut at that bound still holds is taken again after its lease. The tables' own claims
 * (`FOR UPDATE SKIP LOCKED`, a lease on each row) stay in each job: they are what makes a mail go once.
 */
@Injectable()
export class JobRunner implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly jobs = new Map<string, State<unknown>>();
  /** This instance in the lease rows: host, process, and a random part (several apps may run in one process) */
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private started = false;
  private stopping = false;

  constructor(
    private readonly leases: JobLeases,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  get leaseSeconds(): number {
    return this.config.jobs.leaseSeconds;
  }

  register<T>(def: JobDefinition<T>): Job<T> {
    if (this.jobs.has(def.name)) throw new Error(`Tâche de fond déjà enregistrée : ${def.name}`);
    const state: State<T> = { def, logger: new Logger(def.log.context), again: false, failures: 0, nextWaitMs: def.everyMs };
    this.jobs.set(def.name, state as State<unknown>);
    if (def.metrics) declareJobRuns(def.name);
    if (this.started) this.start(state);
    return this.job(def.name);
  }

  /** A job by its name, for its worker: the job itself is looked up at each call (a declared one is registered at start). */
  job<T>(name: string): Job<T> {
    const state = (): State<T> => {
      const found = this.jobs.get(name);
      if (!found) throw new Error(`Tâche de fond inconnue : ${name}`);
      return found as State<T>;
    };
    return { drain: () => this.drain(state()), wake: () => this.wake(state()) };
  }

  /** Registers every method declared `@BackgroundJob(…)` of the app's providers, before the start writes their rows. */
  onModuleInit(): void {
    for (const wrapper of this.discovery.getProviders()) {
      if (wrapper.isDependencyTreeStatic()) this.registerDeclared(wrapper.instance);
    }
  }

  /** Registers the jobs `worker`'s methods declare with `@BackgroundJob(…)` (none if it is not an object). */
  registerDeclared(worker: unknown): void {
    if (!worker || typeof worker !== 'object') return;
    for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(worker) as object)) {
      const options = this.reflector.get<BackgroundJobOptions | undefined>(
        BACKGROUND_JOB,
        (worker as Record<string, () => unknown>)[method],
      );
      if (options) this.register(definitionOf(options, worker, method, this.config));
    }
  }

  /** Writes the cluster jobs' rows (their schedule kept if there), then starts every timer. */
  async onApplicationBootstrap(): Promise<void> {
    this.started = true;
    const states = [...this.jobs.values()];
    await Promise.all(states.map((state) => this.ready(state)));
    for (const state of states) this.start(state);
  }

  /**
   * Before the pool closes (TypeORM closes it in onApplicationShutdown): no new run, and the runs under way finish or
   * hand back their claims, within SHUTDOWN_TIMEOUT_MS. A run still going then is left: its claims lapse with their
   * lease and another instance takes them.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    for (const state of this.jobs.values()) clearTimeout(state.timer);
    const running = [...this.jobs.values()].filter((state) => state.running);
    if (!running.length) return;
    let bound: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.all(running.map((state) => state.running!.catch(() => undefined))).then(() => true),
      new Promise<false>((resolve) => (bound = setTimeout(() => resolve(false), this.config.shutdown.timeoutMs))),
    ]);
    clearTimeout(bound);
    if (!finished) {
      const stuck = running.filter((state) => state.running);
      // Their claims are no longer renewed: they lapse with their lease, as a killed instance's would.
      for (const state of stuck) clearInterval(state.heartbeat);
      const names = stuck.map((state) => state.def.name);
      this.logger.warn(
        `Tâches encore en cours après ${this.config.shutdown.timeoutMs} ms (${names.join(', ')}) : ce qu'elles tiennent sera repris ` +
          `par une autre instance à l'expiration de son bail (${this.leaseSeconds} s)`,
      );
    }
  }

  private ready<T>(state: State<T>): Promise<void> {
    if (state.def.scope !== 'cluster') return Promise.resolve();
    return (state.ready ??= this.leases.ensure(state.def.name, state.def.firstAfterMs ?? state.def.everyMs).catch((error: unknown) => {
      state.ready = undefined;
      throw error;
    }));
  }

  private start<T>(state: State<T>): void {
    if (state.def.timer) this.schedule(state, state.def.firstAfterMs ?? state.def.everyMs);
  }

  private schedule<T>(state: State<T>, ms: number): void {
    clearTimeout(state.timer);
    if (this.stopping || !state.def.timer) return;
    state.timer = setTimeout(() => void this.tick(state), ms);
    state.timer.unref();
  }

  /** The timer: a run if due (joining the one under way, if any), then the next look. */
  private async tick<T>(state: State<T>): Promise<void> {
    try {
      // A run under way (a drain's) reports its own failure.
      if (state.running) await state.running.catch(() => undefined);
      else await this.begin(state, true);
    } catch (error) {
      this.logFailure(state, error);
    }
    this.schedule(state, state.nextWaitMs);
  }

  private drain<T>(state: State<T>): Promise<T | undefined> {
    if (this.stopping) return Promise.resolve(undefined);
    if (state.running) {
      state.again = true;
      return state.running;
    }
    return this.begin(state, false);
  }

  private wake<T>(state: State<T>): void {
    this.drain(state).catch((error: unknown) => this.logFailure(state, error));
  }

  private begin<T>(state: State<T>, onlyWhenDue: boolean): Promise<T | undefined> {
    state.running = this.runs(state, onlyWhenDue).finally(() => {
      state.running = undefined;
    });
    return state.running;
  }

  /** One run, and one more each time a drain came during it. */
  private async runs<T>(state: State<T>, onlyWhenDue: boolean): Promise<T | undefined> {
    let result: T | undefined;
    do {
      state.again = false;
      const run = state.def.scope === 'cluster' ? await this.clusterRun(state, onlyWhenDue) : await this.instanceRun(state);
      result = result === undefined || run === undefined || !state.def.combine ? (run ?? result) : state.def.combine(result, run);
      onlyWhenDue = false;
    } while (state.again && !this.stopping);
    return result;
  }

  private async instanceRun<T>(state: State<T>): Promise<T> {
    const { def } = state;
    const lease = this.leaseSeconds;
    const stopping = () => this.stopping;
    const ctx: JobContext = {
      leaseSeconds: lease,
      get stopping() {
        return stopping();
      },
    };
    const heartbeat = def.renew
      ? setInterval(() => def.renew!(lease).catch((error: unknown) => this.logFailure(state, error)), (lease * 1000) / 3)
      : undefined;
    state.heartbeat = heartbeat;
    try {
      const result = await this.reported(state, ctx);
      state.failures = 0;
      state.nextWaitMs = def.everyMs;
      return result;
    } catch (error) {
      state.failures += 1;
      state.nextWaitMs = def.retryDelayMs?.(state.failures) ?? def.everyMs;
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async clusterRun<T>(state: State<T>, onlyWhenDue: boolean): Promise<T | undefined> {
    const { def } = state;
    const lease = this.leaseSeconds;
    await this.ready(state);
    const claim = await this.leases.claim(def.name, this.owner, lease, onlyWhenDue);
    if (!claim.claimed) {
      if (!onlyWhenDue) await this.leases.askRerun(def.name);
      state.nextWaitMs = Math.min(def.everyMs, Math.max(MIN_LOOK_MS, claim.waitMs));
      return undefined;
    }
    let lost = false;
    let handedBack = false;
    const stopping = () => {
      const stop = this.stopping || lost;
      if (stop) handedBack = true;
      return stop;
    };
    const ctx: JobContext = {
      leaseSeconds: lease,
      get stopping() {
        return stopping();
      },
    };
    const heartbeat = setInterval(
      () => {
        this.leases.renew(def.name, this.owner, lease).then(
          (held) => {
            if (!held) lost = true;
          },
          (error: unknown) => this.logFailure(state, error),
        );
      },
      (lease * 1000) / 3,
    );
    state.heartbeat = heartbeat;
    let result: T;
    try {
      result = await this.reported(state, ctx);
    } catch (error) {
      clearInterval(heartbeat);
      const retryMs = def.retryDelayMs?.(claim.failures + 1) ?? def.everyMs;
      const message = (error as Error | undefined)?.message || String(error);
      // Not released (the database unreachable): the lease lapses and the job is taken again then.
      await this.leases
        .release(def.name, this.owner, { nextInMs: retryMs, error: message })
        .catch((e: unknown) => this.logFailure(state, e));
      state.nextWaitMs = retryMs;
      throw error;
    }
    clearInterval(heartbeat);
    // Handed back at shutdown: due at once, for the instance that takes it next.
    const waitMs = await this.leases.release(def.name, this.owner, { nextInMs: handedBack ? 0 : def.everyMs, error: null });
    state.nextWaitMs = waitMs ?? def.everyMs;
    return result;
  }

  private reported<T>(state: State<T>, ctx: JobContext): Promise<T> {
    const run = state.def.run(ctx);
    return state.def.metrics ? trackJob(state.def.name, run) : run;
  }

  private logFailure<T>(state: State<T>, error: unknown): void {
    state.logger.error(`${state.def.log.failure} : ${(error as Error | undefined)?.message ?? String(error)}`);
  }
}
