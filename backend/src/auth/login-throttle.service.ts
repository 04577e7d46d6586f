import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/**
 * Counts failed sign-ins per e-mail address (existing account or not) in PostgreSQL; after `maxFailures` in a row the
 * address is locked for `lockMinutes`, even for the right password.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async assertNotLocked(email: string): Promise<void> {
    const rows: Array<{ seconds: number }> = await this.dataSource.query(
      `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds FROM login_attempts WHERE email = $1 AND locked_until > now()`,
      [email],
    );
    if (rows.length) {
      const minutes = Math.max(1, Math.ceil(rows[0].seconds / 60));
      throw new HttpException(
        { statusCode: 429, message: `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`, error: 'Too Many Requests', retryAfter: rows[0].seconds },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  async recordFailure(email: string): Promise<void> {
    const { maxFailures, lockMinutes } = this.config.login;
    await this.dataSource.query(
      `INSERT INTO login_attempts AS a (email, failures, last_failure_at, locked_until)
       VALUES ($1, 1, now(), CASE WHEN 1 >= $2 THEN now() + make_interval(mins => $3) END)
       ON CONFLICT (email) DO UPDATE SET
         failures = CASE WHEN a.last_failure_at < now() - make_interval(mins => $3) OR a.locked_until <= now() THEN 1 ELSE a.failures + 1 END,
         locked_until = CASE
           WHEN a.last_failure_at < now() - make_interval(mins => $3) OR a.locked_until <= now() THEN NULL
           WHEN a.failures + 1 >= $2 THEN now() + make_interval(mins => $3)
           ELSE a.locked_until END,
         last_failure_at = now()`,
      [email, maxFailures, lockMinutes],
    );
  }

  async reset(email: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM login_attempts WHERE email = $1`, [email]);
  }
}
