import { Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { pageWindow, type PageQueryDto, toPage } from '../common/pagination';
import type { SiteDto, SiteListResponseDto } from './dto/sites.dto';
import { type Progression, PROGRESSION_STEPS, type Site, type SiteType } from './site.entity';
import { SitesRepository } from './sites.repository';

const NOT_FOUND = 'Site introuvable';

/** Clients' sites: theirs to read; created by billing when an order is paid. */
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
}

export function toSiteResponse(site: Site): SiteDto {
  const p = site.progression;
  return {
    id: site.id,
    siteName: site.siteName,
    domain: site.domain,
    status: site.status,
    type: site.type,
    progression: { started: p.started, designOk: p.design_ok, devOk: p.dev_ok, seoOk: p.seo_ok, technoReview: p.techno_review },
    createdAt: site.createdAt.toISOString(),
    updatedAt: site.updatedAt.toISOString(),
  };
}
