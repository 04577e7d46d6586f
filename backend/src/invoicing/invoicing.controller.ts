import { Body, Controller, Get, Put, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { ApiKeyScope } from '../common/api-key';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { BillingProfileDto, UpdateBillingProfileDto } from './dto/billing-profile.dto';
import { AdminLegalInvoiceQueryDto, LegalInvoiceListDto } from './dto/legal-invoices.dto';
import { InvoicingService } from './invoicing.service';

const legalInvoiceId = uuidParam('Facture introuvable');

const PDF = {
  description: 'Facture ou avoir Factur-X (PDF/A-3 avec factur-x.xml, profil EN 16931)',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
};

/** The client's own billing identity and legal invoices. */
@ApiTags('billing')
@Controller('billing')
export class InvoicingController {
  constructor(private readonly invoicing: InvoicingService) {}

  /** L'identité de facturation du client connecté (à qui ses factures sont établies). */
  @Get('profile')
  getBillingProfile(@CurrentUser() { user }: AuthenticatedUser): Promise<BillingProfileDto> {
    return this.invoicing.profile(user.id, user);
  }

  /** Modifie l'identité de facturation : elle vaut pour les factures suivantes (une facture émise ne change pas). */
  @Put('profile')
  updateBillingProfile(@CurrentUser() { user }: AuthenticatedUser, @Body() dto: UpdateBillingProfileDto): Promise<BillingProfileDto> {
    return this.invoicing.saveProfile(user.id, dto);
  }

  /** Une facture ou un avoir du client connecté, au format Factur-X (PDF) ; celui d'un autre client : 404. */
  @Get('legal-invoices/:id/pdf')
  @ApiProduces('application/pdf')
  @ApiOkResponse(PDF)
  downloadLegalInvoice(@CurrentUser() { user }: AuthenticatedUser, @UuidParam('id', legalInvoiceId) id: string): Promise<StreamableFile> {
    return this.invoicing.file(id, user.id);
  }
}

/** The admin's view of every legal document, and the accountant's export. */
@ApiTags('admin')
@Roles('admin')
@Controller('admin')
export class AdminInvoicingController {
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
  @ApiOkResponse(PDF)
  downloadAdminLegalInvoice(@UuidParam('id', legalInvoiceId) id: string): Promise<StreamableFile> {
    return this.invoicing.file(id);
  }
}
