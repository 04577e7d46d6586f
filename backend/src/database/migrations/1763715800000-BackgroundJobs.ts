import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lease and the schedule of each background job that runs on one instance at a time (database/jobs: payment
 * reminders, the draft purge, duplicate-payment refunds). One row per job, shared by every instance: who holds it and
 * until when (renewed while the run lives; a killed instance's lease lapses and another takes the job), when it is due
 * next, whether a run was asked for while it was held, and its consecutive failures (the backoff of its retries).
 */
export class BackgroundJobs1763715800000 implements MigrationInterface {
  name = 'BackgroundJobs1763715800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE background_jobs (
        name text PRIMARY KEY,
        next_run_at timestamptz NOT NULL,
        leased_by text,
        leased_until timestamptz,
        rerun boolean NOT NULL DEFAULT false,
        failures integer NOT NULL DEFAULT 0,
        last_started_at timestamptz,
        last_finished_at timestamptz,
        last_error text,
        CONSTRAINT background_jobs_lease_check CHECK ((leased_by IS NULL) = (leased_until IS NULL))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE background_jobs`);
  }
}
