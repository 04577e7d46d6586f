import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { returning } from '../../database/returning';

export interface RateLimitRule {
  /** What is counted, e.g. `quote:ip:127.0.0.1` */
  key: string;
  limit: number;
  windowSeconds: number;
  /** French message; `{minutes}` is replaced by the wait */
  message: string;
}

/**
 * Fixed-window counters kept in PostgreSQL, so every app instance shares them. Over the limit: 429 with the seconds
 * left (`retryAfter`, and the Retry-After header).
 */
@Injectable()
export class RateLimitService {
  constructor(private readonly dataSource: DataSource) {}

  async hit(rule: RateLimitRule, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const [row] = await returning<{ hits: number; retry_after: number }>(
      manager,
      `INSERT INTO rate_limits AS r (key, window_start, hits) VALUES ($1, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE r.hits + 1 END,
         window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN now() ELSE r.window_start END
       RETURNING hits, greatest(1, ceil(extract(epoch FROM r.window_start + make_interval(secs => $2) - now())))::int AS retry_after`,
      [rule.key, rule.windowSeconds],
    );
    if (row.hits > rule.limit) {
      const minutes = Math.max(1, Math.ceil(row.retry_after / 60));
      throw new HttpException(
        {
          statusCode: 429,
          message: rule.message.replace('{minutes}', `${minutes} minute${minutes > 1 ? 's' : ''}`),
          error: 'Too Many Requests',
          retryAfter: row.retry_after,
        },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }
}
