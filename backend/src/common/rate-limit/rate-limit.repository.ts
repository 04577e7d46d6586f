import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../../database/base.repository';
import { escapeLike } from '../pagination';

/** The `rate_limits` table: one fixed-window counter per key. */
@Injectable()
export class RateLimitRepository extends BaseRepository {
  /** Adds a hit to the key's current window (a new window once the last one ended). */
  async hit(key: string, windowSeconds: number, tx?: EntityManager): Promise<{ hits: number; retryAfter: number }> {
    const [row] = await this.returning<{ hits: number; retry_after: number }>(
      `INSERT INTO rate_limits AS r (key, window_start, hits) VALUES ($1, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE r.hits + 1 END,
         window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN now() ELSE r.window_start END
       RETURNING hits, greatest(1, ceil(extract(epoch FROM r.window_start + make_interval(secs => $2) - now())))::int AS retry_after`,
      [key, windowSeconds],
      tx,
    );
    return { hits: row.hits, retryAfter: row.retry_after };
  }

  /** Deletes the counters kept for one account (keys `…:user:<id>`). */
  async forgetUser(userId: string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM rate_limits WHERE key LIKE '%:user:' || $1`, [userId], tx);
  }

  /** Deletes the counters kept for one e-mail address (keys `…:email:<address>`). */
  async forgetEmail(email: string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM rate_limits WHERE lower(key) LIKE '%:email:' || $1 ESCAPE '\\'`, [escapeLike(email.toLowerCase())], tx);
  }
}
