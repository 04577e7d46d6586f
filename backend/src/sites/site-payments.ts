import { Injectable, Logger } from '@nestjs/common';
import { planOf } from '@vitrine/domain';
import type { EntityManager } from 'typeorm';
import { UsersService } from '../auth/users.service';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { DuplicatePaymentRefunded, PaymentMethodChanged, RestartPaid, SubscriptionChanged } from '../billing-facts/facts';
import { fromUnix } from '../common/format';
import { MailService } from '../mail/mail.service';
import { type LifeContext, SitesService } from './sites.service';

/**
 * What billing's facts do to a site: it follows its subscription's state (site-lifecycle.ts: dunning, suspended when
 * Stripe gives up, ended, given back its status when paid again), a paid restart gives an ended site its status back,
 * and a new card is told to its owner. Every write goes through `SitesService.apply`, the one writer of a site's status.
 */
@Injectable()
export class SitePayments {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly facts: BillingFacts,
    private readonly sites: SitesService,
    private readonly mail: MailService,
    private readonly users: UsersService,
  ) {
    facts.on('subscription.changed', 'sites.lifecycle', (fact, tx) => this.followSubscription(fact, tx));
    facts.on('restart.paid', 'sites.restart', (fact, tx) => this.restart(fact, tx));
    facts.on('payment-method.changed', 'sites.card-updated-mail', (fact, tx) => this.cardUpdated(fact, tx));
    facts.on('duplicate-payment.refunded', 'sites.duplicate-refunded-mail', (fact, tx) => this.duplicateRefunded(fact, tx));
  }

  private async followSubscription(
    { subscription: sub, byClient, paidInvoice, openFailedInvoice }: SubscriptionChanged,
    tx: EntityManager,
  ): Promise<void> {
    const followed = await this.sites.apply(
      { stripeSubscriptionId: sub.id },
      { type: 'subscription', stripeStatus: sub.status, byClient },
      lifeContext({ subscription: sub, byClient, paidInvoice, openFailedInvoice }),
      tx,
    );
    // A Pro site whose subscription is now Business and paid: an upgrade that waited for the client's authentication
    // (3-D Secure), applied by Stripe once its invoice was paid. The client's own upgrade records the same (same dedupe).
    if (!byClient && followed?.site.type === 'pro' && sub.plan === 'business' && (sub.status === 'active' || sub.status === 'trialing')) {
      await this.sites.apply(
        { siteId: followed.site.id },
        { type: 'upgraded' },
        {
          upgrade: { planFrom: 'Pro', planTo: 'Business', amountCents: paidInvoice?.amountCents ?? 0, periodStart: null, periodEnd: null },
          dedupe: paidInvoice?.id ?? sub.id,
        },
        tx,
        { type: 'business' },
      );
    }
  }

  /**
   * A paid restart: the new subscription pays for the same site, which gets its status back (history kept). The site
   * is locked first: a second restart paid at the same moment (or one for a site whose subscription is live) finds it
   * already restarted, and is a duplicate to refund. A restart paid for a closed account restarts nothing: refunded.
   */
  private async restart({ restart: r, customerId, userId, invoice }: RestartPaid, tx: EntityManager): Promise<void> {
    const site = await this.sites.lockSite(r.siteId, tx);
    if (!site || site.stripeSubscriptionId === r.subscriptionId) return;
    const otherAccount = site.userId !== r.userId || (userId !== null && site.userId !== userId);
    const closed = !otherAccount && Boolean((await this.users.findById(site.userId, tx))?.closedAt);
    if (otherAccount || closed || site.paymentState !== 'ended') {
      if (otherAccount) this.logger.error(`Relance ${r.sessionId} pour le site ${r.siteId} d'un autre compte : remboursement`);
      if (closed) this.logger.error(`Relance ${r.sessionId} du site ${r.siteId} payée pour un compte fermé : remboursement`);
      await this.facts.publish(
        'duplicate-payment.found',
        {
          kind: 'restart',
          ...(closed ? { cause: 'account-closed' as const } : {}),
          referenceId: r.siteId,
          siteId: r.siteId,
          checkoutSessionId: r.sessionId,
          subscriptionId: r.subscriptionId,
          invoiceId: invoice?.id ?? null,
          customerId,
          userId,
          amountCents: invoice?.amountCents ?? 0,
          reason: otherAccount
            ? 'Relance payée pour un site d’un autre compte.'
            : closed
              ? 'La relance d’un site a été payée alors que son compte était déjà fermé : rien n’est relancé.'
              : 'Un site dont l’abonnement est en cours a été relancé une seconde fois.',
        },
        tx,
      );
      return;
    }
    await this.facts.publish('site.paid-for', { subscriptionId: r.subscriptionId, siteId: site.id }, tx);
    await this.sites.apply(
      { siteId: site.id },
      { type: 'restarted' },
      {
        planName: planOf(r.planType).name,
        invoice: invoice ? { amountCents: invoice.amountCents, failedAt: null, payUrl: invoice.hostedUrl } : undefined,
        dedupe: r.sessionId,
      },
      tx,
      { type: r.planType, stripeSubscriptionId: r.subscriptionId },
    );
  }

  private async cardUpdated(c: PaymentMethodChanged, tx: EntityManager): Promise<void> {
    await this.notifyOwner(
      c.siteId,
      { kind: 'card-updated', last4: c.last4, manageUrl: this.mail.link(`/dashboard/sites/${c.siteId}/manage`) },
      `card-updated:${c.sessionId}`,
      tx,
    );
  }

  /** A duplicate payment refunded: its site's owner told what came back (nothing when nothing was refunded). */
  private async duplicateRefunded(d: DuplicatePaymentRefunded, tx: EntityManager): Promise<void> {
    if (!d.siteId || !d.refundedCents) return;
    await this.notifyOwner(
      d.siteId,
      d.cause === 'withdrawal'
        ? { kind: 'withdrawal-refunded', amountCents: d.refundedCents, invoicesUrl: this.mail.link('/dashboard/invoices') }
        : d.cause === 'subscription-ended'
          ? {
              kind: 'late-payment-refunded',
              amountCents: d.refundedCents,
              paidAt: d.paidAt,
              restartUrl: this.mail.link(`/dashboard/sites/${d.siteId}/manage`),
            }
          : {
              kind: 'duplicate-refunded',
              amountCents: d.refundedCents,
              paidAt: d.paidAt,
              invoicesUrl: this.mail.link('/dashboard/invoices'),
            },
      `duplicate-refunded:${d.duplicateId}`,
      tx,
    );
  }

  /** A billing notice to a site's owner (and the team's copy), once per dedupe key. */
  private async notifyOwner(
    siteId: string,
    notice: Parameters<MailService['notify']>[1],
    dedupeKey: string,
    tx: EntityManager,
  ): Promise<void> {
    const site = await this.sites.findWithOwner(siteId);
    if (!site) return;
    await this.mail.notify(
      {
        siteId: site.site.id,
        siteName: site.site.siteName,
        customerName: site.owner.name || site.owner.email,
        customerEmail: site.owner.email,
      },
      notice,
      { tx, dedupeKey },
    );
  }
}

/** What the site lifecycle's mails say about a subscription's state: the invoice at stake, when, the end. */
export function lifeContext({ subscription: sub, paidInvoice: paid, openFailedInvoice: open }: SubscriptionChanged): LifeContext {
  if (sub.status === 'active' || sub.status === 'trialing') {
    return { invoice: paid ? { amountCents: paid.amountCents, failedAt: null, payUrl: paid.hostedUrl } : undefined, dedupe: paid?.id };
  }
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    return {
      endedAt: sub.endedAt ? fromUnix(sub.endedAt) : new Date(),
      byClient: sub.cancellationReason === 'cancellation_requested',
      dedupe: sub.id,
    };
  }
  const invoice = open ? { amountCents: open.amountCents, failedAt: open.paymentFailedAt, payUrl: open.hostedUrl } : undefined;
  return {
    invoice,
    since: sub.status === 'past_due' ? (open?.paymentFailedAt ?? undefined) : undefined,
    dedupe: open ? `${open.id}:${sub.status}` : undefined,
  };
}
