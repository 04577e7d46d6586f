import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PageWindow } from '../common/pagination';
import { BaseRepository } from '../database/base.repository';
import { type Progression, Site, type SiteType } from './site.entity';

export interface NewSite {
  userId: string;
  siteName: string;
  domain: string | null;
  type: SiteType;
  progression: Progression;
  stripeSubscriptionId: string | null;
  orderDraftId: string | null;
}

/** The sites module's `sites` table. */
@Injectable()
export class SitesRepository extends BaseRepository {
  /**
   * Creates the site of a paid order once: a second call for the same order or the same subscription (a replayed
   * or duplicated event, in parallel too) inserts nothing and answers null.
   */
  async insertOnce(site: NewSite, tx?: EntityManager): Promise<string | null> {
    const [row] = await this.returning<{ id: string }>(
      `INSERT INTO sites (user_id, site_name, domain, type, progression, stripe_subscription_id, order_draft_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT DO NOTHING
       RETURNING id`,
      [site.userId, site.siteName, site.domain, site.type, JSON.stringify(site.progression), site.stripeSubscriptionId, site.orderDraftId],
      tx,
    );
    return row?.id ?? null;
  }

  findByOrderDraft(orderDraftId: string, tx?: EntityManager): Promise<Site | null> {
    return this.repo(Site, tx).findOneBy({ orderDraftId });
  }

  findBySubscription(stripeSubscriptionId: string, tx?: EntityManager): Promise<Site | null> {
    return this.repo(Site, tx).findOneBy({ stripeSubscriptionId });
  }

  findOfUser(id: string, userId: string, tx?: EntityManager): Promise<Site | null> {
    return this.repo(Site, tx).findOneBy({ id, userId });
  }

  async listOfUser(userId: string, window: PageWindow, tx?: EntityManager): Promise<{ items: Site[]; total: number }> {
    const [items, total] = await this.repo(Site, tx).findAndCount({ where: { userId }, order: { createdAt: 'DESC', id: 'ASC' }, skip: window.offset, take: window.limit });
    return { items, total };
  }
}
