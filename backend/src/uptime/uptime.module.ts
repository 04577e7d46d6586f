import { Module } from '@nestjs/common';
import { MailModule } from '../mail/mail.module';
import { OutboundWebhooksModule } from '../outbound-webhooks/outbound-webhooks.module';
import { UptimeClock } from './uptime-clock';
import { UptimeController } from './uptime.controller';
import { UptimeRepository } from './uptime.repository';
import { UptimeService } from './uptime.service';
import { UptimeWatch } from './uptime-watch';

/**
 * The uptime and certificate watch of the clients' sites (issue 37, docs/uptime.md): the checks every minute on the
 * job engine, the incidents, the mails to the team and the client, the `site.down` and `site.up` events, and what a
 * site's owner reads.
 */
@Module({
  imports: [MailModule, OutboundWebhooksModule],
  controllers: [UptimeController],
  providers: [UptimeClock, UptimeRepository, UptimeWatch, UptimeService],
})
export class UptimeModule {}
