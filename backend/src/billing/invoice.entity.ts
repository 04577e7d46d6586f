import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CustomerStripeCopyColumns } from './stripe-copy';

/** Local copy of a Stripe invoice, kept up to date by the webhook inbox; admin revenue and the client's list read it. */
@Entity('invoices')
// A client's invoices, latest first (migration ListIndexes)
@Index('invoices_user_id_idx', ['userId', 'date', 'id'])
@Index('invoices_customer_id_idx', ['customerId'])
@Index('invoices_date_idx', ['date', 'id'])
@Index('invoices_subscription_id_idx', ['subscriptionId'])
// Partial (failed open invoices only, for the payment reminders): declared in migration PaymentReminderIndex.
@Index('invoices_payment_failed_idx', { synchronize: false })
export class Invoice extends CustomerStripeCopyColumns {
  @ManyToOne('User', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'invoices_user_id_fkey' })
  user?: unknown;

  @Column({ name: 'subscription_id', type: 'text', nullable: true })
  subscriptionId: string | null;

  @Column({ type: 'text', nullable: true })
  number: string | null;

  /** Invoice date (Stripe `created`) */
  @Column({ type: 'timestamptz' })
  date: Date;

  /** Total in cents */
  @Column({ name: 'amount_cents', type: 'int' })
  amountCents: number;

  @Column({ type: 'text' })
  currency: string;

  /** draft | open | paid | void | uncollectible */
  @Column({ type: 'text' })
  status: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ name: 'hosted_url', type: 'text', nullable: true })
  hostedUrl: string | null;

  @Column({ name: 'pdf_url', type: 'text', nullable: true })
  pdfUrl: string | null;

  /** When a payment of this invoice first failed (the reminders count from it); null while none did */
  @Column({ name: 'payment_failed_at', type: 'timestamptz', nullable: true })
  paymentFailedAt: Date | null;

  /** Its payment waits for the client to authenticate it (3-D Secure): the banner says "Authentification requise" */
  @Column({ name: 'action_required', type: 'boolean', default: false })
  actionRequired: boolean;

  /** The last reminder step (days after the failure) told of this failing invoice (PaymentReminders) */
  @Column({ name: 'reminded_days', type: 'int', nullable: true })
  remindedDays: number | null;

  /** What was refunded of it, in cents (a duplicate payment's refund) */
  @Column({ name: 'refunded_cents', type: 'int', default: 0 })
  refundedCents: number;
}
