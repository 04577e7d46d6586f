import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { ApiKeyScope } from '../common/api-key';
import { AudienceService } from './audience.service';
import { AdminAudienceDto, AudienceQueryDto } from './dto/audience.dto';

@ApiTags('admin')
@Roles('admin')
@Controller('admin')
export class AudienceAdminController {
  constructor(private readonly audience: AudienceService) {}

  /** Audience de tous les sites ensemble (30 derniers jours par défaut), face à la période précédente, et les sites les plus visités. */
  @Get('audience')
  @ApiKeyScope('stats:read')
  getAdminAudience(@Query() query: AudienceQueryDto): Promise<AdminAudienceDto> {
    return this.audience.allSites(query.period ?? '30d');
  }
}
