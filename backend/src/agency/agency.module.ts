import { Global, Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { MAIL_AGENCY } from '../mail/mail-agency';
import { AgencyAdminController } from './agency-admin.controller';
import { AgencyController } from './agency.controller';
import { AgencySettingsRepository } from './agency-settings.repository';
import { AgencySettingsService } from './agency-settings.service';

/**
 * The agency's identity (`agency_settings`): GET /api/agency, the admin's settings page, and, as MAIL_AGENCY, the
 * mails' footer and team address. Global so that the mail module, below it, receives MAIL_AGENCY without importing it.
 */
@Global()
@Module({
  imports: [AuditModule],
  controllers: [AgencyController, AgencyAdminController],
  providers: [AgencySettingsRepository, AgencySettingsService, { provide: MAIL_AGENCY, useExisting: AgencySettingsService }],
  exports: [MAIL_AGENCY, AgencySettingsService],
})
export class AgencyModule {}
