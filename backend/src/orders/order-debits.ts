import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { OrderDebit } from '../billing-facts/facts';
import { euros } from '../common/format';
import { MailService } from '../mail/mail.service';
import { OrderCheckoutsRepository } from './order-checkouts.repository';

/** The French words of a refused debit, mailed to the buyer (once per session). */
export const DEBIT_FAILED_SUBJECT = 'Votre prélèvement SEPA a été refusé';

/**
 * An order paid by SEPA Direct Debit, between the Checkout session's completion (unpaid) and the bank's answer days
 * later: the order is received (its session `pending`), nothing is provisioned; success is an ordinary OrderPaid
 * (OrderProvisioning); a refusal marks the session `failed`, mails the buyer once (how to pay again), and leaves the
 * order payable again (billing has canceled the failed subscription at Stripe).
 */
@Injectable()
export class OrderDebits {
  constructor(
    private readonly checkouts: OrderCheckoutsRepository,
    private readonly mail: MailService,
    facts: BillingFacts,
  ) {
    facts.on('order.debit', 'orders.debit', (fact, tx) => this.record(fact, tx));
  }

  private async record({ checkout, state, invoice }: OrderDebit, tx: EntityManager): Promise<void> {
    await this.checkouts.debit(checkout.sessionId, state, tx);
    if (state !== 'failed') return;
    const frozen = await this.checkouts.find(checkout.sessionId, tx);
    // A paid session (its success processed first: the event read earlier is stale) is never told it failed.
    if (frozen && frozen.status !== 'failed') return;
    const to = frozen?.email || checkout.email;
    if (!to) return;
    const siteName = frozen?.data.siteName?.trim() || 'Mon site';
    await this.mail.enqueue(
      'account-notice',
      to,
      {
        subject: DEBIT_FAILED_SUBJECT,
        name: frozen?.billing.fullName?.trim() || checkout.name || to,
        paragraphs: [
          `Votre banque a refusé le prélèvement SEPA de votre commande du site « ${siteName} » : rien n’a été débité et la création de votre site n’a pas commencé.`,
          'Votre commande est conservée : vous pouvez la payer à nouveau, par carte bancaire ou par prélèvement sur un autre compte. Si vous pensez que votre compte était approvisionné, contactez votre banque.',
        ],
        lines: invoice ? [{ label: 'Montant non prélevé', value: euros(invoice.amountCents) }] : [],
        actionLabel: 'Payer ma commande',
        actionUrl: this.mail.link('/order'),
      },
      { tx, dedupeKey: `order-debit-failed:${checkout.sessionId}` },
    );
  }

  /** Where an order's session paid by debit stands, for the payment-success page (null: not a debit we know of). */
  async stateOf(sessionId: string): Promise<'processing' | 'failed' | null> {
    const row = await this.checkouts.find(sessionId);
    return row?.status === 'pending' ? 'processing' : row?.status === 'failed' ? 'failed' : null;
  }
}
