import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { StorageModule } from '../common/storage/storage.module';
import { InvoicingModule } from '../invoicing/invoicing.module';
import { MailModule } from '../mail/mail.module';
import { OrdersModule } from '../orders/orders.module';
import { SitesModule } from '../sites/sites.module';
import { SupportModule } from '../support/support.module';
import { AccountClosuresService } from './account-closures.service';
import { AccountDataCollector } from './account-data';
import { AccountErasure } from './account-erasure';
import { DataExports } from './data-exports';
import { DataExportsService } from './data-exports.service';
import { PrivacyAdminController } from './privacy-admin.controller';
import { PrivacyController } from './privacy.controller';
import { PrivacyRepository } from './privacy.repository';

/**
 * Data rights (GDPR articles 15, 17 and 20): a client's archive of everything about their account (`data_exports`,
 * built in the background), the closure of an account and the erasure of its personal data (`account_closures`,
 * erased in the background), what the law keeps aside. It owns those two tables and reaches every other module's data
 * through that module's service; the archives are stored in the app's file storage (common/storage: local disk or the S3 bucket), under
 * `data-exports/`.
 */
@Module({
  imports: [
    AuthModule,
    BillingModule,
    InvoicingModule,
    MailModule,
    OrdersModule,
    SitesModule,
    SupportModule,
    AuditModule,
    RateLimitModule,
    StorageModule,
  ],
  controllers: [PrivacyController, PrivacyAdminController],
  providers: [PrivacyRepository, AccountDataCollector, DataExports, DataExportsService, AccountClosuresService, AccountErasure],
})
export class PrivacyModule {}
