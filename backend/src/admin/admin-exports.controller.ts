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

  /** Export comptable d'une période (dates incluses, heure de Paris) : les factures et avoirs Factur-X, le journal des ventes (CSV) et le FEC, en ZIP. */
  @ApiKeyScope('invoices:read')
  @Get('accounting.zip')
  @ApiProduces('application/zip')
  @ApiOkResponse({
    description:
      'ZIP : factures/ et avoirs/ (fichiers Factur-X de la période), journal-des-ventes.csv (UTF-8 avec BOM, séparateur ;) et le FEC (SIRENFECAAAAMMJJ.txt)',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  exportAccounting(@Query() query: AccountingExportQueryDto): StreamableFile {
    return this.accounting.zip(query.from, query.to);
  }

  /**
   * Le fichier des écritures comptables (FEC, article A47 A-1 du LPF) d'une période (dates incluses, heure de Paris) :
   * journal des ventes (VT) et encaissements Stripe (BQ), 18 colonnes séparées par des tabulations, ISO 8859-15.
   */
  @ApiKeyScope('invoices:read')
  @Get('fec.txt')
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'Fichier SIRENFECAAAAMMJJ.txt (ISO 8859-15, tabulations, dates AAAAMMJJ, montants à virgule)',
    content: { 'text/plain': { schema: { type: 'string', format: 'binary' } } },
  })
  exportFec(@Query() query: AccountingExportQueryDto): Promise<StreamableFile> {
    return this.accounting.fec(query.from, query.to);
  }
}
