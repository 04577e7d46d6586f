import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { StripeCopyColumns } from './stripe-copy';

/**
 * Local copy of a Stripe refund (re_…), whoever made it: a duplicate payment's (DuplicatePayments) or an admin's in
 * Stripe's dashboard (the `charge.refunded` / `refund.*` webhooks). Kept so that an invoice's refunded amount is the
 * sum of its succeeded refunds whatever order the events come in, and so that a refund read before its payment's
 * legal invoice was issued is credited when it is (RefundCredits).
 */
@Entity('stripe_refunds')
@Index('stripe_refunds_invoice_id_idx', ['invoiceId'])
export class StripeRefund extends StripeCopyColumns {
  /** Stripe id (re_…) */
  @PrimaryColumn({ type: 'text' })
  id: string;

  /** The Stripe invoice the refunded payment paid (null: a payment of no invoice) */
  @Column({ name: 'invoice_id', type: 'text', nullable: true })
  invoiceId: string | null;

  @Column({ name: 'charge_id', type: 'text', nullable: true })
  chargeId: string | null;

  @Column({ name: 'payment_intent_id', type: 'text', nullable: true })
  paymentIntentId: string | null;

  @Column({ name: 'customer_id', type: 'text', nullable: true })
  customerId: string | null;

  /** In cents */
  @Column({ name: 'amount_cents', type: 'int' })
  amountCents: number;

  @Column({ type: 'text' })
  currency: string;

  /** pending | requires_action | succeeded | failed | canceled (Stripe's) */
  @Column({ type: 'text' })
  status: string;

  /** duplicate | fraudulent | requested_by_customer | … (Stripe's), or none */
  @Column({ type: 'text', nullable: true })
  reason: string | null;

  /** Stripe's `created` */
  @Column({ name: 'refunded_at', type: 'timestamptz' })
  refundedAt: Date;
}
