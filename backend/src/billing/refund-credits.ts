import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { euros } from '../common/format';
import { InvoicingService, refundSourceKey } from '../invoicing/invoicing.service';
import { BillingRepository, type RefundRow } from './billing.repository';

/**
 * A credit note (avoir) for every Stripe refund, whoever made it: a duplicate payment's (DuplicatePayments) or an
 * admin's in Stripe's dashboard, full or partial (the refund webhooks). Each refund is recorded (`stripe_refunds`, the
 * invoice's `refunded_cents`), then each succeeded one is credited once, keyed by its Stripe id (`refund:<re_…>`),
 * numbered in the transaction that records it, referring to the legal invoice of the refunded payment. A refund read
 * before that invoice was issued (events out of order) is credited when it is (`creditInvoice`, called by the issue).
 * A refund of a payment with no legal invoice is logged and gets no credit note.
 */
@Injectable()
export class RefundCredits {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly billing: BillingRepository,
    private readonly invoicing: InvoicingService,
  ) {}

  /**
   * Records refunds as read from Stripe (a copy read earlier than the stored one changes nothing) and the refunded
   * amount of their invoices. Answers the Stripe invoices concerned, to credit (`creditInvoice`) once every account and
   * legal invoice of the transaction is in place.
   */
  async record(refunds: RefundRow[], tx: EntityManager): Promise<string[]> {
    // Always in the same order: two transactions recording the same refunds wait for each other, never deadlock.
    const sorted = [...refunds].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const refund of sorted) await this.billing.upsertRefund(refund, tx);
    const invoiceIds = [...new Set(sorted.flatMap((r) => (r.invoiceId ? [r.invoiceId] : [])))].sort();
    for (const id of invoiceIds) await this.billing.syncRefundedCents(id, tx);
    for (const r of sorted)
      if (!r.invoiceId && r.status === 'succeeded')
        this.logger.warn(`Remboursement ${r.id} (${euros(r.amountCents)}) d'un paiement sans facture Stripe : pas d'avoir`);
    return invoiceIds;
  }

  /** Records refunds, then credits them at once (a duplicate's refund, in the transaction that records it). */
  async recordAndCredit(refunds: RefundRow[], tx: EntityManager): Promise<void> {
    for (const invoiceId of await this.record(refunds, tx)) await this.creditInvoice(invoiceId, tx);
  }

  /**
   * A credit note for each succeeded refund of a Stripe invoice that has none yet (nothing if its payment has no legal
   * invoice). A refund that failed after it was credited is reported: the correction is the accountant's.
   */
  async creditInvoice(stripeInvoiceId: string, tx: EntityManager): Promise<void> {
    await this.billing.lockRefundCredits(stripeInvoiceId, tx);
    for (const refund of await this.billing.refundsOfInvoice(stripeInvoiceId, tx)) {
      const sourceKey = refundSourceKey(refund.id);
      if (refund.status === 'succeeded') {
        await this.invoicing.issueCreditNote(
          { sourceKey, stripeInvoiceId, refundedAt: refund.refundedAt, amountCents: refund.amountCents },
          tx,
        );
      } else if (refund.status === 'failed' || refund.status === 'canceled') {
        const credited = await this.invoicing.documentOf(sourceKey, tx);
        if (credited)
          this.logger.error(
            `Remboursement ${refund.id} (${refund.status}) après son avoir ${credited.number} : la facture ${stripeInvoiceId} est à régulariser`,
          );
      }
    }
  }
}
