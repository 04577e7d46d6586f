import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A credit note for every refund, whoever made it (a duplicate payment's, or an admin's in Stripe's dashboard):
 * - `stripe_refunds`: our copy of each Stripe refund (re_…) with the Stripe invoice its payment paid; an invoice's
 *   `refunded_cents` is the sum of its succeeded refunds. Filled with the duplicate payments already refunded.
 * - Every refund's credit note is keyed by the refund itself (`refund:<re_…>`), whichever path issues it, so that a
 *   duplicate's refund, which Stripe also reports through `charge.refunded`, is credited once. The credit notes of
 *   duplicates already issued (`duplicate:<duplicate payment id>`) get that key: only the key changes, an internal
 *   idempotency key that no document shows; the frozen trigger is set aside for that one statement.
 */
export class StripeRefunds1763715300000 implements MigrationInterface {
  name = 'StripeRefunds1763715300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE stripe_refunds (
      id text PRIMARY KEY,
      invoice_id text,
      charge_id text,
      payment_intent_id text,
      customer_id text,
      amount_cents integer NOT NULL,
      currency text NOT NULL,
      status text NOT NULL,
      reason text,
      refunded_at timestamptz NOT NULL,
      synced_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX stripe_refunds_invoice_id_idx ON stripe_refunds (invoice_id)`);
    await q.query(`INSERT INTO stripe_refunds (id, invoice_id, customer_id, amount_cents, currency, status, reason, refunded_at, synced_at)
      SELECT refund_id, invoice_id, customer_id, refunded_cents, 'eur', 'succeeded', 'duplicate', COALESCE(settled_at, created_at), COALESCE(settled_at, created_at)
        FROM duplicate_payments WHERE refund_id IS NOT NULL
      ON CONFLICT (id) DO NOTHING`);
    await q.query(`ALTER TABLE legal_invoices DISABLE TRIGGER legal_invoices_frozen`);
    await q.query(`UPDATE legal_invoices l SET source_key = 'refund:' || d.refund_id
        FROM duplicate_payments d WHERE l.source_key = 'duplicate:' || d.id AND d.refund_id IS NOT NULL`);
    await q.query(`ALTER TABLE legal_invoices ENABLE TRIGGER legal_invoices_frozen`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE legal_invoices DISABLE TRIGGER legal_invoices_frozen`);
    await q.query(`UPDATE legal_invoices l SET source_key = 'duplicate:' || d.id
        FROM duplicate_payments d WHERE l.source_key = 'refund:' || d.refund_id AND d.refund_id IS NOT NULL`);
    await q.query(`ALTER TABLE legal_invoices ENABLE TRIGGER legal_invoices_frozen`);
    await q.query(`DROP TABLE stripe_refunds`);
  }
}
