import { Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { SitesModule } from '../sites/sites.module';
import { DashboardController } from './dashboard.controller';
import { DashboardService } from './dashboard.service';

@Module({
  imports: [SitesModule, BillingModule],
  controllers: [DashboardController],
  providers: [DashboardService],
})
export class DashboardModule {}
