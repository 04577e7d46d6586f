import { Controller, Get } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access.decorator';
import { HealthResponseDto } from './health.dto';
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
}
