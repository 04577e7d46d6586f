import { Body, Controller, Get, Put, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { BillingProfileDto, UpdateBillingProfileDto } from './dto/billing-profile.dto';
import { InvoicingService } from './invoicing.service';

export const legalInvoiceId = uuidParam('Facture introuvable');

export const INVOICE_PDF = {
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
  @ApiOkResponse(INVOICE_PDF)
  downloadLegalInvoice(@CurrentUser() { user }: AuthenticatedUser, @UuidParam('id', legalInvoiceId) id: string): Promise<StreamableFile> {
    return this.invoicing.file(id, user.id);
  }
}
