import { Injectable } from '@nestjs/common';
import { BaseRepository } from '../base.repository';

/** A look at a job's lease: whether this instance took it, and if not, how long until it may be taken. */
export interface LeaseClaim {
  claimed: boolean;
  /** Consecutive failed runs before this one (claimed only) */
  failures: number;
  /** Not claimed: milliseconds until the job is due or its holder's lease lapses, whichever is later */
  waitMs: number;
}

/**
 * The `background_jobs` table (migration BackgroundJobs): one row per job that runs on one instance at a time, its
 * lease and its shared schedule. Every statement is one round trip; the clock is the database's, so instances with
 * different clocks agree.
 */
@Injectable()
export class JobLeases extends BaseRepository {
  /** The job's row, due `firstAfterMs` from now, unless it is there already (its schedule is kept across restarts). */
  async ensure(name: string, firstAfterMs: number): Promise<void> {
    await this.query(
      `INSERT INTO background_jobs (name, next_run_at) VALUES ($1, now() + make_interval(secs => $2::float8)) ON CONFLICT (name) DO NOTHING`,
      [name, firstAfterMs / 1000],
    );
  }

  /**
   * Takes the lease for `leaseSeconds` if nobody holds it (or its holder's lapsed) and, with `onlyWhenDue`, if the job
   * is due or a run was asked for meanwhile. Otherwise answers when to look again (the row as it was).
   */
  async claim(name: string, owner: string, leaseSeconds: number, onlyWhenDue: boolean): Promise<LeaseClaim> {
    const [row] = await this.query<{ claimed: boolean; failures: number | null; wait_ms: number }>(
      `WITH claimed AS (
         UPDATE background_jobs
            SET leased_by = $2, leased_until = now() + make_interval(secs => $3), last_started_at = now(), rerun = false
          WHERE name = $1 AND (leased_until IS NULL OR leased_until < now()) AND (NOT $4 OR rerun OR next_run_at <= now())
          RETURNING failures)
       SELECT EXISTS (SELECT 1 FROM claimed) AS claimed, (SELECT failures FROM claimed) AS failures,
              ceil(1000 * greatest(0, extract(epoch FROM greatest(CASE WHEN rerun THEN now() ELSE next_run_at END,
                                                                   coalesce(leased_until, now())) - now())))::int AS wait_ms
         FROM background_jobs WHERE name = $1`,
      [name, owner, leaseSeconds, onlyWhenDue],
    );
    if (!row) throw new Error(`Tâche de fond inconnue de la base : ${name}`);
    return { claimed: row.claimed, failures: row.failures ?? 0, waitMs: row.wait_ms };
  }

  /** Another instance holds the job: ask for one more run as soon as it is free. */
  async askRerun(name: string): Promise<void> {
    await this.query(`UPDATE background_jobs SET rerun = true WHERE name = $1`, [name]);
  }

  /** Extends the lease while the run lives; false when it is no longer this instance's (it lapsed and was taken). */
  async renew(name: string, owner: string, leaseSeconds: number): Promise<boolean> {
    const rows = await this.returning<{ name: string }>(
      `UPDATE background_jobs SET leased_until = now() + make_interval(secs => $3) WHERE name = $1 AND leased_by = $2 RETURNING name`,
      [name, owner, leaseSeconds],
    );
    return rows.length > 0;
  }

  /**
   * Gives the lease back after a run: due again in `nextInMs` (its period, a retry's wait, or 0 for a run handed back
   * at shutdown), its failures counted or cleared. Answers when to look again (0 if a run was asked for meanwhile).
   */
  async release(name: string, owner: string, outcome: { nextInMs: number; error: string | null }): Promise<number | null> {
    const [row] = await this.returning<{ wait_ms: number }>(
      `UPDATE background_jobs
          SET leased_by = NULL, leased_until = NULL, last_finished_at = now(), last_error = $3,
              failures = CASE WHEN $3::text IS NULL THEN 0 ELSE failures + 1 END,
              next_run_at = now() + make_interval(secs => $4::float8)
        WHERE name = $1 AND leased_by = $2
        RETURNING CASE WHEN rerun THEN 0 ELSE ceil($4::float8 * 1000)::int END AS wait_ms`,
      [name, owner, outcome.error?.slice(0, 500) ?? null, outcome.nextInMs / 1000],
    );
    return row?.wait_ms ?? null;
  }
}
