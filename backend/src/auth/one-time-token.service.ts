import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { returning } from '../database/returning';
import { OneTimeToken, type OneTimeTokenPurpose } from './one-time-token.entity';
import { randomToken, sha256 } from './password';

/** Single-use, expiring tokens sent by e-mail. Issuing one voids the user's earlier tokens of the same purpose. */
@Injectable()
export class OneTimeTokenService {
  constructor(private readonly dataSource: DataSource) {}

  async issue(userId: string, purpose: OneTimeTokenPurpose, ttlMs: number, manager: EntityManager = this.dataSource.manager): Promise<string> {
    const repo = manager.getRepository(OneTimeToken);
    await manager.query(`UPDATE one_time_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`, [userId, purpose]);
    const token = randomToken();
    await repo.insert({ userId, purpose, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttlMs), usedAt: null });
    return token;
  }

  /** Marks the token used and returns its user id; null when unknown, used or expired. Atomic under concurrency. */
  async consume(token: string, purpose: OneTimeTokenPurpose, manager: EntityManager = this.dataSource.manager): Promise<string | null> {
    const rows = await returning<{ user_id: string }>(
      manager,
      `UPDATE one_time_tokens SET used_at = now()
        WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING user_id`,
      [sha256(token), purpose],
    );
    return rows[0]?.user_id ?? null;
  }
}
