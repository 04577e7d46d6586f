import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OneTimeTokenPurpose } from './one-time-token.entity';
import { OneTimeTokensRepository } from './one-time-tokens.repository';
import { randomToken, sha256 } from './password';

/** Single-use, expiring tokens sent by e-mail. Issuing one voids the user's earlier tokens of the same purpose. */
@Injectable()
export class OneTimeTokenService {
  constructor(private readonly tokens: OneTimeTokensRepository) {}

  async issue(userId: string, purpose: OneTimeTokenPurpose, ttlMs: number, tx?: EntityManager): Promise<string> {
    await this.tokens.voidUnused(userId, purpose, tx);
    const token = randomToken();
    await this.tokens.insert(userId, purpose, sha256(token), new Date(Date.now() + ttlMs), tx);
    return token;
  }

  /** Marks the token used and returns its user id; null when unknown, used or expired. Atomic under concurrency. */
  consume(token: string, purpose: OneTimeTokenPurpose, tx?: EntityManager): Promise<string | null> {
    return this.tokens.use(sha256(token), purpose, tx);
  }

  /** Forgets every token of the account (closed: no link of it may work any more). */
  deleteAllOf(userId: string, tx?: EntityManager): Promise<void> {
    return this.tokens.deleteAllOfUser(userId, tx);
  }
}
