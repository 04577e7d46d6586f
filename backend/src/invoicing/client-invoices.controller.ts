import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ClientInvoiceListResponseDto, InvoiceListQueryDto } from './dto/client-invoices.dto';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { ClientInvoicesService } from './client-invoices.service';

/** A client's own invoices (the route of billing's contract tag). */
@ApiTags('billing')
@Controller()
export class ClientInvoicesController {
  constructor(private readonly invoices: ClientInvoicesService) {}

  /** Les factures du client connecté, les plus récentes d'abord (20 par page). */
  @Get('billing/invoices')
  listInvoices(@CurrentUser() { user }: AuthenticatedUser, @Query() query: InvoiceListQueryDto): Promise<ClientInvoiceListResponseDto> {
    return this.invoices.listOwn(user.id, query);
  }
}
