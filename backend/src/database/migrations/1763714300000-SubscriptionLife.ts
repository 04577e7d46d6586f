import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A subscription's whole life:
 * - `checkout_leases`: at most one payable Checkout session per thing being paid (an order, a site's restart, a card
 *   change). A request takes the lease (one row, updated atomically) before it talks to Stripe, so parallel requests
 *   for the same order never open two sessions; the lease expires by itself if its holder dies.
 * - `sites.payment_state` (current, past_due, unpaid, ended) and since when: written by the site lifecycle only, read
 *   by the client's banners and the admin's list (a partial index holds the few sites not up to date).
 * - `duplicate_payments`: a second payment of the same order (or restart) that completed anyway; the worker cancels
 *   its subscription and refunds it, and the row keeps why and what was refunded.
 * - `invoices.refunded_cents`: what was refunded of an invoice (a duplicate's).
 */
export class SubscriptionLife1763714300000 implements MigrationInterface {
  name = 'SubscriptionLife1763714300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE checkout_leases (
      key text PRIMARY KEY,
      session_id text,
      lock_token uuid,
      locked_until timestamptz,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`ALTER TABLE sites
      ADD COLUMN payment_state text NOT NULL DEFAULT 'current',
      ADD COLUMN payment_state_since timestamptz,
      ADD CONSTRAINT sites_payment_state_check CHECK (payment_state IN ('current', 'past_due', 'unpaid', 'ended'))`);
    // The sites already there, as their subscription's life left them: an ended one can be restarted, a failing one
    // shows its banner. Since: the end, or the first failure of the open invoice.
    await q.query(`UPDATE sites s
        SET payment_state = CASE sub.status WHEN 'past_due' THEN 'past_due' WHEN 'unpaid' THEN 'unpaid' ELSE 'ended' END,
            payment_state_since = CASE WHEN sub.status IN ('canceled', 'incomplete_expired') THEN COALESCE(sub.ended_at, sub.updated_at)
              ELSE (SELECT min(i.payment_failed_at) FROM invoices i WHERE i.subscription_id = sub.id AND i.status = 'open') END
       FROM subscriptions sub
      WHERE sub.id = s.stripe_subscription_id AND sub.status IN ('past_due', 'unpaid', 'canceled', 'incomplete_expired')`);
    await q.query(`CREATE INDEX sites_payment_state_idx ON sites (payment_state_since, id) WHERE payment_state <> 'current'`);
    await q.query(`ALTER TABLE invoices ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX invoices_subscription_id_idx ON invoices (subscription_id)`);
    await q.query(`CREATE INDEX subscriptions_site_id_idx ON subscriptions (site_id)`);
    await q.query(`CREATE TABLE duplicate_payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL,
      reference_id uuid NOT NULL,
      checkout_session_id text NOT NULL,
      subscription_id text,
      invoice_id text,
      customer_id text,
      user_id uuid,
      amount_cents integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'pending',
      refund_id text,
      refunded_cents integer NOT NULL DEFAULT 0,
      reason text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      CONSTRAINT duplicate_payments_checkout_session_id_key UNIQUE (checkout_session_id),
      CONSTRAINT duplicate_payments_kind_check CHECK (kind IN ('order', 'restart')),
      CONSTRAINT duplicate_payments_status_check CHECK (status IN ('pending', 'refunded', 'failed')),
      CONSTRAINT duplicate_payments_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL
    )`);
    await q.query(`CREATE INDEX duplicate_payments_pending_idx ON duplicate_payments (created_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX duplicate_payments_created_at_idx ON duplicate_payments (created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE duplicate_payments`);
    await q.query(`DROP INDEX subscriptions_site_id_idx`);
    await q.query(`DROP INDEX invoices_subscription_id_idx`);
    await q.query(`ALTER TABLE invoices DROP COLUMN refunded_cents`);
    await q.query(`DROP INDEX sites_payment_state_idx`);
    await q.query(
      `ALTER TABLE sites DROP CONSTRAINT sites_payment_state_check, DROP COLUMN payment_state, DROP COLUMN payment_state_since`,
    );
    await q.query(`DROP TABLE checkout_leases`);
  }
}
