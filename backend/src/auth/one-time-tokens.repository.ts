import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../database/base.repository';
import { OneTimeToken, type OneTimeTokenPurpose } from './one-time-token.entity';

/** The `one_time_tokens` table (first login, password reset), by SHA-256. */
@Injectable()
export class OneTimeTokensRepository extends BaseRepository {
  async voidUnused(userId: string, purpose: OneTimeTokenPurpose, tx?: EntityManager): Promise<void> {
    await this.query(
      `UPDATE one_time_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
      [userId, purpose],
      tx,
    );
  }

  async insert(userId: string, purpose: OneTimeTokenPurpose, tokenHash: string, expiresAt: Date, tx?: EntityManager): Promise<void> {
    await this.repo(OneTimeToken, tx).insert({ userId, purpose, tokenHash, expiresAt, usedAt: null });
  }

  /** Marks a usable token used; its user id, or null. Atomic under concurrency. */
  async use(tokenHash: string, purpose: OneTimeTokenPurpose, tx?: EntityManager): Promise<string | null> {
    const [row] = await this.returning<{ user_id: string }>(
      `UPDATE one_time_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
      [tokenHash, purpose],
      tx,
    );
    return row?.user_id ?? null;
  }

  /** Every token of the account, used or not (its closure). */
  async deleteAllOfUser(userId: string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM one_time_tokens WHERE user_id = $1`, [userId], tx);
  }
}
