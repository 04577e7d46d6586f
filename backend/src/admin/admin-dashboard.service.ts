import { Injectable } from '@nestjs/common';
import { UsersService } from '../auth/users.service';
import { BillingService } from '../billing/billing.service';
import { AdminSitesService } from './admin-sites.service';
import { SitesService } from '../sites/sites.service';
import { AdminUsersService } from './admin-users.service';
import type { AdminRevenueDto, AdminStatsDto } from './dto/admin-stats.dto';

const RECENT = 5;

/** The admin dashboard's figures, over the sites', accounts' and billing's services. */
@Injectable()
export class AdminDashboardService {
  constructor(
    private readonly users: UsersService,
    private readonly adminUsers: AdminUsersService,
    private readonly sites: SitesService,
    private readonly adminSites: AdminSitesService,
    private readonly billing: BillingService,
  ) {}

  async stats(): Promise<AdminStatsDto> {
    const [invoices, sites, roles, recentSites, recentUsers] = await Promise.all([
      this.billing.invoiceTotals(),
      this.sites.countByStatus(),
      this.users.countByRole(),
      this.adminSites.recent(RECENT),
      this.adminUsers.recent(RECENT),
    ]);
    return {
      totalRevenueCents: invoices.paidCents,
      clientCount: roles.client,
      activeSites: sites.active,
      pendingSites: sites.pending,
      suspendedSites: sites.suspended,
      totals: { invoices: invoices.count, sites: sites.active + sites.pending + sites.suspended, users: roles.client + roles.admin },
      recentSites,
      recentUsers,
    };
  }

  revenue(): Promise<AdminRevenueDto> {
    return this.billing.revenue();
  }
}
