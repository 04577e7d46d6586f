import { Controller, Get, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { AdminExportsService } from './admin-exports.service';

const CSV = {
  description: 'CSV (UTF-8 avec BOM, séparateur ;)',
  content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
};

@ApiTags('admin')
@Roles('admin')
@Controller('admin/exports')
export class AdminExportsController {
  constructor(private readonly exports: AdminExportsService) {}

  /** Tous les sites en CSV, avec leur client. */
  @Get('sites.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse(CSV)
  exportAdminSites(): StreamableFile {
    return this.exports.sites();
  }

  /** Tous les comptes en CSV. */
  @Get('clients.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse(CSV)
  exportAdminClients(): StreamableFile {
    return this.exports.clients();
  }

  /** Toutes les factures en CSV, avec leur client. */
  @Get('invoices.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse(CSV)
  exportAdminInvoices(): StreamableFile {
    return this.exports.invoices();
  }
}
