import { Body, Controller, Get, HttpCode, Post, StreamableFile } from '@nestjs/common';
import { ApiGoneResponse, ApiNotFoundResponse, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { RateLimited } from '../common/rate-limit/rate-limit-headers';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { AccountClosuresService } from './account-closures.service';
import { DataExportsService, INVALID_LINK } from './data-exports.service';
import {
  AccountClosedDto,
  CloseAccountDto,
  ClosurePreviewDto,
  DataExportDto,
  DataExportListDto,
  DownloadDataExportDto,
} from './dto/privacy.dto';

const exportId = uuidParam(INVALID_LINK);

/** The client's data rights: 'Mes données' (their archive) and 'Fermer mon compte'. */
@ApiTags('privacy')
@Controller('privacy')
export class PrivacyController {
  constructor(
    private readonly exports: DataExportsService,
    private readonly closures: AccountClosuresService,
  ) {}

  /** Les dernières demandes d'archive de mes données. */
  @Get('exports')
  listDataExports(@CurrentUser() { user }: AuthenticatedUser): Promise<DataExportListDto> {
    return this.exports.list(user);
  }

  /** Demande l'archive de mes données : préparée en arrière-plan, son lien (valable 24 heures, une fois) part par e-mail. */
  @Post('exports')
  @HttpCode(202)
  @RateLimited('5 demandes par 24 heures au plus (retryAfter : secondes restantes)')
  requestDataExport(@CurrentUser() { user }: AuthenticatedUser): Promise<DataExportDto> {
    return this.exports.request(user);
  }

  /** Télécharge l'archive avec le jeton du lien reçu par e-mail : une seule fois, par ce compte seulement. */
  @Post('exports/:id/download')
  @HttpCode(200)
  @ApiProduces('application/zip')
  @ApiOkResponse({
    description: 'L’archive ZIP de vos données',
    content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiNotFoundResponse({ description: 'Lien invalide, ou d’un autre compte' })
  @ApiGoneResponse({ description: 'Lien expiré (24 heures) ou déjà utilisé' })
  downloadDataExport(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', exportId) id: string,
    @Body() dto: DownloadDataExportDto,
  ): Promise<StreamableFile> {
    return this.exports.download(user, id, dto.token);
  }

  /** Ce que la fermeture de mon compte ferait : les abonnements résiliés, les factures conservées et jusqu'à quand. */
  @Get('closure')
  getClosurePreview(@CurrentUser() { user }: AuthenticatedUser): Promise<ClosurePreviewDto> {
    return this.closures.preview(user.id);
  }

  /**
   * Ferme mon compte (mot de passe requis) : abonnements résiliés tout de suite ou à la fin de la période payée,
   * connexion impossible, données personnelles effacées, factures conservées.
   */
  @Post('closure')
  @HttpCode(200)
  closeAccount(@CurrentUser() { user }: AuthenticatedUser, @Body() dto: CloseAccountDto): Promise<AccountClosedDto> {
    return this.closures.closeOwn(user, dto);
  }
}
