import { Module } from '@nestjs/common';
import { BillingController } from './billing.controller';
import { CheckoutService } from './checkout.service';
import { PriceBook } from './price-book.service';
import { StripeProvider } from './stripe.provider';
import { WebhookService } from './webhook.service';

@Module({
  controllers: [BillingController],
  providers: [StripeProvider, PriceBook, CheckoutService, WebhookService],
  exports: [StripeProvider, PriceBook],
})
export class BillingModule {}
