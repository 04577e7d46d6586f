import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { BaseRepository } from '../database/base.repository';

/** How long a request may hold a lease while it talks to Stripe (3 tries of STRIPE_TIMEOUT_MS, twice over). */
const LEASE_SECONDS = 120;

/** A request's hold on what it is opening a payment for. */
export interface CheckoutLease {
  key: string;
  token: string;
  /** The session opened last time (to close before opening another) */
  previousSessionId: string | null;
}

/**
 * At most one payable Checkout session per thing being paid, whatever the number of parallel requests, tabs or
 * retries: a request first takes the thing's lease (one row, updated atomically: a second request at the same moment
 * finds it held and answers 409), closes the previous session, opens the new one, records it and lets go. A lease
 * whose holder died expires after LEASE_SECONDS. The Stripe create call carries `idempotencyKey(lease)`, so a retried
 * call never creates a second session either.
 */
@Injectable()
export class CheckoutLeasesRepository extends BaseRepository {
  /** Takes the lease of `key`, or answers null while another request holds it. */
  async acquire(key: string): Promise<CheckoutLease | null> {
    const token = randomUUID();
    const [row] = await this.returning<{ session_id: string | null }>(
      `INSERT INTO checkout_leases (key, lock_token, locked_until) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (key) DO UPDATE SET lock_token = EXCLUDED.lock_token, locked_until = EXCLUDED.locked_until, updated_at = now()
         WHERE checkout_leases.locked_until IS NULL OR checkout_leases.locked_until < now()
       RETURNING session_id`,
      [key, token, LEASE_SECONDS],
    );
    return row ? { key, token, previousSessionId: row.session_id } : null;
  }

  /** The sessions last opened for these things (those that have one). */
  async sessionsOf(keys: string[]): Promise<string[]> {
    if (!keys.length) return [];
    const rows = await this.query<{ session_id: string }>(
      `SELECT session_id FROM checkout_leases WHERE key = ANY($1) AND session_id IS NOT NULL`,
      [keys],
    );
    return rows.map((r) => r.session_id);
  }

  /** Lets go of the lease, recording the session just opened (none: the previous one stays recorded). */
  async release(lease: CheckoutLease, sessionId: string | null): Promise<void> {
    await this.query(
      `UPDATE checkout_leases SET session_id = COALESCE($3, session_id), lock_token = NULL, locked_until = NULL, updated_at = now()
        WHERE key = $1 AND lock_token = $2`,
      [lease.key, lease.token, sessionId],
    );
  }
}

export const idempotencyKey = (lease: CheckoutLease, what = 'create') => `checkout:${lease.key}:${lease.token}:${what}`;
