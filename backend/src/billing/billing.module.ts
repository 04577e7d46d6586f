import { Module } from '@nestjs/common';
import { BillingAdminController } from './billing-admin.controller';
import { BillingAdminService } from './billing-admin.service';
import { BillingController } from './billing.controller';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { CheckoutLeasesRepository } from './checkout-leases.repository';
import { CheckoutService } from './checkout.service';
import { DuplicatePayments } from './duplicate-payments';
import { DuplicatePaymentsRepository } from './duplicate-payments.repository';
import { EndedInvoices } from './ended-invoices';
import { PaymentConfirmations } from './payment-confirmations';
import { PaymentRecorder } from './payment-recorder';
import { PaymentReminders } from './payment-reminders';
import { PriceBook } from './price-book.service';
import { RefundCredits } from './refund-credits';
import { StripeReader } from './stripe-reader';
import { StripeProvider } from './stripe.provider';
import { SubscriptionsService } from './subscriptions.service';
import { WebhookInbox } from './webhook-inbox';
import { WebhookService } from './webhook.service';

/**
 * Billing: our copy of Stripe (`stripe_events`, `subscriptions`, `invoices`, `stripe_refunds`, `duplicate_payments`,
 * `checkout_leases`), the webhook inbox, Stripe Checkout and the subscription calls. It imports no feature module: what
 * a payment does elsewhere, it tells as facts (billing-facts/facts.ts), to which the owning modules react; the modules
 * that act on subscriptions (orders, sites, privacy) import it.
 */
@Module({
  controllers: [BillingController, BillingAdminController],
  providers: [
    StripeProvider,
    PriceBook,
    BillingRepository,
    BillingService,
    CheckoutService,
    WebhookService,
    WebhookInbox,
    SubscriptionsService,
    PaymentReminders,
    CheckoutLeasesRepository,
    DuplicatePayments,
    DuplicatePaymentsRepository,
    EndedInvoices,
    StripeReader,
    PaymentRecorder,
    RefundCredits,
    BillingAdminService,
    PaymentConfirmations,
  ],
  exports: [StripeProvider, PriceBook, BillingService, CheckoutService, DuplicatePayments, SubscriptionsService, PaymentConfirmations],
})
export class BillingModule {}
