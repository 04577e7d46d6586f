import { ApiProperty } from '@nestjs/swagger';
import { OptionalCheckedField, TextField, TextRequiredWhenField } from '../../common/fields';
import { COMPANY_IDENTITY_FIELDS, type CompanyFieldSpec, type CompanyIdentity, MAX_LENGTHS, ORDER_MESSAGES as M } from '@vitrine/domain';

/**
 * The fields of a buyer's billing identity, checked alike wherever it is entered: the billing profile, an order's
 * billing step (its checkout and its draft) and an invoice's correction. The company fields apply to a company only;
 * they are @vitrine/domain's COMPANY_IDENTITY_FIELDS, applied here to the bodies and answers that carry them, so that a
 * new field of the table is in every one of them.
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

/** A company field of a body that is checked: required of a company as the table says, else checked when given. */
function checkedCompanyField(spec: CompanyFieldSpec): PropertyDecorator {
  if (spec.required)
    return TextRequiredWhenField({
      required: spec.required,
      max: spec.maxLength,
      tooLong: spec.tooLong,
      when: isCompany,
      description: spec.description,
    });
  return OptionalCheckedField({
    max: spec.maxLength,
    identifier: spec.kind === 'identifier',
    checks: spec.checks ?? [],
    when: isCompany,
    description: spec.description,
    example: spec.example,
  });
}

/** A class whose properties are the company fields, each with the decorators `decorate` gives it. */
function companyFieldsClass<T>(name: string, decorate: (spec: CompanyFieldSpec) => PropertyDecorator): new () => T {
  const cls = { [name]: class {} }[name];
  for (const spec of COMPANY_IDENTITY_FIELDS) decorate(spec)(cls.prototype, spec.field);
  return cls as new () => T;
}

/** The company fields of a billing identity typed by someone (profile, checkout, correction): checked for a company. */
export const CheckedCompanyFields = companyFieldsClass<Partial<CompanyIdentity>>('CheckedCompanyFields', checkedCompanyField);

/** The company fields of a draft's autosave: any text within its length, checked at checkout. */
export const CompanyFieldsPatch = companyFieldsClass<Partial<CompanyIdentity>>('CompanyFieldsPatch', (spec) =>
  TextField({ optional: true, max: spec.maxLength, tooLong: spec.tooLong }),
);

/** The company fields of an answer, empty where not given. */
export const CompanyFieldsText = companyFieldsClass<CompanyIdentity>('CompanyFieldsText', () => ApiProperty({ type: String }));

/** The company fields of a document's buyer, null where not given (an individual). */
export const CompanyFieldsOrNull = companyFieldsClass<CompanyIdentity<string | null>>('CompanyFieldsOrNull', () =>
  ApiProperty({ type: String, nullable: true }),
);
