import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { InvoiceFromStripe, PaymentCollected, PaymentRef, SubscriptionFromStripe } from '../billing-facts/facts';
import { Transactions } from '../database/transactions';
import { BillingRepository } from './billing.repository';
import { RefundCredits } from './refund-credits';
import { type Effects, planNameOf, StripeReader, toInvoiceRow } from './stripe-reader';

const paymentRef = (invoice: InvoiceFromStripe | undefined): PaymentRef | null =>
  invoice ? { id: invoice.id, amountCents: invoice.amountCents, hostedUrl: invoice.hostedUrl } : null;

/**
 * The last part of the webhook, and of the client's own actions on a subscription: what Stripe's current state calls
 * for (Effects, read by StripeReader before any transaction) recorded in our copy (subscriptions, invoices, refunds),
 * then told as facts (billing-facts/facts.ts) in the same transaction, with no network call. Billing does nothing of
 * the other modules' work: each reacts to the facts it subscribed to, in the order the facts' table gives.
 */
@Injectable()
export class PaymentRecorder {
  constructor(
    private readonly billing: BillingRepository,
    private readonly facts: BillingFacts,
    private readonly transactions: Transactions,
    private readonly reader: StripeReader,
    private readonly refundCredits: RefundCredits,
  ) {
    facts.on('customer.linked', 'billing.attach-customer', (f, tx) => this.billing.attachCustomer(f.customerId, f.userId, tx));
    facts.on('site.paid-for', 'billing.link-site', (f, tx) => this.billing.linkSite(f.subscriptionId, f.siteId, tx));
  }

  /**
   * A subscription just changed through the API (upgrade, cancel, reactivate), recorded at once rather than waiting for
   * the webhook, with the same facts (`byClient` set). Read from Stripe before: this opens no network call.
   */
  async syncFromApi(subscription: Stripe.Subscription, invoices: Stripe.Invoice[], tx?: EntityManager): Promise<void> {
    const syncedAt = new Date();
    const row = await this.reader.toSubscriptionRow(subscription, syncedAt);
    const invoiceRows = invoices.map((i) => toInvoiceRow(i, syncedAt, planNameOf(row.plan)));
    await this.reader.label(invoiceRows);
    await this.transactions.run(async (t) => {
      await this.billing.upsertSubscription(row, t);
      for (const invoice of invoiceRows) await this.billing.upsertInvoice(invoice, t);
      await this.facts.publish('customer.seen', { customerId: row.customerId, email: null }, t);
      const userId = await this.billing.userOfCustomer(row.customerId, t);
      await this.publishSubscription(row, invoiceRows, true, t);
      await this.publishInvoices(invoiceRows, userId, t);
      await this.publishEnded(row, userId, t);
      await this.collect({ customerId: row.customerId, invoices: invoiceRows }, t);
    }, tx);
  }

  /** Records what one event's state says, then tells it (the batch's legal invoices and credits follow: `collect`, `credit`). */
  async apply(effects: Effects, tx: EntityManager): Promise<void> {
    // Refunds are recorded first (and credited last, `credit`).
    if (effects.refunds) await this.refundCredits.record(effects.refunds, tx);
    const customerId = effects.customerId;
    if (!customerId) return;
    if (effects.subscription) await this.billing.upsertSubscription(effects.subscription, tx);
    for (const invoice of effects.invoices) await this.billing.upsertInvoice(invoice, tx);
    // Whose customer this is: the order's buyer (found or created), or the account of the customer's e-mail. The
    // customer of an order's subscription is the order's to name (its checkout's event): an account that took the
    // address meanwhile is not the buyer, so another event about it links it by its id only, never by e-mail.
    const email = effects.email ?? null;
    if (effects.paidOrder) {
      const invoice = paymentRef(effects.invoices[0]);
      await this.facts.publish('order.paid', { customerId, checkout: effects.paidOrder, email, invoice }, tx);
    } else {
      const ofOrder = Boolean(effects.subscription?.metadata?.draftId);
      await this.facts.publish('customer.seen', { customerId, email: ofOrder ? null : email }, tx);
    }
    const userId = await this.billing.userOfCustomer(customerId, tx);
    if (effects.restart) {
      const invoice = paymentRef(effects.invoices[0]);
      await this.facts.publish('restart.paid', { restart: effects.restart, customerId, userId, invoice }, tx);
    }
    const sub = effects.subscription;
    if (sub) {
      const byClient = sub.status === 'canceled' && sub.cancellationReason === 'cancellation_requested';
      await this.publishSubscription(sub, effects.invoices, byClient, tx);
    }
    await this.publishInvoices(effects.invoices, userId, tx);
    if (sub) await this.giveBackLatePayments(sub, effects.invoices, userId, tx);
    if (effects.mail === 'payment-failed' && effects.invoices[0])
      await this.facts.publish('payment.failed', { invoice: effects.invoices[0], customerId, email, userId }, tx);
    if (effects.mail === 'payment-action-required' && effects.invoices[0])
      await this.facts.publish('payment.action-required', { invoice: effects.invoices[0], customerId, email, userId }, tx);
    if (sub) await this.publishEnded(sub, userId, tx);
    if (effects.cardChange) await this.facts.publish('payment-method.changed', effects.cardChange, tx);
  }

  /**
   * The legal invoice of every amount Stripe collected among these invoices (paid, more than zero), once every
   * account, site and subscription of the batch is in place: its owner is the account and site our rows give it.
   * The first invoice of a subscription our Checkout opened says which: an order's is made out to the order's frozen
   * billing identity, which invoicing waits for (the order's own event hands it over, whichever event comes first); a
   * restart's waits for the restart's own event, which links its site.
   */
  async collect(effects: Pick<Effects, 'customerId' | 'email' | 'invoices' | 'paidOrder' | 'restart'>, tx: EntityManager): Promise<void> {
    const opener: PaymentCollected['checkout'] = effects.paidOrder ? 'order' : effects.restart ? 'restart' : null;
    for (const invoice of effects.invoices) {
      if (invoice.status !== 'paid' || !invoice.facts || invoice.amountCents <= 0) continue;
      let checkout = opener;
      if (!opener && invoice.facts.billingReason === 'subscription_create' && invoice.subscriptionId) {
        checkout = await this.billing.openerOf(invoice.subscriptionId, tx);
        if (checkout === 'restart') continue;
      }
      const owner = await this.billing.ownerOfInvoice(invoice.id, tx);
      await this.facts.publish(
        'payment.collected',
        { invoice: { ...invoice, facts: invoice.facts }, owner, email: effects.email ?? null, checkout },
        tx,
      );
    }
  }

  /** Then a credit note for each refund the event read (made in Stripe's dashboard, or a duplicate's), once per refund. */
  credit(effects: Effects, tx: EntityManager): Promise<void> {
    return this.refundCredits.creditRefunds(effects.refunds, tx);
  }

  private async publishSubscription(
    sub: SubscriptionFromStripe,
    invoices: InvoiceFromStripe[],
    byClient: boolean,
    tx: EntityManager,
  ): Promise<void> {
    const paid = invoices.find((i) => i.status === 'paid' && i.subscriptionId === sub.id);
    const live = sub.status === 'active' || sub.status === 'trialing';
    await this.facts.publish(
      'subscription.changed',
      {
        subscription: sub,
        byClient,
        paidInvoice: paid ? { id: paid.id, amountCents: paid.amountCents, hostedUrl: paid.hostedUrl } : null,
        openFailedInvoice: live ? null : await this.billing.openFailedInvoiceOf(sub.id, tx),
      },
      tx,
    );
  }

  private async publishInvoices(invoices: InvoiceFromStripe[], userId: string | null, tx: EntityManager): Promise<void> {
    for (const invoice of invoices) if (invoice.status === 'paid') await this.facts.publish('invoice.paid', { invoice, userId }, tx);
  }

  /**
   * Stripe ended this subscription for failed payments (its default end of dunning) and left its open invoice payable
   * on the hosted page until we void it (EndedInvoices): a payment of it that arrived anyway is given back, never
   * restarts the site (a restart is a new subscription, paid through its own checkout). The money is recorded and
   * invoiced like any payment, then refunded and credited (duplicate-payment.found, cause subscription-ended).
   */
  private async giveBackLatePayments(
    sub: SubscriptionFromStripe,
    invoices: InvoiceFromStripe[],
    userId: string | null,
    tx: EntityManager,
  ): Promise<void> {
    if (sub.status !== 'canceled' || sub.cancellationReason !== 'payment_failed' || sub.endedAt === null) return;
    for (const invoice of invoices) {
      const paidAt = invoice.facts?.paidAt ?? null;
      if (invoice.status !== 'paid' || invoice.subscriptionId !== sub.id || invoice.amountCents <= 0) continue;
      if (paidAt === null || paidAt < sub.endedAt) continue;
      const siteId = await this.billing.siteOfSubscription(sub.id, tx);
      if (!siteId) continue;
      await this.facts.publish(
        'duplicate-payment.found',
        {
          kind: 'invoice',
          cause: 'subscription-ended',
          referenceId: siteId,
          siteId,
          checkoutSessionId: null,
          subscriptionId: sub.id,
          invoiceId: invoice.id,
          customerId: sub.customerId,
          userId,
          amountCents: invoice.amountCents,
          reason: 'Une facture a été payée après la fin de son abonnement, arrêté faute de paiement : le site reste arrêté.',
        },
        tx,
      );
    }
  }

  private async publishEnded(sub: SubscriptionFromStripe, userId: string | null, tx: EntityManager): Promise<void> {
    if (sub.status !== 'canceled') return;
    const siteId = await this.billing.siteOfSubscription(sub.id, tx);
    await this.facts.publish('subscription.ended', { subscription: sub, userId, siteId }, tx);
  }
}
