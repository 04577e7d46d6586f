import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38, item 19: six 'Télécharger mes données' at once built three or four archives, each mailed and
 * each counted against the daily quota, since the "one pending archive" rule was a read before the insert. The
 * database now holds it: at most one pending archive per account (a partial unique index the request inserts
 * against with ON CONFLICT). Requests already doubled (never built: still pending) keep their oldest.
 */
export class OnePendingArchive1763716630000 implements MigrationInterface {
  name = 'OnePendingArchive1763716630000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM data_exports e
      WHERE e.status = 'pending'
        AND EXISTS (SELECT 1 FROM data_exports o
                     WHERE o.user_id = e.user_id AND o.status = 'pending'
                       AND (o.created_at, o.id) < (e.created_at, e.id))`);
    await q.query(`CREATE UNIQUE INDEX data_exports_one_pending_key ON data_exports (user_id) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX data_exports_one_pending_key`);
  }
}
