import { OutboundWebhooksModule } from '../outbound-webhooks/outbound-webhooks.module';
import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { MailModule } from '../mail/mail.module';
import { OrdersModule } from '../orders/orders.module';
import { SitesModule } from '../sites/sites.module';
import { BillingAdminController } from './billing-admin.controller';
import { BillingAdminService } from './billing-admin.service';
import { BillingController } from './billing.controller';
import { ClientBillingController } from './client-billing.controller';
import { InvoicesService } from './invoices.service';
import { PaymentReminders } from './payment-reminders';
import { SubscriptionsService } from './subscriptions.service';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { CheckoutService } from './checkout.service';
import { CheckoutLeases } from './checkout-leases';
import { DuplicatePayments } from './duplicate-payments';
import { PriceBook } from './price-book.service';
import { StripeProvider } from './stripe.provider';
import { OrderProvisioning } from './order-provisioning.service';
import { WebhookInbox } from './webhook-inbox';
import { WebhookService } from './webhook.service';
import { PaymentApplier } from './payment-applier';
import { RefundCredits } from './refund-credits';
import { StripeReader } from './stripe-reader';

@Module({
  imports: [AuthModule, MailModule, OrdersModule, SitesModule, RateLimitModule, InvoicingModule, OutboundWebhooksModule],
  controllers: [BillingController, ClientBillingController, BillingAdminController],
  providers: [
    StripeProvider,
    PriceBook,
    BillingRepository,
    BillingService,
    CheckoutService,
    WebhookService,
    WebhookInbox,
    OrderProvisioning,
    SubscriptionsService,
    InvoicesService,
    PaymentReminders,
    CheckoutLeases,
    DuplicatePayments,
    StripeReader,
    PaymentApplier,
    RefundCredits,
    BillingAdminService,
  ],
  exports: [StripeProvider, PriceBook, InvoicesService, BillingService, DuplicatePayments, SubscriptionsService],
})
export class BillingModule {}
