import 'reflect-metadata';
import { BadRequestException } from '@nestjs/common';

import { getMetadataArgsStorage } from 'typeorm';
import {
  buyerCompany,
  COMPANY_FIELD_NAMES,
  COMPANY_IDENTITY_FIELDS,
  type CompanyFieldSpec,
  companyOrNull,
  ORDER_MESSAGES,
} from '@vitrine/domain';
import { createValidationPipe } from '../common/validation';
import { BillingInfoDto, BillingInfoPatchDto, CheckoutBillingDto } from '../orders/dto/order-drafts.dto';
import { BillingProfile, companyColumn } from './billing-profile.entity';
import { BillingProfileDto, UpdateBillingProfileDto } from './dto/billing-profile.dto';
import { CorrectLegalInvoiceDto, LegalBuyerDto } from './dto/invoice-correction.dto';
import { companyInvoiceLines } from './legal-document';

/**
 * The company fields of a buyer are @vitrine/domain's COMPANY_IDENTITY_FIELDS, and every body, answer and column that
 * carries a buyer's identity is derived from that table: a field of the table is in each of them, checked alike.
 */

const pipe = createValidationPipe();

/** The French messages of a body refused, by field; {} when it is accepted. */
async function errorsOf(metatype: new () => object, body: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await pipe.transform(body, { type: 'body', metatype });
    return {};
  } catch (error) {
    if (!(error instanceof BadRequestException)) throw error;
    return (error.getResponse() as { errors: Record<string, string> }).errors;
  }
}

const person = { fullName: 'Claire Martin', address: '12 rue des Artisans', postalCode: '69002', city: 'Lyon' };
const bodies: Array<[string, new () => object, Record<string, unknown>]> = [
  ['the billing profile', UpdateBillingProfileDto, { ...person }],
  ['the correction', CorrectLegalInvoiceDto, { ...person, reason: 'Erreur de raison sociale' }],
  ['the checkout', CheckoutBillingDto, { ...person, email: 'claire@example.com' }],
];
const specs: readonly CompanyFieldSpec[] = COMPANY_IDENTITY_FIELDS;
/** A value each field refuses (its first check's message), or omits (its required message). */
const refused = (spec: CompanyFieldSpec) => (spec.required ? '' : 'not-valid-1');

describe("a company buyer's fields, declared once", () => {
  it.each(bodies)(
    '%s checks each field of the table for a company, with its message, and ignores them for an individual',
    async (_, dto, base) => {
      const valid = {
        ...base,
        buyerType: 'company',
        companyName: 'Boulangerie Martin SAS',
        siren: '912 345 675',
        vatNumber: 'FR 65 912345675',
      };
      expect(await errorsOf(dto, valid)).toEqual({});
      for (const spec of specs) {
        const expected = spec.required ?? spec.checks![0].message;
        expect(await errorsOf(dto, { ...valid, [spec.field]: refused(spec) })).toEqual({ [spec.field]: expected });
        expect(await errorsOf(dto, { ...valid, buyerType: 'individual', [spec.field]: refused(spec) })).toEqual({});
      }
      // A check given the company's other fields, in their kept form: the VAT number of another SIREN.
      expect(await errorsOf(dto, { ...valid, vatNumber: 'FR 12 912 345 675' })).toEqual({ vatNumber: ORDER_MESSAGES.vatNumberMismatch });
    },
  );

  it("a draft's autosave takes any text of a company field within its length, else says the field's message", async () => {
    for (const spec of specs) {
      expect(await errorsOf(BillingInfoPatchDto, { [spec.field]: 'x'.repeat(spec.maxLength) })).toEqual({});
      expect(await errorsOf(BillingInfoPatchDto, { [spec.field]: 'x'.repeat(spec.maxLength + 1) })).toEqual({ [spec.field]: spec.tooLong });
    }
  });

  it('every answer that shows a buyer names each field of the table in the contract, every column of billing_profiles is there', () => {
    const documented = (dto: new () => object) =>
      ((Reflect.getMetadata('swagger/apiModelPropertiesArray', dto.prototype) as string[]) ?? []).map((p) => p.slice(1));
    for (const dto of [
      BillingProfileDto,
      BillingInfoDto,
      LegalBuyerDto,
      UpdateBillingProfileDto,
      CorrectLegalInvoiceDto,
      CheckoutBillingDto,
    ])
      expect(documented(dto)).toEqual(expect.arrayContaining([...COMPANY_FIELD_NAMES]));
    const columns = getMetadataArgsStorage()
      .columns.filter((c) => c.target === BillingProfile)
      .map((c) => c.options.name ?? c.propertyName);
    expect(columns).toEqual(expect.arrayContaining(COMPANY_FIELD_NAMES.map(companyColumn)));
  });

  it('keeps a company text trimmed and its identifiers compact, nothing for an individual; prints the identifiers given', () => {
    const typed = { companyName: '  Boulangerie Martin SAS ', siren: '912 345.675', vatNumber: 'fr 65-912345675' };
    expect(buyerCompany({ buyerType: 'company', ...typed })).toMatchObject({
      buyerType: 'company',
      companyName: 'Boulangerie Martin SAS',
      siren: '912345675',
      vatNumber: 'FR65912345675',
    });
    expect(buyerCompany({ buyerType: 'individual', ...typed })).toEqual({
      buyerType: 'individual',
      ...Object.fromEntries(COMPANY_FIELD_NAMES.map((field) => [field, ''])),
    });
    const buyer = {
      type: 'company' as const,
      name: 'Claire',
      address: '',
      postalCode: '',
      city: '',
      countryCode: 'FR',
      email: 'c@example.com',
    };
    expect(companyInvoiceLines({ ...buyer, ...companyOrNull(buyerCompany({ buyerType: 'company', ...typed })) })).toEqual([
      'SIREN 912345675',
      'N° TVA intracommunautaire : FR65912345675',
    ]);
    // A document issued before a field existed lacks it: nothing printed for it.
    expect(companyInvoiceLines({ ...buyer, companyName: 'X', siren: null } as never)).toEqual([]);
    expect(companyInvoiceLines({ ...buyer, type: 'individual', ...companyOrNull({ siren: '912345675' }) })).toEqual([]);
  });
});
