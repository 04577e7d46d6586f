/**
 * The accountant's books drawn from the legal documents, pure: the sales journal's rows (one per VAT rate of each
 * document) and the FEC, the *fichier des écritures comptables* of article A47 A-1 of the Livre des procédures
 * fiscales (its 18 fields in their order, tab-separated, ISO 8859-15, dates AAAAMMJJ, amounts with a decimal comma).
 * The chart of accounts and the journals are documented in docs/legal-invoices.md.
 */
import { createHash } from 'node:crypto';
import type { LegalInvoiceSummary } from '../invoicing/invoicing.repository';
import { buyerDisplayName, frenchDate, KIND_TITLE, type LegalDocument } from '../invoicing/legal-document';
import { csvAmount, type CsvCell } from './csv';

/** A document as the books read it. */
export type BookedDocument = Pick<
  LegalInvoiceSummary,
  'kind' | 'number' | 'userId' | 'replacesId' | 'creditedNumber' | 'replacesNumber'
> & {
  document: LegalDocument;
};

/** What a document bills at one VAT rate, in cents (positive, as the document shows it). */
export interface VatGroup {
  /** '20', '10', '5.5', '2.1'; '0' under the franchise */
  ratePercent: string;
  exclCents: number;
  vatCents: number;
  inclCents: number;
}

/**
 * A document's amounts per VAT rate. A document is issued at one rate (the seller's VAT at issue time, kept by its
 * credit notes and its corrections): one group, its totals. A period mixing documents at 20 % and at 10 % (the rate
 * changed in the agency's settings) thus reads rate by rate in the journal and in the VAT accounts.
 */
export function vatBreakdown(doc: Pick<LegalDocument, 'vat' | 'totals'>): VatGroup[] {
  return [{ ratePercent: doc.vat.ratePercent, ...doc.totals }];
}

/** '5.5' → '5,5' (the rate as French spreadsheets read a number). */
export const frenchRate = (ratePercent: string): string => ratePercent.replace('.', ',');

// ---- the sales journal (CSV) ----

export const JOURNAL_HEADER = [
  'Date',
  'Numéro',
  'Type',
  'Facture corrigée',
  'Client',
  'SIREN du client',
  'Taux de TVA (%)',
  'Montant HT (€)',
  'TVA (€)',
  'Montant TTC (€)',
  'Date de paiement',
];

/**
 * A document's rows of the sales journal: one per VAT rate, a credit note's amounts negative. 'Facture corrigée':
 * the invoice a credit note credits, or the one a corrected invoice replaces.
 */
export function journalRows(doc: BookedDocument): CsvCell[][] {
  const d = doc.document;
  const sign = d.kind === 'credit_note' ? -1 : 1;
  return vatBreakdown(d).map((group) => [
    frenchDate(d.issueDate),
    d.number,
    KIND_TITLE[d.kind],
    d.credited?.number ?? doc.creditedNumber ?? doc.replacesNumber ?? '',
    buyerDisplayName(d.buyer),
    d.buyer.type === 'company' ? (d.buyer.siren ?? '') : '',
    frenchRate(group.ratePercent),
    csvAmount(sign * group.exclCents),
    csvAmount(sign * group.vatCents),
    csvAmount(sign * group.inclCents),
    d.paymentDate ? frenchDate(d.paymentDate) : '',
  ]);
}

// ---- the FEC ----

/** The 18 fields of article A47 A-1, in their order, under their names. */
export const FEC_COLUMNS = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

/** The journals: sales (every invoice and credit note), and Stripe's collections and refunds. */
export const JOURNALS = {
  sales: { code: 'VT', label: 'Ventes' },
  stripe: { code: 'BQ', label: 'Encaissements Stripe' },
} as const;

/** The chart of accounts (plan comptable général) the entries use. */
export const ACCOUNTS = {
  clients: { num: '411000', label: 'Clients' },
  revenue: { num: '706000', label: 'Prestations de services' },
  stripe: { num: '467000', label: 'Stripe - paiements par carte à recevoir' },
} as const;

/** VAT collected, one account per rate (44571 and the rate). */
export const VAT_ACCOUNTS: Record<string, string> = { '20': '4457120', '10': '4457110', '5.5': '4457105', '2.1': '4457102' };

export function vatAccount(ratePercent: string): { num: string; label: string } {
  return {
    num: VAT_ACCOUNTS[ratePercent] ?? `44571${ratePercent.replace('.', '')}`,
    label: `TVA collectée ${frenchRate(ratePercent)} %`,
  };
}

/**
 * A client's auxiliary account: the account's id shortened ('C' and 12 hex digits: the same for every document of the
 * account, whatever the period exported), or, for a document issued to nobody's account, its buyer's e-mail hashed.
 */
export function clientAccount(userId: string | null, buyer: Pick<LegalDocument['buyer'], 'email' | 'name'>): string {
  const source = userId
    ? userId.replace(/-/g, '')
    : createHash('sha256')
        .update((buyer.email || buyer.name).toLowerCase())
        .digest('hex');
  return `C${source.slice(0, 12).toUpperCase()}`;
}

/** 'YYYY-MM-DD' → 'AAAAMMJJ' */
export const fecDate = (isoDate: string): string => isoDate.replace(/-/g, '');

/** 2417 → '24,17': no sign (the side says it), no grouping, a decimal comma. */
export function fecAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

export interface FecLine {
  journal: (typeof JOURNALS)[keyof typeof JOURNALS];
  /** The entry's number in its journal, from 1, with no gap */
  num: number;
  date: string;
  account: { num: string; label: string };
  aux: { num: string; label: string } | null;
  pieceRef: string;
  pieceDate: string;
  label: string;
  debitCents: number;
  creditCents: number;
  validDate: string;
}

/**
 * The FEC's entries of a period's documents, in issue order, each balanced, numbered per journal without gap:
 * - VT, every document on its issue date: an invoice debits the client (411, its auxiliary account) with the total
 *   including VAT and credits revenue (706) and the VAT collected at its rate (44571…); a credit note is the reverse
 *   entry. A correction's credit note and corrected invoice too.
 * - BQ, what Stripe collected or refunded, on the payment's date: a payment debits Stripe (467) and credits the
 *   client; a refund the reverse. A correction's documents moved no money: no BQ entry.
 * Stripe's fees and payouts are not known to the product (see docs/legal-invoices.md): the accountant clears 467 from
 * Stripe's payout reports.
 */
export class FecWriter {
  private readonly lines: FecLine[] = [];
  private readonly next = new Map<string, number>();

  add(doc: BookedDocument): void {
    const d = doc.document;
    const credit = d.kind === 'credit_note';
    const name = buyerDisplayName(d.buyer);
    const client = { num: clientAccount(doc.userId, d.buyer), label: name };
    const groups = vatBreakdown(d);
    const label = credit ? `Avoir ${d.number}${d.credited ? ` sur ${d.credited.number}` : ''} - ${name}` : `Facture ${d.number} - ${name}`;
    // Sales: the client on one side, revenue and VAT per rate on the other.
    const sales = this.entry(JOURNALS.sales, d.issueDate, d, label);
    sales(ACCOUNTS.clients, client, credit ? -d.totals.inclCents : d.totals.inclCents);
    for (const g of groups) sales(ACCOUNTS.revenue, null, credit ? g.exclCents : -g.exclCents);
    for (const g of groups) if (g.vatCents !== 0) sales(vatAccount(g.ratePercent), null, credit ? g.vatCents : -g.vatCents);
    // Stripe: the money, when it moved.
    if (doc.replacesId || !d.paymentDate) return;
    const stripe = this.entry(
      JOURNALS.stripe,
      d.paymentDate,
      d,
      credit ? `Remboursement carte ${d.number} - ${name}` : `Paiement carte ${d.number} - ${name}`,
    );
    stripe(ACCOUNTS.stripe, null, credit ? -d.totals.inclCents : d.totals.inclCents);
    stripe(ACCOUNTS.clients, client, credit ? d.totals.inclCents : -d.totals.inclCents);
  }

  /**
   * A new entry of `journal`: a function adding its lines, `cents` > 0 a debit, < 0 a credit, 0 nothing. The entry
   * takes its number with its first line, so that an entry without lines leaves no gap.
   */
  private entry(journal: FecLine['journal'], date: string, d: LegalDocument, label: string) {
    let num: number | null = null;
    return (account: FecLine['account'], aux: FecLine['aux'], cents: number) => {
      if (cents === 0) return;
      if (num === null) {
        num = (this.next.get(journal.code) ?? 0) + 1;
        this.next.set(journal.code, num);
      }
      this.lines.push({
        journal,
        num,
        date,
        account,
        aux,
        pieceRef: d.number,
        pieceDate: d.issueDate,
        label,
        debitCents: cents > 0 ? cents : 0,
        creditCents: cents < 0 ? -cents : 0,
        validDate: d.issueDate,
      });
    };
  }

  entries(): readonly FecLine[] {
    return this.lines;
  }

  /** The file: the header, then a line per entry line, CRLF, encoded in ISO 8859-15. */
  bytes(): Buffer {
    const rows = [
      FEC_COLUMNS.join('\t'),
      ...this.lines.map((l) =>
        [
          l.journal.code,
          l.journal.label,
          String(l.num),
          fecDate(l.date),
          l.account.num,
          l.account.label,
          l.aux?.num ?? '',
          l.aux?.label ?? '',
          l.pieceRef,
          fecDate(l.pieceDate),
          l.label,
          fecAmount(l.debitCents),
          fecAmount(l.creditCents),
          '',
          '',
          fecDate(l.validDate),
          '',
          '',
        ]
          .map(fecText)
          .join('\t'),
      ),
    ];
    return latin9(rows.join('\r\n') + '\r\n');
  }
}

/** The FEC's name: the SIREN, 'FEC', the closing date of the period (article A47 A-1). */
export const fecFileName = (siren: string, lastDay: string): string => `${siren.replace(/\D/g, '')}FEC${fecDate(lastDay)}.txt`;

/** A field's text on one line: no tab (the separator), no line break, no edge spaces. */
export const fecText = (value: string): string => value.replace(/[\t\r\n\u2028\u2029]+/g, ' ').trim();

/** ISO 8859-15 differs from Latin-1 at these eight places. */
const LATIN9_SPECIALS: Record<string, number> = { '€': 0xa4, Š: 0xa6, š: 0xa8, Ž: 0xb4, ž: 0xb8, Œ: 0xbc, œ: 0xbd, Ÿ: 0xbe };
const LATIN1_REPLACED = new Set([0xa4, 0xa6, 0xa8, 0xb4, 0xb8, 0xbc, 0xbd, 0xbe]);
/** Typography ISO 8859-15 lacks, as the nearest characters it has. */
const NEAREST: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u2013': '-',
  '\u2014': '-',
  '\u2026': '...',
  '\u202f': ' ',
  '\u2009': ' ',
  '\u2007': ' ',
  // Letters that do not decompose into a base letter and an accent
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
};

/**
 * A text in ISO 8859-15 (Latin-9), one of the character sets article A47 A-1 allows, which has every French letter
 * (œ, Ÿ) and the euro sign: what it lacks becomes its nearest form (typographic quotes and dashes), an accented letter
 * of another language its base letter, anything else '?'.
 */
export function latin9(text: string): Buffer {
  const bytes: number[] = [];
  for (const char of text.normalize('NFC')) {
    const byte = latin9Byte(char);
    if (byte !== null) {
      bytes.push(byte);
      continue;
    }
    const nearest = NEAREST[char] ?? char.normalize('NFD').replace(/\p{M}/gu, '');
    for (const c of nearest === char ? '?' : nearest) bytes.push(latin9Byte(c) ?? 0x3f);
  }
  return Buffer.from(bytes);
}

function latin9Byte(char: string): number | null {
  if (char in LATIN9_SPECIALS) return LATIN9_SPECIALS[char];
  const code = char.codePointAt(0)!;
  // Control characters (C0 but the line's own, DEL, C1) are not text.
  if ((code < 0x20 && char !== '\t' && char !== '\r' && char !== '\n') || (code >= 0x7f && code < 0xa0)) return null;
  return code <= 0xff && !LATIN1_REPLACED.has(code) ? code : null;
}
