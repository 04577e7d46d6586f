import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { UsersService } from '../auth/users.service';
import { euros, fromUnix, shortDate } from '../common/format';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import { WebhookEvents } from '../outbound-webhooks/webhook-events';
import { type LifeContext, SitesService } from '../sites/sites.service';
import type { StatusCause } from '../sites/site-status-history.entity';
import { BillingRepository, type InvoiceRow, type RefundRow } from './billing.repository';
import { DuplicatePayments } from './duplicate-payments';
import { OrderProvisioning } from './order-provisioning.service';
import { RefundCredits } from './refund-credits';
import { InvoicingService } from '../invoicing/invoicing.service';
import type { BilledLine } from '../invoicing/legal-document';
import { parisDate } from '../invoicing/legal-document';
import {
  type Effects,
  type PaidRestart,
  planNameOf,
  type StripeLineFacts,
  StripeReader,
  type SubscriptionFromStripe,
  toInvoiceRow,
} from './stripe-reader';

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
 * Applying to our copy, the last part of the webhook: what Stripe's current state calls for (Effects, read by
 * StripeReader) written in the transaction that takes the event out of the inbox, with no network call: the local
 * subscription and invoices, a paid order's account and site, a restart, the site's lifecycle (site-lifecycle.ts), a
 * duplicate payment recorded for refund, and the mails. The client's own actions (upgrade, cancel, reactivate) go
 * through `syncFromApi`, the same code.
 */
@Injectable()
export class PaymentApplier {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly billing: BillingRepository,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    private readonly mail: MailService,
    private readonly provisioning: OrderProvisioning,
    private readonly sites: SitesService,
    private readonly duplicates: DuplicatePayments,
    private readonly reader: StripeReader,
    private readonly invoicing: InvoicingService,
    private readonly refundCredits: RefundCredits,
    private readonly webhookEvents: WebhookEvents,
  ) {}

  /** Our copy of a subscription: its plan is the first item whose price is a plan's (any other price: a custom plan). */
  /**
   * Our copy of a subscription just changed through the API (upgrade, cancel, reactivate), written at once rather than
   * waiting for the webhook, with the same effects on the site; `cause` is recorded if the site's status changes.
   * Read from Stripe before: this opens no network call.
   */
  async syncFromApi(subscription: Stripe.Subscription, invoices: Stripe.Invoice[], cause: StatusCause, tx?: EntityManager): Promise<void> {
    const syncedAt = new Date();
    const row = await this.reader.toSubscriptionRow(subscription, syncedAt);
    const invoiceRows = invoices.map((i) => toInvoiceRow(i, syncedAt, planNameOf(row.plan)));
    await this.reader.label(invoiceRows);
    await this.transactions.run(async (t) => {
      const user = await this.users.linkStripeCustomer(row.customerId, null, t);
      await this.billing.upsertSubscription({ ...row, userId: user?.id ?? null }, t);
      for (const invoice of invoiceRows) await this.billing.upsertInvoice({ ...invoice, userId: user?.id ?? null }, t);
      await this.sites.apply(
        { stripeSubscriptionId: row.id },
        { type: 'subscription', stripeStatus: row.status, byClient: cause === 'client' },
        await this.lifeContext(row, invoiceRows, t),
        t,
      );
      await this.issueLegalInvoices(invoiceRows, null, t);
      await this.emitWebhooks(row, invoiceRows, undefined, user?.id ?? null, t);
    }, tx);
    if (!tx) this.invoicing.renderIssued();
  }

  /**
   * The legal invoice of every amount Stripe collected among these invoices (paid, more than zero), issued in the
   * transaction that records the payment: its buyer is the account's billing identity (without one, the customer as
   * Stripe has them: name, e-mail, the invoice's billing address), its lines the Stripe lines named after the catalogue
   * with the site's name and period. Once per Stripe invoice. Then the credit notes of the refunds of that payment
   * already recorded (a refund read before its invoice), each once.
   */
  async issueLegalInvoices(invoices: Effects['invoices'], email: string | null, tx: EntityManager): Promise<void> {
    for (const invoice of invoices) {
      if (invoice.status !== 'paid' || !invoice.facts || invoice.amountCents <= 0) continue;
      const owner = await this.billing.ownerOfInvoice(invoice.id, tx);
      // A checkout's first invoice read before its checkout was applied (events in any order) has no account yet: the
      // checkout's own event, which carries the same invoice, issues it with the buyer's billing identity.
      if (!owner?.userId && invoice.facts.billingReason === 'subscription_create') continue;
      const user = owner?.userId ? await this.users.findById(owner.userId, tx) : null;
      const siteName = owner?.siteId ? ((await this.sites.namesOf([owner.siteId], tx)).get(owner.siteId) ?? null) : null;
      const issued = await this.invoicing.issueInvoice(
        {
          stripeInvoiceId: invoice.id,
          stripeNumber: invoice.facts.number,
          userId: user?.id ?? null,
          fallback: {
            name: invoice.facts.customerName || user?.name || '',
            email: user?.email || invoice.facts.customerEmail || email || '',
            address: invoice.facts.customerAddress,
          },
          paidAt: fromUnix(invoice.facts.paidAt ?? invoice.created),
          lines: invoice.facts.lines.map((line) => billedLine(line, siteName)),
        },
        tx,
      );
      if (issued) await this.refundCredits.creditInvoice(invoice.id, tx);
    }
  }

  /**
   * The credit notes of the refunds an event read (recorded by `apply`), once the batch's legal invoices are issued:
   * one per succeeded refund, whatever path made it.
   */
  async creditRefunds(refunds: RefundRow[] | undefined, tx: EntityManager): Promise<void> {
    const invoiceIds = [...new Set((refunds ?? []).flatMap((r) => (r.invoiceId ? [r.invoiceId] : [])))].sort();
    for (const id of invoiceIds) await this.refundCredits.creditInvoice(id, tx);
  }

  async apply(effects: Effects, tx: EntityManager): Promise<void> {
    // Refunds are recorded first (and credited last, `creditRefunds`).
    if (effects.refunds) await this.refundCredits.record(effects.refunds, tx);
    if (!effects.customerId) return;
    // A paid order's buyer exists (found or created) before the customer is linked to an account by e-mail.
    const order = effects.paidOrder ? await this.provisioning.prepare(effects.paidOrder, tx) : null;
    const user = await this.users.linkStripeCustomer(effects.customerId, order?.buyer.user.email ?? effects.email ?? null, tx);
    const userId = user?.id ?? order?.buyer.user.id ?? null;
    if (effects.subscription) await this.billing.upsertSubscription({ ...effects.subscription, userId }, tx);
    for (const invoice of effects.invoices) await this.billing.upsertInvoice({ ...invoice, userId }, tx);
    // After the upserts: also gives the account the rows that an event processed at the same moment, before the
    // account existed, has just committed without an owner (an upsert waits for it, then keeps its newer copy).
    if (user) await this.billing.attachCustomer(effects.customerId, user.id, tx);
    if (order && (await this.provisioning.complete(order, effects.paidOrder!, tx)) === 'duplicate') {
      await this.recordDuplicate(
        'order',
        order.order.id,
        effects,
        effects.paidOrder!.sessionId,
        effects.paidOrder!.subscriptionId,
        userId,
        'Une commande déjà payée a été payée une seconde fois.',
        tx,
      );
    }
    if (effects.restart) await this.applyRestart(effects.restart, effects, userId, tx);
    // The site follows its subscription's current state (site-lifecycle.ts): dunning, suspended when Stripe gives up,
    // ended, given back its status when it is paid again.
    if (effects.subscription) {
      const sub = effects.subscription;
      const byClient = sub.status === 'canceled' && sub.cancellationReason === 'cancellation_requested';
      await this.sites.apply(
        { stripeSubscriptionId: sub.id },
        { type: 'subscription', stripeStatus: sub.status, byClient },
        await this.lifeContext(sub, effects.invoices, tx),
        tx,
      );
    }
    await this.emitWebhooks(
      effects.subscription,
      effects.invoices,
      effects.mail === 'payment-failed' ? effects.invoices[0] : undefined,
      userId,
      tx,
    );
    if (effects.cardChange) {
      const c = effects.cardChange;
      const site = await this.sites.findWithOwner(c.siteId);
      if (site) {
        await this.mail.notify(
          {
            siteId: site.site.id,
            siteName: site.site.siteName,
            customerName: site.owner.name || site.owner.email,
            customerEmail: site.owner.email,
          },
          { kind: 'card-updated', last4: c.last4, manageUrl: this.mail.link(`/dashboard/sites/${site.site.id}/manage`) },
          { tx, dedupeKey: `card-updated:${c.sessionId}` },
        );
      }
    }

    const to = user?.email ?? effects.email;
    if (!to || effects.mail !== 'payment-failed') return;
    const name = user?.name || to;
    const invoice = effects.invoices[0];
    const invoicesUrl = this.mail.link('/dashboard/invoices');
    await this.mail.enqueue(
      'payment-failed',
      to,
      {
        name,
        amount: euros(invoice.amountDue),
        date: shortDate(fromUnix(invoice.created)),
        invoiceUrl: invoice.hostedUrl ?? invoicesUrl,
        dashboardUrl: this.mail.link('/dashboard'),
      },
      { tx, dedupeKey: `payment-failed:${invoice.id}` },
    );
  }

  /**
   * The outbound webhook events of what this state says (in the applying transaction, each once whatever the replays:
   * their dedupe keys): every paid invoice (`invoice.paid`), the invoice whose payment is failing now
   * (`invoice.payment_failed`, once per invoice, like the client's mail), a canceled subscription (`subscription.canceled`).
   */
  private async emitWebhooks(
    sub: SubscriptionFromStripe | undefined,
    invoices: InvoiceRow[],
    failing: InvoiceRow | undefined,
    userId: string | null,
    tx: EntityManager,
  ): Promise<void> {
    const invoiceObject = (i: InvoiceRow) => ({
      id: i.id,
      number: i.number,
      date: fromUnix(i.created).toISOString(),
      amountCents: i.amountCents,
      currency: i.currency,
      status: i.status,
      description: i.description,
      hostedUrl: i.hostedUrl,
      customerId: i.customerId,
      subscriptionId: i.subscriptionId,
      userId: i.userId ?? userId,
    });
    for (const invoice of invoices) {
      if (invoice.status !== 'paid') continue;
      await this.webhookEvents.record(tx, {
        type: 'invoice.paid',
        objectType: 'invoice',
        objectId: invoice.id,
        object: invoiceObject(invoice),
        dedupeKey: `invoice.paid:${invoice.id}`,
      });
    }
    if (failing) {
      await this.webhookEvents.record(tx, {
        type: 'invoice.payment_failed',
        objectType: 'invoice',
        objectId: failing.id,
        object: invoiceObject(failing),
        dedupeKey: `invoice.payment_failed:${failing.id}`,
      });
    }
    if (sub?.status === 'canceled') {
      const siteId = (await this.sites.siteIdOfSubscription(sub.id, tx)) ?? null;
      await this.webhookEvents.record(tx, {
        type: 'subscription.canceled',
        objectType: 'subscription',
        objectId: sub.id,
        object: {
          id: sub.id,
          status: sub.status,
          plan: sub.plan,
          customerId: sub.customerId,
          userId,
          siteId,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
          currentPeriodEnd: sub.currentPeriodEnd ? fromUnix(sub.currentPeriodEnd).toISOString() : null,
          startedAt: sub.startedAt ? fromUnix(sub.startedAt).toISOString() : null,
          endedAt: sub.endedAt ? fromUnix(sub.endedAt).toISOString() : null,
          cancellationReason: sub.cancellationReason,
        },
        dedupeKey: `subscription.canceled:${sub.id}`,
      });
    }
  }

  /** What the site lifecycle's mails say about a subscription's state: the invoice at stake, when, the end. */
  private async lifeContext(sub: SubscriptionFromStripe, invoices: InvoiceRow[], tx: EntityManager): Promise<LifeContext> {
    const paid = invoices.find((i) => i.status === 'paid' && i.subscriptionId === sub.id);
    if (sub.status === 'active' || sub.status === 'trialing') {
      return { invoice: paid ? { amountCents: paid.amountCents, failedAt: null, payUrl: paid.hostedUrl } : undefined, dedupe: paid?.id };
    }
    const open = await this.billing.openFailedInvoiceOf(sub.id, tx);
    const invoice = open ? { amountCents: open.amountCents, failedAt: open.paymentFailedAt, payUrl: open.hostedUrl } : undefined;
    if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
      return {
        endedAt: sub.endedAt ? fromUnix(sub.endedAt) : new Date(),
        byClient: sub.cancellationReason === 'cancellation_requested',
        dedupe: sub.id,
      };
    }
    return {
      invoice,
      since: sub.status === 'past_due' ? (open?.paymentFailedAt ?? undefined) : undefined,
      dedupe: open ? `${open.id}:${sub.status}` : undefined,
    };
  }

  /**
   * A paid restart: the new subscription pays for the same site, which gets its status back (history kept). The site
   * is locked first: a second restart paid at the same moment (or one for a site whose subscription is live) finds it
   * already restarted, and is recorded as a duplicate to refund.
   */
  private async applyRestart(r: PaidRestart, effects: Effects, userId: string | null, tx: EntityManager): Promise<void> {
    const site = await this.sites.lockSite(r.siteId, tx);
    if (!site || site.stripeSubscriptionId === r.subscriptionId) return;
    const otherAccount = site.userId !== r.userId || (userId !== null && site.userId !== userId);
    if (otherAccount || site.paymentState !== 'ended') {
      if (otherAccount) this.logger.error(`Relance ${r.sessionId} pour le site ${r.siteId} d'un autre compte : remboursement`);
      const reason = otherAccount
        ? 'Relance payée pour un site d’un autre compte.'
        : 'Un site dont l’abonnement est en cours a été relancé une seconde fois.';
      await this.recordDuplicate('restart', r.siteId, effects, r.sessionId, r.subscriptionId, userId, reason, tx);
      return;
    }
    await this.billing.linkSite(r.subscriptionId, site.id, tx);
    const paid = effects.invoices[0];
    await this.sites.apply(
      { siteId: site.id },
      { type: 'restarted' },
      {
        planName: planNameOf(r.planType),
        invoice: paid ? { amountCents: paid.amountCents, failedAt: null, payUrl: paid.hostedUrl } : undefined,
        dedupe: r.sessionId,
      },
      tx,
      { type: r.planType, stripeSubscriptionId: r.subscriptionId },
    );
  }

  private async recordDuplicate(
    kind: 'order' | 'restart',
    referenceId: string,
    effects: Effects,
    sessionId: string,
    subscriptionId: string | null,
    userId: string | null,
    reason: string,
    tx: EntityManager,
  ): Promise<void> {
    const invoice = effects.invoices[0];
    await this.duplicates.record(
      {
        kind,
        referenceId,
        checkoutSessionId: sessionId,
        subscriptionId,
        invoiceId: invoice?.id ?? null,
        customerId: effects.customerId ?? null,
        userId,
        amountCents: invoice?.amountCents ?? 0,
        reason,
      },
      tx,
    );
  }
}
