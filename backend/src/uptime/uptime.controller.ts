import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyScope } from '../common/api-key';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { UptimeResponseDto } from './dto/uptime.dto';
import { UptimeService } from './uptime.service';

@ApiTags('sites')
@Controller('sites')
export class UptimeController {
  constructor(private readonly uptime: UptimeService) {}

  /**
   * Disponibilité d'un site (son propriétaire, l'équipe, ou une clé d'API de portée `stats:read`) : en ligne ou hors
   * ligne depuis quand, disponibilité sur 30 et 90 jours, derniers incidents, expiration du certificat.
   */
  @Get(':id/uptime')
  @ApiKeyScope('stats:read')
  getSiteUptime(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', uuidParam('Site introuvable')) id: string,
  ): Promise<UptimeResponseDto> {
    return this.uptime.uptime(user, id);
  }
}
