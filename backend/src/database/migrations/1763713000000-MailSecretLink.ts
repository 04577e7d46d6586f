import { MigrationInterface, QueryRunner } from 'typeorm';

const TOKEN = `'([?&]token(=|&#x3D;))[A-Za-z0-9_-]+'`;

/**
 * Mail with a one-time link (password reset, first login) keeps it sealed in `secret_link` (AES-GCM, opened only by
 * the mail worker, wiped once sent); the row's body, data and action link hold a masked token. The links already
 * stored in clear in mail that is no longer waiting to be sent are masked here.
 */
export class MailSecretLink1763713000000 implements MigrationInterface {
  name = 'MailSecretLink1763713000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_emails ADD COLUMN secret_link text`);
    await q.query(`UPDATE outbox_emails SET
        action_url = regexp_replace(action_url, ${TOKEN}, '\\1••••••••', 'g'),
        html = regexp_replace(html, ${TOKEN}, '\\1••••••••', 'g'),
        text = regexp_replace(text, ${TOKEN}, '\\1••••••••', 'g'),
        data = regexp_replace(data::text, ${TOKEN}, '\\1••••••••', 'g')::jsonb
      WHERE template IN ('password-reset', 'first-login') AND status NOT IN ('queued', 'sending')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_emails DROP COLUMN secret_link`);
  }
}
