import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobRunner } from './jobs/job-runner';

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
 * The roll-ups of the delta tables behind exact row totals (`site_counts`, `user_counts`: see the RowCounts
 * migration), each a job of the background engine (database/jobs: `row-counts:<table>`), every minute, so those tables
 * stay a few rows per bucket. Each table's repository registers its own roll-up (the SQL stays with the module that
 * owns the table); the runner schedules it like every background job: one run at a time per table in this instance
 * (several instances skip each other under an advisory lock, in the SQL), none after shutdown begins, the one under
 * way finished before the pool closes. No timer in tests, which roll up when they mean to.
 */
@Injectable()
export class RowCountRollUps {
  constructor(
    private readonly runner: JobRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  register(table: string, rollUp: () => Promise<unknown>): RollUp {
    const job = this.runner.register({
      name: `row-counts:${table}`,
      scope: 'instance',
      everyMs: ROLL_UP_EVERY_MS,
      timer: this.config.nodeEnv !== 'test',
      run: async () => {
        await rollUp();
      },
      log: { context: 'Database', failure: `Cumul des compteurs de ${table} en échec` },
    });
    return {
      now: () => job.drain().then(() => undefined),
      afterRead: (deltas) => {
        if (deltas > ROLL_UP_AFTER_DELTAS) job.wake();
      },
    };
  }
}
