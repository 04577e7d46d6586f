import { Body, Controller, Get, Post, Query, StreamableFile } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { ApiKeyScope } from '../common/api-key';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam } from '../common/uuid-param';
import { CorrectLegalInvoiceDto, InvoiceCorrectionDto, LegalInvoiceDetailDto } from './dto/invoice-correction.dto';
import { AdminInvoiceListResponseDto, ListAdminInvoicesQueryDto } from './dto/invoicing-admin.dto';
import { AdminLegalInvoiceQueryDto, LegalInvoiceListDto } from './dto/legal-invoices.dto';
import { InvoiceCorrections } from './invoice-corrections';
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
    private readonly corrections: InvoiceCorrections,
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

  /** Une facture ou un avoir en détail : l'acheteur, les lignes, la TVA, les documents liés, s'il peut être corrigé. */
  @ApiKeyScope('invoices:read')
  @Get('legal-invoices/:id')
  getAdminLegalInvoice(@UuidParam('id', legalInvoiceId) id: string): Promise<LegalInvoiceDetailDto> {
    return this.corrections.detail(id);
  }

  /**
   * Corrige une facture émise : un avoir l'annule et une facture rectificative (nouveau numéro) la remplace, à
   * l'identité de l'acheteur donnée et, si elles sont données, avec ces lignes (même total TTC) ; le client reçoit
   * les deux par e-mail. Inscrit au journal d'audit. Une facture qui a déjà un avoir : 409.
   */
  @Post('legal-invoices/:id/correction')
  @ApiConflictResponse({ description: 'Un avoir a déjà été émis sur ce document, ou ce n’est pas une facture' })
  correctAdminLegalInvoice(
    @CurrentUser() caller: AuthenticatedUser,
    @UuidParam('id', legalInvoiceId) id: string,
    @Body() dto: CorrectLegalInvoiceDto,
  ): Promise<InvoiceCorrectionDto> {
    return this.corrections.correct(caller, id, dto);
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
