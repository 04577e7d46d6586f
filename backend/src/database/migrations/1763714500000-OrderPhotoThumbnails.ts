import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A thumbnail for each order photo (`thumbnail_key`, `thumbnail_content_type`), made at upload. The photos stored
 * before have none (both null): their full picture stands in for it.
 */
export class OrderPhotoThumbnails1763714500000 implements MigrationInterface {
  name = 'OrderPhotoThumbnails1763714500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_photos
      ADD COLUMN thumbnail_key text CONSTRAINT order_photos_thumbnail_key_key UNIQUE,
      ADD COLUMN thumbnail_content_type text,
      ADD CONSTRAINT order_photos_thumbnail_check CHECK (
        (thumbnail_key IS NULL AND thumbnail_content_type IS NULL)
        OR (thumbnail_key IS NOT NULL AND thumbnail_content_type IN ('image/jpeg', 'image/png'))
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_photos
      DROP CONSTRAINT order_photos_thumbnail_check,
      DROP COLUMN thumbnail_content_type,
      DROP COLUMN thumbnail_key`);
  }
}
