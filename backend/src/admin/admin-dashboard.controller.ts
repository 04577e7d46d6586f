import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { AdminRevenueDto, AdminStatsDto } from './dto/admin-stats.dto';
import { AdminDashboardService } from './admin-dashboard.service';

@ApiTags('admin')
@Roles('admin')
@Controller('admin')
export class AdminDashboardController {
  constructor(private readonly dashboard: AdminDashboardService) {}

  /** Chiffres du tableau de bord : chiffre d'affaires, clients, sites par statut, 5 derniers sites et comptes, totaux. */
  @Get('stats')
  getAdminStats(): Promise<AdminStatsDto> {
    return this.dashboard.stats();
  }

  /** Revenus : revenu mensuel récurrent, abonnements par formule, mouvements sur 30 jours, 12 derniers mois. */
  @Get('revenue')
  getAdminRevenue(): Promise<AdminRevenueDto> {
    return this.dashboard.revenue();
  }
}
