import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Stripe webhook answers as soon as the event is stored: `stripe_events` becomes an inbox that a worker drains
 * (claims with a lease, reads Stripe, applies, marks). `pending` rows wait for the worker (again at
 * `next_attempt_at` after a failed attempt); `failed` ones gave up after the last attempt. The rows already there were
 * applied or ignored when they were received.
 */
export class WebhookInbox1763714100000 implements MigrationInterface {
  name = 'WebhookInbox1763714100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE stripe_events
      ADD COLUMN object_id text,
      ADD COLUMN received_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN next_attempt_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN locked_until timestamptz,
      ADD COLUMN last_error text,
      ALTER COLUMN processed_at DROP NOT NULL,
      ALTER COLUMN processed_at DROP DEFAULT,
      ALTER COLUMN outcome SET DEFAULT 'pending',
      DROP CONSTRAINT stripe_events_outcome_check`);
    await q.query(`UPDATE stripe_events SET received_at = processed_at, attempts = 1`);
    await q.query(`ALTER TABLE stripe_events
      ADD CONSTRAINT stripe_events_outcome_check CHECK (outcome IN ('pending', 'processed', 'ignored', 'failed')),
      ADD CONSTRAINT stripe_events_processed_at_check CHECK ((outcome = 'pending') = (processed_at IS NULL))`);
    await q.query(`CREATE INDEX stripe_events_due_idx ON stripe_events (next_attempt_at) WHERE outcome = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    const [{ waiting }] = (await q.query(
      `SELECT count(*)::int AS waiting FROM stripe_events WHERE outcome IN ('pending', 'failed')`,
    )) as Array<{ waiting: number }>;
    // Their effects were never applied and Stripe will not send them again: refuse rather than lose them.
    if (waiting > 0)
      throw new Error(`${waiting} événements Stripe reçus n'ont pas été appliqués : retour en arrière impossible sans les perdre`);
    await q.query(`DROP INDEX stripe_events_due_idx`);
    await q.query(`ALTER TABLE stripe_events
      DROP CONSTRAINT stripe_events_processed_at_check,
      DROP CONSTRAINT stripe_events_outcome_check,
      DROP COLUMN object_id, DROP COLUMN received_at, DROP COLUMN attempts, DROP COLUMN next_attempt_at, DROP COLUMN locked_until, DROP COLUMN last_error,
      ALTER COLUMN processed_at SET DEFAULT now(),
      ALTER COLUMN processed_at SET NOT NULL,
      ALTER COLUMN outcome SET DEFAULT 'processed'`);
    await q.query(`ALTER TABLE stripe_events ADD CONSTRAINT stripe_events_outcome_check CHECK (outcome IN ('processed', 'ignored'))`);
  }
}
