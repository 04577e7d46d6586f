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

  /** The quote requests sent with this address, oldest first. */
  byEmail(email: string, tx?: EntityManager): Promise<QuoteRequest[]> {
    return this.repo(QuoteRequest, tx)
      .createQueryBuilder('q')
      .where('lower(q.email) = lower(:email)', { email })
      .orderBy('q.created_at', 'ASC')
      .addOrderBy('q.id', 'ASC')
      .getMany();
  }

  /** Deletes the quote requests sent with this address up to `before`. */
  async deleteByEmail(email: string, before: Date | string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM quote_requests WHERE lower(email) = lower($1) AND created_at <= $2::timestamptz`, [email, before], tx);
  }
}
