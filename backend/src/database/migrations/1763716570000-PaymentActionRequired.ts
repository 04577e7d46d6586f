import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35 (strong customer authentication): `invoices.action_required` — the invoice's payment waits for the client to
 * authenticate it (3-D Secure: its PaymentIntent `requires_action`, Stripe's `invoice.payment_action_required`). The
 * banner then says "Authentification requise" and the client is mailed the hosted invoice page, once per invoice.
 */
export class PaymentActionRequired1763716570000 implements MigrationInterface {
  name = 'PaymentActionRequired1763716570000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoices ADD COLUMN action_required boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoices DROP COLUMN action_required`);
  }
}
