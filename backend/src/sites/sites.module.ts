import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { MailModule } from '../mail/mail.module';
import { OrdersModule } from '../orders/orders.module';
import { OutboundWebhooksModule } from '../outbound-webhooks/outbound-webhooks.module';
import { SitesAdminController } from './sites-admin.controller';
import { SitesAdminService } from './sites-admin.service';
import { SiteRequestsRepository } from './site-requests.repository';
import { SitesController } from './sites.controller';
import { SitesRepository } from './sites.repository';
import { SitesService } from './sites.service';

@Module({
  imports: [MailModule, OutboundWebhooksModule, OrdersModule, AuditModule],
  controllers: [SitesController, SitesAdminController],
  providers: [SitesRepository, SiteRequestsRepository, SitesService, SitesAdminService],
  exports: [SitesService, SitesAdminService],
})
export class SitesModule {}
