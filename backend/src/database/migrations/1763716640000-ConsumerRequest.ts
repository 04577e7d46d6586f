import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38, item 22 (decision 0022, consumers may order): a private individual's express request that the service start
 * before the 14-day withdrawal period ends, with the acknowledgement of losing the right once it is fully performed
 * (Code de la consommation L221-25, L221-28), is kept with the order as frozen when its payment opened.
 */
export class ConsumerRequest1763716640000 implements MigrationInterface {
  name = 'ConsumerRequest1763716640000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_checkouts ADD COLUMN consumer_request_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_checkouts DROP COLUMN consumer_request_at`);
  }
}
