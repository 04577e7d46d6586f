import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { UsersService } from '../auth/users.service';
import type { SessionUser } from '../common/current-user';
import { euros, fromUnix, shortDate } from '../common/format';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import type { PaidPlanType } from '../orders/order-form';
import type { Site } from '../sites/site.entity';
import { isPlanId, planOf, SITE_TYPE_LABELS, sitePlanLabel } from '@vitrine/domain';
import { SitesService } from '../sites/sites.service';
import { BillingRepository } from './billing.repository';
import { CheckoutService } from './checkout.service';
import type { CheckoutSessionResponseDto } from './dto/billing.dto';
import type {
  PaymentIssueDto,
  SiteSubscriptionDto,
  SiteSubscriptionResponseDto,
  SubscriptionUpgradeResponseDto,
} from './dto/client-billing.dto';
import { PriceBook } from './price-book.service';
import { StripeProvider } from './stripe.provider';
import type { Subscription } from './subscription.entity';
import type { Invoice } from './invoice.entity';
import { PaymentApplier } from './payment-applier';

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
const ENDED = new Set(['canceled', 'incomplete_expired']);
const IN_ARREARS = new Set(['past_due', 'unpaid']);

/** The banner of a site whose payment is failing: what, since when, where to pay (null when up to date). */
export function paymentIssueOf(
  site: Pick<Site, 'id' | 'siteName' | 'paymentState' | 'paymentStateSince'>,
  open: { id: string; amountCents: number; paymentFailedAt: Date | null; hostedUrl: string | null; date: Date } | undefined,
): PaymentIssueDto | null {
  if (site.paymentState !== 'past_due' && site.paymentState !== 'unpaid') return null;
  const failedAt = open?.paymentFailedAt ?? site.paymentStateSince ?? null;
  const what = open
    ? `Le paiement de ${euros(open.amountCents)} du ${shortDate(failedAt ?? open.date)} a échoué`
    : 'Le paiement de votre abonnement a échoué';
  const message =
    site.paymentState === 'unpaid'
      ? `${what} : votre site « ${site.siteName} » est suspendu. Réglez la facture pour le remettre en ligne.`
      : `${what}. Réglez la facture ou changez de carte pour garder votre site « ${site.siteName} » en ligne.`;
  return {
    siteId: site.id,
    siteName: site.siteName,
    state: site.paymentState,
    since: failedAt ? failedAt.toISOString() : null,
    amountCents: open?.amountCents ?? null,
    invoiceId: open?.id ?? null,
    payUrl: open?.hostedUrl ?? null,
    message: message.replace(/\u202f|\u00a0/g, ' '),
  };
}

/**
 * A client's subscription actions on one of their sites. Each reads and writes Stripe first, with no transaction
 * open, then writes our copy (and the site, through its lifecycle) at once, through the webhook inbox's own code; the
 * webhook that follows changes nothing more. Every change is mailed to the client and the team.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly stripe: StripeProvider,
    private readonly prices: PriceBook,
    private readonly billing: BillingRepository,
    private readonly sites: SitesService,
    private readonly applier: PaymentApplier,
    private readonly transactions: Transactions,
    private readonly checkout: CheckoutService,
    private readonly users: UsersService,
    private readonly mail: MailService,
  ) {}

  private async find(user: SessionUser, siteId: string): Promise<{ site: Site; subscription: Subscription | null }> {
    const site = await this.sites.requireOwn(user.id, siteId);
    const subscription = site.stripeSubscriptionId ? await this.billing.findSubscriptionOfUser(site.stripeSubscriptionId, user.id) : null;
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
    const open = IN_ARREARS.has(s.status) ? (await this.billing.openInvoicesOf([s.id]))[0] : undefined;
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
    const open = await this.billing.openInvoicesOf(sites.map((s) => s.stripeSubscriptionId).filter((id): id is string => Boolean(id)));
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

  /** Pro → Business now: the plan's price swapped, the prorated difference invoiced and charged to the saved card. */
  async upgrade(user: SessionUser, siteId: string): Promise<SubscriptionUpgradeResponseDto> {
    const { site, subscription: local } = await this.require(user, siteId);
    if (local.plan !== 'pro')
      throw new ConflictException('Seule la formule Pro peut passer en Business. Contactez le support pour un autre changement.');
    if (local.status !== 'active' || local.cancelAtPeriodEnd)
      throw new ConflictException("L'abonnement doit être actif, sans annulation programmée, pour changer de formule.");
    const client = this.stripe.client;
    const businessPrice = (await this.prices.priceIds()).get('plan_business_monthly');
    const proPrice = (await this.prices.priceIds()).get('plan_pro_monthly');
    const current = await client.subscriptions.retrieve(local.id);
    const item = current.items.data.find((i) => i.price.id === proPrice);
    if (!businessPrice || !item)
      throw new ConflictException('Seule la formule Pro peut passer en Business. Contactez le support pour un autre changement.');
    const updated = await client.subscriptions.update(
      local.id,
      { items: [{ id: item.id, price: businessPrice }], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' },
      { idempotencyKey: `upgrade:${local.id}:${item.id}:${businessPrice}` },
    );
    const latest =
      typeof updated.latest_invoice === 'string'
        ? await client.invoices.retrieve(updated.latest_invoice)
        : (updated.latest_invoice ?? null);
    const invoice = latest && latest.billing_reason === 'subscription_update' ? latest : null;
    const debit = invoice?.lines?.data.find((l) => l.amount > 0);
    await this.transactions.run(async (tx) => {
      await this.applier.syncFromApi(updated, invoice ? [invoice] : [], 'client', tx);
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
          dedupe: invoice?.id ?? updated.id,
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
      redirectTo: `/upgrade-success?site_id=${encodeURIComponent(site.id)}&is_downgrade=false&plan_type=business`,
      subscription: await this.current(user, siteId),
    };
  }

  /** Cancellation at the end of the current period: the site stays online until then. Mailed to the client and the team. */
  async cancel(user: SessionUser, siteId: string): Promise<SiteSubscriptionDto> {
    const { site, subscription: local } = await this.require(user, siteId);
    if (ENDED.has(local.status)) throw new ConflictException('Cet abonnement est déjà terminé.');
    if (!local.cancelAtPeriodEnd) {
      const updated = await this.stripe.client.subscriptions.update(
        local.id,
        { cancel_at_period_end: true },
        { idempotencyKey: `cancel:${local.id}:${local.syncedAt.getTime()}` },
      );
      await this.transactions.run(async (tx) => {
        await this.applier.syncFromApi(updated, [], 'client', tx);
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
    const client = this.stripe.client;
    const current = await client.subscriptions.retrieve(local.id);
    if (ENDED.has(current.status))
      throw new ConflictException('Cet abonnement est terminé : relancez votre site depuis cette page pour le remettre en ligne.');
    let updated: Stripe.Subscription = current;
    const invoices: Stripe.Invoice[] = [];
    const undone = current.cancel_at_period_end;
    if (undone)
      updated = await client.subscriptions.update(
        local.id,
        { cancel_at_period_end: false },
        { idempotencyKey: `reactivate:${local.id}:${current.canceled_at ?? 0}` },
      );
    if (current.status === 'past_due' || current.status === 'unpaid') {
      const latestId = typeof current.latest_invoice === 'string' ? current.latest_invoice : current.latest_invoice?.id;
      if (latestId) {
        const latest = await client.invoices.retrieve(latestId);
        if (latest.status === 'open') invoices.push(await client.invoices.pay(latestId));
      }
      updated = await client.subscriptions.retrieve(local.id);
    }
    await this.transactions.run(async (tx) => {
      await this.applier.syncFromApi(updated, invoices, 'client', tx);
      if (undone) {
        const renewsAt = updated.items.data[0]?.current_period_end
          ? fromUnix(updated.items.data[0].current_period_end)
          : local.currentPeriodEnd;
        await this.notify(
          user,
          site,
          { kind: 'cancellation-undone', renewsAt, manageUrl: this.mail.link(`/dashboard/sites/${site.id}/manage`) },
          `reactivate:${local.id}:${current.canceled_at ?? 0}`,
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
    return this.checkout.restart(
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
    return this.checkout.cardChange(site, subscription.customerId, subscription.id);
  }

  // ---- an account's closure and its data (privacy/) ----

  /** The account's subscriptions that still run (or could be paid again): what its closure ends. */
  async liveOf(userId: string, tx?: EntityManager): Promise<Array<{ subscription: Subscription; siteName: string | null }>> {
    const subs = (await this.billing.subscriptionsOfUser(userId, tx)).filter((s) => !ENDED.has(s.status));
    const names = await this.sites.namesOf(
      subs.map((s) => s.siteId).filter((id): id is string => Boolean(id)),
      tx,
    );
    return subs.map((subscription) => ({ subscription, siteName: subscription.siteId ? (names.get(subscription.siteId) ?? null) : null }));
  }

  /**
   * Ends the account's live subscriptions at Stripe for its closure: at once, or at the end of the period already
   * paid (only an active one has such a period: one in arrears ends at once). Stripe first, no transaction open; an
   * already ended one is only read back, so a closure tried again after a failure changes nothing twice. Answers
   * Stripe's subscriptions as they now are, for `applyClosure` in the closing transaction.
   */
  async endForClosure(userId: string, when: 'now' | 'period_end'): Promise<Stripe.Subscription[]> {
    const client = this.stripe.client;
    const ended: Stripe.Subscription[] = [];
    for (const { subscription: local } of await this.liveOf(userId)) {
      const current = await client.subscriptions.retrieve(local.id);
      if (ENDED.has(current.status)) {
        ended.push(current);
      } else if (when === 'period_end' && (current.status === 'active' || current.status === 'trialing')) {
        ended.push(
          current.cancel_at_period_end
            ? current
            : await client.subscriptions.update(
                local.id,
                { cancel_at_period_end: true },
                { idempotencyKey: `closure:${local.id}:period_end` },
              ),
        );
      } else {
        ended.push(
          await client.subscriptions.cancel(
            local.id,
            { cancellation_details: { comment: 'Fermeture du compte client' } },
            { idempotencyKey: `closure:${local.id}:now` },
          ),
        );
      }
    }
    return ended;
  }

  /** Our copy of the subscriptions `endForClosure` changed, and their sites through their lifecycle, in the closing transaction. */
  async applyClosure(subscriptions: Stripe.Subscription[], tx: EntityManager): Promise<void> {
    for (const subscription of subscriptions) await this.applier.syncFromApi(subscription, [], 'client', tx);
  }

  /** An account's subscriptions and invoices (our copies of Stripe's), for its data archive. */
  async recordsOf(userId: string): Promise<{ subscriptions: Subscription[]; invoices: Invoice[] }> {
    const [subscriptions, invoices] = await Promise.all([this.billing.subscriptionsOfUser(userId), this.billing.invoicesOfUser(userId)]);
    return { subscriptions, invoices };
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
