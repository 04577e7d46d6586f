import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { MailModule } from '../mail/mail.module';
import { SitesModule } from '../sites/sites.module';
import { AccountingExport } from './accounting-export';
import { AdminDashboardController } from './admin-dashboard.controller';
import { AdminDashboardService } from './admin-dashboard.service';
import { AdminExportsController } from './admin-exports.controller';
import { AdminExportsService } from './admin-exports.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';

/**
 * What spans modules in the admin area: the dashboard's figures, the CSV and accounting exports, and the client
 * directory. Every other admin route sits with its resource, in `<module>/<module>-admin.controller.ts`.
 */
@Module({
  imports: [AuthModule, MailModule, SitesModule, BillingModule, AuditModule, InvoicingModule],
  controllers: [AdminDashboardController, AdminUsersController, AdminExportsController],
  providers: [AdminDashboardService, AdminUsersService, AdminExportsService, AccountingExport],
})
export class AdminModule {}
