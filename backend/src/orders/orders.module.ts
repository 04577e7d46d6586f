import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { StorageModule } from '../common/storage/storage.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MailModule } from '../mail/mail.module';
import { CatalogueService } from './catalogue.service';
import { DraftCookie } from './draft-caller';
import { OrderDraftPurger } from './order-draft-purger';
import { OrderDraftsController, OrderPhotosController } from './order-drafts.controller';
import { OrderDraftsRepository } from './order-drafts.repository';
import { OrderDraftsService } from './order-drafts.service';
import { OrdersController } from './orders.controller';
import { PhotoLinks } from './photos/photo-links';
import { QuotesRepository } from './quotes.repository';
import { QuotesService } from './quotes.service';

@Module({
  imports: [MailModule, RateLimitModule, StorageModule],
  controllers: [OrdersController, OrderDraftsController, OrderPhotosController],
  providers: [
    CatalogueService,
    QuotesRepository,
    QuotesService,
    OrderDraftsRepository,
    OrderDraftsService,
    OrderDraftPurger,
    DraftCookie,
    { provide: PhotoLinks, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new PhotoLinks(config.jwtSecret, config.appUrl) },
  ],
  exports: [CatalogueService, QuotesService, OrderDraftsService],
})
export class OrdersModule {}
