import { Injectable, NotFoundException } from '@nestjs/common';
import { type AuditActor, AuditService } from '../audit/audit.service';
import { toOwner } from '../auth/user.mapper';
import { toPage } from '../common/pagination';
import { Transactions } from '../database/transactions';
import { OrderDraftsService } from '../orders/order-drafts.service';
import type {
  AdminSiteDetailDto,
  AdminSiteDto,
  AdminSiteListResponseDto,
  ListAdminSitesQueryDto,
  UpdateAdminSiteDto,
} from './dto/admin-sites.dto';
import type { Site } from '../sites/site.entity';
import type { SiteWithOwner } from '../sites/sites.repository';
import { SitesService, toProgressionResponse, toSiteResponse } from '../sites/sites.service';

const SITE_NOT_FOUND = 'Site introuvable';

export const toAdminSite = ({ site, owner }: SiteWithOwner): AdminSiteDto => ({ ...toSiteResponse(site), owner: toOwner(owner) });

/** A site's fields as the audit log keeps them: the API's names (progression in camelCase). */
function auditedSite(fields: Partial<Pick<Site, 'domain' | 'status' | 'progression'>>): Record<string, unknown> {
  const { progression, ...rest } = fields;
  return progression ? { ...rest, progression: toProgressionResponse(progression) } : rest;
}

/** The admin's sites: every site with its owner, one site with its order, and the admin's save (audited). */
@Injectable()
export class AdminSitesService {
  constructor(
    private readonly sites: SitesService,
    private readonly orders: OrderDraftsService,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  async list(query: ListAdminSitesQueryDto): Promise<AdminSiteListResponseDto> {
    const { items, total } = await this.sites.listForAdmin({
      ...query,
      status: query.status === 'all' ? undefined : query.status,
      type: query.type === 'all' ? undefined : query.type,
      paymentState: query.paymentState === 'all' ? undefined : query.paymentState,
    });
    return toPage('sites', items.map(toAdminSite), total);
  }

  /** The most recent sites with their owner (the dashboard's). */
  async recent(limit: number): Promise<AdminSiteDto[]> {
    return (await this.sites.recentWithOwner(limit)).map(toAdminSite);
  }

  async get(id: string): Promise<AdminSiteDetailDto> {
    const found = await this.sites.findWithOwner(id);
    if (!found) throw new NotFoundException(SITE_NOT_FOUND);
    const order = found.site.orderDraftId ? await this.orders.summaryForAdmin(found.site.orderDraftId) : null;
    return { ...toAdminSite(found), order };
  }

  /**
   * Saves the fields sent; what changed goes into the audit log in the same transaction, under the caller: the admin,
   * or the API key the request came with.
   */
  async update(actor: AuditActor, id: string, dto: UpdateAdminSiteDto): Promise<AdminSiteDetailDto> {
    await this.transactions.run(async (tx) => {
      const update = await this.sites.updateByAdmin(id, dto, tx);
      if (!update) throw new NotFoundException(SITE_NOT_FOUND);
      if (Object.keys(update.after).length) {
        await this.audit.record(
          actor,
          { action: 'site.update', entityType: 'site', entityId: id, before: auditedSite(update.before), after: auditedSite(update.after) },
          tx,
        );
      }
    });
    return this.get(id);
  }
}
