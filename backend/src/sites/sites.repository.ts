import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PageWindow } from '../common/pagination';
import { BaseRepository } from '../database/base.repository';
import { type Progression, Site, type SiteStatus, type SiteType } from './site.entity';
import { type StatusCause, SiteStatusChange } from './site-status-history.entity';

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

  /** Locks the site until the transaction ends (status changes from payments, the client and admins never interleave). */
  async lockBySubscription(stripeSubscriptionId: string, tx: EntityManager): Promise<Site | null> {
    return this.repo(Site, tx).findOne({ where: { stripeSubscriptionId }, lock: { mode: 'pessimistic_write' } });
  }

  async lock(id: string, tx: EntityManager): Promise<Site | null> {
    return this.repo(Site, tx).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async update(id: string, changes: Partial<Pick<Site, 'status' | 'statusBeforeSuspension' | 'type'>>, tx?: EntityManager): Promise<void> {
    await this.repo(Site, tx).update({ id }, changes);
  }

  async recordStatus(change: { siteId: string; fromStatus: SiteStatus | null; toStatus: SiteStatus; cause: StatusCause }, tx?: EntityManager): Promise<void> {
    await this.repo(SiteStatusChange, tx).insert(change);
  }

  /** The latest changes first. */
  history(siteId: string, limit: number, tx?: EntityManager): Promise<SiteStatusChange[]> {
    return this.repo(SiteStatusChange, tx).find({ where: { siteId }, order: { createdAt: 'DESC', id: 'ASC' }, take: limit });
  }

  async countByStatusOfUser(userId: string, tx?: EntityManager): Promise<Record<SiteStatus, number>> {
    const rows = await this.query<{ status: SiteStatus; count: string }>(`SELECT status, count(*) AS count FROM sites WHERE user_id = $1 GROUP BY status`, [userId], tx);
    const counts: Record<SiteStatus, number> = { pending: 0, active: 0, suspended: 0 };
    for (const row of rows) counts[row.status] = Number(row.count);
    return counts;
  }
}
