import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { GivenBackCause, GivenBackKind } from '../billing-facts/facts';
import { CreatedAtColumns } from '../database/columns';

export const DUPLICATE_PAYMENT_STATUSES = ['pending', 'refunded', 'failed'] as const;
export type DuplicatePaymentStatus = (typeof DUPLICATE_PAYMENT_STATUSES)[number];

/**
 * A payment we give back: a second payment of something already paid (an order, a site's restart) that completed
 * anyway, e.g. a session paid in the instant before it was expired; or a payment that completed for a closed account. The worker cancels its subscription and refunds its payment; the row keeps
 * why, and what was refunded. Never a second site, never a second monthly charge.
 */
@Entity('duplicate_payments')
@Check('duplicate_payments_kind_check', `kind IN ('order', 'restart', 'invoice')`)
@Check('duplicate_payments_cause_check', `cause IN ('duplicate', 'account-closed', 'unknown-order', 'subscription-ended', 'withdrawal')`)
@Check('duplicate_payments_session_check', `kind = 'invoice' OR checkout_session_id IS NOT NULL`)
@Check('duplicate_payments_status_check', `status IN ('pending', 'refunded', 'failed')`)
@Unique('duplicate_payments_checkout_session_id_key', ['checkoutSessionId'])
@Index('duplicate_payments_pending_idx', ['createdAt'], { where: `status = 'pending'` })
@Index('duplicate_payments_created_at_idx', ['createdAt', 'id'])
@Index('duplicate_payments_invoice_key', ['invoiceId'], { unique: true, where: `kind = 'invoice'` })
export class DuplicatePayment extends CreatedAtColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'text' })
  kind: GivenBackKind;

  /** Why it is given back: paid a second time, paid anyway for a closed account, or for an order erased with its account */
  @Column({ type: 'text', default: 'duplicate' })
  cause: GivenBackCause;

  /** The order draft, or the restarted site */
  @Column({ name: 'reference_id', type: 'uuid' })
  referenceId: string;

  /** The site it was for (the order's, or the restarted one), as the module that found it said */
  @Column({ name: 'site_id', type: 'uuid', nullable: true })
  siteId: string | null;

  // Named, not imported: sites and auth sit above billing.
  @ManyToOne('Site', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'duplicate_payments_site_id_fkey' })
  site?: unknown;

  /** The paid Checkout session; null for the payment of an invoice (kind 'invoice') */
  @Column({ name: 'checkout_session_id', type: 'text', nullable: true })
  checkoutSessionId: string | null;

  @Column({ name: 'subscription_id', type: 'text', nullable: true })
  subscriptionId: string | null;

  @Column({ name: 'invoice_id', type: 'text', nullable: true })
  invoiceId: string | null;

  @Column({ name: 'customer_id', type: 'text', nullable: true })
  customerId: string | null;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @ManyToOne('User', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'duplicate_payments_user_id_fkey' })
  user?: unknown;

  @Column({ name: 'amount_cents', type: 'int', default: 0 })
  amountCents: number;

  @Column({ type: 'text', default: 'pending' })
  status: DuplicatePaymentStatus;

  @Column({ name: 'refund_id', type: 'text', nullable: true })
  refundId: string | null;

  /** What to give back when it is not the whole payment (a withdrawal's); null: all of it */
  @Column({ name: 'refund_cents', type: 'int', nullable: true })
  refundCents: number | null;

  @Column({ name: 'refunded_cents', type: 'int', default: 0 })
  refundedCents: number;

  @Column({ type: 'text' })
  reason: string;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true })
  settledAt: Date | null;
}
