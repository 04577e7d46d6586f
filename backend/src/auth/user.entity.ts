import { Check, Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { TimestampColumns } from '../database/columns';
import type { UserRole } from '../common/current-user';

@Entity('users')
@Check('users_email_check', 'email = lower(email)')
@Check('users_role_check', `role IN ('client', 'admin')`)
// On lower(email), which TypeORM cannot express: declared in the migration.
@Index('users_email_key', { synchronize: false })
// Trigram indexes for the admin's searches on the owner of a site (ILIKE '%…%'): declared in the migration.
@Index('users_name_trgm_idx', { synchronize: false })
@Index('users_email_trgm_idx', { synchronize: false })
// The admin's lists sorted by sign-up date, name (also the sites by owner name), e-mail or role, the id breaking ties
@Index('users_created_at_idx', ['createdAt', 'id'])
@Index('users_name_idx', ['name', 'id'])
@Index('users_email_idx', ['email', 'id'])
@Index('users_role_idx', ['role', 'id'])
@Unique('users_stripe_customer_id_key', ['stripeCustomerId'])
export class User extends TimestampColumns {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Always stored lower-cased; a unique index on lower(email) backs it. */
  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text', default: '' })
  name: string;

  @Column({ type: 'text', default: 'client' })
  role: UserRole;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash: string | null;

  /** Stripe customer (cus_…), once the user has paid */
  @Column({ name: 'stripe_customer_id', type: 'text', nullable: true })
  stripeCustomerId: string | null;

  /**
   * When a link mailed to the account's address was last used (first login, password reset): its holder reads that
   * mailbox. Null for a self sign-up that never did (a password chosen without proof of the address) and for an
   * account without a password (reached only through such a link). An anonymous order never goes to an account with a
   * password and no proof created after its payment opened (orders/order-provisioning.service.ts).
   */
  @Column({ name: 'address_proven_at', type: 'timestamptz', nullable: true })
  addressProvenAt: Date | null;

  /**
   * Set when the account is closed (privacy/): its name, e-mail and password are gone from this row at once (the
   * e-mail replaced by `closedAccountEmail(id)`), it can no longer sign in, and its address can sign up again.
   */
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true })
  closedAt: Date | null;
}
