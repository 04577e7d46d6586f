import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../auth/user.entity';
import { OrderDraft } from './order-draft.entity';
import type { BillingInfo, OrderFormData, PaidPlanType } from './order-form';

export const ORDER_CHECKOUT_STATUSES = ['open', 'expired', 'paid', 'refused', 'pending', 'failed'] as const;
/**
 * open: payable; expired: closed by us (an edit, a new session, the account's closure); paid: provisioned or a
 * duplicate; refused: paid for a closed account, refunded; pending: completed by a SEPA debit still processing (the
 * order received, not provisioned); failed: that debit failed (the buyer told, the order payable again)
 */
export type OrderCheckoutStatus = (typeof ORDER_CHECKOUT_STATUSES)[number];

/**
 * An order as it was when one of its payments opened (a Stripe Checkout session): its answers, options, billing
 * identity and photos, the account it belonged to and the address it is paid with. A paid session's row is what the
 * order becomes, what the team is handed and whose billing identity the first invoice is made out to: an edit made
 * after the payment opened never reaches them (docs/payments.md, "What was paid is what is handed over").
 */
@Entity('order_checkouts')
@Check('order_checkouts_status_check', `status IN ('open', 'expired', 'paid', 'refused', 'pending', 'failed')`)
@Index('order_checkouts_draft_id_idx', ['draftId', 'status'])
@Index('order_checkouts_user_id_idx', ['userId'])
export class OrderCheckout {
  @PrimaryColumn({ name: 'session_id', type: 'text' })
  sessionId: string;

  @Column({ name: 'draft_id', type: 'uuid' })
  draftId: string;

  @ManyToOne(() => OrderDraft, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'draft_id', foreignKeyConstraintName: 'order_checkouts_draft_id_fkey' })
  draft?: OrderDraft;

  /** The account the order belonged to when its payment opened; null: an anonymous order */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'order_checkouts_user_id_fkey' })
  user?: User;

  /** The address it is paid with (the account's, or the billing step's), lower-cased */
  @Column({ type: 'text' })
  email: string;

  @Column({ name: 'plan_type', type: 'text' })
  planType: PaidPlanType;

  @Column({ name: 'prefers_call', type: 'boolean', nullable: true })
  prefersCall: boolean | null;

  @Column({ type: 'jsonb' })
  data: OrderFormData;

  @Column({ type: 'jsonb' })
  billing: BillingInfo;

  /** The order's photos then, in their order */
  @Column({ name: 'photo_ids', type: 'jsonb' })
  photoIds: string[];

  @Column({ type: 'text', default: 'open' })
  status: OrderCheckoutStatus;

  /** Taken before the account checks of the checkout: an account created later did not exist when it opened */
  @Column({ name: 'opened_at', type: 'timestamptz' })
  openedAt: Date;

  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;

  /**
   * A private individual's express request that the service start at once, with the acknowledgement of losing the
   * withdrawal right once it is fully performed (L221-25, L221-28): when it was given (the payment's opening); null
   * for a company
   */
  @Column({ name: 'consumer_request_at', type: 'timestamptz', nullable: true })
  consumerRequestAt: Date | null;
}
