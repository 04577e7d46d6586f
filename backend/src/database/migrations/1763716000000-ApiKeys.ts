import type { MigrationInterface, QueryRunner } from 'typeorm';

/** API keys for integrators (issue 26): the SHA-256 of each secret, never the secret; found by their unique prefix. */
export class ApiKeys1763716000000 implements MigrationInterface {
  name = 'ApiKeys1763716000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      prefix text NOT NULL,
      secret_hash text NOT NULL,
      scopes text[] NOT NULL,
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      expires_at timestamptz,
      revoked_at timestamptz,
      CONSTRAINT api_keys_created_by_fkey FOREIGN KEY (created_by) REFERENCES users(id) ON DELETE SET NULL
    )`);
    await q.query(`CREATE UNIQUE INDEX api_keys_prefix_key ON api_keys (prefix)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_keys`);
  }
}
