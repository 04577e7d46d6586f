import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { User } from '../auth/user.entity';
import type { CompanyColumns } from './billing-profile.entity';
import type { BuyerType } from './legal-document';

/** A buyer's identity as an order's billing step gave it (the fields of a billing profile, and the address paid with). */
export interface FrozenIdentity extends CompanyColumns {
  buyerType: BuyerType;
  fullName: string;
  address: string;
  postalCode: string;
  city: string;
  countryCode: string;
  email: string;
}

/**
 * The buyer of the first invoice of a subscription an order's Checkout opened: the order's billing identity as it was
 * when its payment opened, handed over by the order's provisioning (whatever became of the payment: provisioned, a
 * duplicate, refused for a closed account). The legal invoice is made out to it and to nobody else, waiting for it if
 * need be; the row goes once the invoice is issued (the invoice keeps the identity), or with the account's erasure.
 */
@Entity('frozen_buyers')
@Index('frozen_buyers_user_id_idx', ['userId'])
export class FrozenBuyer {
  @PrimaryColumn({ name: 'subscription_id', type: 'text' })
  subscriptionId: string;

  /** The order's account: the legal invoice's */
  @Column({ name: 'user_id', type: 'uuid' })
  userId: string;

  @ManyToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'frozen_buyers_user_id_fkey' })
  user?: User;

  @Column({ type: 'jsonb' })
  buyer: FrozenIdentity;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
