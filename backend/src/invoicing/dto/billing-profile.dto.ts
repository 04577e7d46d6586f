import { ApiProperty } from '@nestjs/swagger';
import { EnumField, OptionalFrenchVatField, OptionalSirenField, TextField, TextRequiredWhenField } from '../../common/fields';
import { BUYER_TYPES, MAX_LENGTHS, ORDER_MESSAGES as M } from '@vitrine/domain';

const tooLong = (what: string, max: number) => `${what} ne doit pas dépasser ${max} caractères.`;
const isCompany = (o: Record<string, unknown>) => o.buyerType === 'company';

/** The company fields of a buyer's identity, checked alike wherever it is entered (the billing profile, an order's billing step). */
export const CompanyNameField = () =>
  TextRequiredWhenField({
    required: M.companyNameRequired,
    max: MAX_LENGTHS.companyName,
    tooLong: tooLong("Le nom de l'entreprise", MAX_LENGTHS.companyName),
    when: isCompany,
  });
export const CompanySirenField = () => OptionalSirenField(M.sirenInvalid, isCompany);
export const CompanyVatNumberField = () =>
  OptionalFrenchVatField('siren', { invalid: M.vatNumberInvalid, mismatch: M.vatNumberMismatch }, isCompany);

/**
 * L'identité de facturation du client, à qui ses factures sont établies : un particulier, ou une entreprise (raison
 * sociale requise ; SIREN et numéro de TVA facultatifs, vérifiés). Elle vaut pour les factures émises ensuite ; une
 * facture déjà émise ne change jamais.
 */
export class UpdateBillingProfileDto {
  @EnumField(BUYER_TYPES, { name: 'BuyerType', invalid: M.buyerTypeInvalid })
  buyerType: (typeof BUYER_TYPES)[number];

  /** Nom complet (le contact, pour une entreprise) */
  @TextField({ required: M.fullNameRequired, max: MAX_LENGTHS.fullName, tooLong: tooLong('Le nom complet', MAX_LENGTHS.fullName) })
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

  @TextField({ required: M.addressRequired, max: MAX_LENGTHS.address, tooLong: tooLong("L'adresse", MAX_LENGTHS.address) })
  address: string;

  @TextField({ required: M.postalCodeRequired, max: MAX_LENGTHS.postalCode, tooLong: tooLong('Le code postal', MAX_LENGTHS.postalCode) })
  postalCode: string;

  @TextField({ required: M.cityRequired, max: MAX_LENGTHS.city, tooLong: tooLong('La ville', MAX_LENGTHS.city) })
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
