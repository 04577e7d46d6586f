import { ApiProperty } from '@nestjs/swagger';
import { EnumField } from '../../common/fields';
import { BUYER_TYPES, ORDER_MESSAGES as M } from '@vitrine/domain';
import {
  BuyerAddressField,
  BuyerCityField,
  BuyerFullNameField,
  BuyerPostalCodeField,
  CompanyNameField,
  CompanySirenField,
  CompanyVatNumberField,
} from './buyer-fields';

/**
 * L'identité de facturation du client, à qui ses factures sont établies : un particulier, ou une entreprise (raison
 * sociale requise ; SIREN et numéro de TVA facultatifs, vérifiés). Elle vaut pour les factures émises ensuite ; une
 * facture déjà émise ne change jamais.
 */
export class UpdateBillingProfileDto {
  @EnumField(BUYER_TYPES, { name: 'BuyerType', invalid: M.buyerTypeInvalid })
  buyerType: (typeof BUYER_TYPES)[number];

  /** Nom complet (le contact, pour une entreprise) */
  @BuyerFullNameField()
  fullName: string;

  /** Raison sociale (entreprise) */
  @CompanyNameField()
  companyName?: string;

  /** SIREN (entreprise, facultatif) */
  @CompanySirenField()
  siren?: string;

  /** Numéro de TVA intracommunautaire (entreprise, facultatif) */
  @CompanyVatNumberField()
  vatNumber?: string;

  @BuyerAddressField()
  address: string;

  @BuyerPostalCodeField()
  postalCode: string;

  @BuyerCityField()
  city: string;
}

/** L'identité de facturation enregistrée (ou, sans elle, le nom du compte et des champs vides). */
export class BillingProfileDto {
  @ApiProperty({ enum: BUYER_TYPES, enumName: 'BuyerType' })
  buyerType: (typeof BUYER_TYPES)[number];
  fullName: string;
  companyName: string;
  siren: string;
  vatNumber: string;
  address: string;
  postalCode: string;
  city: string;
  /** Dernier enregistrement ; null : jamais enregistrée */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updatedAt: string | null;
}
