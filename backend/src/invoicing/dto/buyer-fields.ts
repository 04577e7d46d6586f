import { OptionalFrenchVatField, OptionalSirenField, TextField, TextRequiredWhenField } from '../../common/fields';
import { MAX_LENGTHS, ORDER_MESSAGES as M } from '@vitrine/domain';

/**
 * The fields of a buyer's billing identity, checked alike wherever it is entered: the billing profile and an order's
 * billing step (its checkout). The company fields apply to a company only.
 */

const tooLong = (what: string, max: number) => `${what} ne doit pas dépasser ${max} caractères.`;
const isCompany = (o: Record<string, unknown>) => o.buyerType === 'company';

export const BuyerFullNameField = () =>
  TextField({ required: M.fullNameRequired, max: MAX_LENGTHS.fullName, tooLong: tooLong('Le nom complet', MAX_LENGTHS.fullName) });
export const BuyerAddressField = () =>
  TextField({ required: M.addressRequired, max: MAX_LENGTHS.address, tooLong: tooLong("L'adresse", MAX_LENGTHS.address) });
export const BuyerCityField = () =>
  TextField({ required: M.cityRequired, max: MAX_LENGTHS.city, tooLong: tooLong('La ville', MAX_LENGTHS.city) });
export const BuyerPostalCodeField = () =>
  TextField({ required: M.postalCodeRequired, max: MAX_LENGTHS.postalCode, tooLong: tooLong('Le code postal', MAX_LENGTHS.postalCode) });

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
