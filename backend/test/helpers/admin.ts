import type { TestApp } from './app';

const NO_PROGRESS = { started: false, design_ok: false, dev_ok: false, seo_ok: false, techno_review: false };

/** A site row as payment would create it, with the given fields (test data; the API never creates sites itself). */
export async function insertSite(
  t: TestApp,
  site: {
    userId: string;
    siteName: string;
    domain?: string | null;
    status?: string;
    type?: string;
    createdAt?: Date;
    orderDraftId?: string | null;
    progression?: Partial<typeof NO_PROGRESS>;
  },
): Promise<string> {
  const created = site.createdAt ?? new Date();
  const [row] = await t.dataSource.query(
    `INSERT INTO sites (user_id, site_name, domain, status, type, progression, order_draft_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
    [
      site.userId,
      site.siteName,
      site.domain ?? null,
      site.status ?? 'pending',
      site.type ?? 'pro',
      JSON.stringify({ ...NO_PROGRESS, ...site.progression }),
      site.orderDraftId ?? null,
      created,
    ],
  );
  return row.id;
}

export async function insertInvoice(
  t: TestApp,
  invoice: { id: string; userId: string | null; amountCents: number; status: string; date: Date; number?: string; description?: string },
): Promise<void> {
  await t.dataSource.query(
    `INSERT INTO invoices (id, customer_id, user_id, number, date, amount_cents, currency, status, description, hosted_url, synced_at)
     VALUES ($1, 'cus_test', $2, $3, $4, $5, 'eur', $6, $7, $8, now())`,
    [
      invoice.id,
      invoice.userId,
      invoice.number ?? null,
      invoice.date,
      invoice.amountCents,
      invoice.status,
      invoice.description ?? null,
      `https://stripe.example/${invoice.id}`,
    ],
  );
}

export async function insertSubscription(
  t: TestApp,
  subscription: { id: string; plan: string | null; status: string; startedAt: Date; endedAt?: Date | null; cancelAtPeriodEnd?: boolean },
): Promise<void> {
  await t.dataSource.query(
    `INSERT INTO subscriptions (id, customer_id, status, cancel_at_period_end, plan, started_at, ended_at, synced_at) VALUES ($1, 'cus_test', $2, $3, $4, $5, $6, now())`,
    [
      subscription.id,
      subscription.status,
      subscription.cancelAtPeriodEnd ?? false,
      subscription.plan,
      subscription.startedAt,
      subscription.endedAt ?? null,
    ],
  );
}

export const daysAgo = (days: number, from = new Date()) => new Date(from.getTime() - days * 86_400_000);

/**
 * Reads CSV back as a spreadsheet would (RFC 4180 with `;`): quoted fields may hold the separator, doubled quotes and
 * line breaks. Refuses anything malformed, so a writer's mistake cannot pass unnoticed.
 */
export function parseCsv(text: string, separator = ';'): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i += 1;
        if (i < text.length && text[i] !== separator && text[i] !== '\r' && text[i] !== '\n')
          throw new Error(`CSV : caractère inattendu après un guillemet fermant (position ${i})`);
      } else {
        field += c;
        i += 1;
      }
    } else if (c === '"') {
      if (field !== '') throw new Error(`CSV : guillemet au milieu d'un champ non cité (position ${i})`);
      quoted = true;
      i += 1;
    } else if (c === separator) {
      row.push(field);
      field = '';
      i += 1;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (c === '\n' || c === '\r') {
      throw new Error(`CSV : fin de ligne nue hors d'un champ cité (position ${i})`);
    } else {
      field += c;
      i += 1;
    }
  }
  if (quoted) throw new Error('CSV : guillemet non fermé');
  if (field !== '' || row.length) throw new Error('CSV : la dernière ligne ne se termine pas par CRLF');
  return rows;
}
