import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { type AuditActor, AuditService } from '../audit/audit.service';
import { UsersService } from '../auth/users.service';
import { euros } from '../common/format';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import { buyerCompany, COMPANY_FIELD_NAMES, companyOrNull } from '@vitrine/domain';
import type { CorrectLegalInvoiceDto, InvoiceCorrectionDto, LegalInvoiceDetailDto } from './dto/invoice-correction.dto';
import { InvoicingRepository, type LegalInvoiceSummary } from './invoicing.repository';
import { InvoicingService, toLegalInvoiceDto } from './invoicing.service';
import {
  type BuyerSnapshot,
  documentLines,
  type DocumentLine,
  frenchDate,
  KIND_TITLE,
  type LegalDocument,
  mentionOf,
  parisDate,
  type SellerSnapshot,
} from './legal-document';

const NOT_FOUND = 'Facture introuvable';
/** PostgreSQL's deadlock_detected: the other transaction went on, this one may simply run again. */
const DEADLOCK = '40P01';
const ATTEMPTS = 3;

/** The source keys of a correction's two documents: one correction per invoice, whatever retries. */
export const correctionKeys = (invoiceId: string) => ({
  creditNote: `correction:${invoiceId}:avoir`,
  invoice: `correction:${invoiceId}:facture`,
});

/** The buyer fields a correction may change, compared to tell whether anything changes. */
const BUYER_FIELDS: ReadonlyArray<keyof BuyerSnapshot> = ['type', 'name', ...COMPANY_FIELD_NAMES, 'address', 'postalCode', 'city'];

/**
 * Each line's amount including VAT, for a form that edits lines as Stripe billed them (TTC): the line's total
 * excluding VAT plus its share of the VAT at the document's rate, rounded to the cent; the last line takes what the
 * rounding left, so that the lines add up to the document's total including VAT.
 */
export function lineAmountsIncl(doc: Pick<LegalDocument, 'lines' | 'vat' | 'totals'>): number[] {
  const rate = Number(doc.vat.ratePercent);
  const amounts = doc.lines.map((l) => l.totalExclCents + Math.round((l.totalExclCents * rate) / 100));
  if (amounts.length) amounts[amounts.length - 1] += doc.totals.inclCents - amounts.reduce((sum, a) => sum + a, 0);
  return amounts;
}

/** Why an invoice cannot be corrected (null: it can), from the documents that refer to it. */
export function notCorrectable(doc: Pick<LegalInvoiceSummary, 'kind' | 'number'>, referring: LegalInvoiceSummary[]): string | null {
  if (doc.kind !== 'invoice') return 'Un avoir ne se corrige pas : corrigez la facture.';
  const replacement = referring.find((r) => r.kind === 'invoice');
  if (replacement) return `Déjà corrigée : remplacée par la facture ${replacement.number}.`;
  const credit = referring.find((r) => r.kind === 'credit_note');
  if (credit) return `Un avoir (${credit.number}) a déjà été émis sur cette facture : elle ne peut plus être corrigée ainsi.`;
  return null;
}

/**
 * Correcting an issued invoice the legal way (CGI art. 242 nonies A; an invoice is never changed): in one transaction
 * and one audited admin action, a credit note cancelling the whole invoice and a corrected invoice with the next
 * number, the corrected buyer identity and, if given, corrected lines (the same total, the one Stripe collected),
 * both tied to the invoice they correct (`replaces_id`) and to its Stripe payment, so that they show in the client's
 * invoices, the admin's documents and the accountant's export; the client is mailed both numbers. A refund of that
 * payment afterwards credits the corrected invoice. An invoice that already has a credit note (a refund, or a
 * correction) is not corrected this way: its corrections are the accountant's.
 */
@Injectable()
export class InvoiceCorrections {
  private readonly logger = new Logger('Invoicing');

  constructor(
    private readonly repo: InvoicingRepository,
    private readonly invoicing: InvoicingService,
    private readonly transactions: Transactions,
    private readonly audit: AuditService,
    private readonly mail: MailService,
    private readonly users: UsersService,
  ) {}

  /** A document in detail for the admin: buyer, lines, VAT, the documents that refer to it, whether it may be corrected. */
  async detail(id: string): Promise<LegalInvoiceDetailDto> {
    const doc = await this.repo.findWithDocument(id);
    if (!doc) throw new NotFoundException(NOT_FOUND);
    const referring = await this.repo.referring(id);
    const d = doc.document;
    const ref = (r: LegalInvoiceSummary) => ({ id: r.id, kind: r.kind, number: r.number });
    const incl = lineAmountsIncl(d);
    const replacedBy = referring.find((r) => r.kind === 'invoice' && r.replacesId === id);
    const refersToId = doc.kind === 'credit_note' ? doc.creditedId : doc.replacesId;
    const refersToNumber = doc.kind === 'credit_note' ? doc.creditedNumber : doc.replacesNumber;
    return {
      ...toLegalInvoiceDto(doc),
      issueDate: d.issueDate,
      paymentDate: d.paymentDate,
      stripeInvoiceId: doc.stripeInvoiceId,
      buyer: {
        type: d.buyer.type,
        name: d.buyer.name,
        ...companyOrNull(d.buyer),
        address: d.buyer.address,
        postalCode: d.buyer.postalCode,
        city: d.buyer.city,
        countryCode: d.buyer.countryCode,
        email: d.buyer.email,
      },
      lines: d.lines.map((l, i) => ({
        label: l.label,
        detail: l.detail,
        periodStart: l.periodStart,
        periodEnd: l.periodEnd,
        quantity: l.quantity,
        unitPriceExclCents: l.unitPriceExclCents,
        totalExclCents: l.totalExclCents,
        amountInclCents: incl[i],
      })),
      vatRatePercent: d.vat.ratePercent,
      vatExemption: d.vat.exemptionReason,
      mentions: d.mentions.map((m) => mentionOf(m).text),
      refersTo: refersToId && refersToNumber ? { id: refersToId, kind: 'invoice', number: refersToNumber } : null,
      creditNotes: referring.filter((r) => r.kind === 'credit_note').map(ref),
      replacedBy: replacedBy ? ref(replacedBy) : null,
      notCorrectable: notCorrectable(doc, referring),
    };
  }

  /** Issues the credit note and the corrected invoice of an invoice (see the class); a deadlock is retried. */
  async correct(actor: AuditActor, id: string, dto: CorrectLegalInvoiceDto): Promise<InvoiceCorrectionDto> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.transactions.run((tx) => this.correctIn(actor, id, dto, tx));
      } catch (error) {
        if ((error as { code?: string }).code !== DEADLOCK || attempt >= ATTEMPTS) throw error;
        this.logger.warn(`Correction de la facture ${id} : interblocage, nouvel essai (${attempt})`);
      }
    }
  }

  private async correctIn(actor: AuditActor, id: string, dto: CorrectLegalInvoiceDto, tx: EntityManager): Promise<InvoiceCorrectionDto> {
    // The invoices' counter then the credit notes' (the webhook's order): a refund crediting this payment waits for
    // the correction and then credits the corrected invoice; a correction waits for a refund being credited, then
    // finds its credit note.
    await this.repo.lockCounters(['invoice', 'credit_note'], Number(parisDate(new Date()).slice(0, 4)), tx);
    const original = await this.repo.findWithDocument(id, tx);
    if (!original) throw new NotFoundException(NOT_FOUND);
    const refusal = notCorrectable(original, await this.repo.referring(id, tx));
    if (refusal) throw new ConflictException(refusal);
    const doc = original.document;

    const company = buyerCompany(dto);
    const { buyerType, ...companyFields } = company;
    const buyer: BuyerSnapshot = {
      ...doc.buyer,
      type: buyerType,
      name: dto.fullName.trim(),
      ...companyOrNull(companyFields),
      address: dto.address.trim(),
      postalCode: dto.postalCode.trim(),
      city: dto.city.trim(),
    };
    const { lines, totals } = dto.lines ? this.correctedLines(dto, doc) : { lines: doc.lines, totals: doc.totals };
    const buyerChanged = BUYER_FIELDS.some((f) => (buyer[f] ?? null) !== (doc.buyer[f] ?? null));
    const linesChanged = JSON.stringify(lines) !== JSON.stringify(doc.lines);
    if (!buyerChanged && !linesChanged)
      throw new BadRequestException({
        message: "Rien à corriger : l'acheteur et les lignes sont ceux de la facture.",
        errors: { fullName: "Changez l'identité de l'acheteur ou les lignes de la facture." },
      });

    // The seller as it is now, at the VAT of the invoice corrected (the operation it bills did not change).
    const seller: SellerSnapshot = {
      ...(await this.invoicing.currentSeller(tx)),
      vatRegime: doc.seller.vatRegime,
      vatRate: doc.seller.vatRate,
    };
    const keys = correctionKeys(id);
    const common = { stripeInvoiceId: original.stripeInvoiceId, userId: original.userId, replacesId: id };
    const creditNote = await this.invoicing.issueDocument(
      'credit_note',
      { ...common, sourceKey: keys.creditNote, creditedId: id, paidAt: null },
      {
        seller,
        buyer: doc.buyer,
        lines: doc.lines,
        vat: doc.vat,
        totals: doc.totals,
        credited: { number: doc.number, issueDate: doc.issueDate },
        stripeNumber: doc.stripeNumber,
      },
      tx,
      [`Avoir d'annulation de la facture ${doc.number} du ${frenchDate(doc.issueDate)}, remplacée par une facture rectificative.`],
    );
    const invoice = await this.invoicing.issueDocument(
      'invoice',
      { ...common, sourceKey: keys.invoice, creditedId: null, paidAt: original.paidAt },
      {
        seller,
        buyer,
        lines,
        vat: doc.vat,
        totals,
        credited: null,
        replaces: { number: doc.number, issueDate: doc.issueDate },
        stripeNumber: doc.stripeNumber,
      },
      tx,
      [
        `Facture rectificative : annule et remplace la facture ${doc.number} du ${frenchDate(doc.issueDate)}, annulée par l'avoir ${creditNote.number}.`,
      ],
    );

    const auditedBuyer = (b: BuyerSnapshot) => Object.fromEntries(BUYER_FIELDS.map((f) => [f, b[f] ?? null]));
    await this.audit.record(
      actor,
      {
        action: 'legal_invoice.correct',
        entityType: 'legal_invoice',
        entityId: id,
        before: { number: doc.number, buyer: auditedBuyer(doc.buyer), lines: doc.lines.map((l) => l.label) },
        after: {
          reason: dto.reason,
          creditNote: creditNote.number,
          invoice: invoice.number,
          buyer: auditedBuyer(buyer),
          lines: lines.map((l) => l.label),
          savedToProfile: Boolean(dto.saveToProfile && original.userId),
        },
      },
      tx,
    );
    if (dto.saveToProfile && original.userId)
      await this.invoicing.saveProfileFromOrder(
        original.userId,
        {
          fullName: buyer.name,
          email: buyer.email,
          address: buyer.address,
          postalCode: buyer.postalCode,
          city: buyer.city,
          ...company,
        },
        tx,
      );
    await this.mailClient(original, buyer, { creditNote: creditNote.number, invoice: invoice.number }, tx);
    this.transactions.afterCommit(tx, () => this.invoicing.renderIssued());
    this.logger.log(`Facture ${doc.number} corrigée : avoir ${creditNote.number}, facture rectificative ${invoice.number}`);
    return {
      creditNote: { id: creditNote.id, kind: 'credit_note', number: creditNote.number },
      invoice: { id: invoice.id, kind: 'invoice', number: invoice.number },
    };
  }

  /** The corrected lines, at the invoice's VAT; their total including VAT must stay the one Stripe collected. */
  private correctedLines(dto: CorrectLegalInvoiceDto, doc: LegalDocument): { lines: DocumentLine[]; totals: LegalDocument['totals'] } {
    const billed = dto.lines!.map((l) => ({
      label: l.label,
      detail: l.detail || null,
      periodStart: l.periodStart && l.periodEnd ? l.periodStart : null,
      periodEnd: l.periodStart && l.periodEnd ? l.periodEnd : null,
      quantity: l.quantity,
      amountInclCents: l.amountInclCents,
    }));
    const total = billed.reduce((sum, l) => sum + l.amountInclCents, 0);
    if (total !== doc.totals.inclCents)
      throw new BadRequestException({
        message: 'Données invalides',
        errors: {
          lines: `Le total TTC des lignes (${euros(total)}) doit rester celui de la facture, encaissé : ${euros(doc.totals.inclCents)}.`,
        },
      });
    return documentLines(billed, doc.vat);
  }

  /** The client is told by mail: the invoice cancelled, the credit note, the corrected invoice, where to download them. */
  private async mailClient(
    original: LegalInvoiceSummary & { document: LegalDocument },
    buyer: BuyerSnapshot,
    numbers: { creditNote: string; invoice: string },
    tx: EntityManager,
  ): Promise<void> {
    const user = original.userId ? await this.users.findById(original.userId, tx) : null;
    const to = user?.email ?? original.document.buyer.email;
    if (!to) return;
    const doc = original.document;
    await this.mail.enqueue(
      'account-notice',
      to,
      {
        subject: `Votre facture ${doc.number} est corrigée : facture ${numbers.invoice}`,
        name: user?.name || buyer.name,
        paragraphs: [
          `Nous avons corrigé votre facture ${doc.number} du ${frenchDate(doc.issueDate)}. Une facture émise ne se modifie pas : elle est annulée par l'avoir ${numbers.creditNote} et remplacée par la facture rectificative ${numbers.invoice}.`,
          `Vous n'avez rien à payer ni à faire : le montant déjà réglé (${euros(doc.totals.inclCents)}) reste acquis. Les deux documents sont dans votre espace, rubrique Factures.`,
        ],
        lines: [
          { label: `${KIND_TITLE.invoice} annulée`, value: doc.number },
          { label: "Avoir d'annulation", value: numbers.creditNote },
          { label: 'Facture rectificative', value: numbers.invoice },
        ],
        actionLabel: 'Voir mes factures',
        actionUrl: this.mail.link('/dashboard/invoices'),
      },
      { tx, dedupeKey: `legal-invoice-correction:${original.id}` },
    );
  }
}
