import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { MailModule } from '../mail/mail.module';
import { BillingController } from './billing.controller';
import { BillingRepository } from './billing.repository';
import { CheckoutService } from './checkout.service';
import { PriceBook } from './price-book.service';
import { StripeProvider } from './stripe.provider';
import { WebhookService } from './webhook.service';

@Module({
  imports: [AuthModule, MailModule],
  controllers: [BillingController],
  providers: [StripeProvider, PriceBook, BillingRepository, CheckoutService, WebhookService],
  exports: [StripeProvider, PriceBook],
})
export class BillingModule {}
