import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { UsersService } from '../auth/users.service';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { PaymentCollected, RefundRecorded, StripeLineFacts } from '../billing-facts/facts';
import { fromUnix } from '../common/format';
import { Transactions } from '../database/transactions';
import { SitesService } from '../sites/sites.service';
import { FrozenBuyers } from './frozen-buyers';
import { InvoicingService, refundSourceKey } from './invoicing.service';
import { type BilledLine, parisDate } from './legal-document';

/** A Stripe line as a legal invoice's line: the catalogue's name, a proration said so, the site and the period. */
export function billedLine(line: StripeLineFacts, siteName: string | null): BilledLine {
  const name = line.label ?? line.description ?? 'Abonnement';
  const label = line.proration
    ? line.amountCents < 0
      ? `Crédit au prorata : ${name} (période non utilisée)`
      : `Ajustement au prorata : ${name}`
    : name;
  const period = line.periodStart !== null && line.periodEnd !== null && line.periodEnd > line.periodStart;
  return {
    label,
    detail: siteName ? `Site « ${siteName} »` : null,
    periodStart: period ? parisDate(fromUnix(line.periodStart!)) : null,
    periodEnd: period ? parisDate(fromUnix(line.periodEnd!)) : null,
    quantity: line.proration ? 1 : line.quantity,
    amountInclCents: line.amountCents,
  };
}

/**
 * The legal documents of billing's facts, numbered in the transaction that records the payment: the invoice of every
 * amount Stripe collected (once per Stripe invoice), and a credit note (avoir) per succeeded refund (once per refund,
 * keyed by its Stripe id), referring to the invoice of the refunded payment. Their Factur-X files are made after the
 * commit (InvoiceFiles).
 */
@Injectable()
export class PaymentDocuments {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly facts: BillingFacts,
    private readonly invoicing: InvoicingService,
    private readonly users: UsersService,
    private readonly sites: SitesService,
    private readonly transactions: Transactions,
    private readonly frozenBuyers: FrozenBuyers,
  ) {
    facts.on('payment.collected', 'invoicing.issue-invoice', (fact, tx) => this.issueInvoice(fact, tx));
    facts.on('refund.recorded', 'invoicing.credit-notes', (fact, tx) => this.creditRefunds(fact, tx));
  }

  /**
   * The invoice's buyer: for an order's first invoice, the order's billing identity as it was when its payment opened
   * (frozen by the order's provisioning), and nobody else: without it, nothing is issued yet (the checkout's own event,
   * which provisions the order first, carries the same invoice; should it have read the invoice unpaid, the invoice's
   * own event comes after it and finds the identity there). Otherwise the account's billing
   * identity (without one, the customer as Stripe has them: name, e-mail, the invoice's billing address). Its lines
   * are the Stripe lines named after the catalogue with the site's name and period. Then the refunds of that payment
   * already recorded (a refund read before its invoice) are credited.
   */
  private async issueInvoice({ invoice, owner, email, checkout }: PaymentCollected, tx: EntityManager): Promise<void> {
    const first = invoice.facts.billingReason === 'subscription_create';
    const frozen = first && invoice.subscriptionId ? await this.frozenBuyers.of(invoice.subscriptionId, tx) : null;
    if (first && checkout === 'order' && !frozen) {
      // Issued already (a later event about it: the frozen copy went with the issue), or waiting for its order.
      if (!(await this.invoicing.documentOf(invoice.id, tx)))
        this.logger.log(`Facture ${invoice.id} en attente de l'identité de facturation de sa commande`);
      return;
    }
    // A checkout's first invoice read before its checkout was applied (events in any order) has no account yet: the
    // checkout's own event, which carries the same invoice, issues it with the buyer's billing identity.
    if (!frozen && !owner?.userId && first) return;
    const userId = frozen?.userId ?? owner?.userId ?? null;
    const user = userId ? await this.users.findById(userId, tx) : null;
    const siteName = owner?.siteId ? ((await this.sites.namesOf([owner.siteId], tx)).get(owner.siteId) ?? null) : null;
    const issued = await this.invoicing.issueInvoice(
      {
        stripeInvoiceId: invoice.id,
        stripeNumber: invoice.facts.number,
        userId: user?.id ?? userId,
        buyer: frozen?.profile,
        fallback: {
          name: invoice.facts.customerName || user?.name || '',
          email: frozen?.email || user?.email || invoice.facts.customerEmail || email || '',
          address: invoice.facts.customerAddress,
        },
        paidAt: fromUnix(invoice.facts.paidAt ?? invoice.created),
        lines: invoice.facts.lines.map((line) => billedLine(line, siteName)),
      },
      tx,
    );
    if (frozen && invoice.subscriptionId) await this.frozenBuyers.used(invoice.subscriptionId, tx);
    if (!issued) return;
    this.transactions.afterCommit(tx, () => this.invoicing.renderIssued());
    await this.facts.publish('legal-invoice.issued', { stripeInvoiceId: invoice.id }, tx);
  }

  /**
   * A credit note for each succeeded refund of a Stripe invoice that has none yet (nothing if its payment has no legal
   * invoice). A refund that failed after it was credited is reported: the correction is the accountant's.
   */
  private async creditRefunds({ stripeInvoiceId, refunds }: RefundRecorded, tx: EntityManager): Promise<void> {
    for (const refund of refunds) {
      const sourceKey = refundSourceKey(refund.id);
      if (refund.status === 'succeeded') {
        const note = await this.invoicing.issueCreditNote(
          { sourceKey, stripeInvoiceId, refundedAt: refund.refundedAt, amountCents: refund.amountCents },
          tx,
        );
        if (note) this.transactions.afterCommit(tx, () => this.invoicing.renderIssued());
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
