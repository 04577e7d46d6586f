import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { ApiKeyScope } from '../common/api-key';
import { AccountingExportQueryDto } from '../invoicing/dto/legal-invoices.dto';
import { AccountingExport } from './accounting-export';
import { AdminExportsService } from './admin-exports.service';

const CSV = {
  description: 'CSV (UTF-8 avec BOM, séparateur ;)',
  content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
};

@ApiTags('admin')
@Roles('admin')
@Controller('admin/exports')
export class AdminExportsController {
  constructor(
    private readonly exports: AdminExportsService,
    private readonly accounting: AccountingExport,
  ) {}

  /** Tous les sites en CSV, avec leur client. */
  @ApiKeyScope('sites:read')
  @Get('sites.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse(CSV)
  exportAdminSites(): StreamableFile {
    return this.exports.sites();
  }

  /** Tous les comptes en CSV. */
  @ApiKeyScope('clients:read')
  @Get('clients.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse(CSV)
  exportAdminClients(): StreamableFile {
    return this.exports.clients();
  }

  /** Toutes les factures en CSV, avec leur client. */
  @ApiKeyScope('invoices:read')
  @Get('invoices.csv')
  @ApiProduces('text/csv')
  @ApiOkResponse(CSV)
  exportAdminInvoices(): StreamableFile {
    return this.exports.invoices();
  }

  /** Export comptable d'une période (dates incluses, heure de Paris) : les factures et avoirs Factur-X et le journal des ventes (CSV), en ZIP. */
  @ApiKeyScope('invoices:read')
  @Get('accounting.zip')
  @ApiProduces('application/zip')
  @ApiOkResponse({
    description: 'ZIP : factures/ et avoirs/ (fichiers Factur-X de la période) et journal-des-ventes.csv (UTF-8 avec BOM, séparateur ;)',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  exportAccounting(@Query() query: AccountingExportQueryDto): StreamableFile {
    return this.accounting.zip(query.from, query.to);
  }
}
