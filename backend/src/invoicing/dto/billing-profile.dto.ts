import { ApiProperty } from '@nestjs/swagger';
import { EnumField } from '../../common/fields';
import { BUYER_TYPES, ORDER_MESSAGES as M } from '@vitrine/domain';
import {
  BuyerAddressField,
  BuyerCityField,
  BuyerFullNameField,
  BuyerPostalCodeField,
  CheckedCompanyFields,
  CompanyFieldsText,
} from './buyer-fields';

/**
 * L'identité de facturation du client, à qui ses factures sont établies : un particulier, ou une entreprise (raison
 * sociale requise ; SIREN et numéro de TVA facultatifs, vérifiés : les champs d'entreprise de @vitrine/domain). Elle
 * vaut pour les factures émises ensuite ; une facture déjà émise ne change jamais.
 */
export class UpdateBillingProfileDto extends CheckedCompanyFields {
  @EnumField(BUYER_TYPES, { name: 'BuyerType', invalid: M.buyerTypeInvalid })
  buyerType: (typeof BUYER_TYPES)[number];

  /** Nom complet (le contact, pour une entreprise) */
  @BuyerFullNameField()
  fullName: string;

  @BuyerAddressField()
  address: string;

  @BuyerPostalCodeField()
  postalCode: string;

  @BuyerCityField()
  city: string;
}

/** L'identité de facturation enregistrée (ou, sans elle, le nom du compte et des champs vides). */
export class BillingProfileDto extends CompanyFieldsText {
  @ApiProperty({ enum: BUYER_TYPES, enumName: 'BuyerType' })
  buyerType: (typeof BUYER_TYPES)[number];
  fullName: string;
  address: string;
  postalCode: string;
  city: string;
  /** Dernier enregistrement ; null : jamais enregistrée */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  updatedAt: string | null;
}
