/**
 * A legal French invoice or credit note as it is frozen at issue time: the seller's and the buyer's identity, the
 * lines, the VAT, the totals and the mandatory mentions (CGI art. 242 nonies A, Code de commerce L441-9). Pure: the
 * PDF, the Factur-X XML, the lists and the accountant's journal are all drawn from this one snapshot, never from the
 * live rows, so a later change of a name or an address does not alter an issued document.
 */
import {
  type AgencyDetails,
  type BuyerType,
  COMPANY_IDENTITY_FIELDS,
  type CompanyIdentity,
  type CompanyIdentityField,
} from '@vitrine/domain';

export const LEGAL_DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type LegalDocumentKind = (typeof LEGAL_DOCUMENT_KINDS)[number];

/** 'F-2026-000123' for invoices, 'AV-2026-000004' for credit notes (avoirs). */
export const NUMBER_PREFIX: Record<LegalDocumentKind, string> = { invoice: 'F', credit_note: 'AV' };

export const legalNumber = (kind: LegalDocumentKind, year: number, seq: number): string =>
  `${NUMBER_PREFIX[kind]}-${year}-${String(seq).padStart(6, '0')}`;

export const VAT_REGIMES = ['standard', 'franchise'] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];

/** The VAT rates the agency may apply in France (percent, as written). 20 % is the standard rate for its services. */
export const VAT_RATES = ['20', '10', '5.5', '2.1'] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const FRANCHISE_MENTION = 'TVA non applicable, art. 293 B du CGI';

/**
 * The category of the operation, a mention the e-invoicing reform makes mandatory (2026–2027: delivery of goods,
 * provision of services, or both): the agency sells services only (sites by subscription, their options, a logo).
 */
export const OPERATION_CATEGORY_MENTION = "Catégorie d'opération : prestation de services";

/** The seller (the agency settings in force at issue time). Identifiers compact ('912345675'). */
export type SellerSnapshot = Pick<
  AgencyDetails,
  'name' | 'legalName' | 'legalForm' | 'capital' | 'address' | 'country' | 'rcsCity' | 'siren' | 'siret' | 'vat' | 'email' | 'phone'
> & { vatRegime: VatRegime; vatRate: VatRate };

export { BUYER_TYPES, type BuyerType } from '@vitrine/domain';

/**
 * The buyer's billing identity at issue time; a company's fields (its legal name, its identifiers: @vitrine/domain's
 * COMPANY_IDENTITY_FIELDS) null for an individual, or absent from a document issued before the field existed.
 */
export interface BuyerSnapshot extends CompanyIdentity<string | null> {
  type: BuyerType;
  /** The person's full name */
  name: string;
  address: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2 */
  countryCode: string;
  email: string;
}

/**
 * One line of the document, amounts in cents. Quantities are kept as billed (2 × an e-mail address: quantity 2 at the
 * unit price); a credit (a proration's) is a negative quantity at a positive unit price, as EN 16931 wants (BR-27: a
 * price is never negative).
 */
export interface DocumentLine {
  label: string;
  /** The site and the period, under the label */
  detail: string | null;
  /** 'YYYY-MM-DD' (Paris) */
  periodStart: string | null;
  periodEnd: string | null;
  quantity: number;
  /**
   * Unit price excluding tax, in cents with at most two decimals (0.8333 € is 83.33): a price including tax that does
   * not fall on a cent once the tax is taken out keeps four decimals of euro, as invoices may. Documents issued before
   * quantities were kept have a negative price for a credit, and a line of 1 for a quantity (written the EN 16931 way
   * when rendered again: `normalizedLine`).
   */
  unitPriceExclCents: number;
  /** quantity × unit price, excluding tax, rounded to the cent */
  totalExclCents: number;
}

export interface DocumentTotals {
  exclCents: number;
  vatCents: number;
  inclCents: number;
}

export interface VatSnapshot {
  /** EN 16931 category: S (standard rate) or E (exempt: the franchise) */
  category: 'S' | 'E';
  /** '20', or '0' under the franchise */
  ratePercent: string;
  /** The franchise mention, null with VAT */
  exemptionReason: string | null;
}

/** Everything a legal document says, frozen when it is issued. */
export interface LegalDocument {
  kind: LegalDocumentKind;
  number: string;
  /** 'YYYY-MM-DD' (Paris) */
  issueDate: string;
  /** When Stripe collected (invoice) or refunded (credit note) the amount, 'YYYY-MM-DD' */
  paymentDate: string | null;
  currency: 'EUR';
  seller: SellerSnapshot;
  buyer: BuyerSnapshot;
  lines: DocumentLine[];
  vat: VatSnapshot;
  totals: DocumentTotals;
  /**
   * The mandatory mentions, printed at the bottom and written as the XML's notes with their subject code: the category
   * of operation and the franchise (AAI), payment and discount (AAB), late-payment penalties (PMD), the recovery
   * indemnity (PMT). Plain strings in documents issued before the subject codes.
   */
  mentions: Array<Mention | string>;
  /** A credit note's invoice */
  credited: { number: string; issueDate: string } | null;
  /** A corrected invoice's: the invoice it cancels and replaces (issue 36's corrections; absent on the others) */
  replaces?: { number: string; issueDate: string } | null;
  /** Stripe's own number of the invoice (reference), if any */
  stripeNumber: string | null;
}

/** What a document says beyond its kind, dates and mentions. */
export type DocumentContent = Pick<
  LegalDocument,
  'seller' | 'buyer' | 'lines' | 'vat' | 'totals' | 'credited' | 'stripeNumber' | 'replaces'
>;

/**
 * The snapshot of a document issued on `issueDate` for an amount collected or refunded on `paymentDate` (Paris), with
 * its mandatory mentions; without its number, which the issuing transaction gives it.
 */
export function documentSnapshot(
  kind: LegalDocumentKind,
  dates: { issueDate: string; paymentDate: string | null },
  content: DocumentContent,
  /** Said after the mandatory mentions, as general information (a correction's notice). */
  extraMentions: string[] = [],
): Omit<LegalDocument, 'number'> {
  return {
    kind,
    issueDate: dates.issueDate,
    paymentDate: dates.paymentDate,
    currency: 'EUR',
    ...content,
    mentions: [
      ...mandatoryMentions(kind, content.seller, content.buyer, dates.paymentDate),
      ...extraMentions.map((text): Mention => ({ subject: 'AAI', text })),
    ],
  };
}

/** A line as Stripe billed it, amount including tax in cents (the catalogue's prices are TTC). */
export interface BilledLine {
  label: string;
  detail: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  quantity: number;
  amountInclCents: number;
}

export function vatOf(seller: Pick<SellerSnapshot, 'vatRegime' | 'vatRate'>): VatSnapshot {
  return seller.vatRegime === 'franchise'
    ? { category: 'E', ratePercent: '0', exemptionReason: FRANCHISE_MENTION }
    : { category: 'S', ratePercent: seller.vatRate, exemptionReason: null };
}

/** 2900 cents incl. 20 % → 2417 cents excl. (rounded half away from zero). */
export function exclOf(inclCents: number, ratePercent: string): number {
  const rate = Number(ratePercent);
  const value = (inclCents * 100) / (100 + rate);
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** A unit price in cents from a line's total and quantity, to a hundredth of a cent (four decimals of euro). */
const unitPriceOf = (totalExclCents: number, quantity: number): number => Math.round((Math.abs(totalExclCents) * 100) / quantity) / 100;

/**
 * The lines and totals of a document from what Stripe collected (prices including tax). Each line's total excluding
 * tax is its amount less the VAT it includes, rounded to the cent; the VAT is the rest of the amount Stripe collected,
 * so that the total including tax is exactly Stripe's (and within a cent of the excluded total × the rate, as EN 16931
 * BR-CO-17 allows). A line keeps its quantity (2 e-mail addresses: 2 at the unit price); a negative amount (a
 * proration's credit) is a negative quantity at a positive price.
 */
export function documentLines(billed: BilledLine[], vat: VatSnapshot): { lines: DocumentLine[]; totals: DocumentTotals } {
  const lines = billed.map((b): DocumentLine => {
    const totalExclCents = exclOf(b.amountInclCents, vat.ratePercent);
    const count = b.quantity > 0 ? b.quantity : 1;
    return {
      label: b.label,
      detail: b.detail,
      periodStart: b.periodStart,
      periodEnd: b.periodEnd,
      quantity: b.amountInclCents < 0 ? -count : count,
      unitPriceExclCents: unitPriceOf(totalExclCents, count),
      totalExclCents,
    };
  });
  const inclCents = billed.reduce((sum, b) => sum + b.amountInclCents, 0);
  const exclCents = lines.reduce((sum, l) => sum + l.totalExclCents, 0);
  return { lines, totals: { exclCents, vatCents: inclCents - exclCents, inclCents } };
}

/**
 * A line the EN 16931 way whatever the document's age: a credit issued as a negative price (before quantities were
 * kept) becomes a negative quantity at the positive price, the same total.
 */
export function normalizedLine(line: DocumentLine): DocumentLine {
  if (line.unitPriceExclCents >= 0) return line;
  return { ...line, quantity: -line.quantity, unitPriceExclCents: -line.unitPriceExclCents };
}

/**
 * The lines and totals of a credit note for `refundCents` (including tax) of an invoice: the invoice's own lines when
 * the whole of it is refunded (a duplicate payment's, a proration's credit kept as it was billed), one line "Remboursement
 * partiel de la facture F-…" for part of it, at the invoice's VAT.
 */
export function creditNoteLines(
  original: Pick<LegalDocument, 'number' | 'lines' | 'totals' | 'vat'>,
  refundCents: number,
): { lines: DocumentLine[]; totals: DocumentTotals } {
  if (refundCents === original.totals.inclCents) return { lines: original.lines.map(normalizedLine), totals: original.totals };
  return documentLines(
    [
      {
        label: `Remboursement partiel de la facture ${original.number}`,
        detail: null,
        periodStart: null,
        periodEnd: null,
        quantity: 1,
        amountInclCents: refundCents,
      },
    ],
    original.vat,
  );
}

/**
 * The French billing framework of a document (BT-23, XP Z12-012 BR-FR-08): the agency sells services (S), paid by card
 * at checkout, so an invoice issued from a payment is "already paid" (S2, with the payment date as due date and
 * nothing left to pay), and so is a credit note issued from a refund Stripe made; a document without payment date is a
 * service invoice to pay (S1).
 */
export const billingFramework = (doc: Pick<LegalDocument, 'paymentDate'>): 'S1' | 'S2' => (doc.paymentDate ? 'S2' : 'S1');

/**
 * The subject codes (UNTDID 4451, BT-21) of the mentions, as the French rules read them (XP Z12-012, BR-FR-05: PMT, PMD
 * and AAB on every invoice and credit note).
 */
export const MENTION_SUBJECTS = ['AAI', 'AAB', 'PMD', 'PMT'] as const;
export type MentionSubject = (typeof MENTION_SUBJECTS)[number];

/** A mandatory mention and its subject code. */
export interface Mention {
  subject: MentionSubject;
  text: string;
}

export const PENALTIES_MENTION =
  "En cas de retard de paiement, pénalités au taux de trois fois le taux d'intérêt légal, exigibles dès le lendemain de la date d'échéance (art. L441-10 du Code de commerce).";
export const INDEMNITY_MENTION =
  'Indemnité forfaitaire pour frais de recouvrement due en cas de retard de paiement par un professionnel : 40 € (art. D441-5 du Code de commerce).';
/** A private individual owes no recovery indemnity (it is due between professionals only); the rules still want PMT. */
export const NO_INDEMNITY_MENTION = "Pas d'indemnité forfaitaire pour frais de recouvrement : le client n'est pas un professionnel.";

/**
 * The mentions at the bottom of every document, with their subject codes: the category of operation (services), the
 * VAT exemption, payment and discount terms, late-payment penalties, the recovery indemnity (40 € for a business buyer).
 */
export function mandatoryMentions(
  kind: LegalDocumentKind,
  seller: Pick<SellerSnapshot, 'vatRegime'>,
  buyer: Pick<BuyerSnapshot, 'type'>,
  paymentDate: string | null,
): Mention[] {
  const mentions: Mention[] = [{ subject: 'AAI', text: OPERATION_CATEGORY_MENTION }];
  if (seller.vatRegime === 'franchise') mentions.push({ subject: 'AAI', text: FRANCHISE_MENTION });
  const payment =
    kind === 'invoice'
      ? paymentDate
        ? `Facture acquittée : payée par carte bancaire le ${frenchDate(paymentDate)}.`
        : 'Payable à réception par carte bancaire.'
      : paymentDate
        ? `Remboursé par carte bancaire le ${frenchDate(paymentDate)}.`
        : null;
  mentions.push(
    { subject: 'AAB', text: [payment, "Pas d'escompte pour paiement anticipé."].filter(Boolean).join(' ') },
    { subject: 'PMD', text: PENALTIES_MENTION },
    { subject: 'PMT', text: buyer.type === 'company' ? INDEMNITY_MENTION : NO_INDEMNITY_MENTION },
  );
  return mentions;
}

/** A mention's text and code, whatever the document's age (plain strings before subject codes: no code). */
export const mentionOf = (mention: Mention | string): { subject: MentionSubject | null; text: string } =>
  typeof mention === 'string' ? { subject: null, text: mention } : mention;

/** '2026-11-24' → '24/11/2026' */
export function frenchDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

/** A date as 'YYYY-MM-DD' in Paris time. */
export function parisDate(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/** '12 rue des Artisans, 69002 Lyon' → street, postal code, city (the whole line as the street when it cannot be split). */
export function splitAddress(line: string): { street: string; postalCode: string | null; city: string | null } {
  const match = /^(.*?),\s*(\d{5})\s+([^,]+?)\s*$/.exec(line.trim());
  if (!match) return { street: line.trim(), postalCode: null, city: null };
  return { street: match[1].trim(), postalCode: match[2], city: match[3] };
}

/** 2417 → '24.17' (the XML's decimal form) */
export const decimal = (cents: number): string => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** What a document is titled in French. */
export const KIND_TITLE: Record<LegalDocumentKind, string> = { invoice: 'Facture', credit_note: 'Avoir' };

/** The buyer's name as the document shows it: the company, or the person. */
export const buyerDisplayName = (buyer: Pick<BuyerSnapshot, 'type' | 'companyName' | 'name'>): string =>
  buyer.type === 'company' && buyer.companyName ? buyer.companyName : buyer.name;

/** A company buyer's lines under its address on the document: each field the table prints there, when given. */
export function companyInvoiceLines(buyer: BuyerSnapshot): string[] {
  if (buyer.type !== 'company') return [];
  return COMPANY_IDENTITY_FIELDS.flatMap((spec) => {
    const value = buyer[spec.field as CompanyIdentityField];
    return 'invoiceLine' in spec && value ? [spec.invoiceLine(value)] : [];
  });
}
