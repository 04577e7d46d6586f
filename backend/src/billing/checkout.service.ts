import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ADD_ONS, type AddOnId, PLANS, type PlanId } from '@vitrine/domain';
import type Stripe from 'stripe';
import type { PaidPlanType } from '../billing-facts/facts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { checkoutDebitState } from './async-payments';
import { BillingRepository } from './billing.repository';
import { type CheckoutLease, CheckoutLeasesRepository, idempotencyKey } from './checkout-leases.repository';
import type { CheckoutSessionResponseDto } from './dto/billing.dto';
import { PriceBook } from './price-book.service';
import { StripeProvider, isMissingAtStripe } from './stripe.provider';

const lookupKeyOf = (id: PlanId | AddOnId) => [...PLANS, ...ADD_ONS].find((x) => x.id === id)?.lookupKey;

const ALREADY_PAID = 'Cette commande est déjà payée';

/** A previous session completed by a SEPA debit still processing: paying again could pay twice. */
export const DEBIT_PROCESSING =
  'Un prélèvement SEPA est en cours pour ce paiement : attendez sa confirmation par votre banque (en général quelques jours ouvrés) avant de payer à nouveau.';

export const CHECKOUT_IN_PROGRESS =
  'Un paiement est déjà en cours d’ouverture pour cette commande. Patientez quelques secondes, puis réessayez.';

/**
 * Stripe Checkout, the payment pages: one payable session at a time per thing being paid (a lease: CheckoutLeasesRepository), a previous
 * session closed before another opens, every create call with an idempotency key. An order's checkout is opened by
 * orders/ (`openSubscription`); a site's restart and card change by sites/.
 */
@Injectable()
export class CheckoutService {
  constructor(
    private readonly stripe: StripeProvider,
    private readonly prices: PriceBook,
    private readonly leases: CheckoutLeasesRepository,
    private readonly billing: BillingRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Holds the lease of `key` for `fn` (its answer: the session it opened), then lets go whatever happens; while another
   * request holds it, 409 with `busy`.
   */
  private async withLease<T extends { sessionId: string }>(
    key: string,
    fn: (lease: CheckoutLease) => Promise<T>,
    busy = CHECKOUT_IN_PROGRESS,
  ): Promise<T> {
    const lease = await this.leases.acquire(key);
    if (!lease) throw new ConflictException(busy);
    let opened: string | null = null;
    try {
      const result = await fn(lease);
      opened = result.sessionId;
      return result;
    } finally {
      await this.leases.release(lease, opened);
    }
  }

  /**
   * Closes the session opened last time for the same thing, so it can no longer be paid. Stripe unreachable here
   * stops the checkout (503): opening a second session while the first may still be open could let it be paid twice.
   * Only a session Stripe no longer knows is skipped. A completed one answers 409 `alreadyPaid` (a payment); null
   * when completing it settles nothing for good (a card saved: another may follow).
   */
  private async closePrevious(sessionId: string | null, alreadyPaid: string | null = ALREADY_PAID): Promise<void> {
    if (!sessionId) return;
    const client = this.stripe.client;
    const previous = await client.checkout.sessions.retrieve(sessionId).catch((error: unknown) => {
      if (isMissingAtStripe(error)) return null;
      throw error;
    });
    if (previous?.status === 'complete' && alreadyPaid) {
      // Completed by a SEPA debit: refused by the bank, it paid nothing (pay again); still processing, it may yet pay.
      const debit = await checkoutDebitState(client, previous);
      if (debit === 'failed') return;
      throw new ConflictException(debit === 'processing' ? DEBIT_PROCESSING : alreadyPaid);
    }
    if (previous?.status === 'open') await client.checkout.sessions.expire(previous.id);
  }

  /**
   * A checkout to restart an ended subscription's site: the chosen plan, paid by the account's Stripe customer; its
   * payment links the new subscription to the same site (webhook), which gets its status back. One payable session per
   * site at a time.
   */
  async restart(
    site: { id: string; siteName: string },
    account: { id: string; email: string; stripeCustomerId: string | null },
    planType: PaidPlanType,
  ): Promise<CheckoutSessionResponseDto> {
    const price = await this.priceOf(planType);
    return this.withLease(
      `restart:${site.id}`,
      async (lease) => {
        await this.closePrevious(lease.previousSessionId);
        const payer = await this.onTestClock(
          account.stripeCustomerId ? { customer: account.stripeCustomerId } : { customer_email: account.email },
        );
        const session = await this.stripe.client.checkout.sessions.create(
          {
            mode: 'subscription',
            // By card only: a restart gives the site back at once, on the page the client returns to; a debit would
            // leave it ended for the days the bank takes (docs/payments.md, SEPA Direct Debit).
            allowed_payment_method_types: ['card'],
            line_items: [{ price, quantity: 1 }],
            ...payer,
            client_reference_id: site.id,
            metadata: { restartSiteId: site.id, planType, userId: account.id },
            subscription_data: { metadata: { planType, siteId: site.id }, description: `Site « ${site.siteName} »` },
            locale: 'fr',
            success_url: `${this.config.appUrl}/dashboard/sites/${site.id}?restarted=1&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${this.config.appUrl}/dashboard/sites/${site.id}/manage`,
          },
          { idempotencyKey: idempotencyKey(lease) },
        );
        return { sessionId: session.id, url: session.url! };
      },
      'Un paiement est déjà en cours d’ouverture pour ce site. Patientez quelques secondes, puis réessayez.',
    );
  }

  /** A Checkout session in setup mode: the client enters a new card on Stripe's page; the webhook makes it the card of the subscription. */
  async cardChange(site: { id: string }, customerId: string, subscriptionId: string): Promise<CheckoutSessionResponseDto> {
    return this.withLease(
      `card:${site.id}`,
      async (lease) => {
        await this.closePrevious(lease.previousSessionId, null);
        const session = await this.stripe.client.checkout.sessions.create(
          {
            mode: 'setup',
            customer: customerId,
            currency: 'eur',
            metadata: { cardForSiteId: site.id, subscriptionId },
            setup_intent_data: { metadata: { siteId: site.id, subscriptionId } },
            locale: 'fr',
            success_url: `${this.config.appUrl}/dashboard/sites/${site.id}/manage?card=updated&session_id={CHECKOUT_SESSION_ID}`,
            cancel_url: `${this.config.appUrl}/dashboard/sites/${site.id}/manage`,
          },
          { idempotencyKey: idempotencyKey(lease) },
        );
        return { sessionId: session.id, url: session.url! };
      },
      'Un changement de carte est déjà en cours pour ce site. Patientez quelques secondes, puis réessayez.',
    );
  }

  /**
   * A Checkout session in subscription mode for something the caller sells (an order: orders/), one payable at a time
   * for `key` (the lease): the previous session is closed first (a completed one answers 409 `alreadyPaid`), the new
   * one created with the lease's idempotency key, and `opened` run before the lease is let go.
   */
  async openSubscription(
    key: string,
    params: Omit<Stripe.Checkout.SessionCreateParams, 'mode' | 'locale'>,
    options: { previousSessionId?: string | null; opened?: (sessionId: string) => Promise<void> } = {},
  ): Promise<CheckoutSessionResponseDto> {
    return this.withLease(key, async (lease) => {
      await this.closePrevious(lease.previousSessionId ?? options.previousSessionId ?? null);
      const session = await this.stripe.client.checkout.sessions.create(
        {
          allowed_payment_method_types: this.config.stripe.paymentMethods,
          ...(await this.onTestClock(params)),
          mode: 'subscription',
          locale: 'fr',
        },
        { idempotencyKey: idempotencyKey(lease) },
      );
      try {
        await options.opened?.(session.id);
      } catch (error) {
        // Not recorded (or refused by the caller): it must not stay payable.
        await this.expire(session.id).catch(() => undefined);
        throw error;
      }
      return { sessionId: session.id, url: session.url! };
    });
  }

  /**
   * With STRIPE_TEST_CLOCKS=true (Stripe test mode only, see config): a payer with no Stripe customer yet gets one made
   * now, on a new test clock of its own at the current time, and pays with it, so that `npm run stripe:check` can move
   * that client's time forward (renewals, retries, the end of dunning) through Stripe's test-clock API. Otherwise, and
   * for a payer with a customer, the parameters as they are. No idempotency key of ours: the clock's time is the
   * moment of the call (the SDK's own key covers its retries); a clock left by a failed checkout is harmless in test mode.
   */
  private async onTestClock<T extends { customer?: string; customer_email?: string }>(params: T): Promise<T> {
    if (!this.config.stripe.testClocks || params.customer || !params.customer_email) return params;
    const client = this.stripe.client;
    const email = params.customer_email;
    const clock = await client.testHelpers.testClocks.create({ frozen_time: Math.floor(Date.now() / 1000), name: email.slice(0, 300) });
    const customer = await client.customers.create({ email, test_clock: clock.id });
    const { customer_email: _email, ...rest } = params;
    return { ...rest, customer: customer.id } as T;
  }

  /**
   * Closes a session so that it can no longer be paid: 'expired' (now, already, or unknown to Stripe), or 'complete'
   * when it was paid first (its payment's events follow). Stripe unreachable: the error (503), nothing assumed.
   */
  async expire(sessionId: string): Promise<'expired' | 'complete'> {
    return (await this.close(sessionId))?.status === 'complete' ? 'complete' : 'expired';
  }

  private async close(sessionId: string): Promise<Stripe.Checkout.Session | null> {
    const client = this.stripe.client;
    const read = () =>
      client.checkout.sessions.retrieve(sessionId).catch((error: unknown) => (isMissingAtStripe(error) ? null : Promise.reject(error)));
    const session = await read();
    if (session?.status !== 'open') return session;
    try {
      return await client.checkout.sessions.expire(sessionId);
    } catch (error) {
      // Completed between the read and the expiry: Stripe refuses to expire it (400); what it is now says.
      if ((error as { statusCode?: number }).statusCode !== 400) throw error;
      return read();
    }
  }

  /**
   * An account's closure: every Checkout session it could still pay closed at Stripe — the sessions given (its orders'),
   * the last restart and card change opened for each of its sites, and the open ones of its Stripe customer. Stripe first, no transaction open; a failure stops the closure (503), tried again it changes
   * nothing twice. Answers the sessions found already paid whose payment we have not applied yet (no site was paid by
   * their subscription): those are refunded when their events come, and the erasure waits for it.
   */
  async closeAllFor(account: { sessionIds: string[]; siteIds: string[]; customerId: string | null }): Promise<string[]> {
    const keys = account.siteIds.flatMap((id) => [`restart:${id}`, `card:${id}`]);
    const ids = new Set([...account.sessionIds, ...(await this.leases.sessionsOf(keys))]);
    if (account.customerId) {
      for await (const open of this.stripe.client.checkout.sessions.list({ customer: account.customerId, status: 'open', limit: 100 }))
        ids.add(open.id);
    }
    const late: string[] = [];
    for (const id of ids) {
      const session = await this.close(id);
      if (session?.status !== 'complete' || session.mode === 'setup') continue;
      const subscriptionId = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
      if (!subscriptionId || !(await this.billing.siteOfSubscription(subscriptionId))) late.push(id);
    }
    return late;
  }

  /** A session's state as Stripe has it (404 in French when Stripe does not know it). */
  async session(id: string): Promise<{
    status: 'open' | 'complete' | 'expired';
    paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
    metadata: Record<string, string>;
  }> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.client.checkout.sessions.retrieve(id);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) throw new NotFoundException('Session de paiement introuvable');
      throw error;
    }
    const status = (['open', 'complete', 'expired'] as const).find((s) => s === session.status) ?? 'open';
    const paymentStatus = (['paid', 'unpaid', 'no_payment_required'] as const).find((s) => s === session.payment_status) ?? 'unpaid';
    return { status, paymentStatus, metadata: session.metadata ?? {} };
  }

  /** The Stripe price of a catalogue entry (a plan or an add-on). */
  async priceOf(id: PlanId | AddOnId): Promise<string> {
    return (await this.prices.priceIds()).get(lookupKeyOf(id)!)!;
  }
}
