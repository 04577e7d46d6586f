import { Injectable } from '@nestjs/common';
import { BillingService } from '../billing/billing.service';
import type { SessionUser } from '../common/current-user';
import { SitesService } from '../sites/sites.service';
import type { DashboardSummaryDto } from './dto/dashboard.dto';

const DAY_MS = 86_400_000;

/** The client dashboard's tiles, from the sites and billing modules' services. */
@Injectable()
export class DashboardService {
  constructor(
    private readonly sites: SitesService,
    private readonly billing: BillingService,
  ) {}

  async summary(user: SessionUser, now = Date.now()): Promise<DashboardSummaryDto> {
    const [counts, invoiceCount] = await Promise.all([this.sites.countsOf(user.id), this.billing.countInvoicesOfUser(user.id)]);
    return {
      memberDays: Math.max(1, Math.ceil((now - user.createdAt.getTime()) / DAY_MS)),
      activeSites: counts.active,
      pendingSites: counts.pending,
      suspendedSites: counts.suspended,
      invoiceCount,
    };
  }
}
