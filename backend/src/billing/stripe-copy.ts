import { Column } from 'typeorm';
import { TimestampColumns } from '../database/columns';

/**
 * A local copy of a Stripe object, kept up to date from Stripe: `synced_at` is when this copy was read there, so that an
 * older read never overwrites a newer one.
 */
export abstract class StripeCopyColumns extends TimestampColumns {
  @Column({ name: 'synced_at', type: 'timestamptz' })
  syncedAt: Date;
}
