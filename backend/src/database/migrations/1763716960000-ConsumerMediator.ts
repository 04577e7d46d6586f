import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38, item 22 (decision 0022): the consumer mediator the agency has joined (Code de la consommation L612-1,
 * L616-1), named by the CGV's consumer annex and the withdrawal's acknowledgement. Empty until an admin sets it.
 */
export class ConsumerMediator1763716960000 implements MigrationInterface {
  name = 'ConsumerMediator1763716960000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE agency_settings ADD COLUMN mediator_name text NOT NULL DEFAULT '', ADD COLUMN mediator_website text NOT NULL DEFAULT ''`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE agency_settings DROP COLUMN mediator_name, DROP COLUMN mediator_website`);
  }
}
