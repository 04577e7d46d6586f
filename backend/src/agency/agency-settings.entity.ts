import { Check, Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The agency's identity as an admin saved it ('Paramètres de l'agence'): one row (id 1), absent until the first save
 * that changes something; until then the environment's values (AGENCY_*, TEAM_EMAIL) are in force.
 */
@Entity('agency_settings')
@Check('agency_settings_single_row_check', 'id = 1')
export class AgencySettingsRow {
  @PrimaryColumn({ type: 'smallint', default: 1 })
  id: number;

  @Column({ type: 'text' })
  name: string;

  @Column({ name: 'legal_name', type: 'text' })
  legalName: string;

  @Column({ name: 'legal_form', type: 'text' })
  legalForm: string;

  @Column({ type: 'text' })
  capital: string;

  @Column({ type: 'text' })
  address: string;

  @Column({ type: 'text' })
  country: string;

  @Column({ name: 'rcs_city', type: 'text' })
  rcsCity: string;

  @Column({ type: 'text' })
  siren: string;

  @Column({ type: 'text' })
  siret: string;

  @Column({ type: 'text' })
  vat: string;

  @Column({ type: 'text' })
  director: string;

  @Column({ type: 'text' })
  email: string;

  @Column({ type: 'text' })
  phone: string;

  @Column({ name: 'booking_url', type: 'text' })
  bookingUrl: string;

  @Column({ name: 'host_name', type: 'text' })
  hostName: string;

  @Column({ name: 'host_address', type: 'text' })
  hostAddress: string;

  @Column({ name: 'host_website', type: 'text' })
  hostWebsite: string;

  /** standard | franchise (added with the legal invoices: existing rows are 'standard' at 20 %) */
  @Column({ name: 'vat_regime', type: 'text', default: 'standard' })
  vatRegime: string;

  @Column({ name: 'vat_rate', type: 'text', default: '20' })
  vatRate: string;

  /** The consumer mediator (L612-1); '' until the agency names one */
  @Column({ name: 'mediator_name', type: 'text', default: '' })
  mediatorName: string;

  @Column({ name: 'mediator_website', type: 'text', default: '' })
  mediatorWebsite: string;

  @Column({ name: 'team_email', type: 'text' })
  teamEmail: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
