import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38, item 22 (decision 0022): a consumer's withdrawal from the client area (Code de la consommation L221-18).
 * - `withdrawals`: one per subscription, the model form's content as sent (name, address, the order's date) and the
 *   amounts (paid, due for the service provided until then under L221-25, refunded), the durable record of it.
 * - `duplicate_payments.cause` gains `withdrawal`: the refund goes through the path of payments given back (the
 *   subscription canceled at Stripe, the payment refunded, the credit note issued); `refund_cents` is what to give
 *   back when it is not the whole payment (null: all of it).
 */
export class ConsumerWithdrawal1763716950000 implements MigrationInterface {
  name = 'ConsumerWithdrawal1763716950000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE withdrawals (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL,
      site_id uuid,
      subscription_id text NOT NULL,
      checkout_session_id text NOT NULL,
      full_name text NOT NULL,
      address text NOT NULL,
      ordered_at timestamptz NOT NULL,
      paid_cents integer NOT NULL,
      due_cents integer NOT NULL,
      refund_cents integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT withdrawals_subscription_id_key UNIQUE (subscription_id),
      CONSTRAINT withdrawals_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
      CONSTRAINT withdrawals_site_id_fkey FOREIGN KEY (site_id) REFERENCES sites(id) ON DELETE SET NULL
    )`);
    await q.query(`CREATE INDEX withdrawals_site_id_idx ON withdrawals (site_id)`);
    await q.query(`ALTER TABLE duplicate_payments
      DROP CONSTRAINT duplicate_payments_cause_check,
      ADD CONSTRAINT duplicate_payments_cause_check CHECK (cause IN ('duplicate', 'account-closed', 'unknown-order', 'subscription-ended', 'withdrawal')),
      ADD COLUMN refund_cents integer`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM duplicate_payments WHERE cause = 'withdrawal'`);
    await q.query(`ALTER TABLE duplicate_payments
      DROP COLUMN refund_cents,
      DROP CONSTRAINT duplicate_payments_cause_check,
      ADD CONSTRAINT duplicate_payments_cause_check CHECK (cause IN ('duplicate', 'account-closed', 'unknown-order', 'subscription-ended'))`);
    await q.query(`DROP TABLE withdrawals`);
  }
}
