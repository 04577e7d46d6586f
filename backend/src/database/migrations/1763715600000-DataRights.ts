import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Data rights and the team's read-only client view (issue 25):
 * - `users.closed_at`: a closed account (its identity anonymised at once, its e-mail free for a new account);
 * - `data_exports`: a client's 'Télécharger mes données' requests, built in the background (lease, retries), their
 *   one-time download link's hash and expiry;
 * - `account_closures`: one per closed account: who closed it and why, how its subscriptions ended, when the rest of
 *   its personal data is erased (after the confirmation mail is out and the subscriptions have ended), what is kept;
 * - `client_views`: an admin's read-only views of a client's space (30 minutes at most), for the access check of
 *   their tokens and the client's activity.
 */
export class DataRights1763715600000 implements MigrationInterface {
  name = 'DataRights1763715600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN closed_at timestamptz`);

    await q.query(`CREATE TABLE data_exports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL,
      status text NOT NULL DEFAULT 'pending',
      attempts integer NOT NULL DEFAULT 0,
      run_after timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      last_error text,
      file_key text,
      size_bytes integer,
      token_hash text,
      ready_at timestamptz,
      expires_at timestamptz,
      downloaded_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT data_exports_status_check CHECK (status IN ('pending', 'ready', 'downloaded', 'expired', 'failed')),
      CONSTRAINT data_exports_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE
    )`);
    await q.query(`CREATE INDEX data_exports_user_id_idx ON data_exports (user_id, created_at)`);
    await q.query(`CREATE INDEX data_exports_due_idx ON data_exports (run_after) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX data_exports_files_idx ON data_exports (expires_at) WHERE file_key IS NOT NULL`);

    await q.query(`CREATE TABLE account_closures (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL,
      requested_by text NOT NULL,
      actor_id uuid,
      reason text,
      cancellation text NOT NULL,
      email text,
      status text NOT NULL DEFAULT 'pending',
      closed_at timestamptz NOT NULL DEFAULT now(),
      erase_after timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      last_error text,
      waiting_for text,
      erased_at timestamptz,
      legal_documents integer NOT NULL DEFAULT 0,
      retained_until date,
      CONSTRAINT account_closures_user_id_key UNIQUE (user_id),
      CONSTRAINT account_closures_requested_by_check CHECK (requested_by IN ('client', 'admin')),
      CONSTRAINT account_closures_cancellation_check CHECK (cancellation IN ('now', 'period_end')),
      CONSTRAINT account_closures_status_check CHECK (status IN ('pending', 'done', 'failed')),
      CONSTRAINT account_closures_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
      CONSTRAINT account_closures_actor_id_fkey FOREIGN KEY (actor_id) REFERENCES users(id) ON DELETE SET NULL
    )`);
    await q.query(`CREATE INDEX account_closures_due_idx ON account_closures (erase_after) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX account_closures_closed_at_idx ON account_closures (closed_at, id)`);

    await q.query(`CREATE TABLE client_views (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL,
      admin_id uuid,
      admin_session_id uuid NOT NULL,
      started_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      ended_at timestamptz,
      CONSTRAINT client_views_user_id_fkey FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE,
      CONSTRAINT client_views_admin_id_fkey FOREIGN KEY (admin_id) REFERENCES users(id) ON DELETE SET NULL
    )`);
    await q.query(`CREATE INDEX client_views_user_id_idx ON client_views (user_id, started_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE client_views`);
    await q.query(`DROP TABLE account_closures`);
    await q.query(`DROP TABLE data_exports`);
    await q.query(`ALTER TABLE users DROP COLUMN closed_at`);
  }
}
