import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { BillingModule } from '../billing/billing.module';
import { StorageModule } from '../common/storage/storage.module';
import { MailModule } from '../mail/mail.module';
import { SitesModule } from '../sites/sites.module';
import { ClientInvoicesController } from './client-invoices.controller';
import { ClientInvoicesService } from './client-invoices.service';
import { FrozenBuyers, FrozenBuyersRepository } from './frozen-buyers';
import { InvoiceCorrections } from './invoice-corrections';
import { InvoiceFiles } from './invoice-files';
import { InvoicingAdminController } from './invoicing-admin.controller';
import { InvoicingAdminService } from './invoicing-admin.service';
import { InvoicingController } from './invoicing.controller';
import { InvoicingRepository } from './invoicing.repository';
import { InvoicingService } from './invoicing.service';
import { PaymentDocuments } from './payment-documents';

/**
 * Legal invoices and credit notes (`legal_invoices`, `legal_invoice_counters`) and the buyers' billing identity
 * (`billing_profiles`): issued when billing tells that Stripe collected or refunded an amount (PaymentDocuments), in
 * the transaction that records it; the files are Factur-X, stored in the app's file storage (common/storage: local
 * disk or the S3 bucket), under `invoices/`. Also the invoice lists of the client and of the admin (billing's copy of
 * Stripe's invoices, each with its legal documents).
 */
@Module({
  imports: [StorageModule, AuthModule, SitesModule, BillingModule, AuditModule, MailModule],
  controllers: [InvoicingController, InvoicingAdminController, ClientInvoicesController],
  providers: [
    InvoicingRepository,
    InvoicingService,
    InvoiceFiles,
    PaymentDocuments,
    ClientInvoicesService,
    InvoicingAdminService,
    InvoiceCorrections,
    FrozenBuyersRepository,
    FrozenBuyers,
  ],
  exports: [InvoicingService, InvoiceFiles, FrozenBuyers],
})
export class InvoicingModule {}
