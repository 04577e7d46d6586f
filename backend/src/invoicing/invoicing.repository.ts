import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PageWindow } from '../common/pagination';
import { BaseRepository } from '../database/base.repository';
import { keysetBatch, type KeysetBatch, type KeysetCursor, type KeysetRow } from '../database/keyset';
import { COMPANY_FIELD_NAMES } from '@vitrine/domain';
import { type BillingProfile, type CompanyColumns, companyColumn } from './billing-profile.entity';
import type { LegalDocument, LegalDocumentKind } from './legal-document';
import type { LegalInvoiceFileSource, RenderStatus } from './legal-invoice.entity';

/** A legal document as lists show it (no snapshot). */
export interface LegalInvoiceSummary {
  id: string;
  kind: LegalDocumentKind;
  number: string;
  issuedAt: Date;
  paidAt: Date | null;
  stripeInvoiceId: string | null;
  creditedId: string | null;
  creditedNumber: string | null;
  /** A correction's documents: the invoice they correct (see `replacesId` on the entity) */
  replacesId: string | null;
  replacesNumber: string | null;
  userId: string | null;
  buyerName: string;
  totalExclCents: number;
  vatCents: number;
  totalInclCents: number;
  renderStatus: RenderStatus;
}

interface SummaryRow {
  id: string;
  kind: LegalDocumentKind;
  number: string;
  issued_at: Date;
  paid_at: Date | null;
  stripe_invoice_id: string | null;
  credited_id: string | null;
  credited_number: string | null;
  replaces_id: string | null;
  replaces_number: string | null;
  user_id: string | null;
  buyer_name: string;
  total_excl_cents: number;
  vat_cents: number;
  total_incl_cents: number;
  render_status: RenderStatus;
}

const SUMMARY = `l.id, l.kind, l.number, l.issued_at, l.paid_at, l.stripe_invoice_id, l.credited_id, c.number AS credited_number,
  l.replaces_id, r.number AS replaces_number, l.user_id,
  CASE WHEN l.document->'buyer'->>'type' = 'company' AND COALESCE(l.document->'buyer'->>'companyName', '') <> ''
       THEN l.document->'buyer'->>'companyName' ELSE l.document->'buyer'->>'name' END AS buyer_name,
  l.total_excl_cents, l.vat_cents, l.total_incl_cents, l.render_status`;
const FROM = `FROM legal_invoices l LEFT JOIN legal_invoices c ON c.id = l.credited_id LEFT JOIN legal_invoices r ON r.id = l.replaces_id`;

const toSummary = (r: SummaryRow): LegalInvoiceSummary => ({
  id: r.id,
  kind: r.kind,
  number: r.number,
  issuedAt: r.issued_at,
  paidAt: r.paid_at,
  stripeInvoiceId: r.stripe_invoice_id,
  creditedId: r.credited_id,
  creditedNumber: r.credited_number,
  replacesId: r.replaces_id,
  replacesNumber: r.replaces_number,
  userId: r.user_id,
  buyerName: r.buyer_name,
  totalExclCents: r.total_excl_cents,
  vatCents: r.vat_cents,
  totalInclCents: r.total_incl_cents,
  renderStatus: r.render_status,
});

/** What a new document is, before its number. */
export interface NewLegalDocument {
  kind: LegalDocumentKind;
  sourceKey: string;
  stripeInvoiceId: string | null;
  creditedId: string | null;
  /** A correction's documents: the invoice they correct */
  replacesId?: string | null;
  userId: string | null;
  issuedAt: Date;
  paidAt: Date | null;
  year: number;
  /** The snapshot without its number, which the repository gives it */
  document: Omit<LegalDocument, 'number'>;
}

export interface RenderJob {
  id: string;
  number: string;
  year: number;
  document: LegalDocument;
  attempts: number;
}

/** The invoicing module's tables: `legal_invoices`, `legal_invoice_counters`, `billing_profiles`. */
@Injectable()
export class InvoicingRepository extends BaseRepository {
  /**
   * Issues a document with the next number of its kind and year, inside `tx`, once per `sourceKey`. The counter row
   * is locked first (created at 0 if absent): a parallel transaction, on any instance, waits for this one to commit or
   * roll back, so each number is given once and a rolled-back issue gives its number back (no gap). Under that lock
   * the source is looked up again: an issue for the same payment that committed meanwhile is found, and nothing is
   * taken. Answers the document (new or found).
   */
  async issue(
    doc: NewLegalDocument,
    number: (seq: number) => string,
    tx: EntityManager,
  ): Promise<{ id: string; number: string; created: boolean }> {
    await this.query(
      `INSERT INTO legal_invoice_counters (kind, year, last_seq) VALUES ($1, $2, 0) ON CONFLICT (kind, year) DO NOTHING`,
      [doc.kind, doc.year],
      tx,
    );
    const [counter] = await this.query<{ last_seq: number }>(
      `SELECT last_seq FROM legal_invoice_counters WHERE kind = $1 AND year = $2 FOR UPDATE`,
      [doc.kind, doc.year],
      tx,
    );
    const [existing] = await this.query<{ id: string; number: string }>(
      `SELECT id, number FROM legal_invoices WHERE source_key = $1`,
      [doc.sourceKey],
      tx,
    );
    if (existing) return { ...existing, created: false };
    const seq = counter.last_seq + 1;
    const full: LegalDocument = { ...doc.document, number: number(seq) } as LegalDocument;
    const [row] = await this.returning<{ id: string }>(
      `INSERT INTO legal_invoices (kind, number, year, seq, source_key, stripe_invoice_id, credited_id, user_id, issued_at, paid_at,
                                   total_excl_cents, vat_cents, total_incl_cents, document, replaces_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
      [
        doc.kind,
        full.number,
        doc.year,
        seq,
        doc.sourceKey,
        doc.stripeInvoiceId,
        doc.creditedId,
        doc.userId,
        doc.issuedAt,
        doc.paidAt,
        full.totals.exclCents,
        full.totals.vatCents,
        full.totals.inclCents,
        JSON.stringify(full),
        doc.replacesId ?? null,
      ],
      tx,
    );
    await this.query(`UPDATE legal_invoice_counters SET last_seq = $3 WHERE kind = $1 AND year = $2`, [doc.kind, doc.year, seq], tx);
    return { id: row.id, number: full.number, created: true };
  }

  /** The document issued for a source, if any. */
  async findBySourceKey(sourceKey: string, tx?: EntityManager): Promise<{ id: string; number: string } | null> {
    const [row] = await this.query<{ id: string; number: string }>(
      `SELECT id, number FROM legal_invoices WHERE source_key = $1`,
      [sourceKey],
      tx,
    );
    return row ?? null;
  }

  /**
   * Locks the counters of these kinds for `year` (created at 0 if absent), in the order given, until `tx` ends: what
   * is decided under them (which invoice a credit note refers to, whether an invoice may still be corrected) cannot
   * change before the documents are issued. Always the invoices' counter before the credit notes' (the webhook's order).
   */
  async lockCounters(kinds: LegalDocumentKind[], year: number, tx: EntityManager): Promise<void> {
    for (const kind of kinds) {
      await this.query(
        `INSERT INTO legal_invoice_counters (kind, year, last_seq) VALUES ($1, $2, 0) ON CONFLICT (kind, year) DO NOTHING`,
        [kind, year],
        tx,
      );
      await this.query(`SELECT last_seq FROM legal_invoice_counters WHERE kind = $1 AND year = $2 FOR UPDATE`, [kind, year], tx);
    }
  }

  /**
   * The invoice in force for a Stripe invoice, if any (its id, number, snapshot, amount): the one issued for the
   * payment, or, once it was corrected, the corrected invoice that replaces it.
   */
  async invoiceOfStripeInvoice(
    stripeInvoiceId: string,
    tx?: EntityManager,
  ): Promise<{ id: string; number: string; document: LegalDocument; userId: string | null } | null> {
    const [row] = await this.query<{ id: string; number: string; document: LegalDocument; user_id: string | null }>(
      `SELECT l.id, l.number, l.document, l.user_id FROM legal_invoices l
        WHERE l.stripe_invoice_id = $1 AND l.kind = 'invoice'
          AND NOT EXISTS (SELECT 1 FROM legal_invoices n WHERE n.replaces_id = l.id AND n.kind = 'invoice')
        ORDER BY l.issued_at DESC, l.id DESC LIMIT 1`,
      [stripeInvoiceId],
      tx,
    );
    return row ? { id: row.id, number: row.number, document: row.document, userId: row.user_id } : null;
  }

  /** The documents issued for these Stripe invoices (the invoices and their credit notes), for the invoice lists. */
  async ofStripeInvoices(stripeInvoiceIds: string[], tx?: EntityManager): Promise<LegalInvoiceSummary[]> {
    if (!stripeInvoiceIds.length) return [];
    const rows = await this.query<SummaryRow>(
      `SELECT ${SUMMARY} ${FROM} WHERE l.stripe_invoice_id = ANY($1) ORDER BY l.issued_at, l.id`,
      [stripeInvoiceIds],
      tx,
    );
    return rows.map(toSummary);
  }

  /** A page of documents, newest first, one account's with `userId`; two queries. */
  async list(
    filter: PageWindow & { userId?: string; kind?: LegalDocumentKind },
    tx?: EntityManager,
  ): Promise<{ items: LegalInvoiceSummary[]; total: number }> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.userId) where.push(`l.user_id = $${params.push(filter.userId)}`);
    if (filter.kind) where.push(`l.kind = $${params.push(filter.kind)}`);
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, [{ total }]] = await Promise.all([
      this.query<SummaryRow>(
        `SELECT ${SUMMARY} ${FROM} ${whereSql} ORDER BY l.issued_at DESC, l.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, filter.limit, filter.offset],
        tx,
      ),
      this.query<{ total: number }>(`SELECT count(*)::int AS total FROM legal_invoices l ${whereSql}`, params, tx),
    ]);
    return { items: rows.map(toSummary), total };
  }

  /** One document with its snapshot and file; only `userId`'s when given. */
  async find(id: string, userId?: string, tx?: EntityManager): Promise<LegalInvoiceFileSource | null> {
    const params: unknown[] = [id];
    const owner = userId ? `AND user_id = $${params.push(userId)}` : '';
    const [row] = await this.query<{
      id: string;
      number: string;
      year: number;
      document: LegalDocument;
      file_key: string | null;
      render_status: RenderStatus;
    }>(`SELECT id, number, year, document, file_key, render_status FROM legal_invoices WHERE id = $1 ${owner}`, params, tx);
    return row
      ? { id: row.id, number: row.number, year: row.year, document: row.document, fileKey: row.file_key, renderStatus: row.render_status }
      : null;
  }

  /** One document as lists show it, with its snapshot; null when there is none. */
  async findWithDocument(id: string, tx?: EntityManager): Promise<(LegalInvoiceSummary & { document: LegalDocument }) | null> {
    const [row] = await this.query<SummaryRow & { document: LegalDocument }>(
      `SELECT ${SUMMARY}, l.document ${FROM} WHERE l.id = $1`,
      [id],
      tx,
    );
    return row ? { ...toSummary(row), document: row.document } : null;
  }

  /** The documents that refer to one: its credit notes (refunds, a correction's) and the corrected invoice replacing it. */
  async referring(id: string, tx?: EntityManager): Promise<LegalInvoiceSummary[]> {
    const rows = await this.query<SummaryRow>(
      `SELECT ${SUMMARY} ${FROM} WHERE l.credited_id = $1 OR l.replaces_id = $1 ORDER BY l.issued_at, l.id`,
      [id],
      tx,
    );
    return rows.map(toSummary);
  }

  /** Documents issued in [from, to) in issue order, `limit` after `after` (the accountant's export). */
  async exportBatch(
    range: { from: Date; to: Date },
    after: KeysetCursor | null,
    limit: number,
    tx?: EntityManager,
  ): Promise<KeysetBatch<LegalInvoiceSummary & { fileKey: string | null; document: LegalDocument }>> {
    const rows = await this.query<SummaryRow & KeysetRow & { file_key: string | null; document: LegalDocument }>(
      `SELECT ${SUMMARY}, l.file_key, l.document, l.issued_at::text AS keyset_at ${FROM}
        WHERE l.issued_at >= $1 AND l.issued_at < $2
          AND ($3::timestamptz IS NULL OR (l.issued_at, l.id) > ($3::timestamptz, $4::uuid))
        ORDER BY l.issued_at, l.id LIMIT $5`,
      [range.from, range.to, after?.at ?? null, after?.id ?? null, limit],
      tx,
    );
    return keysetBatch(rows, limit, (r) => ({ ...toSummary(r), fileKey: r.file_key, document: r.document }));
  }

  // ---- rendering ----

  /** Takes up to `batch` documents to render (FOR UPDATE SKIP LOCKED, with a lease): another instance skips them. */
  claimRenders(batch: number, leaseSeconds: number, id?: string): Promise<RenderJob[]> {
    const params: unknown[] = [batch, leaseSeconds];
    const only = id ? `AND id = $${params.push(id)}` : `AND render_after <= now()`;
    return this.returning<RenderJob>(
      `UPDATE legal_invoices l SET render_attempts = l.render_attempts + 1, render_locked_until = now() + make_interval(secs => $2)
         FROM (SELECT id FROM legal_invoices
                WHERE render_status = 'pending' ${only} AND (render_locked_until IS NULL OR render_locked_until < now())
                ORDER BY render_after LIMIT $1 FOR UPDATE SKIP LOCKED) due
        WHERE l.id = due.id
      RETURNING l.id, l.number, l.year, l.document, l.render_attempts AS attempts`,
      params,
    );
  }

  /** Extends the claim of documents being rendered (the worker's heartbeat: a live worker never loses them). */
  async renewRenders(ids: string[], leaseSeconds: number): Promise<void> {
    await this.query(
      `UPDATE legal_invoices SET render_locked_until = now() + make_interval(secs => $2) WHERE id = ANY($1) AND render_status = 'pending'`,
      [ids, leaseSeconds],
    );
  }

  /** Hands back claimed documents not rendered (shutdown): due again at once, their attempt not counted. */
  async releaseRenders(ids: string[]): Promise<void> {
    await this.query(
      `UPDATE legal_invoices SET render_locked_until = NULL, render_attempts = greatest(render_attempts - 1, 0)
        WHERE id = ANY($1) AND render_status = 'pending'`,
      [ids],
    );
  }

  async rendered(id: string, fileKey: string): Promise<void> {
    await this.query(
      `UPDATE legal_invoices SET render_status = 'rendered', file_key = $2, render_locked_until = NULL, render_error = NULL WHERE id = $1`,
      [id, fileKey],
    );
  }

  async renderFailed(id: string, error: string, retryInSeconds: number | null): Promise<void> {
    await this.query(
      `UPDATE legal_invoices SET render_error = $2, render_locked_until = NULL,
              render_status = CASE WHEN $3::int IS NULL THEN 'failed' ELSE 'pending' END,
              render_after = now() + make_interval(secs => COALESCE($3::int, 0))
        WHERE id = $1`,
      [id, error.slice(0, 500), retryInSeconds],
    );
  }

  // ---- data rights ----

  /** Every document issued to an account, in issue order, with its snapshot and file. */
  async ofUser(
    userId: string,
    tx?: EntityManager,
  ): Promise<Array<LegalInvoiceSummary & { year: number; document: LegalDocument; fileKey: string | null }>> {
    const rows = await this.query<SummaryRow & { year: number; document: LegalDocument; file_key: string | null }>(
      `SELECT ${SUMMARY}, l.year, l.document, l.file_key ${FROM} WHERE l.user_id = $1 ORDER BY l.issued_at, l.id`,
      [userId],
      tx,
    );
    return rows.map((r) => ({ ...toSummary(r), year: r.year, document: r.document, fileKey: r.file_key }));
  }

  /** How many documents were issued to an account, and the last one's issue date. */
  async retentionOf(userId: string, tx?: EntityManager): Promise<{ count: number; lastIssuedAt: Date | null }> {
    const [row] = await this.query<{ count: number; last: Date | null }>(
      `SELECT count(*)::int AS count, max(issued_at) AS last FROM legal_invoices WHERE user_id = $1`,
      [userId],
      tx,
    );
    return { count: row.count, lastIssuedAt: row.last };
  }

  async deleteProfile(userId: string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM billing_profiles WHERE user_id = $1`, [userId], tx);
  }

  // ---- billing profiles ----

  async findProfile(userId: string, tx?: EntityManager): Promise<BillingProfile | null> {
    const [row] = await this.query<
      {
        user_id: string;
        buyer_type: BillingProfile['buyerType'];
        full_name: string;
        address: string;
        postal_code: string;
        city: string;
        country_code: string;
        updated_at: Date;
      } & Record<string, unknown>
    >(`SELECT * FROM billing_profiles WHERE user_id = $1`, [userId], tx);
    if (!row) return null;
    return {
      userId: row.user_id,
      buyerType: row.buyer_type,
      fullName: row.full_name,
      ...(Object.fromEntries(COMPANY_FIELD_NAMES.map((field) => [field, row[companyColumn(field)] ?? null])) as CompanyColumns),
      address: row.address,
      postalCode: row.postal_code,
      city: row.city,
      countryCode: row.country_code,
      updatedAt: row.updated_at,
    };
  }

  async saveProfile(p: Omit<BillingProfile, 'updatedAt' | 'user'>, tx?: EntityManager): Promise<void> {
    // The company fields' columns come from the table (never from a request), after the fixed ones.
    const fixed = ['user_id', 'buyer_type', 'full_name', 'address', 'postal_code', 'city', 'country_code'];
    const columns = [...fixed, ...COMPANY_FIELD_NAMES.map(companyColumn)];
    const values = [
      p.userId,
      p.buyerType,
      p.fullName,
      p.address,
      p.postalCode,
      p.city,
      p.countryCode,
      ...COMPANY_FIELD_NAMES.map((f) => p[f]),
    ];
    await this.query(
      `INSERT INTO billing_profiles (${columns.join(', ')}, updated_at)
       VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}, now())
       ON CONFLICT (user_id) DO UPDATE SET ${columns
         .slice(1)
         .map((c) => `${c} = EXCLUDED.${c}`)
         .join(', ')}, updated_at = now()`,
      values,
      tx,
    );
  }
}
