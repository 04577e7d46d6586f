import {
  type BilledLine,
  type BuyerSnapshot,
  documentLines,
  type LegalDocument,
  mandatoryMentions,
  type SellerSnapshot,
  type VatRate,
  vatOf,
} from '../../src/invoicing/legal-document';

/**
 * Legal documents built as the product builds them (the pure functions of legal-document.ts), for the tests of what is
 * drawn from them: the sales journal, the FEC, a year of documents inserted with their numbers.
 */
export const SELLER: SellerSnapshot = {
  name: 'Vitrine',
  legalName: 'Vitrine SAS',
  legalForm: 'société par actions simplifiée',
  capital: '5 000 €',
  address: '12 rue des Artisans, 69002 Lyon',
  country: 'France',
  rcsCity: 'Lyon',
  siren: '912345675',
  siret: '91234567500017',
  vat: 'FR65912345675',
  email: 'support@vitrine.example',
  phone: '01 99 00 24 24',
  vatRegime: 'standard',
  vatRate: '20',
};

export function companyBuyer(companyName: string, email: string): BuyerSnapshot {
  return {
    type: 'company',
    name: 'Élodie Martin',
    companyName,
    siren: '732829320',
    vatNumber: 'FR44732829320',
    address: '3 place du Marché',
    postalCode: '69003',
    city: 'Lyon',
    countryCode: 'FR',
    email,
  };
}

export function individualBuyer(name: string, email: string): BuyerSnapshot {
  return {
    type: 'individual',
    name,
    companyName: null,
    siren: null,
    vatNumber: null,
    address: '8 rue Neuve',
    postalCode: '75011',
    city: 'Paris',
    countryCode: 'FR',
    email,
  };
}

export const line = (label: string, amountInclCents: number, quantity = 1): BilledLine => ({
  label,
  detail: null,
  periodStart: null,
  periodEnd: null,
  quantity,
  amountInclCents,
});

/** An invoice (without its number) at a VAT rate, or under the franchise. */
export function invoiceDocument(options: {
  issueDate: string;
  paymentDate?: string | null;
  buyer: BuyerSnapshot;
  vat: VatRate | 'franchise';
  lines: BilledLine[];
}): Omit<LegalDocument, 'number'> {
  const seller: SellerSnapshot =
    options.vat === 'franchise' ? { ...SELLER, vatRegime: 'franchise' } : { ...SELLER, vatRegime: 'standard', vatRate: options.vat };
  const vat = vatOf(seller);
  const paymentDate = options.paymentDate === undefined ? options.issueDate : options.paymentDate;
  const { lines, totals } = documentLines(options.lines, vat);
  return {
    kind: 'invoice',
    issueDate: options.issueDate,
    paymentDate,
    currency: 'EUR',
    seller,
    buyer: options.buyer,
    lines,
    vat,
    totals,
    mentions: mandatoryMentions('invoice', seller, options.buyer, paymentDate),
    credited: null,
    stripeNumber: null,
  };
}

/** A credit note of an invoice: the whole of it, or `amountInclCents` of it (one line), as the product credits a refund. */
export function creditNoteDocument(
  invoice: LegalDocument,
  options: { issueDate: string; paymentDate?: string | null; amountInclCents?: number },
): Omit<LegalDocument, 'number'> {
  const paymentDate = options.paymentDate === undefined ? options.issueDate : options.paymentDate;
  const part = options.amountInclCents !== undefined && options.amountInclCents !== invoice.totals.inclCents;
  const { lines, totals } = part
    ? documentLines([line(`Remboursement partiel de la facture ${invoice.number}`, options.amountInclCents!)], invoice.vat)
    : { lines: invoice.lines, totals: invoice.totals };
  return {
    kind: 'credit_note',
    issueDate: options.issueDate,
    paymentDate,
    currency: 'EUR',
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines,
    vat: invoice.vat,
    totals,
    mentions: mandatoryMentions('credit_note', invoice.seller, invoice.buyer, paymentDate),
    credited: { number: invoice.number, issueDate: invoice.issueDate },
    stripeNumber: invoice.stripeNumber,
  };
}
