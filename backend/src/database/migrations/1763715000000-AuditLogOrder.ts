import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The audit log in the order its writes were applied. It was listed by `created_at`, which is `now()`: the start of
 * the writing transaction, not the moment its write took effect. Two admins editing one site at once both start,
 * one waits for the other's row lock, and the one that waited (applied second) could have the earlier time: after
 * 30 parallel edits, 9 of 23 entries were listed out of order.
 *
 * `seq` is taken from a sequence by the INSERT of the entry, which every writer runs inside its transaction after
 * the lock on what it changes (the site's row, the agency settings' advisory lock, the mail's row): a second write
 * to one target inserts its entry only once the first has committed, so its `seq` is larger. Entries of different
 * targets never waited on each other; their order is the order of their inserts. The list reads `seq` backwards,
 * through its unique index. Entries already there are numbered in their old order.
 */
export class AuditLogOrder1763715000000 implements MigrationInterface {
  name = 'AuditLogOrder1763715000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audit_log ADD COLUMN seq bigserial NOT NULL`);
    await q.query(
      `UPDATE audit_log a SET seq = o.n FROM (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM audit_log) o WHERE a.id = o.id`,
    );
    await q.query(`SELECT setval('audit_log_seq_seq', (SELECT COALESCE(max(seq), 0) + 1 FROM audit_log), false)`);
    await q.query(`CREATE UNIQUE INDEX audit_log_seq_key ON audit_log (seq)`);
    await q.query(`DROP INDEX audit_log_created_at_idx`);
    await q.query(`DROP INDEX audit_log_entity_idx`);
    await q.query(`CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, seq)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_log_entity_idx`);
    await q.query(`CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, created_at)`);
    await q.query(`CREATE INDEX audit_log_created_at_idx ON audit_log (created_at)`);
    await q.query(`ALTER TABLE audit_log DROP COLUMN seq`);
  }
}
