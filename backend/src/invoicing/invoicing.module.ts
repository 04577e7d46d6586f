import { Module } from '@nestjs/common';
import { StorageModule } from '../common/storage/storage.module';
import { InvoiceFiles } from './invoice-files';
import { AdminInvoicingController, InvoicingController } from './invoicing.controller';
import { InvoicingRepository } from './invoicing.repository';
import { InvoicingService } from './invoicing.service';

/**
 * Legal invoices and credit notes (`legal_invoices`, `legal_invoice_counters`) and the buyers' billing identity
 * (`billing_profiles`). Billing issues documents through InvoicingService in its paying transactions; the files are
 * Factur-X, stored in the app's file storage (common/storage: local disk or the S3 bucket), under `invoices/`.
 */
@Module({
  imports: [StorageModule],
  controllers: [InvoicingController, AdminInvoicingController],
  providers: [InvoicingRepository, InvoicingService, InvoiceFiles],
  exports: [InvoicingService, InvoiceFiles],
})
export class InvoicingModule {}
