import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { MailModule } from '../mail/mail.module';
import { OutboundWebhooksAdminController } from './outbound-webhooks-admin.controller';
import { OutboundWebhooksService } from './outbound-webhooks.service';
import { BillingEvents } from './billing-events';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookEvents } from './webhook-events';
import { WebhookSecrets } from './webhook-secrets';
import { WebhooksRepository } from './webhooks.repository';

/**
 * Outbound webhooks (`webhook_endpoints`, `webhook_events`, `webhook_deliveries`): the admin's routes, the delivery
 * worker, and `WebhookEvents`, which the modules whose changes integrators hear of (sites, billing) call in their
 * transactions.
 */
@Module({
  imports: [AuditModule, MailModule],
  controllers: [OutboundWebhooksAdminController],
  providers: [WebhooksRepository, WebhookSecrets, WebhookEvents, WebhookDeliveryWorker, OutboundWebhooksService, BillingEvents],
  exports: [WebhookEvents, WebhookDeliveryWorker],
})
export class OutboundWebhooksModule {}
