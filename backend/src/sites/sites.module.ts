import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { OutboundWebhooksModule } from '../outbound-webhooks/outbound-webhooks.module';
import { SiteRequestsRepository } from './site-requests.repository';
import { SitesController } from './sites.controller';
import { SitesRepository } from './sites.repository';
import { SitesService } from './sites.service';
import { SitePayments } from './site-payments';

@Module({
  imports: [MailModule, OutboundWebhooksModule],
  controllers: [SitesController],
  providers: [SitesRepository, SiteRequestsRepository, SitesService, SitePayments],
  exports: [SitesService],
})
export class SitesModule {}
