import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35 (SEPA Direct Debit): an order paid by debit completes its Checkout session unpaid, and is paid (or not)
 * days later. `order_checkouts.status` gains `pending` (the session completed, its debit processing: the order is
 * received, not provisioned) and `failed` (the debit failed: the buyer is told, and the order can be paid again).
 */
export class OrderDebits1763716580000 implements MigrationInterface {
  name = 'OrderDebits1763716580000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_checkouts DROP CONSTRAINT order_checkouts_status_check`);
    await q.query(
      `ALTER TABLE order_checkouts ADD CONSTRAINT order_checkouts_status_check CHECK (status IN ('open', 'expired', 'paid', 'refused', 'pending', 'failed'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE order_checkouts SET status = 'expired' WHERE status IN ('pending', 'failed')`);
    await q.query(`ALTER TABLE order_checkouts DROP CONSTRAINT order_checkouts_status_check`);
    await q.query(
      `ALTER TABLE order_checkouts ADD CONSTRAINT order_checkouts_status_check CHECK (status IN ('open', 'expired', 'paid', 'refused'))`,
    );
  }
}
