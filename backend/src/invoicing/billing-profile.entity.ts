import { Check, Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { COMPANY_FIELD_NAMES, type CompanyIdentity, type CompanyIdentityField } from '@vitrine/domain';
import { User } from '../auth/user.entity';
import type { BuyerType } from './legal-document';

/** The column of a company field: its name in snake case ('vatNumber' → 'vat_number'). */
export const companyColumn = (field: CompanyIdentityField): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The company fields' columns (text, null for an individual or a field not given), one per field of @vitrine/domain's table. */
export type CompanyColumns = CompanyIdentity<string | null>;

/**
 * A client's billing identity, what their invoices are made out to: an individual, or a company with its legal name,
 * SIREN and VAT number (both optional) — a column per company field (`CompanyColumns`); the address. Given at the order's billing step, editable in the profile.
 * Accounts from before it have the billing details of their latest paid order (migration LegalInvoices).
 */
@Entity('billing_profiles')
@Check('billing_profiles_buyer_type_check', `buyer_type IN ('individual', 'company')`)
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- its company columns: the interface below
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

/** The company fields' columns, one per field of @vitrine/domain's table, declared on the class above. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type, @typescript-eslint/no-unsafe-declaration-merging -- merged into the class
export interface BillingProfile extends CompanyColumns {}
for (const field of COMPANY_FIELD_NAMES)
  Column({ name: companyColumn(field), type: 'text', nullable: true })(BillingProfile.prototype, field);
