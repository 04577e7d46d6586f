import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { MailModule } from '../mail/mail.module';
import { OrdersModule } from '../orders/orders.module';
import { SitesModule } from '../sites/sites.module';
import { AccountingExport } from './accounting-export';
import { AdminDashboardController } from './admin-dashboard.controller';
import { AdminDashboardService } from './admin-dashboard.service';
import { AdminExportsController } from './admin-exports.controller';
import { AdminExportsService } from './admin-exports.service';
import { AdminSitesController } from './admin-sites.controller';
import { AdminSitesService } from './admin-sites.service';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';

/**
 * What spans modules in the admin area: the dashboard's figures, the CSV and accounting exports, the client
 * directory, and the sites' pages (a site with its owner and its order: sites sit below orders, which provision them).
 * Every other admin route sits with its resource, in `<module>/<module>-admin.controller.ts`.
 */
@Module({
  imports: [AuthModule, MailModule, SitesModule, OrdersModule, BillingModule, AuditModule, InvoicingModule],
  controllers: [AdminDashboardController, AdminUsersController, AdminExportsController, AdminSitesController],
  providers: [AdminDashboardService, AdminUsersService, AdminExportsService, AccountingExport, AdminSitesService],
})
export class AdminModule {}
