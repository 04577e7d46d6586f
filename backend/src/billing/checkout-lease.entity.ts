import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The one payable Checkout session of a thing being paid ('order:<id>', 'restart:<site id>', 'card:<site id>'): the
 * latest session opened for it, and the lease a request holds while it replaces that session (see CheckoutLeasesRepository and CheckoutService).
 */
@Entity('checkout_leases')
export class CheckoutLease {
  @PrimaryColumn({ type: 'text' })
  key: string;

  @Column({ name: 'session_id', type: 'text', nullable: true })
  sessionId: string | null;

  @Column({ name: 'lock_token', type: 'uuid', nullable: true })
  lockToken: string | null;

  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
