import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { MonitoringAdminController } from './monitoring-admin.controller';
import { MetricsController } from './metrics.controller';
import { MetricsTokenGuard } from './metrics-token.guard';
import { MonitoringRepository } from './monitoring.repository';
import { MonitoringService } from './monitoring.service';

/**
 * What an operator watches: GET /api/metrics (Prometheus, behind METRICS_TOKEN) and GET /api/admin/status (the
 * admin's 'État du service'). The figures of requests and background jobs are kept in common/metrics, where the
 * request logger and the jobs report them without knowing this module.
 */
@Module({
  imports: [BillingModule],
  controllers: [MetricsController, MonitoringAdminController],
  providers: [MonitoringService, MonitoringRepository, MetricsTokenGuard],
})
export class MonitoringModule {}
