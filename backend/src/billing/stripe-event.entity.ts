import { Check, Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { RetriedJobColumns } from '../database/columns';

export type StripeEventOutcome = 'pending' | 'processed' | 'ignored' | 'failed';

/**
 * The webhook inbox: each Stripe event id, stored once when it is received (a replay finds it and changes nothing),
 * then drained by the inbox worker, which applies its effects in the same transaction that marks it processed.
 */
@Entity('stripe_events')
@Check('stripe_events_outcome_check', `outcome IN ('pending', 'processed', 'ignored', 'failed')`)
@Check('stripe_events_processed_at_check', `(outcome = 'pending') = (processed_at IS NULL)`)
@Index('stripe_events_due_idx', ['nextAttemptAt'], { where: `outcome = 'pending'` })
@Index('stripe_events_failed_idx', ['receivedAt'], { where: `outcome = 'failed'` })
@Index('stripe_events_checkout_idx', ['objectId'], { where: `type = 'checkout.session.completed'` })
export class StripeEvent extends RetriedJobColumns {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  type: string;

  /** The id of the event's object (the session, subscription or invoice read back from Stripe) */
  @Column({ name: 'object_id', type: 'text', nullable: true })
  objectId: string | null;

  /** The event's `created` at Stripe */
  @Column({ name: 'created_at_stripe', type: 'timestamptz' })
  createdAtStripe: Date;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt: Date;

  /** When it left the inbox (processed, ignored or failed); null while pending */
  @Column({ name: 'processed_at', type: 'timestamptz', nullable: true })
  processedAt: Date | null;

  /** pending: waiting for the worker; processed: its effects were applied; ignored: acknowledged without effect (see `note`); failed: every attempt failed (see `last_error`) */
  @Column({ type: 'text', default: 'pending' })
  outcome: StripeEventOutcome;

  /** Why an event was ignored */
  @Column({ type: 'text', nullable: true })
  note: string | null;
}
