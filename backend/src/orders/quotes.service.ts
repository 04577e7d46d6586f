import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import type { CreateQuoteDto, QuoteCreatedResponseDto, QuoteListResponseDto, QuoteResponseDto } from './dto/orders.dto';
import { QuoteRequest } from './quote-request.entity';

const TOO_MANY = 'Trop de demandes envoyées. Réessayez dans {minutes}.';

@Injectable()
export class QuotesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rateLimit: RateLimitService,
  ) {}

  /** Stores the request (limited per address and per e-mail). */
  async create(dto: CreateQuoteDto, ip: string): Promise<QuoteCreatedResponseDto> {
    await this.rateLimit.hit({ key: `quote:ip:${ip}`, limit: 5, windowSeconds: 3600, message: TOO_MANY });
    await this.rateLimit.hit({ key: `quote:email:${dto.email}`, limit: 3, windowSeconds: 3600, message: TOO_MANY });
    return this.dataSource.transaction(async (manager) => {
      const quote = await manager.getRepository(QuoteRequest).save({
        fullName: dto.fullName,
        email: dto.email,
        phone: dto.phone,
        company: dto.company ?? null,
        description: dto.description,
        budget: dto.budget ?? null,
        timeline: dto.timeline ?? null,
        callbackPreference: dto.callbackPreference ?? 'morning',
      });
      return { id: quote.id, created_at: quote.createdAt.toISOString() };
    });
  }

  async list(page: number, limit: number): Promise<QuoteListResponseDto> {
    const [quotes, total] = await this.dataSource.getRepository(QuoteRequest).findAndCount({
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    return { quotes: quotes.map(toQuoteResponse), total };
  }
}

export function toQuoteResponse(q: QuoteRequest): QuoteResponseDto {
  return {
    id: q.id,
    fullName: q.fullName,
    email: q.email,
    phone: q.phone,
    company: q.company,
    description: q.description,
    budget: q.budget,
    timeline: q.timeline,
    callbackPreference: q.callbackPreference,
    created_at: q.createdAt.toISOString(),
  };
}
