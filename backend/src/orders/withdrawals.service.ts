import { ConflictException, ForbiddenException, Inject, Injectable, Logger } from '@nestjs/common';
import { mediatorText, planOfSiteType, sitePlanLabel } from '@vitrine/domain';
import { AuditService } from '../audit/audit.service';
import { BillingFacts } from '../billing-facts/billing-facts';
import { DuplicatePayments } from '../billing/duplicate-payments';
import type { Subscription } from '../billing/subscription.entity';
import { ENDED, SubscriptionsService } from '../billing/subscriptions.service';
import type { SessionUser } from '../common/current-user';
import { longDate } from '../common/format';
import { Transactions } from '../database/transactions';
import { MAIL_AGENCY, type MailAgencySource } from '../mail/mail-agency';
import { MailService } from '../mail/mail.service';
import type { Site } from '../sites/site.entity';
import { SitesService } from '../sites/sites.service';
import type { SendWithdrawalDto, SiteWithdrawalDto } from './dto/withdrawal.dto';
import type { Withdrawal } from './withdrawal.entity';
import { withdrawableUntil, withdrawalAmounts } from './withdrawal-terms';
import { type OrderOfSite, WithdrawalsRepository } from './withdrawals.repository';

const NOT_CONSUMER =
  'Le droit de rétractation est réservé aux commandes passées en tant que particulier : ce site a été commandé par une entreprise. Pour arrêter l’abonnement, annulez-le depuis la gestion de votre site.';

/** What a site's withdrawal rests on: its order's subscription, the order's checkout, and what was recorded. */
interface Standing {
  site: Site;
  subscription: Subscription | null;
  order: OrderOfSite | null;
  consumer: boolean;
  orderedAt: Date | null;
  until: Date | null;
  withdrawal: Withdrawal | null;
}

/**
 * A consumer's withdrawal from the client area (Code de la consommation L221-18 to L221-28, decision 0022): offered for
 * a site ordered as a private individual (its checkout holds the express request to start, `consumer_request_at`)
 * whose order is less than 14 days old. Sending the model form records it (`withdrawals`), gives the payment back
 * through billing's path of payments given back (cause `withdrawal`: the subscription canceled at Stripe at once, the
 * paid amount refunded less what is due under L221-25 unless the CGV's guarantee waives it, the credit note issued;
 * the site ends as a canceled subscription's does), mails the client its acknowledgement (L221-21) and the team, and
 * audits it — in one transaction; the refund runs right after it (and again with the job if Stripe failed).
 */
@Injectable()
export class WithdrawalsService {
  private readonly logger = new Logger('Orders');

  constructor(
    private readonly repo: WithdrawalsRepository,
    private readonly sites: SitesService,
    private readonly subscriptions: SubscriptionsService,
    private readonly transactions: Transactions,
    private readonly facts: BillingFacts,
    private readonly duplicates: DuplicatePayments,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    @Inject(MAIL_AGENCY) private readonly agency: MailAgencySource,
  ) {}

  private async standing(user: SessionUser, siteId: string): Promise<Standing> {
    const site = await this.sites.requireOwn(user.id, siteId);
    const subscription = site.stripeSubscriptionId ? await this.subscriptions.findOfUser(site.stripeSubscriptionId, user.id) : null;
    // Only the order's own subscription: a restart is a new contract, paid without the order's consent.
    const ofOrder = subscription && site.orderDraftId && (await this.subscriptions.openerOf(subscription.id)) === 'order';
    const order = ofOrder ? await this.repo.orderOf(site.orderDraftId!) : null;
    const consumer = Boolean(order && order.billing.buyerType !== 'company' && order.consumerRequestAt);
    const orderedAt = ofOrder ? (subscription.startedAt ?? subscription.createdAt) : null;
    return {
      site,
      subscription,
      order,
      consumer,
      orderedAt,
      until: consumer && orderedAt ? withdrawableUntil(orderedAt) : null,
      withdrawal: subscription ? await this.repo.ofSubscription(subscription.id) : null,
    };
  }

  private toDto(s: Standing, now = new Date()): SiteWithdrawalDto {
    const b = s.order?.billing;
    return {
      available: Boolean(s.consumer && s.until && now <= s.until && !s.withdrawal && s.subscription && !ENDED.has(s.subscription.status)),
      consumer: s.consumer,
      orderedAt: s.consumer && s.orderedAt ? s.orderedAt.toISOString() : null,
      withdrawableUntil: s.until?.toISOString() ?? null,
      fullName: s.consumer && b ? b.fullName : '',
      address: s.consumer && b ? [b.address, [b.postalCode, b.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '',
      withdrawal: s.withdrawal
        ? {
            withdrawnAt: s.withdrawal.createdAt.toISOString(),
            fullName: s.withdrawal.fullName,
            address: s.withdrawal.address,
            paidCents: s.withdrawal.paidCents,
            dueCents: s.withdrawal.dueCents,
            refundCents: s.withdrawal.refundCents,
          }
        : null,
    };
  }

  async get(user: SessionUser, siteId: string): Promise<SiteWithdrawalDto> {
    return this.toDto(await this.standing(user, siteId));
  }

  async send(user: SessionUser, siteId: string, dto: SendWithdrawalDto): Promise<SiteWithdrawalDto> {
    const s = await this.standing(user, siteId);
    const { site, subscription, order, orderedAt, until } = s;
    if (!s.consumer || !subscription || !order || !orderedAt || !until) throw new ForbiddenException(NOT_CONSUMER);
    if (s.withdrawal) throw new ConflictException(`Votre rétractation a déjà été reçue le ${longDate(s.withdrawal.createdAt)}.`);
    if (ENDED.has(subscription.status)) throw new ConflictException('Cet abonnement est déjà terminé : il n’y a plus rien à rétracter.');
    const now = new Date();
    if (now > until)
      throw new ConflictException(
        `Le délai de rétractation de 14 jours a expiré le ${longDate(until)}. Vous pouvez toujours annuler l’abonnement depuis la gestion de votre site.`,
      );
    // Every payment of the contract comes back (L221-24): the order's, and any other since (an upgrade's prorata).
    const [invoice, ...later] = await this.subscriptions.paidInvoicesOf(subscription.id);
    if (!invoice) throw new ConflictException('Le paiement de cette commande n’est pas encore enregistré : réessayez dans un instant.');
    // What is due for the service begun is counted on the order's period (L221-25); a later payment is given back whole.
    const amounts = withdrawalAmounts({
      paidCents: invoice.amountCents,
      refundedCents: invoice.refundedCents,
      orderedAt,
      periodEnd: subscription.currentPeriodEnd ?? until,
      at: now,
    });
    const laterRefunds = later.map((i) => ({ ...i, refundCents: Math.max(0, i.amountCents - i.refundedCents) }));
    const paidCents = invoice.amountCents + later.reduce((sum, i) => sum + i.amountCents, 0);
    const refundCents = amounts.refundCents + laterRefunds.reduce((sum, i) => sum + i.refundCents, 0);
    const reason = `Rétractation du client consommateur le ${longDate(now)} (commande du ${longDate(orderedAt)}).`;
    const identity = await this.agency.identity();
    const recorded = await this.transactions.run(async (tx) => {
      const w = await this.repo.insert(
        {
          userId: user.id,
          siteId: site.id,
          subscriptionId: subscription.id,
          checkoutSessionId: order.sessionId,
          fullName: dto.fullName,
          address: dto.address,
          orderedAt,
          paidCents,
          dueCents: amounts.dueCents,
          refundCents,
        },
        tx,
      );
      if (!w) return null;
      await this.facts.publish(
        'duplicate-payment.found',
        {
          kind: 'order',
          cause: 'withdrawal',
          referenceId: site.orderDraftId!,
          siteId: site.id,
          checkoutSessionId: order.sessionId,
          subscriptionId: subscription.id,
          invoiceId: invoice.id,
          customerId: subscription.customerId,
          userId: user.id,
          amountCents: invoice.amountCents,
          refundCents: amounts.refundCents,
          reason,
        },
        tx,
      );
      for (const later of laterRefunds)
        await this.facts.publish(
          'duplicate-payment.found',
          {
            kind: 'invoice',
            cause: 'withdrawal',
            referenceId: site.id,
            siteId: site.id,
            checkoutSessionId: null,
            subscriptionId: subscription.id,
            invoiceId: later.id,
            customerId: subscription.customerId,
            userId: user.id,
            amountCents: later.amountCents,
            refundCents: later.refundCents,
            reason,
          },
          tx,
        );
      await this.mail.notify(
        { siteId: site.id, siteName: site.siteName, customerName: user.name || user.email, customerEmail: user.email },
        {
          kind: 'withdrawal-received',
          planName: planOfSiteType(site.type)?.name ?? sitePlanLabel(site.type),
          orderedAt,
          withdrawnAt: w.createdAt,
          fullName: w.fullName,
          address: w.address,
          paidCents: w.paidCents,
          dueCents: w.dueCents,
          dueWaived: amounts.waived,
          refundCents: w.refundCents,
          mediator: mediatorText({ mediator: identity.mediator, email: identity.email }),
          invoicesUrl: this.mail.link('/dashboard/invoices'),
        },
        { tx, dedupeKey: `withdrawal:${w.id}` },
      );
      await this.audit.record(
        user,
        {
          action: 'site.withdrawal',
          entityType: 'site',
          entityId: site.id,
          after: {
            subscriptionId: subscription.id,
            orderedAt: orderedAt.toISOString(),
            paidCents: w.paidCents,
            dueCents: w.dueCents,
            dueWaived: amounts.waived,
            refundCents: w.refundCents,
          },
        },
        tx,
      );
      return w;
    });
    if (!recorded) throw new ConflictException('Votre rétractation a déjà été reçue.');
    // The subscription canceled and the payment refunded now; if Stripe fails, the job tries again (the row stays pending).
    await this.duplicates.settlePending().catch((error: unknown) => {
      this.logger.warn(`Rétractation ${recorded.id} : remboursement à réessayer (${(error as Error)?.message})`);
    });
    return this.toDto({ ...s, withdrawal: recorded }, now);
  }
}
