import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type Stripe from 'stripe';
import { UsersService } from '../auth/users.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ADD_ONS, computeRecap, PLANS } from '../orders/catalogue';
import type { CheckoutSessionResponseDto, CheckoutSessionStatusDto, CreateCheckoutSessionDto } from './dto/billing.dto';
import { PriceBook } from './price-book.service';
import { StripeProvider } from './stripe.provider';

const lookupKeyOf = (id: string) => [...PLANS, ...ADD_ONS].find((x) => x.id === id)?.lookupKey;

@Injectable()
export class CheckoutService {
  constructor(
    private readonly stripe: StripeProvider,
    private readonly prices: PriceBook,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A Stripe Checkout session in subscription mode: the plan and monthly add-ons recur, the logo is a one-time line of
   * the first invoice. Amounts come from the catalogue only, never from the client.
   */
  async create(dto: CreateCheckoutSessionDto): Promise<CheckoutSessionResponseDto> {
    const addOns = dto.addOns ?? {};
    const extraEmails = [...new Set((addOns.extraEmails ?? []).map((e) => e.trim().toLowerCase()).filter(Boolean))];
    const recap = computeRecap({ planType: dto.planType, addOns: { ...addOns, extraEmails } });
    const priceIds = await this.prices.priceIds();
    const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = recap.lines.map((line) => ({
      price: priceIds.get(lookupKeyOf(line.code)!)!,
      quantity: line.quantity,
    }));
    const existing = await this.users.findByEmail(dto.email);
    const metadata = {
      planType: dto.planType,
      email: dto.email,
      logo: String(Boolean(addOns.logo)),
      googleBusiness: String(Boolean(addOns.googleBusiness)),
      trustpilot: String(Boolean(addOns.trustpilot)),
      extraEmails: extraEmails.join(','),
    };
    const session = await this.stripe.client.checkout.sessions.create({
      mode: 'subscription',
      line_items: lineItems,
      ...(existing?.stripeCustomerId ? { customer: existing.stripeCustomerId } : { customer_email: dto.email }),
      metadata,
      subscription_data: { metadata: { planType: dto.planType } },
      locale: 'fr',
      success_url: `${this.config.appUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${this.config.appUrl}/order?plan=${dto.planType === 'business' ? 'business' : 'basic'}&canceled=1`,
    });
    return { sessionId: session.id, url: session.url! };
  }

  async status(id: string): Promise<CheckoutSessionStatusDto> {
    try {
      const session = await this.stripe.client.checkout.sessions.retrieve(id);
      const status = (['open', 'complete', 'expired'] as const).find((s) => s === session.status) ?? 'open';
      const paymentStatus = (['paid', 'unpaid', 'no_payment_required'] as const).find((s) => s === session.payment_status) ?? 'unpaid';
      return { status, paymentStatus };
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404) throw new NotFoundException('Session de paiement introuvable');
      throw error;
    }
  }
}
