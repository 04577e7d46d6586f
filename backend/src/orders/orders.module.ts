import { Module } from '@nestjs/common';
import { CatalogueService } from './catalogue.service';
import { OrdersController } from './orders.controller';
import { QuotesService } from './quotes.service';

@Module({
  controllers: [OrdersController],
  providers: [CatalogueService, QuotesService],
  exports: [CatalogueService, QuotesService],
})
export class OrdersModule {}
