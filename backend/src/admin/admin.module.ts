import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { MailModule } from '../mail/mail.module';
import { OrdersModule } from '../orders/orders.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { SitesModule } from '../sites/sites.module';
import { AdminAuditController } from './admin-audit.controller';
import { AdminClientViewsController } from './admin-client-views.controller';
import { AdminDashboardController } from './admin-dashboard.controller';
import { AdminDuplicatePaymentsController } from './admin-duplicate-payments.controller';
import { AdminEmailsController } from './admin-emails.controller';
import { AdminExportsController } from './admin-exports.controller';
import { AccountingExport } from './accounting-export';
import { AdminExportsService } from './admin-exports.service';
import { AdminInvoicesController } from './admin-invoices.controller';
import { AdminQuotesController } from './admin-quotes.controller';
import { AdminSitesController } from './admin-sites.controller';
import { AdminUserInvitationsController } from './admin-user-invitations.controller';
import { AdminUsersController } from './admin-users.controller';
import { AdminService } from './admin.service';

@Module({
  imports: [AuthModule, OrdersModule, MailModule, SitesModule, BillingModule, AuditModule, InvoicingModule],
  controllers: [
    AdminDashboardController,
    AdminSitesController,
    AdminUsersController,
    AdminUserInvitationsController,
    AdminInvoicesController,
    AdminExportsController,
    AdminAuditController,
    AdminQuotesController,
    AdminEmailsController,
    AdminDuplicatePaymentsController,
    AdminClientViewsController,
  ],
  providers: [AdminService, AdminExportsService, AccountingExport],
})
export class AdminModule {}
