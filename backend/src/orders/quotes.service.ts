import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { pageWindow, type PageQueryDto, toPage } from '../common/pagination';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { Transactions } from '../database/transactions';
import type { CreateQuoteDto, QuoteCreatedResponseDto, QuoteListResponseDto, QuoteResponseDto } from './dto/orders.dto';
import { MailService } from '../mail/mail.service';
import { BUDGET_LABELS, CALLBACK_LABELS, NOT_SPECIFIED, QUOTE_REQUEST_TYPE, splitFullName, TIMELINE_LABELS } from './quote-labels';
import type { QuoteRequest } from './quote-request.entity';
import { QuotesRepository } from './quotes.repository';

const TOO_MANY = 'Trop de demandes envoyées. Réessayez dans {minutes}.';

@Injectable()
export class QuotesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly quotes: QuotesRepository,
    private readonly rateLimit: RateLimitService,
    private readonly mail: MailService,
  ) {}

  /** Stores the request (limited per address and per e-mail), mails the team and acknowledges to the requester. */
  async create(dto: CreateQuoteDto, ip: string): Promise<QuoteCreatedResponseDto> {
    await this.rateLimit.hit({ key: `quote:ip:${ip}`, limit: 5, windowSeconds: 3600, message: TOO_MANY });
    await this.rateLimit.hit({ key: `quote:email:${dto.email}`, limit: 3, windowSeconds: 3600, message: TOO_MANY });
    return this.transactions.run(async (tx) => {
      const quote = await this.quotes.insert(
        {
          fullName: dto.fullName,
          email: dto.email,
          phone: dto.phone,
          company: dto.company ?? null,
          description: dto.description,
          budget: dto.budget ?? null,
          timeline: dto.timeline ?? null,
          callbackPreference: dto.callbackPreference ?? 'morning',
        },
        tx,
      );
      const callback = CALLBACK_LABELS[quote.callbackPreference];
      await this.mail.enqueue(
        'quote-team',
        await this.mail.teamAddress(tx),
        {
          fullName: quote.fullName,
          ...splitFullName(quote.fullName),
          requestType: QUOTE_REQUEST_TYPE,
          email: quote.email,
          phone: quote.phone,
          company: quote.company ?? NOT_SPECIFIED,
          description: quote.description,
          budget: quote.budget ? BUDGET_LABELS[quote.budget] : NOT_SPECIFIED,
          timeline: quote.timeline ? TIMELINE_LABELS[quote.timeline] : NOT_SPECIFIED,
          callbackPreference: callback,
          adminUrl: this.mail.link('/admin/quotes'),
        },
        { tx, dedupeKey: `quote-team:${quote.id}` },
      );
      await this.mail.enqueue(
        'quote-ack',
        quote.email,
        { fullName: quote.fullName, description: quote.description, callbackPreference: callback },
        { tx, dedupeKey: `quote-ack:${quote.id}` },
      );
      return { id: quote.id, createdAt: quote.createdAt.toISOString() };
    });
  }

  /** The quote requests sent with this address, as the admin reads them (a person's data archive). */
  async recordsByEmail(email: string): Promise<QuoteResponseDto[]> {
    return (await this.quotes.byEmail(email)).map(toQuoteResponse);
  }

  /** Erases the quote requests sent with this address up to `before` (a closed account's erasure). */
  eraseByEmail(email: string, before: Date | string, tx: EntityManager): Promise<void> {
    return this.quotes.deleteByEmail(email, before, tx);
  }

  async list(query: PageQueryDto): Promise<QuoteListResponseDto> {
    const { items, total } = await this.quotes.list(pageWindow(query));
    return toPage('quotes', items.map(toQuoteResponse), total);
  }
}

export function toQuoteResponse(q: QuoteRequest): QuoteResponseDto {
  return {
    id: q.id,
    fullName: q.fullName,
    ...splitFullName(q.fullName),
    requestType: QUOTE_REQUEST_TYPE,
    email: q.email,
    phone: q.phone,
    company: q.company,
    description: q.description,
    budget: q.budget,
    timeline: q.timeline,
    callbackPreference: q.callbackPreference,
    createdAt: q.createdAt.toISOString(),
  };
}
