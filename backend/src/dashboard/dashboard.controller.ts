import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { DashboardSummaryDto } from './dto/dashboard.dto';
import { DashboardService } from './dashboard.service';

@ApiTags('dashboard')
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  /** Les tuiles du tableau de bord : ancienneté, sites actifs et en attente, factures. */
  @Get('summary')
  getDashboardSummary(@CurrentUser() { user }: AuthenticatedUser): Promise<DashboardSummaryDto> {
    return this.dashboard.summary(user);
  }
}
