import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
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
   * période précédente, avec un point par jour et l'extrait de code à installer ; lues dans les agrégats seulement.
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
}
