import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { pageWindow, type PageQueryDto, toPage } from '../common/pagination';
import type { SiteDto, SiteListResponseDto, SiteProgressionDto } from './dto/sites.dto';
import { type Progression, PROGRESSION_STEPS, type Site, type SiteStatus, type SiteType } from './site.entity';
import { type AdminSiteSortKey, type SiteChanges, type SiteCursor, SitesRepository, type SiteWithOwner } from './sites.repository';

/** The progression as the API names its steps (camelCase), each optional in a change. */
export interface ProgressionPatch {
  started?: boolean;
  designOk?: boolean;
  devOk?: boolean;
  seoOk?: boolean;
  technoReview?: boolean;
}

const STEP_OF: Record<keyof ProgressionPatch, keyof Progression> = {
  started: 'started',
  designOk: 'design_ok',
  devOk: 'dev_ok',
  seoOk: 'seo_ok',
  technoReview: 'techno_review',
};

/** What an admin's save changed, field by field (only those that changed). */
export interface SiteUpdate {
  site: Site;
  before: Partial<Pick<Site, 'domain' | 'status' | 'progression'>>;
  after: Partial<Pick<Site, 'domain' | 'status' | 'progression'>>;
}

const NOT_FOUND = 'Site introuvable';
const EXPORT_BATCH = 1000;

/** Clients' sites: theirs to read; created by billing when an order is paid; every site for the admin. */
@Injectable()
export class SitesService {
  constructor(private readonly sites: SitesRepository) {}

  async listOwn(userId: string, query: PageQueryDto): Promise<SiteListResponseDto> {
    const { items, total } = await this.sites.listOfUser(userId, pageWindow(query));
    return toPage('sites', items.map(toSiteResponse), total);
  }

  async getOwn(userId: string, id: string): Promise<SiteDto> {
    const site = await this.sites.findOfUser(id, userId);
    if (!site) throw new NotFoundException(NOT_FOUND);
    return toSiteResponse(site);
  }

  /**
   * The site of a paid order, created pending with every build step to do; once only, whatever the number of calls
   * (same order or same subscription). Answers its id and whether this call created it.
   */
  async createForOrder(
    order: { userId: string; siteName: string; domain: string | null; type: SiteType; stripeSubscriptionId: string | null; orderDraftId: string },
    tx?: EntityManager,
  ): Promise<{ siteId: string | null; created: boolean }> {
    const progression = Object.fromEntries(PROGRESSION_STEPS.map((step) => [step, false])) as Progression;
    const created = await this.sites.insertOnce({ ...order, progression }, tx);
    if (created) return { siteId: created, created: true };
    const existing = (await this.sites.findByOrderDraft(order.orderDraftId, tx)) ?? (order.stripeSubscriptionId ? await this.sites.findBySubscription(order.stripeSubscriptionId, tx) : null);
    return { siteId: existing?.id ?? null, created: false };
  }

  /** The id of the site an order became, or null while it is not paid. */
  async siteIdOfOrder(orderDraftId: string): Promise<string | null> {
    return (await this.sites.findByOrderDraft(orderDraftId))?.id ?? null;
  }

  // ---- for the admin ----

  /** A page of every site with its owner, in two queries. */
  listForAdmin(query: PageQueryDto & { search?: string; status?: SiteStatus; type?: SiteType; sortBy?: AdminSiteSortKey; sortOrder?: 'asc' | 'desc' }): Promise<{ items: SiteWithOwner[]; total: number }> {
    return this.sites.listForAdmin({
      ...pageWindow(query),
      search: query.search || undefined,
      status: query.status,
      type: query.type,
      sortBy: query.sortBy ?? 'created_at',
      sortOrder: query.sortOrder ?? 'desc',
    });
  }

  findWithOwner(id: string): Promise<SiteWithOwner | null> {
    return this.sites.findWithOwner(id);
  }

  /**
   * Applies an admin's save (domain, status, some build steps), the site locked meanwhile. Answers what changed
   * (nothing is written when nothing changes), or null when there is no such site.
   */
  async updateByAdmin(id: string, changes: { domain?: string | null; status?: SiteStatus; progression?: ProgressionPatch }, tx: EntityManager): Promise<SiteUpdate | null> {
    const site = await this.sites.findForUpdate(id, tx);
    if (!site) return null;
    const before: SiteUpdate['before'] = {};
    const after: SiteUpdate['after'] = {};
    const write: SiteChanges = {};
    if (changes.domain !== undefined && changes.domain !== site.domain) {
      before.domain = site.domain;
      after.domain = write.domain = changes.domain;
    }
    if (changes.status !== undefined && changes.status !== site.status) {
      before.status = site.status;
      after.status = write.status = changes.status;
    }
    if (changes.progression) {
      const progression = { ...site.progression };
      for (const [key, value] of Object.entries(changes.progression) as [keyof ProgressionPatch, boolean | undefined][]) {
        if (typeof value === 'boolean') progression[STEP_OF[key]] = value;
      }
      if (PROGRESSION_STEPS.some((step) => progression[step] !== site.progression[step])) {
        before.progression = site.progression;
        after.progression = write.progression = progression;
      }
    }
    if (Object.keys(write).length) await this.sites.update(id, write, tx);
    const updated = Object.keys(write).length ? (await this.sites.findForUpdate(id, tx))! : site;
    return { site: updated, before, after };
  }

  countByStatus(): Promise<Record<SiteStatus, number>> {
    return this.sites.countByStatus();
  }

  recentWithOwner(limit: number): Promise<SiteWithOwner[]> {
    return this.sites.recentWithOwner(limit);
  }

  /** Every site of an account, newest first. */
  allOfUser(userId: string): Promise<Site[]> {
    return this.sites.allOfUser(userId);
  }

  /** Every site with its owner, oldest first, a batch of 1,000 at a time (one query each): never the whole table in memory. */
  async *exportBatches(batchSize = EXPORT_BATCH): AsyncGenerator<SiteWithOwner[]> {
    let cursor: SiteCursor | null = null;
    do {
      const batch = await this.sites.exportBatch(cursor, batchSize);
      if (batch.items.length) yield batch.items;
      cursor = batch.next;
    } while (cursor);
  }
}

/** The progression as the API writes it (camelCase step names). */
export function toProgressionResponse(p: Progression): SiteProgressionDto {
  return { started: p.started, designOk: p.design_ok, devOk: p.dev_ok, seoOk: p.seo_ok, technoReview: p.techno_review };
}

export function toSiteResponse(site: Site): SiteDto {
  return {
    id: site.id,
    siteName: site.siteName,
    domain: site.domain,
    status: site.status,
    type: site.type,
    progression: toProgressionResponse(site.progression),
    createdAt: site.createdAt.toISOString(),
    updatedAt: site.updatedAt.toISOString(),
  };
}
