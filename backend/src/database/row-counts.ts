import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** How often the delta tables are rolled up. */
export const ROLL_UP_EVERY_MS = 60_000;
/** A read that sums more delta rows than this asks for a roll-up at once, without waiting for the timer. */
export const ROLL_UP_AFTER_DELTAS = 1000;

/**
 * The one statement that folds a delta table's rows into one row per bucket (the RowCounts migration's `site_counts`,
 * `user_counts`): the rows it deletes are the ones it sums back, so deltas inserted meanwhile (not seen by the DELETE)
 * are kept and every total stays exact. Skipped (nothing deleted, `locked` false) while another instance's roll-up,
 * or a TRUNCATE of the counted table, holds the table's advisory lock. `table` and `buckets` are the code's own
 * identifiers, never a request's.
 */
export function rollUpStatement(table: string, buckets: readonly string[]): string {
  const columns = buckets.join(', ');
  return `WITH locked AS (SELECT pg_try_advisory_xact_lock(hashtext('${table}')) AS ok),
  gone AS (DELETE FROM ${table} WHERE (SELECT ok FROM locked) RETURNING ${columns}, n),
  summed AS (INSERT INTO ${table} (${columns}, n) SELECT ${columns}, sum(n) FROM gone GROUP BY ${columns} HAVING sum(n) <> 0)
  SELECT ok AS locked FROM locked`;
}

/** One delta table's roll-up, as its repository registered it. */
export interface RollUp {
  /** Rolls up now, or joins the roll-up under way in this instance. Nothing once the app is shutting down. */
  now(): Promise<void>;
  /** `now()` in the background, for a read that summed `deltas` rows: only past ROLL_UP_AFTER_DELTAS; errors logged. */
  afterRead(deltas: number): void;
}

/**
 * Runs the roll-ups of the delta tables behind exact row totals (`site_counts`, `user_counts`: see the RowCounts
 * migration) in the background, every minute, so those tables stay a few rows per bucket. Each table's repository
 * registers its own roll-up (the SQL stays with the module that owns the table); this only schedules them: one run at
 * a time per table in this instance (several instances skip each other under an advisory lock, in the SQL), none after
 * shutdown begins, and the run under way finished before the pool closes, as the mail worker does. Off in tests,
 * which roll up when they mean to.
 */
@Injectable()
export class RowCountRollUps implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Database');
  /** Each registered table's roll-up in the background (errors logged), and the run under way if any. */
  private readonly inBackground = new Map<string, () => void>();
  private readonly running = new Map<string, Promise<void>>();
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  register(table: string, rollUp: () => Promise<unknown>): RollUp {
    const now = (): Promise<void> => {
      if (this.stopped) return Promise.resolve();
      let run = this.running.get(table);
      if (!run) {
        run = rollUp()
          .then(() => undefined)
          .finally(() => this.running.delete(table));
        this.running.set(table, run);
      }
      return run;
    };
    const inBackground = () => {
      now().catch((error: unknown) => this.logger.error(`Cumul des compteurs de ${table} en échec : ${(error as Error).message}`));
    };
    this.inBackground.set(table, inBackground);
    return {
      now,
      afterRead: (deltas) => {
        if (deltas > ROLL_UP_AFTER_DELTAS) inBackground();
      },
    };
  }

  onApplicationBootstrap(): void {
    if (this.config.nodeEnv === 'test') return;
    this.timer = setInterval(() => this.inBackground.forEach((run) => run()), ROLL_UP_EVERY_MS);
    this.timer.unref();
  }

  /** Before the pool closes (TypeORM closes it in onApplicationShutdown): no new roll-up, the ones under way finished. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.all([...this.running.values()].map((run) => run.catch(() => undefined)));
  }
}
