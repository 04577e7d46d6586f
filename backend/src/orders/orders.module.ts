import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { StorageModule } from '../common/storage/storage.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { MailModule } from '../mail/mail.module';
import { OutboundWebhooksModule } from '../outbound-webhooks/outbound-webhooks.module';
import { SitesModule } from '../sites/sites.module';
import { CatalogueService } from './catalogue.service';
import { DraftCookie } from './draft-caller';
import { OrderCheckoutController } from './order-checkout.controller';
import { OrderDebits } from './order-debits';
import { OrderCheckoutService } from './order-checkout.service';
import { OrderDraftPurger } from './order-draft-purger';
import { OrderDraftsController, OrderPhotosController } from './order-drafts.controller';
import { OrderCheckoutsRepository } from './order-checkouts.repository';
import { OrderDraftsRepository } from './order-drafts.repository';
import { OrderDraftsService } from './order-drafts.service';
import { OrderProvisioning } from './order-provisioning.service';
import { OrdersAdminController } from './orders-admin.controller';
import { OrdersController } from './orders.controller';
import { PhotoLinks } from './photos/photo-links';
import { QuotesRepository } from './quotes.repository';
import { QuotesService } from './quotes.service';
import { WithdrawalsController } from './withdrawals.controller';
import { WithdrawalsRepository } from './withdrawals.repository';
import { WithdrawalsService } from './withdrawals.service';

@Module({
  imports: [
    MailModule,
    RateLimitModule,
    StorageModule,
    AuthModule,
    BillingModule,
    SitesModule,
    InvoicingModule,
    OutboundWebhooksModule,
    AuditModule,
  ],
  controllers: [
    OrdersController,
    OrderDraftsController,
    OrderPhotosController,
    OrderCheckoutController,
    OrdersAdminController,
    WithdrawalsController,
  ],
  providers: [
    CatalogueService,
    QuotesRepository,
    QuotesService,
    OrderDraftsRepository,
    OrderCheckoutsRepository,
    OrderDraftsService,
    OrderDraftPurger,
    OrderCheckoutService,
    OrderProvisioning,
    OrderDebits,
    DraftCookie,
    WithdrawalsRepository,
    WithdrawalsService,
    { provide: PhotoLinks, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new PhotoLinks(config.jwtSecret, config.appUrl) },
  ],
  exports: [CatalogueService, QuotesService, OrderDraftsService],
})
export class OrdersModule {}
