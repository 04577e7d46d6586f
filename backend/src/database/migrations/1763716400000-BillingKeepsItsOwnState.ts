import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 34, billing tells facts instead of doing the other modules' work; what it needs to know of its own, it keeps:
 * - `duplicate_payments.site_id`: the site a duplicate payment was for (the order's site, or the restarted one), said
 *   by the module that found it, instead of billing asking the sites each time it lists or refunds one;
 * - `invoices.reminded_days`: the last reminder step (days after the failure) billing told of a failing invoice, so
 *   that each step is told once, whoever runs the reminders; before, only the mail's dedupe key knew it. Reminders
 *   already sent are found in the outbox.
 */
export class BillingKeepsItsOwnState1763716400000 implements MigrationInterface {
  name = 'BillingKeepsItsOwnState1763716400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE duplicate_payments ADD COLUMN site_id uuid
      CONSTRAINT duplicate_payments_site_id_fkey REFERENCES sites (id) ON DELETE SET NULL`);
    await q.query(`UPDATE duplicate_payments d SET site_id = CASE
        WHEN d.kind = 'restart' THEN (SELECT s.id FROM sites s WHERE s.id = d.reference_id)
        ELSE (SELECT s.id FROM sites s WHERE s.order_draft_id = d.reference_id) END`);
    await q.query(`ALTER TABLE invoices ADD COLUMN reminded_days int`);
    await q.query(`UPDATE invoices i SET reminded_days = (
        SELECT max(split_part(o.dedupe_key, ':', 3)::int) FROM outbox_emails o
         WHERE o.dedupe_key LIKE 'payment-reminder:' || i.id || ':%' AND split_part(o.dedupe_key, ':', 3) ~ '^[0-9]+$')
      WHERE i.payment_failed_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoices DROP COLUMN reminded_days`);
    await q.query(`ALTER TABLE duplicate_payments DROP COLUMN site_id`);
  }
}
