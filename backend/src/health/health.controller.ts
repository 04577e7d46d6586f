import { Controller, Get } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access.decorator';
import { HealthResponseDto, LivenessResponseDto, ReadinessResponseDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** État du service et de la base de données ; 503 pendant un arrêt (à retirer du répartiteur de charge). */
  @Public()
  @Get()
  @ApiServiceUnavailableResponse({ description: 'Base de données injoignable, ou arrêt en cours (le serveur termine ses requêtes)' })
  getHealth(): Promise<HealthResponseDto> {
    return this.health.check();
  }

  /** Le processus répond (sonde de vie) : 200 tant qu'il tourne, arrêt en cours compris. */
  @Public()
  @Get('live')
  getLiveness(): LivenessResponseDto {
    return this.health.live();
  }

  /** Prêt à recevoir du trafic (sonde de disponibilité) : base joignable et migrations appliquées ; 503 sinon, et pendant un arrêt. */
  @Public()
  @Get('ready')
  @ApiServiceUnavailableResponse({ description: 'Arrêt en cours, base de données injoignable ou migrations en attente' })
  getReadiness(): Promise<ReadinessResponseDto> {
    return this.health.ready();
  }
}
