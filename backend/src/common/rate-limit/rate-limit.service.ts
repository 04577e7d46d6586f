import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { minutesText, tooManyRequests } from '../errors';
import { sayRateLimit } from './rate-limit-headers';
import { RateLimitRepository } from './rate-limit.repository';

export interface RateLimitRule {
  /** What is counted, e.g. `quote:ip:127.0.0.1` */
  key: string;
  limit: number;
  windowSeconds: number;
  /** French message; `{minutes}` is replaced by the wait */
  message: string;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends */
  retryAfter: number;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every app instance shares them. Over the limit: 429 with the seconds
 * left (`retryAfter`, and the Retry-After header).
 */
@Injectable()
export class RateLimitService {
  constructor(private readonly counters: RateLimitRepository) {}

  /** Counts one hit and says whether it is within the limit; never throws for being over it. */
  async consume(rule: Omit<RateLimitRule, 'message'>, tx?: EntityManager): Promise<RateLimitResult> {
    const { hits, retryAfter } = await this.counters.hit(rule.key, rule.windowSeconds, tx);
    return { allowed: hits <= rule.limit, retryAfter };
  }

  /**
   * Counts one hit; over the limit, a 429 with the rule's message. The answer says the limit in its RateLimit-*
   * headers (`consume` stays silent: a limit whose state must not be disclosed uses it).
   */
  async hit(rule: RateLimitRule, tx?: EntityManager): Promise<void> {
    const { hits, retryAfter } = await this.counters.hit(rule.key, rule.windowSeconds, tx);
    sayRateLimit(rule.limit, hits, retryAfter);
    if (hits > rule.limit) throw tooManyRequests(rule.message.replace('{minutes}', minutesText(retryAfter)), retryAfter);
  }

  /** Forgets the counters of an account (a closed account's erasure: the keys hold its id). */
  forgetUser(userId: string, tx?: EntityManager): Promise<void> {
    return this.counters.forgetUser(userId, tx);
  }

  /** Forgets the counters of an e-mail address (a closed account's erasure: the keys hold the address). */
  forgetEmail(email: string, tx?: EntityManager): Promise<void> {
    return this.counters.forgetEmail(email, tx);
  }
}
