import { Module } from '@nestjs/common';
import { MailerModule, type MailerOptions } from '@nestjs-modules/mailer';
import { AuditModule } from '../audit/audit.module';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BillingTeamNotices } from './billing-team-notices';
import { MailAdminController } from './mail-admin.controller';
import { MailAdminService } from './mail-admin.service';
import { MailLogService } from './mail-log.service';
import { MailSecrets } from './mail-secrets';
import { MailService } from './mail.service';
import { MailWorker } from './mail.worker';
import { OutboxRepository } from './outbox.repository';
import { smtpTransportOptions } from './smtp-transport';

@Module({
  imports: [
    MailerModule.forRootAsync({
      imports: [],
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MailerOptions => ({
        // Without SMTP the worker captures mail and never calls the transport.
        transport: config.mail.smtpUrl ? smtpTransportOptions(config.mail.smtpUrl) : { jsonTransport: true },
        defaults: { from: config.mail.from } as MailerOptions['defaults'],
      }),
    }),
    AuditModule,
  ],
  controllers: [MailAdminController],
  providers: [OutboxRepository, MailSecrets, MailService, MailWorker, MailLogService, MailAdminService, BillingTeamNotices],
  exports: [MailService, MailWorker, MailLogService],
})
export class MailModule {}
