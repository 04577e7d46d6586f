import { AfterAnswer } from '../../src/auth/after-answer';
import { MailSecrets } from '../../src/mail/mail-secrets';
import type { TestApp } from './app';

export interface OutboxRow {
  id: string;
  recipient: string;
  template: string;
  subject: string;
  status: string;
  action_url: string | null;
  secret_link: string | null;
  text: string;
}

/** The mail to that address, once the work started after earlier answers (a reset link's) has ended. */
export async function outboxFor(t: TestApp, recipient: string, template?: string): Promise<OutboxRow[]> {
  await t.app.get(AfterAnswer).settled();
  return t.dataSource.query(
    `SELECT * FROM outbox_emails WHERE recipient = $1 AND ($2::text IS NULL OR template = $2) ORDER BY created_at, id`,
    [recipient, template ?? null],
  );
}

/**
 * The token of the link in the latest mail of that template to that address, as the mail will carry it: the row
 * keeps it masked, sealed beside it for the worker (opened here as the worker would).
 */
export async function tokenFromMail(t: TestApp, recipient: string, template: string): Promise<string> {
  const row = (await outboxFor(t, recipient, template)).at(-1);
  if (!row?.secret_link) throw new Error(`aucun e-mail ${template} avec un lien secret pour ${recipient}`);
  return new URL(t.app.get(MailSecrets).open(row.secret_link)).searchParams.get('token')!;
}
