import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35 (Stripe's own end of dunning): when the retries fail Stripe cancels the subscription (reason
 * `payment_failed`) and leaves its open invoice payable on its hosted page. The product voids it; a payment that
 * arrives anyway, after the subscription ended, is given back like a duplicate:
 * - `duplicate_payments.kind` gains `invoice` (a payment of an invoice, not of a checkout: no session id, one row per
 *   invoice) and `cause` gains `subscription-ended`.
 */
export class EndOfDunning1763716600000 implements MigrationInterface {
  name = 'EndOfDunning1763716600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE duplicate_payments
      DROP CONSTRAINT duplicate_payments_kind_check,
      ADD CONSTRAINT duplicate_payments_kind_check CHECK (kind IN ('order', 'restart', 'invoice')),
      DROP CONSTRAINT duplicate_payments_cause_check,
      ADD CONSTRAINT duplicate_payments_cause_check CHECK (cause IN ('duplicate', 'account-closed', 'unknown-order', 'subscription-ended')),
      ALTER COLUMN checkout_session_id DROP NOT NULL,
      ADD CONSTRAINT duplicate_payments_session_check CHECK (kind = 'invoice' OR checkout_session_id IS NOT NULL)`);
    await q.query(`CREATE UNIQUE INDEX duplicate_payments_invoice_key ON duplicate_payments (invoice_id) WHERE kind = 'invoice'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM duplicate_payments WHERE kind = 'invoice'`);
    await q.query(`DROP INDEX duplicate_payments_invoice_key`);
    await q.query(`ALTER TABLE duplicate_payments
      DROP CONSTRAINT duplicate_payments_session_check,
      ALTER COLUMN checkout_session_id SET NOT NULL,
      DROP CONSTRAINT duplicate_payments_cause_check,
      ADD CONSTRAINT duplicate_payments_cause_check CHECK (cause IN ('duplicate', 'account-closed', 'unknown-order')),
      DROP CONSTRAINT duplicate_payments_kind_check,
      ADD CONSTRAINT duplicate_payments_kind_check CHECK (kind IN ('order', 'restart'))`);
  }
}
