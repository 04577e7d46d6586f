import { Controller, Get } from '@nestjs/common';
import { ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access.decorator';
import { HealthResponseDto } from './health.dto';
import { HealthService } from './health.service';

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** État du service et de la base de données. */
  @Public()
  @Get()
  @ApiServiceUnavailableResponse({ description: 'Base de données injoignable' })
  getHealth(): Promise<HealthResponseDto> {
    return this.health.check();
  }
}
