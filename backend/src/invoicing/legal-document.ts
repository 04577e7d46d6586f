/**
 * A legal French invoice or credit note as it is frozen at issue time: the seller's and the buyer's identity, the
 * lines, the VAT, the totals and the mandatory mentions (CGI art. 242 nonies A, Code de commerce L441-9). Pure: the
 * PDF, the Factur-X XML, the lists and the accountant's journal are all drawn from this one snapshot, never from the
 * live rows, so a later change of a name or an address does not alter an issued document.
 */
import type { AgencyDetails, BuyerType } from '@vitrine/domain';

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

/** The buyer's billing identity at issue time. */
export interface BuyerSnapshot {
  type: BuyerType;
  /** The person's full name */
  name: string;
  /** A company's legal name (null for an individual) */
  companyName: string | null;
  siren: string | null;
  vatNumber: string | null;
  address: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2 */
  countryCode: string;
  email: string;
}

/** One line of the document, amounts in cents (a proration's credit is negative). */
export interface DocumentLine {
  label: string;
  /** The site and the period, under the label */
  detail: string | null;
  /** 'YYYY-MM-DD' (Paris) */
  periodStart: string | null;
  periodEnd: string | null;
  quantity: number;
  /** Unit price excluding tax */
  unitPriceExclCents: number;
  /** quantity × unit price, excluding tax */
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
  /** Penalties, indemnity, VAT exemption, payment: the mentions printed at the bottom (and written as notes in the XML) */
  mentions: string[];
  /** A credit note's invoice */
  credited: { number: string; issueDate: string } | null;
  /** A corrected invoice's: the invoice it cancels and replaces (issue 36's corrections; absent on the others) */
  replaces?: { number: string; issueDate: string } | null;
  /** Stripe's own number of the invoice (reference), if any */
  stripeNumber: string | null;
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

/**
 * The lines and totals of a document from what Stripe collected (prices including tax). Each line's total excluding
 * tax is its amount less the VAT it includes, rounded to the cent; the VAT is the rest of the amount Stripe collected,
 * so that the total including tax is exactly Stripe's (and within a cent of the excluded total × the rate, as EN 16931
 * BR-CO-17 allows).
 */
export function documentLines(billed: BilledLine[], vat: VatSnapshot): { lines: DocumentLine[]; totals: DocumentTotals } {
  const lines = billed.map((b): DocumentLine => {
    const totalExclCents = exclOf(b.amountInclCents, vat.ratePercent);
    // A unit price that does not fall on a cent (3 addresses at 1 € incl. tax: 2.50 € excl. tax) is billed as one
    // line of 3, so that quantity × unit price is the line's total, to the cent.
    const quantity = b.quantity > 0 && totalExclCents % b.quantity === 0 ? b.quantity : 1;
    return {
      label: quantity === b.quantity || b.quantity <= 1 ? b.label : `${b.label} (× ${b.quantity})`,
      detail: b.detail,
      periodStart: b.periodStart,
      periodEnd: b.periodEnd,
      quantity,
      unitPriceExclCents: totalExclCents / quantity,
      totalExclCents,
    };
  });
  const inclCents = billed.reduce((sum, b) => sum + b.amountInclCents, 0);
  const exclCents = lines.reduce((sum, l) => sum + l.totalExclCents, 0);
  return { lines, totals: { exclCents, vatCents: inclCents - exclCents, inclCents } };
}

/**
 * The mentions at the bottom of every document: the category of operation (services), VAT exemption, payment,
 * late-payment terms (business buyers: 40 €).
 */
export function mandatoryMentions(
  kind: LegalDocumentKind,
  seller: Pick<SellerSnapshot, 'vatRegime'>,
  buyer: Pick<BuyerSnapshot, 'type'>,
  paymentDate: string | null,
): string[] {
  const mentions: string[] = [OPERATION_CATEGORY_MENTION];
  if (seller.vatRegime === 'franchise') mentions.push(FRANCHISE_MENTION);
  if (kind === 'invoice') {
    mentions.push(
      paymentDate
        ? `Facture acquittée : payée par carte bancaire le ${frenchDate(paymentDate)}. Pas d'escompte pour paiement anticipé.`
        : "Payable à réception par carte bancaire. Pas d'escompte pour paiement anticipé.",
    );
  } else if (paymentDate) {
    mentions.push(`Remboursé par carte bancaire le ${frenchDate(paymentDate)}.`);
  }
  mentions.push(
    "En cas de retard de paiement, pénalités au taux de trois fois le taux d'intérêt légal, exigibles dès le lendemain de la date d'échéance (art. L441-10 du Code de commerce).",
  );
  if (buyer.type === 'company')
    mentions.push(
      'Indemnité forfaitaire pour frais de recouvrement due en cas de retard de paiement par un professionnel : 40 € (art. D441-5 du Code de commerce).',
    );
  return mentions;
}

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
