import { Module } from '@nestjs/common';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { MailModule } from '../mail/mail.module';
import { CatalogueService } from './catalogue.service';
import { DraftCookie } from './draft-caller';
import { OrderDraftPurger } from './order-draft-purger';
import { OrderDraftsController, OrderPhotosController } from './order-drafts.controller';
import { OrderDraftsRepository } from './order-drafts.repository';
import { OrderDraftsService } from './order-drafts.service';
import { OrdersAdminController } from './orders-admin.controller';
import { OrdersController } from './orders.controller';
import { PhotoLinks } from './photos/photo-links';
import { QuotesRepository } from './quotes.repository';
import { QuotesService } from './quotes.service';
import { LocalPhotoStorage } from './storage/local-photo-storage';
import { PHOTO_STORAGE } from './storage/photo-storage';
import { S3PhotoStorage } from './storage/s3-photo-storage';

@Module({
  imports: [MailModule, RateLimitModule],
  controllers: [OrdersController, OrderDraftsController, OrderPhotosController, OrdersAdminController],
  providers: [
    CatalogueService,
    QuotesRepository,
    QuotesService,
    OrderDraftsRepository,
    OrderDraftsService,
    OrderDraftPurger,
    DraftCookie,
    { provide: PhotoLinks, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new PhotoLinks(config.jwtSecret, config.appUrl) },
    // Local disk by default; an S3 bucket when configured (signed links then redirect to presigned S3 links).
    {
      provide: PHOTO_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.storage.s3 ? new S3PhotoStorage(config.storage.s3) : new LocalPhotoStorage(config.storage.uploadsDir),
    },
  ],
  exports: [CatalogueService, QuotesService, OrderDraftsService],
})
export class OrdersModule {}
