import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { ApiKeyScope } from '../common/api-key';
import { UuidParam } from '../common/uuid-param';
import { AdminLegalInvoiceQueryDto, LegalInvoiceListDto } from './dto/legal-invoices.dto';
import { INVOICE_PDF, legalInvoiceId } from './invoicing.controller';
import { InvoicingService } from './invoicing.service';

/** The admin's view of every legal document, and the accountant's export. */
@ApiTags('admin')
@Roles('admin')
@Controller('admin')
export class InvoicingAdminController {
  constructor(private readonly invoicing: InvoicingService) {}

  /** Les factures et avoirs émis, les plus récents d'abord ; ceux d'un client avec `userId`. */
  @ApiKeyScope('invoices:read')
  @Get('legal-invoices')
  listAdminLegalInvoices(@Query() query: AdminLegalInvoiceQueryDto): Promise<LegalInvoiceListDto> {
    return this.invoicing.listForAdmin(query);
  }

  /** Une facture ou un avoir au format Factur-X (PDF). */
  @ApiKeyScope('invoices:read')
  @Get('legal-invoices/:id/pdf')
  @ApiProduces('application/pdf')
  @ApiOkResponse(INVOICE_PDF)
  downloadAdminLegalInvoice(@UuidParam('id', legalInvoiceId) id: string): Promise<StreamableFile> {
    return this.invoicing.file(id);
  }
}
