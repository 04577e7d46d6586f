import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LocalPhotoStorage } from '../orders/storage/local-photo-storage';
import { S3PhotoStorage } from '../orders/storage/s3-photo-storage';
import { INVOICE_STORAGE, InvoiceFiles } from './invoice-files';
import { InvoicingAdminController } from './invoicing-admin.controller';
import { InvoicingController } from './invoicing.controller';
import { InvoicingRepository } from './invoicing.repository';
import { InvoicingService } from './invoicing.service';

/**
 * Legal invoices and credit notes (`legal_invoices`, `legal_invoice_counters`) and the buyers' billing identity
 * (`billing_profiles`). Billing issues documents through InvoicingService in its paying transactions; the files are
 * Factur-X, stored beside the order photos (local disk or the S3 bucket), under `invoices/`.
 */
@Module({
  controllers: [InvoicingController, InvoicingAdminController],
  providers: [
    InvoicingRepository,
    InvoicingService,
    InvoiceFiles,
    {
      provide: INVOICE_STORAGE,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        config.storage.s3 ? new S3PhotoStorage(config.storage.s3) : new LocalPhotoStorage(config.storage.uploadsDir),
    },
  ],
  exports: [InvoicingService, InvoiceFiles],
})
export class InvoicingModule {}
