import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { User } from '../auth/user.entity';
import { CreatedAtColumns } from '../database/columns';
import type { LegalDocument, LegalDocumentKind } from './legal-document';

export const RENDER_STATUSES = ['pending', 'rendered', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];

/**
 * A legal invoice or credit note issued by the product, numbered from a gapless yearly sequence in the transaction that
 * records the payment (or the refund). `document` is the frozen snapshot every rendering reads; a trigger (migration
 * LegalInvoices) refuses any change to it, its number or its amounts, and any deletion. Its Factur-X file is made
 * after the transaction by the renderer (`render_status`: pending → rendered, or failed after its attempts) and kept
 * in the invoice storage under `file_key`.
 */
@Entity('legal_invoices')
@Check('legal_invoices_kind_check', `kind IN ('invoice', 'credit_note')`)
@Check('legal_invoices_render_status_check', `render_status IN ('pending', 'rendered', 'failed')`)
@Check('legal_invoices_credit_check', `(kind = 'credit_note') = (credited_id IS NOT NULL)`)
@Check('legal_invoices_replaces_check', `replaces_id IS NULL OR kind = 'invoice' OR credited_id = replaces_id`)
@Unique('legal_invoices_number_key', ['number'])
@Unique('legal_invoices_kind_year_seq_key', ['kind', 'year', 'seq'])
@Unique('legal_invoices_source_key_key', ['sourceKey'])
@Index('legal_invoices_user_id_idx', ['userId', 'issuedAt'])
@Index('legal_invoices_issued_at_idx', ['issuedAt', 'id'])
@Index('legal_invoices_stripe_invoice_id_idx', ['stripeInvoiceId'])
// Partial (documents still to render): declared in migration LegalInvoices.
@Index('legal_invoices_render_due_idx', { synchronize: false })
// Partial (one correction per invoice: its credit note and its corrected invoice): migration InvoiceCorrections.
@Index('legal_invoices_replaces_key', { synchronize: false })
export class LegalInvoice extends CreatedAtColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  kind: LegalDocumentKind;

  /** F-2026-000123, AV-2026-000004 */
  @Column({ type: 'text' })
  number: string;

  @Column({ type: 'int' })
  year: number;

  @Column({ type: 'int' })
  seq: number;

  /** What it was issued for, once: the Stripe invoice (in_…) or the Stripe refund (refund:re_…) */
  @Column({ name: 'source_key', type: 'text' })
  sourceKey: string;

  @Column({ name: 'stripe_invoice_id', type: 'text', nullable: true })
  stripeInvoiceId: string | null;

  /** A credit note's invoice */
  @Column({ name: 'credited_id', type: 'uuid', nullable: true })
  creditedId: string | null;

  @ManyToOne(() => LegalInvoice, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'credited_id', foreignKeyConstraintName: 'legal_invoices_credited_id_fkey' })
  credited?: LegalInvoice;

  /**
   * A correction's documents (the credit note cancelling an invoice, and the corrected invoice replacing it): the
   * invoice they correct. They moved no money.
   */
  @Column({ name: 'replaces_id', type: 'uuid', nullable: true })
  replacesId: string | null;

  @ManyToOne(() => LegalInvoice, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'replaces_id', foreignKeyConstraintName: 'legal_invoices_replaces_id_fkey' })
  replaces?: LegalInvoice;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'legal_invoices_user_id_fkey' })
  user?: User;

  @Column({ name: 'issued_at', type: 'timestamptz' })
  issuedAt: Date;

  /** When Stripe collected (or refunded) the amount */
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;

  @Column({ name: 'total_excl_cents', type: 'int' })
  totalExclCents: number;

  @Column({ name: 'vat_cents', type: 'int' })
  vatCents: number;

  @Column({ name: 'total_incl_cents', type: 'int' })
  totalInclCents: number;

  @Column({ type: 'jsonb' })
  document: LegalDocument;

  @Column({ name: 'render_status', type: 'text', default: 'pending' })
  renderStatus: RenderStatus;

  @Column({ name: 'render_attempts', type: 'int', default: 0 })
  renderAttempts: number;

  @Column({ name: 'render_after', type: 'timestamptz', default: () => 'now()' })
  renderAfter: Date;

  @Column({ name: 'render_locked_until', type: 'timestamptz', nullable: true })
  renderLockedUntil: Date | null;

  @Column({ name: 'render_error', type: 'text', nullable: true })
  renderError: string | null;

  @Column({ name: 'file_key', type: 'text', nullable: true })
  fileKey: string | null;
}

/** What a document's file is made from, or read back with. */
export type LegalInvoiceFileSource = Pick<LegalInvoice, 'id' | 'number' | 'year' | 'document' | 'fileKey' | 'renderStatus'>;

/** The last number given per kind and year: one row each, locked by the transaction that issues the next. */
@Entity('legal_invoice_counters')
@Check('legal_invoice_counters_kind_check', `kind IN ('invoice', 'credit_note')`)
export class LegalInvoiceCounter {
  @PrimaryColumn({ type: 'text' })
  kind: LegalDocumentKind;

  @PrimaryColumn({ type: 'int' })
  year: number;

  @Column({ name: 'last_seq', type: 'int' })
  lastSeq: number;
}
