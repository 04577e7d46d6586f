import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { User } from '../auth/user.entity';
import { TimestampColumns } from '../database/columns';

import { SITE_TYPES, type SiteStatus, type SiteType } from '@vitrine/domain';

export { SITE_STATUSES, SITE_TYPES, type SiteStatus, type SiteType } from '@vitrine/domain';
/** How the subscription paying for a site stands: paid up, a renewal failing (dunning), given up by Stripe, or ended. */
export const PAYMENT_STATES = ['current', 'past_due', 'unpaid', 'ended'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** The five build steps, in order (signed-in-areas §4), as stored. */
export const PROGRESSION_STEPS = ['started', 'design_ok', 'dev_ok', 'seo_ok', 'techno_review'] as const;
export type ProgressionStep = (typeof PROGRESSION_STEPS)[number];
export type Progression = Record<ProgressionStep, boolean>;

/**
 * A client's site: created pending at payment (one per paid order, one per Stripe subscription), then built by the
 * team, who tick the progression and set the status and domain.
 */
@Entity('sites')
@Check('sites_status_check', `status IN ('pending', 'active', 'suspended')`)
@Check('sites_type_check', `type IN (${SITE_TYPES.map((t) => `'${t}'`).join(', ')})`)
@Check('sites_payment_state_check', `payment_state IN ('current', 'past_due', 'unpaid', 'ended')`)
@Check('sites_status_before_suspension_check', `status_before_suspension IN ('pending', 'active')`)
@Unique('sites_stripe_subscription_id_key', ['stripeSubscriptionId'])
@Unique('sites_order_draft_id_key', ['orderDraftId'])
// A client's sites, latest first (migration ListIndexes)
@Index('sites_user_id_idx', ['userId', 'createdAt', 'id'])
// Each sort column of the admin's list with the id that breaks ties, so a page (1 or 1,000) is read from an index.
@Index('sites_status_idx', ['status', 'id'])
@Index('sites_type_idx', ['type', 'id'])
@Index('sites_created_at_idx', ['createdAt', 'id'])
@Index('sites_site_name_idx', ['siteName', 'id'])
@Index('sites_domain_idx', ['domain', 'id'])
// domain DESC NULLS LAST, id DESC: declared in the migration.
@Index('sites_domain_desc_idx', { synchronize: false })
// The few sites not up to date with their payments (the admin's filter): declared in migration SubscriptionLife.
@Index('sites_payment_state_idx', { synchronize: false })
// Trigram indexes for the admin's search (ILIKE '%…%'), which TypeORM cannot express: declared in the migration.
@Index('sites_site_name_trgm_idx', { synchronize: false })
@Index('sites_domain_trgm_idx', { synchronize: false })
export class Site extends TimestampColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'sites_user_id_fkey' })
  user?: User;

  @Column({ name: 'site_name', type: 'text' })
  siteName: string;

  @Column({ type: 'text', nullable: true })
  domain: string | null;

  @Column({ type: 'text', default: 'pending' })
  status: SiteStatus;

  @Column({ type: 'text' })
  type: SiteType;

  /** Set while its payments keep it suspended: the status a later successful payment gives back */
  @Column({ name: 'status_before_suspension', type: 'text', nullable: true })
  statusBeforeSuspension: 'pending' | 'active' | null;

  @Column({ type: 'jsonb' })
  progression: Progression;

  /** How its subscription stands (written by the site lifecycle only, from the subscription's state at Stripe) */
  @Column({ name: 'payment_state', type: 'text', default: 'current' })
  paymentState: PaymentState;

  /** Since when it stands so (the first failed payment, Stripe giving up, the end); null while current */
  @Column({ name: 'payment_state_since', type: 'timestamptz', nullable: true })
  paymentStateSince: Date | null;

  @Column({ name: 'stripe_subscription_id', type: 'text', nullable: true })
  stripeSubscriptionId: string | null;

  /** The paid order it came from */
  @Column({ name: 'order_draft_id', type: 'uuid', nullable: true })
  orderDraftId: string | null;

  // Named, not imported: the orders module sits above sites (it provisions them).
  @ManyToOne('OrderDraft', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'order_draft_id', foreignKeyConstraintName: 'sites_order_draft_id_fkey' })
  orderDraft?: unknown;
}
