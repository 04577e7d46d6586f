import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { ServiceStatusDto } from './dto/service-status.dto';
import { MonitoringService } from './monitoring.service';

@ApiTags('admin')
@Roles('admin')
@Controller('admin/status')
export class MonitoringAdminController {
  constructor(private readonly monitoring: MonitoringService) {}

  /** État du service : files d'e-mails et d'événements Stripe, tâches de fond, base de données, Stripe, version et durée de fonctionnement de l'instance qui répond. */
  @Get()
  getServiceStatus(): Promise<ServiceStatusDto> {
    return this.monitoring.status();
  }
}
