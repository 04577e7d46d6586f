import { Controller, Get, Query, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import { ApiKeyScope } from '../common/api-key';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { AudienceService } from './audience.service';
import { AudienceQueryDto, AudienceResponseDto } from './dto/audience.dto';

@ApiTags('sites')
@Controller('sites')
export class AudienceController {
  constructor(private readonly audience: AudienceService) {}

  /**
   * Statistiques d'audience d'un site (son propriétaire, ou l'équipe) sur 7, 30, 90 jours ou 12 mois, face à la
   * période précédente : chiffres, courbe, classements (pages, provenances groupées, campagnes, appareils,
   * navigateurs, langues), dernier événement reçu, extrait de code et texte des mentions légales ; lues dans les
   * agrégats seulement.
   */
  @Get(':id/audience')
  @ApiKeyScope('stats:read')
  getSiteAudience(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', uuidParam('Site introuvable')) id: string,
    @Query() query: AudienceQueryDto,
  ): Promise<AudienceResponseDto> {
    return this.audience.figures(user, id, query.period ?? '30d');
  }

  /** Les mêmes statistiques en CSV (UTF-8 avec BOM, séparateur ;) : une ligne par jour, puis chaque classement. */
  @Get(':id/audience.csv')
  @ApiKeyScope('stats:read')
  @ApiProduces('text/csv')
  @ApiOkResponse({
    description: 'CSV (UTF-8 avec BOM, séparateur ;)',
    content: { 'text/csv': { schema: { type: 'string', format: 'binary' } } },
  })
  async exportSiteAudience(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', uuidParam('Site introuvable')) id: string,
    @Query() query: AudienceQueryDto,
  ): Promise<StreamableFile> {
    const file = await this.audience.csv(user, id, query.period ?? '30d');
    return new StreamableFile(Buffer.from(file.body, 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${file.filename}"`,
    });
  }
}
