import { MigrationInterface, QueryRunner } from 'typeorm';

export class Auth1763712000000 implements MigrationInterface {
  name = 'Auth1763712000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (email = lower(email)),
      name text NOT NULL DEFAULT '',
      role text NOT NULL DEFAULT 'client' CHECK (role IN ('client', 'admin')),
      password_hash text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE UNIQUE INDEX users_email_key ON users (lower(email))`);
    await q.query(`CREATE INDEX users_created_at_idx ON users (created_at DESC)`);

    await q.query(`CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      revoked_at timestamptz,
      revoked_reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`);

    await q.query(`CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      session_id uuid NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX refresh_tokens_session_id_idx ON refresh_tokens (session_id)`);

    await q.query(`CREATE TABLE one_time_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('first_login', 'password_reset')),
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX one_time_tokens_user_id_idx ON one_time_tokens (user_id, purpose)`);

    await q.query(`CREATE TABLE login_attempts (
      email text PRIMARY KEY,
      failures int NOT NULL DEFAULT 0,
      locked_until timestamptz,
      last_failure_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE login_attempts`);
    await q.query(`DROP TABLE one_time_tokens`);
    await q.query(`DROP TABLE refresh_tokens`);
    await q.query(`DROP TABLE sessions`);
    await q.query(`DROP TABLE users`);
  }
}
