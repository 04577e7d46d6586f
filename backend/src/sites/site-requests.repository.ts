import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../database/base.repository';
import { ModificationRequest, type ModificationPriority, type ModificationType } from './modification-request.entity';
import { SiteBusinessOptions } from './site-business-options.entity';

/** What clients send about a site: `modification_requests` and `site_business_options`. */
@Injectable()
export class SiteRequestsRepository extends BaseRepository {
  insertModificationRequest(
    request: { siteId: string; userId: string; type: ModificationType; priority: ModificationPriority; description: string },
    tx?: EntityManager,
  ): Promise<ModificationRequest> {
    return this.repo(ModificationRequest, tx).save(this.repo(ModificationRequest, tx).create(request));
  }

  findBusinessOptions(siteId: string, tx?: EntityManager): Promise<SiteBusinessOptions | null> {
    return this.repo(SiteBusinessOptions, tx).findOneBy({ siteId });
  }

  async saveBusinessOptions(siteId: string, data: Record<string, unknown>, tx?: EntityManager): Promise<SiteBusinessOptions> {
    await this.query(
      `INSERT INTO site_business_options (site_id, data) VALUES ($1, $2)
       ON CONFLICT (site_id) DO UPDATE SET data = EXCLUDED.data, updated_at = now()`,
      [siteId, JSON.stringify(data)],
      tx,
    );
    return (await this.findBusinessOptions(siteId, tx))!;
  }

  /** Every modification request an account sent, oldest first. */
  modificationRequestsOfUser(userId: string, tx?: EntityManager): Promise<ModificationRequest[]> {
    return this.repo(ModificationRequest, tx).find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** The business options of the account's sites, by site. */
  async businessOptionsOfUser(userId: string, tx?: EntityManager): Promise<SiteBusinessOptions[]> {
    return this.repo(SiteBusinessOptions, tx)
      .createQueryBuilder('o')
      .where('o.site_id IN (SELECT id FROM sites WHERE user_id = :userId)', { userId })
      .getMany();
  }

  /** Erases what an account wrote about its sites: its modification requests, its sites' business options. */
  async deleteOfUser(userId: string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM modification_requests WHERE user_id = $1`, [userId], tx);
    await this.query(`DELETE FROM site_business_options WHERE site_id IN (SELECT id FROM sites WHERE user_id = $1)`, [userId], tx);
  }
}
