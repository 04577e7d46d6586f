import { Inject, Injectable, Logger, NotFoundException, StreamableFile } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AgencySettingsService } from '../agency/agency-settings.service';
import {
  type AgencySettings,
  buyerCompany,
  type CompanyField,
  companyAsText,
  companyOrNull,
  type SavedBuyerIdentity,
} from '@vitrine/domain';
import { pageWindow, toPage } from '../common/pagination';
import { Transactions } from '../database/transactions';
import type { BillingProfile } from './billing-profile.entity';
import type { BillingProfileDto, UpdateBillingProfileDto } from './dto/billing-profile.dto';
import type { AdminLegalInvoiceQueryDto, LegalInvoiceDto, LegalInvoiceListDto } from './dto/legal-invoices.dto';
import { InvoiceFiles } from './invoice-files';
import { InvoicingRepository, type LegalInvoiceSummary, type NewLegalDocument } from './invoicing.repository';
import {
  type BilledLine,
  type BuyerSnapshot,
  creditNoteLines,
  type DocumentContent,
  documentLines,
  documentSnapshot,
  type LegalDocument,
  type LegalDocumentKind,
  legalNumber,
  parisDate,
  type SellerSnapshot,
  type VatRate,
  type VatRegime,
  vatOf,
} from './legal-document';

/** An amount Stripe collected, to invoice (in the transaction that records the payment). */
export interface CollectedPayment {
  stripeInvoiceId: string;
  stripeNumber: string | null;
  userId: string | null;
  /**
   * Who pays when the account has no billing identity (an account from before them): Stripe's customer name and
   * e-mail, and the billing address Stripe put on its invoice, if any. The e-mail is the invoice's in every case.
   */
  fallback: BuyerFallback;
  /** The buyer to make it out to, whatever the account's billing identity says now (an order's, frozen) */
  buyer?: BillingProfile;
  paidAt: Date;
  lines: BilledLine[];
}

/** The buyer as Stripe knows them, for an account without a billing identity. */
export interface BuyerFallback {
  name: string;
  email: string;
  /** The invoice's `customer_address` (the customer's address when Stripe finalized it), when Stripe has one */
  address?: { line1: string | null; line2: string | null; postalCode: string | null; city: string | null; country: string | null } | null;
}

/** A refund Stripe made, to credit (in the transaction that records it). */
export interface MadeRefund {
  /** What the refund is, once: `refundSourceKey(re_…)`, whichever path credits it (a duplicate's, or one made in Stripe) */
  sourceKey: string;
  stripeInvoiceId: string;
  refundedAt: Date;
  amountCents: number;
}

/** A buyer's identity as given at the order's billing step (the order form's billing details). */
/** The billing identity of an order's billing step (its phone aside). */
export type OrderBilling = Omit<SavedBuyerIdentity, 'phone'>;

/** The company part of a billing profile: null where an individual has none. */
function profileCompany(b: Partial<Record<CompanyField, string | null>>) {
  const { buyerType, ...company } = buyerCompany(b);
  return { buyerType, ...companyOrNull(company) };
}

export function sellerOf(s: AgencySettings): SellerSnapshot {
  return {
    name: s.name,
    legalName: s.legalName,
    legalForm: s.legalForm,
    capital: s.capital,
    address: s.address,
    country: s.country,
    rcsCity: s.rcsCity,
    siren: s.siren,
    siret: s.siret,
    vat: s.vat,
    email: s.email,
    phone: s.phone,
    vatRegime: (s.vatRegime === 'franchise' ? 'franchise' : 'standard') as VatRegime,
    vatRate: (s.vatRate || '20') as VatRate,
  };
}

/** The key of a refund's credit note: one per Stripe refund, whichever path issues it. */
export const refundSourceKey = (refundId: string): string => `refund:${refundId}`;

/** What a buyer is called when nothing names them: the e-mail, or a last resort that is never empty. */
const ANONYMOUS_BUYER = 'Client';

/**
 * The buyer of a document: the account's billing identity; without one (an account from before them), an individual
 * named as Stripe knows the customer (its name, else its e-mail) at the billing address Stripe has, if any. Never
 * empty: the invoice is made out to someone.
 */
export function buyerOf(profile: BillingProfile | null, fallback: BuyerFallback, email: string): BuyerSnapshot {
  if (!profile) {
    const a = fallback.address;
    const street = [a?.line1, a?.line2]
      .map((l) => l?.trim())
      .filter(Boolean)
      .join(', ');
    const country = a?.country?.trim().toUpperCase();
    return {
      type: 'individual',
      name: fallback.name.trim() || fallback.email.trim() || email.trim() || ANONYMOUS_BUYER,
      ...companyOrNull({}),
      address: street,
      postalCode: a?.postalCode?.trim() ?? '',
      city: a?.city?.trim() ?? '',
      countryCode: country && /^[A-Z]{2}$/.test(country) ? country : 'FR',
      email,
    };
  }
  const company = profile.buyerType === 'company';
  return {
    type: profile.buyerType,
    name: profile.fullName || fallback.name || email || ANONYMOUS_BUYER,
    ...companyOrNull(company ? profile : {}),
    address: profile.address,
    postalCode: profile.postalCode,
    city: profile.city,
    countryCode: profile.countryCode || 'FR',
    email,
  };
}

const yearOf = (isoDate: string) => Number(isoDate.slice(0, 4));

/** How long accounting documents are kept (Code de commerce, article L123-22). */
export const LEGAL_RETENTION_YEARS = 10;

/**
 * Legal invoices and credit notes: issued in the transaction that records what Stripe collected or refunded, with
 * the next number of a gapless yearly sequence, frozen; their Factur-X files rendered afterwards (InvoiceFiles);
 * the client's and the admin's lists and downloads, and the accountant's export. Also the buyer's billing identity
 * (`billing_profiles`) the invoices are made out to.
 */
@Injectable()
export class InvoicingService {
  private readonly logger = new Logger('Invoicing');

  constructor(
    private readonly repo: InvoicingRepository,
    private readonly agency: AgencySettingsService,
    private readonly transactions: Transactions,
    @Inject(InvoiceFiles) private readonly files: InvoiceFiles,
  ) {}

  /**
   * Issues the invoice of an amount Stripe collected, once per Stripe invoice (a replay, a second event about the
   * same payment, another instance: they find it). Nothing for an amount of zero or less. Must run in the paying
   * transaction (`tx`): the number is taken there, and given back if it rolls back.
   */
  async issueInvoice(payment: CollectedPayment, tx: EntityManager): Promise<{ id: string; number: string } | null> {
    const total = payment.lines.reduce((sum, l) => sum + l.amountInclCents, 0);
    if (total <= 0 || !payment.lines.length) return null;
    const existing = await this.repo.invoiceOfStripeInvoice(payment.stripeInvoiceId, tx);
    if (existing) return existing;
    const seller = sellerOf(await this.agency.current(tx));
    const profile = payment.buyer ?? (payment.userId ? await this.repo.findProfile(payment.userId, tx) : null);
    const buyer = buyerOf(profile, payment.fallback, payment.fallback.email);
    const vat = vatOf(seller);
    const { lines, totals } = documentLines(payment.lines, vat);
    const issued = await this.issueDocument(
      'invoice',
      {
        sourceKey: payment.stripeInvoiceId,
        stripeInvoiceId: payment.stripeInvoiceId,
        creditedId: null,
        userId: payment.userId,
        paidAt: payment.paidAt,
      },
      { seller, buyer, lines, vat, totals, credited: null, stripeNumber: payment.stripeNumber },
      tx,
    );
    if (issued.created) this.logger.log(`Facture ${issued.number} émise (${payment.stripeInvoiceId})`);
    return issued;
  }

  /**
   * Issues the credit note of a refund, once per refund, referring to the invoice of the refunded payment (made out
   * to the same buyer, at the same VAT). The whole invoice refunded: its lines; part of it: one line for that part
   * (`creditNoteLines`).
   * Nothing when the payment was never invoiced.
   */
  async issueCreditNote(refund: MadeRefund, tx: EntityManager): Promise<{ id: string; number: string } | null> {
    if (refund.amountCents <= 0) return null;
    // Credited already (a replay, the other path): found without taking the counter's lock. Under the lock, `issue`
    // looks again, for an issue that commits meanwhile.
    const done = await this.repo.findBySourceKey(refund.sourceKey, tx);
    if (done) return done;
    // Under the credit notes' counter (as a correction decides under it): the invoice in force is then the one this
    // credit note refers to, the corrected invoice if the payment's was corrected meanwhile.
    await this.repo.lockCounters(['credit_note'], yearOf(parisDate(new Date())), tx);
    const invoice = await this.repo.invoiceOfStripeInvoice(refund.stripeInvoiceId, tx);
    if (!invoice) {
      this.logger.warn(`Remboursement ${refund.sourceKey} d'un paiement sans facture (${refund.stripeInvoiceId}) : pas d'avoir`);
      return null;
    }
    const original = invoice.document;
    const seller: SellerSnapshot = {
      ...sellerOf(await this.agency.current(tx)),
      vatRegime: original.seller.vatRegime,
      vatRate: original.seller.vatRate,
    };
    const { lines, totals } = creditNoteLines(original, refund.amountCents);
    const issued = await this.issueDocument(
      'credit_note',
      {
        sourceKey: refund.sourceKey,
        stripeInvoiceId: refund.stripeInvoiceId,
        creditedId: invoice.id,
        userId: invoice.userId,
        paidAt: refund.refundedAt,
      },
      {
        seller,
        buyer: original.buyer,
        lines,
        vat: original.vat,
        totals,
        credited: { number: original.number, issueDate: original.issueDate },
        stripeNumber: original.stripeNumber,
      },
      tx,
    );
    if (issued.created) this.logger.log(`Avoir ${issued.number} émis sur la facture ${invoice.number}`);
    return issued;
  }

  /**
   * Numbers and records a document issued now, for an amount collected or refunded at `paidAt` (null: a correction's
   * credit note, which refunds nothing): its dates (Paris), its number in its kind's sequence of the year, its
   * mandatory mentions, then `extraMentions` (a correction's).
   */
  issueDocument(
    kind: LegalDocumentKind,
    source: Pick<NewLegalDocument, 'sourceKey' | 'stripeInvoiceId' | 'creditedId' | 'userId' | 'replacesId'> & { paidAt: Date | null },
    content: DocumentContent,
    tx: EntityManager,
    extraMentions: string[] = [],
  ): Promise<{ id: string; number: string; created: boolean }> {
    const issuedAt = new Date();
    const issueDate = parisDate(issuedAt);
    const paymentDate = source.paidAt ? parisDate(source.paidAt) : null;
    return this.repo.issue(
      {
        kind,
        ...source,
        issuedAt,
        year: yearOf(issueDate),
        document: documentSnapshot(kind, { issueDate, paymentDate }, content, extraMentions),
      },
      (seq) => legalNumber(kind, yearOf(issueDate), seq),
      tx,
    );
  }

  /** The document issued for a source ('refund:<re_…>', a Stripe invoice's id), if any. */
  documentOf(sourceKey: string, tx?: EntityManager): Promise<{ id: string; number: string } | null> {
    return this.repo.findBySourceKey(sourceKey, tx);
  }

  /** Renders what was just issued, in the background (after the issuing transaction committed). */
  renderIssued(): void {
    this.files.wake();
  }

  // ---- lists and files ----

  /** The documents issued for these Stripe invoices, grouped by Stripe invoice (invoice first, then its credit notes). */
  async ofStripeInvoices(stripeInvoiceIds: string[], tx?: EntityManager): Promise<Map<string, LegalInvoiceSummary[]>> {
    const rows = await this.repo.ofStripeInvoices(stripeInvoiceIds, tx);
    const map = new Map<string, LegalInvoiceSummary[]>();
    for (const row of rows) {
      const list = map.get(row.stripeInvoiceId!) ?? [];
      list.push(row);
      map.set(row.stripeInvoiceId!, list);
    }
    return map;
  }

  /** Every legal document, or one client's (the admin's lists). */
  async listForAdmin(query: AdminLegalInvoiceQueryDto): Promise<LegalInvoiceListDto> {
    const { items, total } = await this.repo.list({
      ...pageWindow(query),
      userId: query.userId,
      kind: query.kind && query.kind !== 'all' ? query.kind : undefined,
    });
    return toPage('legalInvoices', items.map(toLegalInvoiceDto), total);
  }

  /** A document's Factur-X file (rendered now if it was not yet); another account's id: 404. */
  async file(id: string, userId?: string): Promise<StreamableFile> {
    const found = await this.repo.find(id, userId);
    if (!found) throw new NotFoundException('Facture introuvable');
    const bytes = await this.files.bytesOf(found);
    return new StreamableFile(bytes, {
      type: 'application/pdf',
      disposition: `attachment; filename="${found.number}.pdf"`,
      length: bytes.length,
    });
  }

  /** The documents of a period with their files, in issue order, a batch at a time (the accountant's export). */
  exportBatches(range: { from: Date; to: Date }, batchSize = 200) {
    return this.files.exportBatches(range, batchSize);
  }

  /** The documents of a period with their snapshots, no file, in issue order, a batch at a time (the FEC). */
  async *documentBatches(range: { from: Date; to: Date }, batchSize = 500) {
    let after: { at: string; id: string } | null = null;
    do {
      const batch = await this.repo.exportBatch(range, after, batchSize);
      if (batch.items.length) yield batch.items;
      after = batch.next;
    } while (after);
  }

  /** The seller as the next document would name it (the agency settings in force). */
  async currentSeller(tx?: EntityManager): Promise<SellerSnapshot> {
    return sellerOf(await this.agency.current(tx));
  }

  // ---- the buyer's billing identity ----

  async profile(userId: string, fallback: { name: string }): Promise<BillingProfileDto> {
    const p = await this.repo.findProfile(userId);
    return toProfileDto(p, fallback);
  }

  async saveProfile(userId: string, dto: UpdateBillingProfileDto): Promise<BillingProfileDto> {
    const saved = {
      userId,
      ...profileCompany(dto),
      fullName: dto.fullName.trim(),
      address: dto.address.trim(),
      postalCode: dto.postalCode.trim(),
      city: dto.city.trim(),
      countryCode: 'FR',
    };
    await this.repo.saveProfile(saved);
    return toProfileDto({ ...saved, updatedAt: new Date() }, { name: saved.fullName });
  }

  /** The billing identity given at an order's billing step becomes the account's (at payment, in its transaction). */
  async saveProfileFromOrder(userId: string, billing: OrderBilling, tx: EntityManager): Promise<void> {
    await this.repo.saveProfile(
      {
        userId,
        ...profileCompany(billing),
        fullName: billing.fullName.trim(),
        address: billing.address.trim(),
        postalCode: billing.postalCode.trim(),
        city: billing.city.trim(),
        countryCode: 'FR',
      },
      tx,
    );
  }

  // ---- data rights (privacy/) ----

  /**
   * What an account's data archive holds of invoicing: its billing identity, and every legal document issued to it
   * with its Factur-X file (rendered now if it was not yet).
   */
  async recordsOf(userId: string): Promise<{
    profile: BillingProfile | null;
    documents: Array<LegalInvoiceSummary & { bytes: Buffer }>;
  }> {
    const [profile, docs] = await Promise.all([this.repo.findProfile(userId), this.repo.ofUser(userId)]);
    const documents: Array<LegalInvoiceSummary & { bytes: Buffer }> = [];
    for (const doc of docs) {
      const { document, fileKey, year, ...summary } = doc;
      documents.push({
        ...summary,
        bytes: await this.files.bytesOf({ id: doc.id, number: doc.number, year, document, fileKey, renderStatus: doc.renderStatus }),
      });
    }
    return { profile, documents };
  }

  /**
   * What the law keeps of a closed account: its legal documents (never changed nor deleted, the identity printed on
   * them included) for ten years (Code de commerce L123-22), counted here from the end of the year of the last one.
   */
  async retentionOf(userId: string, tx?: EntityManager): Promise<{ documents: number; retainedUntil: string | null }> {
    const { count, lastIssuedAt } = await this.repo.retentionOf(userId, tx);
    return {
      documents: count,
      retainedUntil: lastIssuedAt ? `${Number(parisDate(lastIssuedAt).slice(0, 4)) + LEGAL_RETENTION_YEARS}-12-31` : null,
    };
  }

  /** Erases a closed account's billing identity (its issued documents keep the one printed on them). */
  eraseProfileOf(userId: string, tx: EntityManager): Promise<void> {
    return this.repo.deleteProfile(userId, tx);
  }

  /** Runs `fn` in a transaction (for callers that issue outside another module's transaction). */
  run<T>(fn: (tx: EntityManager) => Promise<T>, tx?: EntityManager): Promise<T> {
    return this.transactions.run(fn, tx);
  }
}

export function toLegalInvoiceDto(l: LegalInvoiceSummary): LegalInvoiceDto {
  return {
    id: l.id,
    kind: l.kind,
    number: l.number,
    issuedAt: l.issuedAt.toISOString(),
    paidAt: l.paidAt?.toISOString() ?? null,
    creditedNumber: l.creditedNumber,
    replacesNumber: l.kind === 'invoice' ? l.replacesNumber : null,
    buyerName: l.buyerName,
    userId: l.userId,
    totalExclCents: l.totalExclCents,
    vatCents: l.vatCents,
    totalInclCents: l.totalInclCents,
  };
}

function toProfileDto(p: BillingProfile | null, fallback: { name: string }): BillingProfileDto {
  return {
    buyerType: p?.buyerType ?? 'individual',
    fullName: p?.fullName || fallback.name,
    ...companyAsText(p ?? {}),
    address: p?.address ?? '',
    postalCode: p?.postalCode ?? '',
    city: p?.city ?? '',
    updatedAt: p?.updatedAt?.toISOString() ?? null,
  };
}

export type { LegalDocument };
