import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { User } from '../auth/user.entity';
import type { BuyerType } from './legal-document';

/**
 * A client's billing identity, what their invoices are made out to: an individual, or a company with its legal name,
 * SIREN and VAT number (both optional); the address. Given at the order's billing step, editable in the profile.
 * Accounts from before it have the billing details of their latest paid order (migration LegalInvoices).
 */
@Entity('billing_profiles')
@Check('billing_profiles_buyer_type_check', `buyer_type IN ('individual', 'company')`)
export class BillingProfile {
  @PrimaryColumn({ name: 'user_id', type: 'uuid' })
  userId: string;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id', foreignKeyConstraintName: 'billing_profiles_user_id_fkey' })
  user?: User;

  @Column({ name: 'buyer_type', type: 'text', default: 'individual' })
  buyerType: BuyerType;

  @Column({ name: 'full_name', type: 'text' })
  fullName: string;

  @Column({ name: 'company_name', type: 'text', nullable: true })
  companyName: string | null;

  @Column({ type: 'text', nullable: true })
  siren: string | null;

  @Column({ name: 'vat_number', type: 'text', nullable: true })
  vatNumber: string | null;

  @Column({ type: 'text' })
  address: string;

  @Column({ name: 'postal_code', type: 'text' })
  postalCode: string;

  @Column({ type: 'text' })
  city: string;

  @Column({ name: 'country_code', type: 'text', default: 'FR' })
  countryCode: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
