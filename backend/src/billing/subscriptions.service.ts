import { randomUUID } from 'node:crypto';
import { ConflictException, Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import type { PaidPlanType } from '../billing-facts/facts';
import { BillingRepository } from './billing.repository';
import { CheckoutService } from './checkout.service';
import type { CheckoutSessionResponseDto } from './dto/billing.dto';
import type { Invoice } from './invoice.entity';
import { PaymentRecorder } from './payment-recorder';
import { PriceBook } from './price-book.service';
import { isAlreadyPaid, withAllLines } from './stripe-reader';
import { StripeProvider } from './stripe.provider';
import type { Subscription } from './subscription.entity';

/** A subscription that can no longer be paid (its site can be restarted). */
export const ENDED = new Set(['canceled', 'incomplete_expired']);
/** Stripe's answer to an update whose charge waits for the customer's authentication (error_if_incomplete). */
const REQUIRES_ACTION = 'subscription_payment_intent_requires_action';
const ONLY_PRO = 'Seule la formule Pro peut passer en Business. Contactez le support pour un autre changement.';

/** What a change made at Stripe returns, to record in the caller's transaction (`record`). */
export interface StripeChange {
  subscription: Stripe.Subscription;
  invoices: Stripe.Invoice[];
}

/**
 * Subscriptions at Stripe, for the modules that act on them (a client's own site, an account's closure): each call
 * reads and writes Stripe, with no transaction open, and answers what Stripe now has; `record` then writes our copy in
 * the caller's transaction, through the webhook's own code (PaymentRecorder), so that the webhook that follows changes
 * nothing more. Which subscription a caller may touch is the caller's to check (the site's owner).
 */
@Injectable()
export class SubscriptionsService {
  constructor(
    private readonly stripe: StripeProvider,
    private readonly prices: PriceBook,
    private readonly billing: BillingRepository,
    private readonly recorder: PaymentRecorder,
    private readonly checkout: CheckoutService,
  ) {}

  /** Our copy of a subscription, if it is this account's. */
  findOfUser(subscriptionId: string, userId: string): Promise<Subscription | null> {
    return this.billing.findSubscriptionOfUser(subscriptionId, userId);
  }

  /** Which of our Checkouts opened a subscription: an order's, a restart's, or none of ours. */
  openerOf(subscriptionId: string): Promise<'order' | 'restart' | null> {
    return this.billing.openerOf(subscriptionId);
  }

  /** The paid invoices of a subscription, oldest first (the order's payment, then an upgrade's prorata…), with what was refunded of each. */
  paidInvoicesOf(subscriptionId: string): ReturnType<BillingRepository['paidInvoicesOf']> {
    return this.billing.paidInvoicesOf(subscriptionId);
  }

  /** The open invoices of these subscriptions (what to pay, since when, where). */
  openInvoicesOf(subscriptionIds: string[]): ReturnType<BillingRepository['openInvoicesOf']> {
    return this.billing.openInvoicesOf(subscriptionIds);
  }

  /** Writes what a change made at Stripe, in `tx` (the facts it tells follow, as for a webhook). */
  record(change: StripeChange, tx: EntityManager): Promise<void> {
    return this.recorder.syncFromApi(change.subscription, change.invoices, tx);
  }

  /**
   * Pro → Business now: the plan's price swapped, the prorated difference invoiced and charged to the saved card. The
   * idempotency key names this attempt (one per request): Stripe keeps a key's answer for 24 hours whatever it was, a
   * declined card included, so a key naming only the change would replay the decline to a client who has just changed
   * the card. The SDK's own retries of this one call share the key; two attempts cannot charge twice, for the second
   * finds the item already on the Business price (nothing to prorate, no invoice), or before that our copy no longer Pro.
   */
  async upgradeToBusiness(
    local: Subscription,
  ): Promise<StripeChange & { invoice: Stripe.Invoice | null; authenticationRequired: boolean }> {
    const client = this.stripe.client;
    const businessPrice = (await this.prices.priceIds()).get('plan_business_monthly');
    const proPrice = (await this.prices.priceIds()).get('plan_pro_monthly');
    const current = await client.subscriptions.retrieve(local.id);
    const item = current.items.data.find((i) => i.price.id === proPrice);
    if (!businessPrice || !item) throw new ConflictException(ONLY_PRO);
    const attempt = `upgrade:${local.id}:${item.id}:${businessPrice}:${randomUUID()}`;
    const change = { items: [{ id: item.id, price: businessPrice }], proration_behavior: 'always_invoice' as const };
    let updated: Stripe.Subscription;
    let authenticationRequired = false;
    try {
      updated = await client.subscriptions.update(
        local.id,
        { ...change, payment_behavior: 'error_if_incomplete' },
        { idempotencyKey: attempt },
      );
    } catch (error) {
      if ((error as { code?: unknown } | null)?.code !== REQUIRES_ACTION) throw error;
      // The bank asks the client to authenticate the charge (3-D Secure): Stripe changed nothing. The same change is made
      // as a pending update, applied by Stripe once its invoice is paid (the client authenticates on the invoice's hosted
      // page; the webhook then gives the site its new plan), dropped after 23 hours otherwise.
      updated = await client.subscriptions.update(
        local.id,
        { ...change, payment_behavior: 'pending_if_incomplete' },
        { idempotencyKey: `${attempt}:pending` },
      );
      authenticationRequired = true;
    }
    const latest = await withAllLines(
      client,
      typeof updated.latest_invoice === 'string'
        ? await client.invoices.retrieve(updated.latest_invoice, { expand: ['payments.data.payment.payment_intent'] })
        : updated.latest_invoice,
    );
    const invoice = latest && latest.billing_reason === 'subscription_update' ? latest : null;
    return {
      subscription: updated,
      invoices: invoice ? [invoice] : [],
      invoice,
      authenticationRequired: authenticationRequired && !!invoice,
    };
  }

  /** Cancellation at the end of the current period (once: an already scheduled one answers null). */
  async scheduleCancel(local: Subscription): Promise<StripeChange | null> {
    if (local.cancelAtPeriodEnd) return null;
    const updated = await this.stripe.client.subscriptions.update(
      local.id,
      { cancel_at_period_end: true },
      { idempotencyKey: `cancel:${local.id}:${local.syncedAt.getTime()}` },
    );
    return { subscription: updated, invoices: [] };
  }

  /**
   * Immediate reactivation: a scheduled cancellation undone (`undone`), an unpaid subscription's open invoice paid with
   * the saved card. An ended subscription cannot come back (409): its site can be restarted.
   */
  async reactivate(local: Subscription): Promise<StripeChange & { undone: boolean; canceledAt: number | null }> {
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
        if (latest.status === 'open') invoices.push(await withAllLines(client, await this.payOrRead(latestId)));
      }
      updated = await client.subscriptions.retrieve(local.id);
    }
    return { subscription: updated, invoices, undone, canceledAt: current.canceled_at ?? null };
  }

  /**
   * Pays an open invoice with the saved card; if it was paid meanwhile (Stripe's own retry, the client on the hosted
   * page, a card change's webhook), Stripe answers `invoice_already_paid`: the invoice as it now is, not an error.
   */
  private async payOrRead(invoiceId: string): Promise<Stripe.Invoice> {
    try {
      return await this.stripe.client.invoices.pay(invoiceId);
    } catch (error) {
      if (isAlreadyPaid(error)) return this.stripe.client.invoices.retrieve(invoiceId);
      throw error;
    }
  }

  /** A checkout for an ended subscription's site (see CheckoutService.restart). */
  restartCheckout(
    site: { id: string; siteName: string },
    account: { id: string; email: string; stripeCustomerId: string | null },
    planType: PaidPlanType,
  ): Promise<CheckoutSessionResponseDto> {
    return this.checkout.restart(site, account, planType);
  }

  /** A checkout in setup mode for a new card of this subscription (see CheckoutService.cardChange). */
  cardChangeCheckout(site: { id: string }, local: Subscription): Promise<CheckoutSessionResponseDto> {
    return this.checkout.cardChange(site, local.customerId, local.id);
  }

  // ---- an account's closure and its data (privacy/) ----

  /** The account's subscriptions that still run (or could be paid again): what its closure ends. */
  async liveOf(userId: string, tx?: EntityManager): Promise<Subscription[]> {
    return (await this.billing.subscriptionsOfUser(userId, tx)).filter((s) => !ENDED.has(s.status));
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
    for (const local of await this.liveOf(userId)) {
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
    for (const subscription of subscriptions) await this.recorder.syncFromApi(subscription, [], tx);
  }

  /** An account's subscriptions and invoices (our copies of Stripe's), for its data archive. */
  async recordsOf(userId: string): Promise<{ subscriptions: Subscription[]; invoices: Invoice[] }> {
    const [subscriptions, invoices] = await Promise.all([this.billing.subscriptionsOfUser(userId), this.billing.invoicesOfUser(userId)]);
    return { subscriptions, invoices };
  }
}
