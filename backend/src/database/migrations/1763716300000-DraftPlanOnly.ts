import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The draft's plan is its one truth: `business_enabled` (the Business toggle, always equal to plan_type = 'business')
 * goes; a row where the two disagreed keeps what the toggle said.
 */
export class DraftPlanOnly1763716300000 implements MigrationInterface {
  name = 'DraftPlanOnly1763716300000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "order_drafts" SET "plan_type" = CASE WHEN "business_enabled" THEN 'business' ELSE 'pro' END`);
    await queryRunner.query(`ALTER TABLE "order_drafts" DROP COLUMN "business_enabled"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "order_drafts" ADD "business_enabled" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`UPDATE "order_drafts" SET "business_enabled" = ("plan_type" = 'business')`);
  }
}
