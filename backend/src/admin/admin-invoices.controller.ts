import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { ApiKeyScope } from '../common/api-key';
import { AdminInvoiceListResponseDto, ListAdminInvoicesQueryDto } from './dto/admin-invoices.dto';
import { AdminService } from './admin.service';

@ApiTags('admin')
@Roles('admin')
@Controller('admin/invoices')
export class AdminInvoicesController {
  constructor(private readonly admin: AdminService) {}

  /** Toutes les factures avec leur client, les plus récentes d'abord. */
  @ApiKeyScope('invoices:read')
  @Get()
  listAdminInvoices(@Query() query: ListAdminInvoicesQueryDto): Promise<AdminInvoiceListResponseDto> {
    return this.admin.listInvoices(query);
  }
}
