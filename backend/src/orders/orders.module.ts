import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { MailModule } from '../mail/mail.module';
import { CatalogueService } from './catalogue.service';
import { OrdersController } from './orders.controller';
import { QuotesRepository } from './quotes.repository';
import { QuotesService } from './quotes.service';

@Module({
  imports: [MailModule, RateLimitModule],
  controllers: [OrdersController],
  providers: [CatalogueService, QuotesRepository, QuotesService],
  exports: [CatalogueService, QuotesService],
})
export class OrdersModule {}
