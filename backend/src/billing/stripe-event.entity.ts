import { Check, Column, Entity, PrimaryColumn } from 'typeorm';

export type StripeEventOutcome = 'processed' | 'ignored';

/** Each Stripe event id, stored once in the same transaction as its effects: a replay finds it and changes nothing. */
@Entity('stripe_events')
@Check('stripe_events_outcome_check', `outcome IN ('processed', 'ignored')`)
export class StripeEvent {
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ type: 'text' })
  type: string;

  /** The event's `created` at Stripe */
  @Column({ name: 'created_at_stripe', type: 'timestamptz' })
  createdAtStripe: Date;

  @Column({ name: 'processed_at', type: 'timestamptz', default: () => 'now()' })
  processedAt: Date;

  /** processed: its effects were applied; ignored: acknowledged without effect (see `note`) */
  @Column({ type: 'text', default: 'processed' })
  outcome: StripeEventOutcome;

  /** Why an event was ignored */
  @Column({ type: 'text', nullable: true })
  note: string | null;
}
