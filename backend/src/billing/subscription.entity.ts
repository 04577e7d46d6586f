import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CustomerStripeCopyColumns } from './stripe-copy';

/** Local copy of a Stripe subscription, kept up to date by the webhook inbox. */
@Entity('subscriptions')
@Index('subscriptions_user_id_idx', ['userId'])
@Index('subscriptions_customer_id_idx', ['customerId'])
@Index('subscriptions_status_idx', ['status'])
@Index('subscriptions_site_id_idx', ['siteId'])
export class Subscription extends CustomerStripeCopyColumns {
  @ManyToOne('User', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'subscriptions_user_id_fkey' })
  user?: unknown;

  @Column({ type: 'text' })
  status: string;

  @Column({ name: 'cancel_at_period_end', type: 'boolean', default: false })
  cancelAtPeriodEnd: boolean;

  @Column({ name: 'current_period_end', type: 'timestamptz', nullable: true })
  currentPeriodEnd: Date | null;

  /** The plan's Stripe price (the subscription's other items are add-ons) */
  @Column({ name: 'price_id', type: 'text', nullable: true })
  priceId: string | null;

  /** pro | business | teams (any other price) */
  @Column({ type: 'text', nullable: true })
  plan: string | null;

  /** When it started at Stripe (`created`) */
  @Column({ name: 'started_at', type: 'timestamptz', nullable: true })
  startedAt: Date | null;

  /** When it ended at Stripe (`ended_at`), once canceled */
  @Column({ name: 'ended_at', type: 'timestamptz', nullable: true })
  endedAt: Date | null;

  /** The site it pays for, once sites exist */
  @Column({ name: 'site_id', type: 'uuid', nullable: true })
  siteId: string | null;

  @Column({ type: 'jsonb', default: {} })
  metadata: Record<string, string>;
}
