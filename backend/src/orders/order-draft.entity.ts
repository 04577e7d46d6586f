import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { PAID_PLAN_IDS } from '@vitrine/domain';
import { User } from '../auth/user.entity';
import { TimestampColumns } from '../database/columns';
import type { BillingInfo, OrderFormData, OrderStep, PaidPlanType } from './order-form';

export const ORDER_DRAFT_STATUSES = ['draft', 'paid'] as const;
export type OrderDraftStatus = (typeof ORDER_DRAFT_STATUSES)[number];

/**
 * An order as the wizard fills it, autosaved step by step, then paid. An anonymous draft belongs to the browser
 * holding its secret (only the secret's SHA-256 is kept here); a signed-in buyer's draft belongs to the account.
 * Drafts never paid are purged after ORDER_DRAFT_TTL_DAYS without a change; paid ones stay (they are the order).
 */
@Entity('order_drafts')
@Check('order_drafts_plan_type_check', `plan_type IN (${PAID_PLAN_IDS.map((p) => `'${p}'`).join(', ')})`)
@Check('order_drafts_status_check', `status IN ('draft', 'paid')`)
@Check('order_drafts_current_step_check', `current_step IN ('1', '1.5', '2', '3', '4')`)
@Check('order_drafts_owner_check', `user_id IS NOT NULL OR secret_hash IS NOT NULL`)
@Unique('order_drafts_checkout_session_id_key', ['checkoutSessionId'])
@Index('order_drafts_status_updated_at_idx', ['status', 'updatedAt'])
@Index('order_drafts_user_id_idx', ['userId'])
export class OrderDraft extends TimestampColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'order_drafts_user_id_fkey' })
  user?: User;

  /** SHA-256 (hex) of the anonymous browser's secret */
  @Column({ name: 'secret_hash', type: 'text', nullable: true })
  secretHash: string | null;

  @Column({ name: 'plan_type', type: 'text' })
  planType: PaidPlanType;

  /** Every field of the order form */
  @Column({ type: 'jsonb' })
  data: OrderFormData;

  /** null: not chosen yet (step 1.5); true: 'Réserver un appel'; false: 'Continuer le formulaire' */
  @Column({ name: 'prefers_call', type: 'boolean', nullable: true })
  prefersCall: boolean | null;

  @Column({ name: 'current_step', type: 'text', default: '1' })
  currentStep: OrderStep;

  @Column({ type: 'jsonb', nullable: true })
  billing: BillingInfo | null;

  @Column({ type: 'text', default: 'draft' })
  status: OrderDraftStatus;

  /** The latest Stripe Checkout session opened for it (cs_…) */
  @Column({ name: 'checkout_session_id', type: 'text', nullable: true })
  checkoutSessionId: string | null;

  /** Set at payment: the buyer's account was created for this order */
  @Column({ name: 'account_created', type: 'boolean', default: false })
  accountCreated: boolean;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt: Date | null;
}
