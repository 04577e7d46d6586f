import { MigrationInterface, QueryRunner } from 'typeorm';

export class MailOutbox1763712200000 implements MigrationInterface {
  name = 'MailOutbox1763712200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE outbox_emails (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      recipient text NOT NULL,
      template text NOT NULL,
      data jsonb NOT NULL,
      subject text NOT NULL,
      html text NOT NULL,
      text text NOT NULL,
      action_url text,
      status text NOT NULL DEFAULT 'queued' CONSTRAINT outbox_emails_status_check CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'captured')),
      attempts int NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      last_error text,
      dedupe_key text CONSTRAINT outbox_emails_dedupe_key_key UNIQUE,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    // The worker's query: due rows only.
    await q.query(`CREATE INDEX outbox_emails_due_idx ON outbox_emails (next_attempt_at) WHERE status IN ('queued', 'sending')`);
    await q.query(`CREATE INDEX outbox_emails_created_at_idx ON outbox_emails (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE outbox_emails`);
  }
}
