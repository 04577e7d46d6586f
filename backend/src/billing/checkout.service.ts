import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type Stripe from 'stripe';
import { UsersService } from '../auth/users.service';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ADD_ONS, buyerCompany, PLANS } from '@vitrine/domain';
import type { DraftCaller } from '../orders/draft-caller';
import { OrderDraftsService } from '../orders/order-drafts.service';
import { type PaidPlanType, selectedAddOns } from '../orders/order-form';
import { recapOf } from '../orders/order-summary';
import { SitesService } from '../sites/sites.service';
import type { CheckoutSessionResponseDto, CheckoutSessionStatusDto, CreateCheckoutSessionDto } from './dto/billing.dto';
import { CheckoutLeases, idempotencyKey } from './checkout-leases';
import { PriceBook } from './price-book.service';
import { StripeProvider, isMissingAtStripe } from './stripe.provider';

const lookupKeyOf = (id: string) => [...PLANS, ...ADD_ONS].find((x) => x.id === id)?.lookupKey;
/** What the sign-up page already tells about an address, and nothing more. */
export const ACCOUNT_EXISTS = 'Un compte existe déjà avec cet email. Connectez-vous pour finaliser votre commande.';

const ALREADY_PAID = 'Cette commande est déjà payée';

const TOO_MANY_CHECKOUTS = 'Trop de paiements commencés. Réessayez dans {minutes}.';

/** The priced selection of a checkout, in its metadata: the webhook provisions what was paid, not a later edit. */
export interface CheckoutMetadata {
  draftId: string;
  planType: PaidPlanType;
  logo: string;
  googleBusiness: string;
  trustpilot: string;
  extraEmailCount: string;
}

@Injectable()
export class CheckoutService {
  constructor(
    private readonly stripe: StripeProvider,
    private readonly prices: PriceBook,
    private readonly users: UsersService,
    private readonly orders: OrderDraftsService,
    private readonly sites: SitesService,
    private readonly rateLimit: RateLimitService,
    private readonly leases: CheckoutLeases,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A Stripe Checkout session in subscription mode for the caller's draft: the plan and monthly add-ons recur, the
   * logo is a one-time line of the first invoice. Plan, add-ons and amounts come from the draft and the catalogue.
   * A signed-in buyer pays with the account's e-mail and Stripe customer. An anonymous checkout never uses an
   * existing account or customer: an e-mail that has an account must sign in first (409). At most
   * CHECKOUT_LIMIT_PER_IP payments opened an hour from one address and CHECKOUT_LIMIT_PER_EMAIL for one e-mail (429).
   */
  async create(dto: CreateCheckoutSessionDto, caller: DraftCaller, ip: string): Promise<CheckoutSessionResponseDto> {
    const { checkoutPerIp, checkoutPerEmail } = this.config.limits;
    await this.rateLimit.hit({ key: `checkout:ip:${ip}`, limit: checkoutPerIp, windowSeconds: 3600, message: TOO_MANY_CHECKOUTS });
    await this.rateLimit.hit({
      key: `checkout:email:${caller.user?.email ?? dto.billing.email}`,
      limit: checkoutPerEmail,
      windowSeconds: 3600,
      message: TOO_MANY_CHECKOUTS,
    });
    const draft = await this.orders.forCheckout(dto.draftId, caller);
    const account = caller.user ? await this.users.findById(caller.user.id) : null;
    if (caller.user && !account) throw new NotFoundException('Commande introuvable');
    if (!account && (await this.users.findByEmail(dto.billing.email))) {
      throw new ConflictException({ message: ACCOUNT_EXISTS, errors: { email: ACCOUNT_EXISTS } });
    }
    const email = account?.email ?? dto.billing.email;
    const b = dto.billing;
    await this.orders.saveCheckoutBilling(draft, { ...b, phone: b.phone ?? '', email, ...buyerCompany(b) }, account);

    const recap = recapOf(draft.planType, draft.data);
    const priceIds = await this.prices.priceIds();
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = recap.lines.map((line) => ({
      price: priceIds.get(lookupKeyOf(line.code)!)!,
      quantity: line.quantity,
    }));
    const addOns = selectedAddOns(draft.data);
    const metadata: CheckoutMetadata = {
      draftId: draft.id,
      planType: draft.planType,
      logo: String(addOns.logo),
      googleBusiness: String(addOns.googleBusiness),
      trustpilot: String(addOns.trustpilot),
      extraEmailCount: String(addOns.extraEmails.length),
    };
    const siteName = draft.data.siteName.trim() || 'Mon site';
    // One payable session per order, whatever the number of parallel requests (the lease), retries (the key) or
    // earlier sessions (closed first).
    return this.leases.with(`order:${draft.id}`, async (lease) => {
      await this.closePrevious(lease.previousSessionId ?? draft.checkoutSessionId);
      const session = await this.stripe.client.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: lineItems,
          ...(account?.stripeCustomerId ? { customer: account.stripeCustomerId } : { customer_email: email }),
          client_reference_id: draft.id,
          metadata: { ...metadata },
          // Every invoice of the subscription names its site.
          subscription_data: { metadata: { planType: draft.planType, draftId: draft.id }, description: `Site « ${siteName} »` },
          locale: 'fr',
          success_url: `${this.config.appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}${draft.prefersCall ? '&prefers_call=1' : ''}`,
          cancel_url: `${this.config.appUrl}/order?canceled=1`,
        },
        { idempotencyKey: idempotencyKey(lease) },
      );
      await this.orders.recordCheckoutSession(draft.id, session.id);
      return { sessionId: session.id, url: session.url! };
    });
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
    if (previous?.status === 'complete' && alreadyPaid) throw new ConflictException(alreadyPaid);
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
    const price = (await this.prices.priceIds()).get(PLANS.find((p) => p.id === planType)!.lookupKey!)!;
    return this.leases.with(
      `restart:${site.id}`,
      async (lease) => {
        await this.closePrevious(lease.previousSessionId);
        const session = await this.stripe.client.checkout.sessions.create(
          {
            mode: 'subscription',
            line_items: [{ price, quantity: 1 }],
            ...(account.stripeCustomerId ? { customer: account.stripeCustomerId } : { customer_email: account.email }),
            client_reference_id: site.id,
            metadata: { restartSiteId: site.id, planType, userId: account.id },
            subscription_data: { metadata: { planType, siteId: site.id }, description: `Site « ${site.siteName} »` },
            locale: 'fr',
            success_url: `${this.config.appUrl}/dashboard/sites/${site.id}?restarted=1`,
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
    return this.leases.with(
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
            success_url: `${this.config.appUrl}/dashboard/sites/${site.id}/manage?card=updated`,
            cancel_url: `${this.config.appUrl}/dashboard/sites/${site.id}/manage`,
          },
          { idempotencyKey: idempotencyKey(lease) },
        );
        return { sessionId: session.id, url: session.url! };
      },
      'Un changement de carte est déjà en cours pour ce site. Patientez quelques secondes, puis réessayez.',
    );
  }

  /** What the payment-success page needs: paid or not, the site once the webhook created it, nothing about the buyer. */
  async status(id: string): Promise<CheckoutSessionStatusDto> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.client.checkout.sessions.retrieve(id);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) throw new NotFoundException('Session de paiement introuvable');
      throw error;
    }
    const status = (['open', 'complete', 'expired'] as const).find((s) => s === session.status) ?? 'open';
    const paymentStatus = (['paid', 'unpaid', 'no_payment_required'] as const).find((s) => s === session.payment_status) ?? 'unpaid';
    const draftId = session.metadata?.draftId;
    const order = draftId && /^[0-9a-f-]{36}$/i.test(draftId) ? await this.orders.paymentState(draftId) : null;
    const siteId = order?.paid ? await this.sites.siteIdOfOrder(draftId!) : null;
    return {
      status,
      paymentStatus,
      provisioned: siteId !== null,
      siteId,
      newAccount: order?.accountCreated ?? false,
      prefersCall: order?.prefersCall ?? false,
    };
  }
}
