import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type Stripe from 'stripe';
import type { SessionUser } from '../common/current-user';
import { Transactions } from '../database/transactions';
import { planLabel, SitesService } from '../sites/sites.service';
import { BillingRepository } from './billing.repository';
import type { SiteSubscriptionDto, SiteSubscriptionResponseDto, SubscriptionUpgradeResponseDto } from './dto/client-billing.dto';
import { PriceBook } from './price-book.service';
import { StripeProvider } from './stripe.provider';
import type { Subscription } from './subscription.entity';
import { WebhookService } from './webhook.service';

const NONE = 'Aucun abonnement trouvé pour ce site.';
const STATUS_LABELS: Record<string, string> = {
  active: 'Actif',
  trialing: 'Actif',
  past_due: 'Paiement en retard',
  unpaid: 'Impayé',
  canceled: 'Annulé',
  incomplete: 'Paiement incomplet',
  incomplete_expired: 'Annulé',
  paused: 'En pause',
};

function toDto(s: Subscription): SiteSubscriptionDto {
  const plan = s.plan === 'pro' || s.plan === 'business' || s.plan === 'teams' ? s.plan : null;
  return {
    id: s.id,
    customerId: s.customerId,
    status: s.status,
    statusLabel: s.cancelAtPeriodEnd && s.status !== 'canceled' ? 'Annulation programmée' : (STATUS_LABELS[s.status] ?? s.status),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    currentPeriodEnd: s.currentPeriodEnd ? s.currentPeriodEnd.toISOString() : null,
    plan,
    planLabel: planLabel(plan === 'teams' || !plan ? 'custom' : plan),
  };
}

/**
 * A client's subscription actions on one of their sites. Each reads and writes Stripe first, with no transaction
 * open, then writes our copy (and the site's status) at once, through the webhook inbox's own code; the webhook that
 * follows changes nothing more.
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly stripe: StripeProvider,
    private readonly prices: PriceBook,
    private readonly billing: BillingRepository,
    private readonly sites: SitesService,
    private readonly webhooks: WebhookService,
    private readonly transactions: Transactions,
  ) {}

  private async find(user: SessionUser, siteId: string): Promise<{ siteId: string; subscription: Subscription | null }> {
    const site = await this.sites.requireOwn(user.id, siteId);
    const subscription = site.stripeSubscriptionId ? await this.billing.findSubscriptionOfUser(site.stripeSubscriptionId, user.id) : null;
    return { siteId: site.id, subscription };
  }

  private async require(user: SessionUser, siteId: string): Promise<{ siteId: string; subscription: Subscription }> {
    const found = await this.find(user, siteId);
    if (!found.subscription) throw new NotFoundException(NONE);
    return { siteId: found.siteId, subscription: found.subscription };
  }

  private async current(user: SessionUser, siteId: string): Promise<SiteSubscriptionDto> {
    const { subscription } = await this.require(user, siteId);
    return toDto(subscription);
  }

  async get(user: SessionUser, siteId: string): Promise<SiteSubscriptionResponseDto> {
    const { subscription } = await this.find(user, siteId);
    return { subscription: subscription ? toDto(subscription) : null };
  }

  /** Pro → Business now: the plan's price swapped, the prorated difference invoiced and charged to the saved card. */
  async upgrade(user: SessionUser, siteId: string): Promise<SubscriptionUpgradeResponseDto> {
    const { subscription: local } = await this.require(user, siteId);
    if (local.plan !== 'pro') throw new ConflictException('Seule la formule Pro peut passer en Business. Contactez le support pour un autre changement.');
    if (local.status !== 'active' || local.cancelAtPeriodEnd) throw new ConflictException("L'abonnement doit être actif, sans annulation programmée, pour changer de formule.");
    const client = this.stripe.client;
    const businessPrice = (await this.prices.priceIds()).get('plan_business_monthly');
    const proPrice = (await this.prices.priceIds()).get('plan_pro_monthly');
    const current = await client.subscriptions.retrieve(local.id);
    const item = current.items.data.find((i) => i.price.id === proPrice);
    if (!businessPrice || !item) throw new ConflictException('Seule la formule Pro peut passer en Business. Contactez le support pour un autre changement.');
    const updated = await client.subscriptions.update(
      local.id,
      { items: [{ id: item.id, price: businessPrice }], proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' },
      { idempotencyKey: `upgrade:${local.id}:${item.id}:${businessPrice}` },
    );
    const latest = typeof updated.latest_invoice === 'string' ? await client.invoices.retrieve(updated.latest_invoice) : (updated.latest_invoice ?? null);
    const invoice = latest && latest.billing_reason === 'subscription_update' ? latest : null;
    await this.transactions.run(async (tx) => {
      await this.webhooks.syncFromApi(updated, invoice ? [invoice] : [], 'client', tx);
      await this.sites.markUpgraded(siteId, tx);
    });
    return {
      siteId,
      planType: 'business',
      isDowngrade: false,
      amountChargedCents: invoice?.amount_paid ?? 0,
      redirectTo: `/upgrade-success?site_id=${encodeURIComponent(siteId)}&is_downgrade=false&plan_type=business`,
      subscription: await this.current(user, siteId),
    };
  }

  /** Cancellation at the end of the current period: the site stays online until then. */
  async cancel(user: SessionUser, siteId: string): Promise<SiteSubscriptionDto> {
    const { subscription: local } = await this.require(user, siteId);
    if (local.status === 'canceled') throw new ConflictException('Cet abonnement est déjà terminé.');
    if (!local.cancelAtPeriodEnd) {
      const updated = await this.stripe.client.subscriptions.update(local.id, { cancel_at_period_end: true });
      await this.webhooks.syncFromApi(updated, [], 'client');
    }
    return this.current(user, siteId);
  }

  /**
   * Immediate reactivation: a scheduled cancellation is withdrawn; an unpaid subscription's open invoice is paid
   * with the saved card (the site gets its status back). An ended subscription cannot come back: a new order can.
   */
  async reactivate(user: SessionUser, siteId: string): Promise<SiteSubscriptionDto> {
    const { subscription: local } = await this.require(user, siteId);
    const client = this.stripe.client;
    const current = await client.subscriptions.retrieve(local.id);
    if (current.status === 'canceled' || current.status === 'incomplete_expired') {
      throw new ConflictException('Cet abonnement est terminé : passez une nouvelle commande pour remettre votre site en ligne.');
    }
    let updated: Stripe.Subscription = current;
    const invoices: Stripe.Invoice[] = [];
    if (current.cancel_at_period_end) updated = await client.subscriptions.update(local.id, { cancel_at_period_end: false });
    if (current.status === 'past_due' || current.status === 'unpaid') {
      const latestId = typeof current.latest_invoice === 'string' ? current.latest_invoice : current.latest_invoice?.id;
      if (latestId) {
        const latest = await client.invoices.retrieve(latestId);
        if (latest.status === 'open') invoices.push(await client.invoices.pay(latestId));
      }
      updated = await client.subscriptions.retrieve(local.id);
    }
    await this.webhooks.syncFromApi(updated, invoices, 'client');
    return this.current(user, siteId);
  }
}
