import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { MailModule } from '../mail/mail.module';
import { OutboundWebhooksModule } from '../outbound-webhooks/outbound-webhooks.module';
import { SiteRequestsRepository } from './site-requests.repository';
import { SitesController } from './sites.controller';
import { SitesRepository } from './sites.repository';
import { SitesService } from './sites.service';
import { SitePayments } from './site-payments';
import { SiteSubscriptionsController } from './site-subscriptions.controller';
import { SiteSubscriptionsService } from './site-subscriptions.service';

@Module({
  imports: [MailModule, OutboundWebhooksModule, AuthModule, BillingModule],
  controllers: [SitesController, SiteSubscriptionsController],
  providers: [SitesRepository, SiteRequestsRepository, SitesService, SitePayments, SiteSubscriptionsService],
  exports: [SitesService],
})
export class SitesModule {}
