import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { ApiKeyScope } from '../common/api-key';
import { UuidParam } from '../common/uuid-param';
import { AdminInvoiceListResponseDto, ListAdminInvoicesQueryDto } from './dto/invoicing-admin.dto';
import { AdminLegalInvoiceQueryDto, LegalInvoiceListDto } from './dto/legal-invoices.dto';
import { InvoicingAdminService } from './invoicing-admin.service';
import { INVOICE_PDF, legalInvoiceId } from './invoicing.controller';
import { InvoicingService } from './invoicing.service';

/** The admin's view of every client's invoices and every legal document. */
@ApiTags('admin')
@Roles('admin')
@Controller('admin')
export class InvoicingAdminController {
  constructor(
    private readonly invoicing: InvoicingService,
    private readonly invoicingAdmin: InvoicingAdminService,
  ) {}

  /** Toutes les factures avec leur client, les plus récentes d'abord. */
  @ApiKeyScope('invoices:read')
  @Get('invoices')
  listAdminInvoices(@Query() query: ListAdminInvoicesQueryDto): Promise<AdminInvoiceListResponseDto> {
    return this.invoicingAdmin.listInvoices(query);
  }

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
