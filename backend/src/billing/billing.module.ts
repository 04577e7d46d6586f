import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { OrdersModule } from '../orders/orders.module';
import { SitesModule } from '../sites/sites.module';
import { BillingController } from './billing.controller';
import { BillingRepository } from './billing.repository';
import { BillingService } from './billing.service';
import { CheckoutService } from './checkout.service';
import { PriceBook } from './price-book.service';
import { StripeProvider } from './stripe.provider';
import { OrderProvisioning } from './order-provisioning.service';
import { WebhookService } from './webhook.service';

@Module({
  imports: [AuthModule, MailModule, OrdersModule, SitesModule],
  controllers: [BillingController],
  providers: [StripeProvider, PriceBook, BillingRepository, BillingService, CheckoutService, WebhookService, OrderProvisioning],
  exports: [StripeProvider, PriceBook, BillingService],
})
export class BillingModule {}
