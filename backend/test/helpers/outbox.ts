import type { TestApp } from './app';

export interface OutboxRow {
  id: string;
  recipient: string;
  template: string;
  subject: string;
  status: string;
  action_url: string | null;
  text: string;
}

export const outboxFor = (t: TestApp, recipient: string, template?: string): Promise<OutboxRow[]> =>
  t.dataSource.query(
    `SELECT * FROM outbox_emails WHERE recipient = $1 AND ($2::text IS NULL OR template = $2) ORDER BY created_at, id`,
    [recipient, template ?? null],
  );

/** The token of the link in the latest mail of that template to that address. */
export async function tokenFromMail(t: TestApp, recipient: string, template: string): Promise<string> {
  const rows = await outboxFor(t, recipient, template);
  const url = rows.at(-1)?.action_url;
  if (!url) throw new Error(`aucun e-mail ${template} pour ${recipient}`);
  return new URL(url).searchParams.get('token')!;
}
