import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { buyerCompany } from '@vitrine/domain';
import type Stripe from 'stripe';
import { UsersService } from '../auth/users.service';
import type { PaidPlanType } from '../billing-facts/facts';
import { CheckoutService } from '../billing/checkout.service';
import type { CheckoutSessionResponseDto } from '../billing/dto/billing.dto';
import type { CheckoutSessionStatusDto, CreateCheckoutSessionDto } from './dto/order-checkout.dto';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SitesService } from '../sites/sites.service';
import type { SessionUser } from '../common/current-user';
import type { DraftCaller } from './draft-caller';
import { OrderDebits } from './order-debits';
import { chargedLines, OrderDraftsService } from './order-drafts.service';
import { selectedAddOns } from './order-form';
import { recapOf } from './order-summary';

/** What the sign-up page already tells about an address, and nothing more. */
export const ACCOUNT_EXISTS = 'Un compte existe déjà avec cet email. Connectez-vous pour finaliser votre commande.';

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

/** An order's payment: its Stripe Checkout page (through billing's CheckoutService), and the confirmation page's state. */
@Injectable()
export class OrderCheckoutService {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly users: UsersService,
    private readonly orders: OrderDraftsService,
    private readonly sites: SitesService,
    private readonly debits: OrderDebits,
    private readonly rateLimit: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A Stripe Checkout session in subscription mode for the caller's draft: the plan and monthly add-ons recur, the
   * logo is a one-time line of the first invoice. Plan, add-ons and amounts come from the draft and the catalogue.
   * A signed-in buyer pays with the account's e-mail and Stripe customer. An anonymous checkout never uses an
   * existing account or customer: an e-mail that has an account must sign in first (409). At most
   * CHECKOUT_LIMIT_PER_IP payments opened an hour from one address and CHECKOUT_LIMIT_PER_EMAIL for one e-mail (429).
   * The order is frozen as the session opens (`freezeCheckout`): what was paid is what is handed over.
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
    // Before the account checks: an account created after this instant did not exist when the payment opened.
    const openedAt = await this.orders.now();
    const account = caller.user ? await this.users.findById(caller.user.id) : null;
    if (caller.user && (!account || account.closedAt)) throw new NotFoundException('Commande introuvable');
    if (!account && (await this.users.findByEmail(dto.billing.email))) {
      throw new ConflictException({ message: ACCOUNT_EXISTS, errors: { email: ACCOUNT_EXISTS } });
    }
    const email = account?.email ?? dto.billing.email;
    const b = dto.billing;
    await this.orders.saveCheckoutBilling(draft, { ...b, phone: b.phone ?? '', email, ...buyerCompany(b) }, account);

    const recap = recapOf(draft.planType, draft.data);
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = [];
    for (const line of recap.lines) lineItems.push({ price: await this.checkout.priceOf(line.code), quantity: line.quantity });
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
    return this.checkout.openSubscription(
      `order:${draft.id}`,
      {
        line_items: lineItems,
        ...(account?.stripeCustomerId ? { customer: account.stripeCustomerId } : { customer_email: email }),
        client_reference_id: draft.id,
        metadata: { ...metadata },
        // Every invoice of the subscription names its site.
        subscription_data: { metadata: { planType: draft.planType, draftId: draft.id }, description: `Site « ${siteName} »` },
        success_url: `${this.config.appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}${draft.prefersCall ? '&prefers_call=1' : ''}`,
        cancel_url: `${this.config.appUrl}/order?canceled=1`,
      },
      {
        previousSessionId: draft.checkoutSessionId,
        opened: (sessionId) =>
          this.orders.freezeCheckout(draft.id, sessionId, {
            charged: chargedLines(draft.planType, draft.data),
            openedAt,
            email,
            userId: account?.id ?? null,
            consumerRequest: (b.buyerType ?? 'individual') === 'individual' && dto.consumerRequest === true,
          }),
      },
    );
  }

  /**
   * What the payment-success page needs: paid or not, provisioned or not, a debit's state. The session id is in the
   * page's address (history, a shared link): only the order's buyer, signed in, is also told the site, whether the
   * account was created for this order, and the call preference.
   */
  async status(id: string, viewer?: SessionUser): Promise<CheckoutSessionStatusDto> {
    const { status, paymentStatus, metadata } = await this.checkout.session(id);
    const draftId = metadata.draftId;
    const order = draftId && /^[0-9a-f-]{36}$/i.test(draftId) ? await this.orders.paymentState(draftId) : null;
    const siteId = order?.paid ? await this.sites.siteIdOfOrder(draftId!) : null;
    const debit = siteId === null && status === 'complete' && paymentStatus === 'unpaid' ? await this.debits.stateOf(id) : null;
    const answer: CheckoutSessionStatusDto = { status, paymentStatus, provisioned: siteId !== null, debit };
    if (!order || !viewer || order.userId !== viewer.id) return answer;
    return { ...answer, siteId, newAccount: order.accountCreated, prefersCall: order.prefersCall };
  }
}
