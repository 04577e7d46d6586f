import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isPlanId, planOf, SITE_TYPE_LABELS, sitePlanLabel } from '@vitrine/domain';
import { UsersService } from '../auth/users.service';
import type { PaidPlanType } from '../billing-facts/facts';
import type { CheckoutSessionResponseDto } from '../billing/dto/billing.dto';
import type {
  PaymentConfirmationDto,
  PaymentIssueDto,
  SiteSubscriptionDto,
  SiteSubscriptionResponseDto,
  SubscriptionUpgradeResponseDto,
} from './dto/site-subscriptions.dto';
import type { Subscription } from '../billing/subscription.entity';
import { ENDED, SubscriptionsService } from '../billing/subscriptions.service';
import { PaymentConfirmations } from '../billing/payment-confirmations';
import type { SessionUser } from '../common/current-user';
import { euros, fromUnix, shortDate } from '../common/format';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import type { Site } from './site.entity';
import { SitesService } from './sites.service';

const NONE = 'Aucun abonnement trouvé pour ce site.';
const STATUS_LABELS: Record<string, string> = {
  active: 'Actif',
  trialing: 'Actif',
  past_due: 'Paiement en retard',
  unpaid: 'Impayé',
  canceled: 'Abonnement terminé',
  incomplete: 'Paiement incomplet',
  incomplete_expired: 'Abonnement terminé',
  paused: 'En pause',
};
const IN_ARREARS = new Set(['past_due', 'unpaid']);
/** The shape of Stripe's ids of a Checkout session and an invoice: anything else is not looked up. */
const STRIPE_ID = { cs: /^cs_[A-Za-z0-9_]{1,250}$/, in: /^in_[A-Za-z0-9_]{1,250}$/ };

/** The banner of a site whose payment is failing: what, since when, where to pay (null when up to date). */
export function paymentIssueOf(
  site: Pick<Site, 'id' | 'siteName' | 'paymentState' | 'paymentStateSince'>,
  open:
    | { id: string; amountCents: number; paymentFailedAt: Date | null; hostedUrl: string | null; date: Date; actionRequired?: boolean }
    | undefined,
): PaymentIssueDto | null {
  if (site.paymentState !== 'past_due' && site.paymentState !== 'unpaid') return null;
  const failedAt = open?.paymentFailedAt ?? site.paymentStateSince ?? null;
  const authenticate = Boolean(open?.actionRequired);
  const what = open
    ? `Le paiement de ${euros(open.amountCents)} du ${shortDate(failedAt ?? open.date)} a échoué`
    : 'Le paiement de votre abonnement a échoué';
  // 3-D Secure: nothing was charged, the bank asks the client to confirm the payment on the invoice's page (the
  // banner's title says "Authentification requise"). Amounts keep euros()'s no-break spaces: "29,00 €" never wraps.
  const message = authenticate
    ? `Votre banque demande de confirmer le paiement de ${euros(open!.amountCents)} du ${shortDate(failedAt ?? open!.date)}. Confirmez-le sur la page de la facture pour ${site.paymentState === 'unpaid' ? `remettre en ligne votre site « ${site.siteName} »` : `garder votre site « ${site.siteName} » en ligne`}.`
    : site.paymentState === 'unpaid'
      ? `${what} : votre site « ${site.siteName} » est suspendu. Réglez la facture pour le remettre en ligne.`
      : `${what}. Réglez la facture ou changez de carte pour garder votre site « ${site.siteName} » en ligne.`;
  return {
    siteId: site.id,
    siteName: site.siteName,
    state: site.paymentState,
    reason: authenticate ? 'authentication_required' : 'payment_failed',
    since: failedAt ? failedAt.toISOString() : null,
    amountCents: open?.amountCents ?? null,
    invoiceId: open?.id ?? null,
    payUrl: open?.hostedUrl ?? null,
    message,
  };
}

/**
 * A client's subscription actions on one of their sites. Each checks the site is the client's, acts at Stripe through
 * billing (no transaction open), then writes billing's copy and the site (through its lifecycle) in one transaction;
 * the webhook that follows changes nothing more. Every change is mailed to the client.
 */
@Injectable()
export class SiteSubscriptionsService {
  constructor(
    private readonly sites: SitesService,
    private readonly subscriptions: SubscriptionsService,
    private readonly transactions: Transactions,
    private readonly users: UsersService,
    private readonly mail: MailService,
    private readonly confirmations: PaymentConfirmations,
  ) {}

  private async find(user: SessionUser, siteId: string): Promise<{ site: Site; subscription: Subscription | null }> {
    const site = await this.sites.requireOwn(user.id, siteId);
    const subscription = site.stripeSubscriptionId ? await this.subscriptions.findOfUser(site.stripeSubscriptionId, user.id) : null;
    return { site, subscription };
  }

  private async require(user: SessionUser, siteId: string): Promise<{ site: Site; subscription: Subscription }> {
    const found = await this.find(user, siteId);
    if (!found.subscription) throw new NotFoundException(NONE);
    return { site: found.site, subscription: found.subscription };
  }

  private async toDto(site: Site, s: Subscription): Promise<SiteSubscriptionDto> {
    const plan = isPlanId(s.plan) ? s.plan : null;
    const ended = ENDED.has(s.status);
    const live = !ended;
    const open = IN_ARREARS.has(s.status) ? (await this.subscriptions.openInvoicesOf([s.id]))[0] : undefined;
    return {
      id: s.id,
      customerId: s.customerId,
      status: s.status,
      statusLabel: s.cancelAtPeriodEnd && live ? 'Annulation programmée' : (STATUS_LABELS[s.status] ?? s.status),
      cancelAtPeriodEnd: live && s.cancelAtPeriodEnd,
      currentPeriodEnd: live && s.currentPeriodEnd ? s.currentPeriodEnd.toISOString() : null,
      endedAt: ended ? (s.endedAt ?? s.updatedAt).toISOString() : null,
      plan,
      planLabel: plan ? sitePlanLabel(planOf(plan).siteType) : SITE_TYPE_LABELS.custom,
      canCancel: s.status === 'active' && !s.cancelAtPeriodEnd,
      // Spec: offered when a cancellation is scheduled or the subscription is not active (paying the open invoice); never once ended.
      canReactivate: live && (s.cancelAtPeriodEnd || s.status !== 'active'),
      canChangePlan: s.status === 'active' && !s.cancelAtPeriodEnd,
      canChangeCard: live,
      canRestart: ended,
      paymentIssue: paymentIssueOf(site, open),
    };
  }

  private async current(user: SessionUser, siteId: string): Promise<SiteSubscriptionDto> {
    const { site, subscription } = await this.require(user, siteId);
    return this.toDto(site, subscription);
  }

  async get(user: SessionUser, siteId: string): Promise<SiteSubscriptionResponseDto> {
    const { site, subscription } = await this.find(user, siteId);
    return { subscription: subscription ? await this.toDto(site, subscription) : null };
  }

  /** Every site of the client whose payment is failing, with what to pay (the dashboard's, sites list's and site page's banners). */
  async paymentIssues(user: SessionUser): Promise<{ issues: PaymentIssueDto[] }> {
    const sites = (await this.sites.inArrearsOfUser(user.id)).filter((s) => s.paymentState === 'past_due' || s.paymentState === 'unpaid');
    const open = await this.subscriptions.openInvoicesOf(
      sites.map((s) => s.stripeSubscriptionId).filter((id): id is string => Boolean(id)),
    );
    // Only past-due and unpaid sites are listed: each has its issue.
    return {
      issues: sites
        .map((s) =>
          paymentIssueOf(
            s,
            open.find((i) => i.subscriptionId === s.stripeSubscriptionId),
          ),
        )
        .filter((i) => i !== null),
    };
  }

  /** Pro → Business now: the prorated difference charged to the saved card; the site goes back to pending for the team. */
  async upgrade(user: SessionUser, siteId: string): Promise<SubscriptionUpgradeResponseDto> {
    const { site, subscription: local } = await this.require(user, siteId);
    if (local.plan !== 'pro')
      throw new ConflictException('Seule la formule Pro peut passer en Business. Contactez le support pour un autre changement.');
    if (local.status !== 'active' || local.cancelAtPeriodEnd)
      throw new ConflictException("L'abonnement doit être actif, sans annulation programmée, pour changer de formule.");
    const change = await this.subscriptions.upgradeToBusiness(local);
    const invoice = change.invoice;
    if (change.authenticationRequired && invoice) {
      // 3-D Secure: nothing is charged nor changed yet. The client authenticates the payment on the invoice's page; the
      // webhook of its payment gives the site its new plan (SitePayments), and the upgrade page waits for it.
      await this.transactions.run((tx) => this.subscriptions.record(change, tx));
      return {
        siteId: site.id,
        planType: 'business',
        isDowngrade: false,
        amountChargedCents: 0,
        authenticationUrl: invoice.hosted_invoice_url ?? null,
        redirectTo: `/upgrade-success?site_id=${encodeURIComponent(site.id)}&is_downgrade=false&plan_type=business&authentication=1`,
        subscription: await this.current(user, siteId),
      };
    }
    const debit = invoice?.lines?.data.find((l) => l.amount > 0);
    await this.transactions.run(async (tx) => {
      await this.subscriptions.record(change, tx);
      await this.sites.apply(
        { siteId: site.id },
        { type: 'upgraded' },
        {
          upgrade: {
            planFrom: 'Pro',
            planTo: 'Business',
            amountCents: invoice?.amount_paid ?? 0,
            periodStart: debit?.period ? fromUnix(debit.period.start) : null,
            periodEnd: debit?.period ? fromUnix(debit.period.end) : null,
          },
          dedupe: invoice?.id ?? change.subscription.id,
        },
        tx,
        { type: 'business' },
      );
    });
    return {
      siteId: site.id,
      planType: 'business',
      isDowngrade: false,
      amountChargedCents: invoice?.amount_paid ?? 0,
      authenticationUrl: null,
      redirectTo: `/upgrade-success?site_id=${encodeURIComponent(site.id)}&is_downgrade=false&plan_type=business`,
      subscription: await this.current(user, siteId),
    };
  }

  /** Cancellation at the end of the current period: the site stays online until then. Mailed to the client. */
  async cancel(user: SessionUser, siteId: string): Promise<SiteSubscriptionDto> {
    const { site, subscription: local } = await this.require(user, siteId);
    if (ENDED.has(local.status)) throw new ConflictException('Cet abonnement est déjà terminé.');
    const change = await this.subscriptions.scheduleCancel(local);
    if (change) {
      const updated = change.subscription;
      await this.transactions.run(async (tx) => {
        await this.subscriptions.record(change, tx);
        const endsAt = updated.cancel_at ? fromUnix(updated.cancel_at) : local.currentPeriodEnd;
        await this.notify(
          user,
          site,
          { kind: 'cancellation-scheduled', endsAt, manageUrl: this.mail.link(`/dashboard/sites/${site.id}/manage`) },
          `cancel:${local.id}:${updated.canceled_at ?? Date.now()}`,
          tx,
        );
      });
    }
    return this.current(user, siteId);
  }

  /**
   * Immediate reactivation of a scheduled cancellation (mailed); an unpaid subscription's open invoice is paid with the
   * saved card (the site gets its status back). An ended subscription cannot come back: its site can be restarted.
   */
  async reactivate(user: SessionUser, siteId: string): Promise<SiteSubscriptionDto> {
    const { site, subscription: local } = await this.require(user, siteId);
    const change = await this.subscriptions.reactivate(local);
    await this.transactions.run(async (tx) => {
      await this.subscriptions.record(change, tx);
      if (change.undone) {
        const updated = change.subscription;
        const renewsAt = updated.items.data[0]?.current_period_end
          ? fromUnix(updated.items.data[0].current_period_end)
          : local.currentPeriodEnd;
        await this.notify(
          user,
          site,
          { kind: 'cancellation-undone', renewsAt, manageUrl: this.mail.link(`/dashboard/sites/${site.id}/manage`) },
          `reactivate:${local.id}:${change.canceledAt ?? 0}`,
          tx,
        );
      }
    });
    return this.current(user, siteId);
  }

  /**
   * 'Relancer mon site': a checkout for the same site after its subscription ended (the same plan or the other); its
   * payment links the new subscription to this site and restores it (webhook), no new site, the history kept.
   */
  async restart(user: SessionUser, siteId: string, planType: PaidPlanType): Promise<CheckoutSessionResponseDto> {
    const { site, subscription } = await this.find(user, siteId);
    if (site.paymentState !== 'ended' || (subscription && !ENDED.has(subscription.status))) {
      throw new ConflictException('L’abonnement de ce site est toujours en cours : il n’y a rien à relancer.');
    }
    const account = await this.users.findById(user.id);
    if (!account) throw new NotFoundException('Site introuvable');
    return this.subscriptions.restartCheckout(
      site,
      { id: account.id, email: account.email, stripeCustomerId: account.stripeCustomerId ?? null },
      planType,
    );
  }

  /** 'Changer de carte': Stripe's page in setup mode; the saved card pays the next renewals (and a failing one at once). */
  async changeCard(user: SessionUser, siteId: string): Promise<CheckoutSessionResponseDto> {
    const { site, subscription } = await this.require(user, siteId);
    if (ENDED.has(subscription.status))
      throw new ConflictException('Cet abonnement est terminé : relancez votre site pour enregistrer une carte.');
    return this.subscriptions.cardChangeCheckout(site, subscription);
  }

  /**
   * Back from a restart's or a card change's Checkout session for this site: whether the product has recorded it yet.
   * Another site's (or account's) session is not found.
   */
  async checkoutConfirmation(user: SessionUser, siteId: string, sessionId: string): Promise<PaymentConfirmationDto> {
    const site = await this.sites.requireOwn(user.id, siteId);
    const found = STRIPE_ID.cs.test(sessionId) ? await this.confirmations.ofCheckout(sessionId) : null;
    const m = found?.metadata;
    const ours = m && (m.restartSiteId === site.id || m.cardForSiteId === site.id) && (!m.userId || m.userId === user.id);
    if (!found || !ours) throw new NotFoundException('Session de paiement introuvable');
    return { state: found.state };
  }

  /** Back from Stripe's page of one of this site's invoices: whether its payment is recorded yet. */
  async invoiceConfirmation(user: SessionUser, siteId: string, invoiceId: string): Promise<PaymentConfirmationDto> {
    const site = await this.sites.requireOwn(user.id, siteId);
    const state = STRIPE_ID.in.test(invoiceId) ? await this.confirmations.ofInvoice(invoiceId, { userId: user.id, siteId: site.id }) : null;
    if (!state) throw new NotFoundException('Facture introuvable');
    return { state };
  }

  private async notify(
    user: SessionUser,
    site: Site,
    notice: Parameters<MailService['notify']>[1],
    dedupeKey: string,
    tx: EntityManager,
  ): Promise<void> {
    await this.mail.notify(
      { siteId: site.id, siteName: site.siteName, customerName: user.name || user.email, customerEmail: user.email },
      notice,
      { tx, dedupeKey },
    );
  }
}
