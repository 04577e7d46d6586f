import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BillingFacts } from '../billing-facts/billing-facts';
import { euros } from '../common/format';
import { BillingRepository, type RefundRow } from './billing.repository';

/**
 * A credit note (avoir) for every Stripe refund, whoever made it: a duplicate payment's (DuplicatePayments) or an
 * admin's in Stripe's dashboard, full or partial (the refund webhooks). Each refund is recorded (`stripe_refunds`, the
 * invoice's `refunded_cents`), then the refunds of its invoice are published (`refund.recorded`) once every account
 * and legal invoice of the transaction is in place; invoicing credits each succeeded one once. A refund read before
 * that invoice was issued (events out of order) is published again when it is (`legal-invoice.issued`).
 */
@Injectable()
export class RefundCredits {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly billing: BillingRepository,
    private readonly facts: BillingFacts,
  ) {
    facts.on('legal-invoice.issued', 'billing.credit-refunds', (fact, tx) => this.creditInvoice(fact.stripeInvoiceId, tx));
  }

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

  /** The refunds of these Stripe invoices (those an event read), credited once the batch's legal invoices are issued. */
  async creditRefunds(refunds: RefundRow[] | undefined, tx: EntityManager): Promise<void> {
    const invoiceIds = [...new Set((refunds ?? []).flatMap((r) => (r.invoiceId ? [r.invoiceId] : [])))].sort();
    for (const id of invoiceIds) await this.creditInvoice(id, tx);
  }

  /** Publishes the refunds recorded for a Stripe invoice, under a lock per invoice: two credits never race. */
  async creditInvoice(stripeInvoiceId: string, tx: EntityManager): Promise<void> {
    await this.billing.lockRefundCredits(stripeInvoiceId, tx);
    const refunds = await this.billing.refundsOfInvoice(stripeInvoiceId, tx);
    await this.facts.publish('refund.recorded', { stripeInvoiceId, refunds }, tx);
  }
}
