import { Column, PrimaryColumn } from 'typeorm';
import { TimestampColumns } from '../database/columns';

/**
 * A local copy of a Stripe object, kept up to date from Stripe: `synced_at` is when this copy was read there, so that an
 * older read never overwrites a newer one.
 */
export abstract class StripeCopyColumns extends TimestampColumns {
  @Column({ name: 'synced_at', type: 'timestamptz' })
  syncedAt: Date;
}

/**
 * A copy of a Stripe object billed to a Stripe customer (an invoice, a subscription), with the user that customer is,
 * when known (each entity declares the relation, its foreign key named as its migration names it).
 */
export abstract class CustomerStripeCopyColumns extends StripeCopyColumns {
  /** Stripe id (in_…, sub_…) */
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'customer_id', type: 'text' })
  customerId: string;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId: string | null;
}
