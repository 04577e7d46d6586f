import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../database/base.repository';

/** The `login_attempts` table: failed sign-ins per e-mail address and the lock they lead to. */
@Injectable()
export class LoginAttemptsRepository extends BaseRepository {
  /** Seconds left on the address's lock, or null when it is not locked. */
  async lockedForSeconds(email: string, tx?: EntityManager): Promise<number | null> {
    const [row] = await this.query<{ seconds: number }>(
      `SELECT ceil(extract(epoch FROM locked_until - now()))::int AS seconds FROM login_attempts WHERE email = $1 AND locked_until > now()`,
      [email],
      tx,
    );
    return row ? row.seconds : null;
  }

  /**
   * Counts a failure in one statement: the count restarts after a quiet `lockMinutes` or an ended lock, and reaching
   * `maxFailures` locks the address for `lockMinutes`.
   */
  async recordFailure(email: string, maxFailures: number, lockMinutes: number, tx?: EntityManager): Promise<void> {
    await this.query(
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
      tx,
    );
  }

  async clear(email: string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM login_attempts WHERE email = $1`, [email], tx);
  }
}
