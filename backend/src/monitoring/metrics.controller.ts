import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Registry } from 'prom-client';
import { Public } from '../common/access.decorator';
import { MetricsTokenGuard } from './metrics-token.guard';
import { MonitoringService } from './monitoring.service';

/**
 * GET /api/metrics: Prometheus's scrape, in its text format. Outside the OpenAPI contract (not a JSON route for the
 * app's clients; docs/operating.md, 'Metrics and service status'). No session: its bearer token is METRICS_TOKEN (MetricsTokenGuard).
 */
@ApiExcludeController()
@Public()
@UseGuards(MetricsTokenGuard)
@Controller('metrics')
export class MetricsController {
  constructor(private readonly monitoring: MonitoringService) {}

  @Get()
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  getMetrics(): Promise<string> {
    return this.monitoring.metrics();
  }
}
