import { Injectable } from '@nestjs/common';
import { BillingRepository } from './billing.repository';
import { StripeProvider, isMissingAtStripe } from './stripe.provider';

/**
 * Where a payment the client just made on one of Stripe's pages stands for the product: `confirmed` once what it did is
 * recorded here, `confirming` while Stripe has it and its webhook has not been processed yet (Stripe sends it late, in
 * any order, and usually after the browser is back), `none` when nothing was paid.
 */
export type ConfirmationState = 'confirming' | 'confirmed' | 'none';

/**
 * What the pages a client comes back to from Stripe (a restart's or a card change's Checkout, an invoice paid on
 * Stripe's hosted page) ask until the truth is known, so that they never show the state from before the payment.
 */
@Injectable()
export class PaymentConfirmations {
  constructor(
    private readonly stripe: StripeProvider,
    private readonly billing: BillingRepository,
  ) {}

  /**
   * A Checkout session (null when Stripe does not know it): confirmed once its `checkout.session.completed` is processed;
   * none when it expired unpaid or its event was set aside (ignored, failed); confirming otherwise. Its metadata, for the
   * caller to check whose session it is.
   */
  async ofCheckout(sessionId: string): Promise<{ state: ConfirmationState; metadata: Record<string, string> } | null> {
    const session = await this.stripe.client.checkout.sessions.retrieve(sessionId).catch((error: unknown) => {
      if (isMissingAtStripe(error)) return null;
      throw error;
    });
    if (!session) return null;
    const metadata = session.metadata ?? {};
    if (session.status === 'expired') return { state: 'none', metadata };
    const outcome = await this.billing.checkoutCompletion(session.id);
    const state: ConfirmationState =
      outcome === 'processed' ? 'confirmed' : outcome === 'ignored' || outcome === 'failed' ? 'none' : 'confirming';
    return { state, metadata };
  }

  /**
   * An invoice of the account's site (null when it is not theirs): confirmed when our copy says it is paid; confirming
   * when Stripe says so and its webhook is still on its way; none while it is still to pay at Stripe.
   */
  async ofInvoice(invoiceId: string, owner: { userId: string; siteId: string }): Promise<ConfirmationState | null> {
    const local = await this.billing.invoiceState(invoiceId);
    if (!local || local.userId !== owner.userId || local.siteId !== owner.siteId) return null;
    if (local.status === 'paid') return 'confirmed';
    const invoice = await this.stripe.client.invoices.retrieve(invoiceId);
    return invoice.status === 'paid' ? 'confirming' : 'none';
  }
}
