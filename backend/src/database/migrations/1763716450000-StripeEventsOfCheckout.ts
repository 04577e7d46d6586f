import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35: the page a client comes back to after Stripe's payment page waits until the product has recorded what the
 * payment did, asking every few seconds whether the session's `checkout.session.completed` is processed. A partial
 * index on those events' session id, so that each ask reads one index entry instead of the whole inbox.
 */
export class StripeEventsOfCheckout1763716450000 implements MigrationInterface {
  name = 'StripeEventsOfCheckout1763716450000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX stripe_events_checkout_idx ON stripe_events (object_id) WHERE type = 'checkout.session.completed'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX stripe_events_checkout_idx`);
  }
}
