import { Injectable } from '@nestjs/common';
import { type EntityManager, IsNull } from 'typeorm';
import { BaseRepository } from '../database/base.repository';
import { RefreshToken, Session } from './session.entity';
import type { SessionUser, UserRole } from '../common/current-user';

/** The `sessions` and `refresh_tokens` tables. Tokens are looked up by their SHA-256 only. */
@Injectable()
export class SessionsRepository extends BaseRepository {
  async create(userId: string, tx?: EntityManager): Promise<string> {
    const session = await this.repo(Session, tx).save({ userId, revokedAt: null, revokedReason: null });
    return session.id;
  }

  async addRefreshToken(sessionId: string, tokenHash: string, expiresAt: Date, tx?: EntityManager): Promise<void> {
    await this.repo(RefreshToken, tx).insert({ sessionId, tokenHash, expiresAt, usedAt: null });
  }

  /**
   * Marks an unused, unexpired token of an open session started less than `maxDays` ago used; its session, user and
   * sign-in date, or null. Atomic.
   */
  async useRefreshToken(
    tokenHash: string,
    maxDays: number,
    tx?: EntityManager,
  ): Promise<{ sessionId: string; userId: string; startedAt: Date } | null> {
    const [row] = await this.returning<{ session_id: string; user_id: string; created_at: Date }>(
      `UPDATE refresh_tokens rt SET used_at = now()
         FROM sessions s
        WHERE rt.token_hash = $1 AND rt.used_at IS NULL AND rt.expires_at > now()
          AND s.id = rt.session_id AND s.revoked_at IS NULL AND s.created_at > now() - make_interval(days => $2)
      RETURNING rt.session_id, s.user_id, s.created_at`,
      [tokenHash, maxDays],
      tx,
    );
    return row ? { sessionId: row.session_id, userId: row.user_id, startedAt: new Date(row.created_at) } : null;
  }

  /**
   * A token used less than `graceSeconds` ago that is still its session's latest used one (no token of the session
   * used after it): the same client asking again because the answer with its successor never reached it (a page
   * reloaded or left while its refresh was in flight). Its open session, user and sign-in date, or null.
   */
  async findJustRotatedToken(
    tokenHash: string,
    graceSeconds: number,
    maxDays: number,
    tx?: EntityManager,
  ): Promise<{ sessionId: string; userId: string; startedAt: Date } | null> {
    const [row] = await this.query<{ session_id: string; user_id: string; created_at: Date }>(
      `SELECT rt.session_id, s.user_id, s.created_at
         FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
        WHERE rt.token_hash = $1 AND rt.used_at > now() - make_interval(secs => $2) AND rt.expires_at > now()
          AND s.revoked_at IS NULL AND s.created_at > now() - make_interval(days => $3)
          AND NOT EXISTS (SELECT 1 FROM refresh_tokens later WHERE later.session_id = rt.session_id AND later.used_at > rt.used_at)
        FOR UPDATE OF s`,
      [tokenHash, graceSeconds, maxDays],
      tx,
    );
    return row ? { sessionId: row.session_id, userId: row.user_id, startedAt: new Date(row.created_at) } : null;
  }

  /** Revokes the session of a refresh token that was already used (a replay). */
  async revokeIfTokenReused(tokenHash: string, tx?: EntityManager): Promise<void> {
    await this.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = 'refresh_token_reuse'
        WHERE revoked_at IS NULL AND id = (SELECT session_id FROM refresh_tokens WHERE token_hash = $1 AND used_at IS NOT NULL)`,
      [tokenHash],
      tx,
    );
  }

  async revoke(sessionId: string, reason: string, tx?: EntityManager): Promise<void> {
    await this.repo(Session, tx).update({ id: sessionId, revokedAt: IsNull() }, { revokedAt: new Date(), revokedReason: reason });
  }

  async revokeByTokenHash(tokenHash: string, reason: string, tx?: EntityManager): Promise<void> {
    await this.query(
      `UPDATE sessions SET revoked_at = now(), revoked_reason = $2
        WHERE revoked_at IS NULL AND id = (SELECT session_id FROM refresh_tokens WHERE token_hash = $1)`,
      [tokenHash, reason],
      tx,
    );
  }

  async revokeAllForUser(userId: string, reason: string, tx?: EntityManager): Promise<void> {
    await this.repo(Session, tx).update({ userId, revokedAt: IsNull() }, { revokedAt: new Date(), revokedReason: reason });
  }

  /**
   * The user of an open session: one query on the sessions' and users' primary keys, read as a plain row (every
   * authenticated request runs it, so no query builder and no entity hydration).
   */
  async findUserOfOpenSession(userId: string, sessionId: string, tx?: EntityManager): Promise<SessionUser | null> {
    const [row] = await this.query<{ id: string; email: string; name: string; role: UserRole; created_at: Date }>(
      `SELECT u.id, u.email, u.name, u.role, u.created_at FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND u.closed_at IS NULL`,
      [sessionId, userId],
      tx,
    );
    return row ? { id: row.id, email: row.email, name: row.name, role: row.role, createdAt: row.created_at } : null;
  }

  /** The account's sign-ins, newest first: when each session opened, and when and why it ended. */
  async signInsOf(
    userId: string,
    limit: number,
    tx?: EntityManager,
  ): Promise<Array<{ startedAt: Date; endedAt: Date | null; endReason: string | null }>> {
    const rows = await this.query<{ created_at: Date; revoked_at: Date | null; revoked_reason: string | null }>(
      `SELECT created_at, revoked_at, revoked_reason FROM sessions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
      tx,
    );
    return rows.map((r) => ({ startedAt: r.created_at, endedAt: r.revoked_at, endReason: r.revoked_reason }));
  }

  /** Every session of the account and its refresh tokens (their rows cascade): its sign-in history is erased. */
  async deleteAllOfUser(userId: string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM sessions WHERE user_id = $1`, [userId], tx);
  }
}
