import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 26, after the API keys themselves:
 * - `api_keys.use_count`: the requests each key made (accepted by the guard), counted in memory by each instance and
 *   added to the row (`use_count + n`) every minute and at shutdown, so the counts of every instance add up;
 * - the audit log's writes made with a key: the key is the actor (its id, and its name and prefix at the time, kept
 *   like `actor_email`), not a person; such an entry has no `actor_email`. Every entry names one or the other.
 */
export class ApiKeyUseCount1763716100000 implements MigrationInterface {
  name = 'ApiKeyUseCount1763716100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE api_keys ADD COLUMN use_count bigint NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE audit_log
      ADD COLUMN actor_api_key_id uuid,
      ADD COLUMN actor_api_key_name text,
      ADD COLUMN actor_api_key_prefix text,
      ALTER COLUMN actor_email DROP NOT NULL,
      ADD CONSTRAINT audit_log_actor_check CHECK (actor_email IS NOT NULL OR (actor_api_key_id IS NOT NULL AND actor_api_key_name IS NOT NULL AND actor_api_key_prefix IS NOT NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    // The entries of keys keep a readable actor once the key's columns are gone.
    await q.query(`UPDATE audit_log SET actor_email = 'clé ' || actor_api_key_prefix WHERE actor_email IS NULL`);
    await q.query(`ALTER TABLE audit_log
      DROP CONSTRAINT audit_log_actor_check,
      ALTER COLUMN actor_email SET NOT NULL,
      DROP COLUMN actor_api_key_id,
      DROP COLUMN actor_api_key_name,
      DROP COLUMN actor_api_key_prefix`);
    await q.query(`ALTER TABLE api_keys DROP COLUMN use_count`);
  }
}
