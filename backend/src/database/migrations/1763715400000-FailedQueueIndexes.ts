import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The failed rows of the mail outbox and of the Stripe webhook inbox, counted at every metrics scrape and status page
 * (monitoring/): a partial index each, holding those rows only, so that the count reads a few index pages instead of
 * the whole table (the waiting rows already have the workers' partial indexes).
 */
export class FailedQueueIndexes1763715400000 implements MigrationInterface {
  name = 'FailedQueueIndexes1763715400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX outbox_emails_failed_idx ON outbox_emails (created_at) WHERE status = 'failed'`);
    await q.query(`CREATE INDEX stripe_events_failed_idx ON stripe_events (received_at) WHERE outcome = 'failed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX stripe_events_failed_idx`);
    await q.query(`DROP INDEX outbox_emails_failed_idx`);
  }
}
