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
}
