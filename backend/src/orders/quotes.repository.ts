import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PageWindow } from '../common/pagination';
import { BaseRepository } from '../database/base.repository';
import { QuoteRequest } from './quote-request.entity';

/** The `quote_requests` table. */
@Injectable()
export class QuotesRepository extends BaseRepository {
  insert(quote: Omit<QuoteRequest, 'id' | 'createdAt'>, tx?: EntityManager): Promise<QuoteRequest> {
    return this.repo(QuoteRequest, tx).save(quote);
  }

  async list(window: PageWindow): Promise<{ items: QuoteRequest[]; total: number }> {
    const [items, total] = await this.repo(QuoteRequest).findAndCount({
      // The id breaks ties the way of the sort: quote_requests_created_at_idx read backwards (migration ListIndexes).
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: window.offset,
      take: window.limit,
    });
    return { items, total };
  }
}
