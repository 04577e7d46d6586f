import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../database/base.repository';

/** The `login_attempts` table: failed sign-ins per e-mail address and the lock they lead to. */
@Injectable()
export class LoginAttemptsRepository extends BaseRepository {
  /**
   * Counts one sign-in attempt before its password is checked, in one statement (the row lock of the upsert orders
   * concurrent attempts, across app instances): the count restarts after a quiet `lockMinutes` or an ended lock, the
   * attempt that reaches `maxFailures` locks the address for `lockMinutes`, and during a lock the count stays above the
   * limit. `allowed` is false for every attempt past `maxFailures`, so at most that many passwords are ever checked
   * per lock period, however many requests arrive at once; `lockedForSeconds` is the wait when refused.
   */
  async countAttempt(
    email: string,
    maxFailures: number,
    lockMinutes: number,
    tx?: EntityManager,
  ): Promise<{ allowed: boolean; lockedForSeconds: number }> {
    const [row] = await this.returning<{ failures: number; seconds: number | null }>(
      `INSERT INTO login_attempts AS a (email, failures, last_failure_at, locked_until)
       VALUES ($1, 1, now(), CASE WHEN 1 >= $2 THEN now() + make_interval(mins => $3) END)
       ON CONFLICT (email) DO UPDATE SET
         failures = CASE
           WHEN a.locked_until <= now() OR (a.locked_until IS NULL AND a.last_failure_at < now() - make_interval(mins => $3)) THEN 1
           ELSE least(a.failures + 1, $2 + 1) END,
         locked_until = CASE
           WHEN a.locked_until <= now() OR (a.locked_until IS NULL AND a.last_failure_at < now() - make_interval(mins => $3))
             THEN CASE WHEN 1 >= $2 THEN now() + make_interval(mins => $3) END
           WHEN a.locked_until > now() THEN a.locked_until
           WHEN a.failures + 1 >= $2 THEN now() + make_interval(mins => $3)
           END,
         last_failure_at = now()
       RETURNING failures, greatest(1, ceil(extract(epoch FROM locked_until - now())))::int AS seconds`,
      [email, maxFailures, lockMinutes],
      tx,
    );
    return { allowed: row.failures <= maxFailures, lockedForSeconds: row.seconds ?? 0 };
  }

  async clear(email: string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM login_attempts WHERE email = $1`, [email], tx);
  }
}
