import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The client area: each site's status history (with its cause), the status a site had before a payment suspended it,
 * modification requests, business options, support messages, and when an invoice's payment first failed (reminders).
 */
export class ClientArea1763712900000 implements MigrationInterface {
  name = 'ClientArea1763712900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE sites ADD COLUMN status_before_suspension text CONSTRAINT sites_status_before_suspension_check CHECK (status_before_suspension IN ('pending', 'active'))`,
    );
    await q.query(`CREATE TABLE site_status_history (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      site_id uuid NOT NULL CONSTRAINT site_status_history_site_id_fkey REFERENCES sites(id) ON DELETE CASCADE,
      from_status text,
      to_status text NOT NULL,
      cause text NOT NULL CONSTRAINT site_status_history_cause_check CHECK (cause IN ('payment', 'admin', 'client')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX site_status_history_site_id_idx ON site_status_history (site_id, created_at)`);
    await q.query(`CREATE TABLE modification_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      site_id uuid NOT NULL CONSTRAINT modification_requests_site_id_fkey REFERENCES sites(id) ON DELETE CASCADE,
      user_id uuid NOT NULL CONSTRAINT modification_requests_user_id_fkey REFERENCES users(id) ON DELETE CASCADE,
      type text NOT NULL CONSTRAINT modification_requests_type_check CHECK (type IN ('design', 'content', 'functionality', 'domain', 'other')),
      priority text NOT NULL CONSTRAINT modification_requests_priority_check CHECK (priority IN ('low', 'medium', 'high')),
      description text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX modification_requests_site_id_idx ON modification_requests (site_id)`);
    await q.query(`CREATE TABLE site_business_options (
      site_id uuid PRIMARY KEY CONSTRAINT site_business_options_site_id_fkey REFERENCES sites(id) ON DELETE CASCADE,
      data jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE support_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL CONSTRAINT support_messages_user_id_fkey REFERENCES users(id) ON DELETE CASCADE,
      email text NOT NULL,
      name text,
      subject text NOT NULL,
      message text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX support_messages_user_id_idx ON support_messages (user_id, created_at)`);
    await q.query(`ALTER TABLE invoices ADD COLUMN payment_failed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE invoices DROP COLUMN payment_failed_at`);
    await q.query(`DROP TABLE support_messages`);
    await q.query(`DROP TABLE site_business_options`);
    await q.query(`DROP TABLE modification_requests`);
    await q.query(`DROP TABLE site_status_history`);
    await q.query(`ALTER TABLE sites DROP COLUMN status_before_suspension`);
  }
}
