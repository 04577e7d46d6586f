import { MigrationInterface, QueryRunner } from 'typeorm';

/** What became of each Stripe event: applied, or acknowledged and ignored (with the reason). */
export class StripeEventOutcome1763712400000 implements MigrationInterface {
  name = 'StripeEventOutcome1763712400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE stripe_events ADD COLUMN outcome text NOT NULL DEFAULT 'processed' CONSTRAINT stripe_events_outcome_check CHECK (outcome IN ('processed', 'ignored'))`,
    );
    await q.query(`ALTER TABLE stripe_events ADD COLUMN note text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE stripe_events DROP COLUMN note`);
    await q.query(`ALTER TABLE stripe_events DROP COLUMN outcome`);
  }
}
