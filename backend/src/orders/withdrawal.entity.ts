import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { User } from '../auth/user.entity';
import { Site } from '../sites/site.entity';
import { CreatedAtColumns } from '../database/columns';

/**
 * A consumer's withdrawal from a subscription (Code de la consommation L221-18), sent with the client area's form:
 * the model form's content as sent (L221-21's durable record), when it was ordered, and the amounts — paid, due for the
 * service provided until the withdrawal (L221-25, prorated), refunded. One per subscription.
 */
@Entity('withdrawals')
@Unique('withdrawals_subscription_id_key', ['subscriptionId'])
@Index('withdrawals_site_id_idx', ['siteId'])
export class Withdrawal extends CreatedAtColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'withdrawals_user_id_fkey' })
  user?: User;

  @Column({ name: 'site_id', type: 'uuid', nullable: true })
  siteId: string | null;

  @ManyToOne(() => Site, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'site_id', foreignKeyConstraintName: 'withdrawals_site_id_fkey' })
  site?: Site;

  @Column({ name: 'subscription_id', type: 'text' })
  subscriptionId: string;

  /** The order's paid Checkout session (its checkout holds the consumer's express request) */
  @Column({ name: 'checkout_session_id', type: 'text' })
  checkoutSessionId: string;

  @Column({ name: 'full_name', type: 'text' })
  fullName: string;

  @Column({ type: 'text' })
  address: string;

  /** When the contract was concluded (the subscription's start): the 14 days run from it */
  @Column({ name: 'ordered_at', type: 'timestamptz' })
  orderedAt: Date;

  @Column({ name: 'paid_cents', type: 'int' })
  paidCents: number;

  /** What the service provided until the withdrawal is worth (L221-25), prorated */
  @Column({ name: 'due_cents', type: 'int' })
  dueCents: number;

  @Column({ name: 'refund_cents', type: 'int' })
  refundCents: number;
}
