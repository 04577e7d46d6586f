import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Each Stripe event id, stored once in the same transaction as its effects: a replay finds it and changes nothing. */
@Entity('stripe_events')
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
}
