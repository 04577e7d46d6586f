import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { SessionUser, UserRole } from '../common/current-user';
import { BaseRepository } from '../database/base.repository';

export interface ClientViewRow {
  id: string;
  userId: string;
  adminId: string | null;
  startedAt: Date;
  expiresAt: Date;
  endedAt: Date | null;
}

interface Row {
  id: string;
  user_id: string;
  admin_id: string | null;
  started_at: Date;
  expires_at: Date;
  ended_at: Date | null;
}

const toRow = (r: Row): ClientViewRow => ({
  id: r.id,
  userId: r.user_id,
  adminId: r.admin_id,
  startedAt: r.started_at,
  expiresAt: r.expires_at,
  endedAt: r.ended_at,
});

/** The `client_views` table: an admin's read-only views of a client's space. */
@Injectable()
export class ClientViewsRepository extends BaseRepository {
  async insert(
    view: { userId: string; adminId: string; adminSessionId: string; minutes: number },
    tx?: EntityManager,
  ): Promise<ClientViewRow> {
    const [row] = await this.returning<Row>(
      `INSERT INTO client_views (user_id, admin_id, admin_session_id, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(mins => $4))
       RETURNING id, user_id, admin_id, started_at, expires_at, ended_at`,
      [view.userId, view.adminId, view.adminSessionId, view.minutes],
      tx,
    );
    return toRow(row);
  }

  /**
   * The client a view token acts as, in one query on primary keys: the view open and unexpired, the admin's own
   * session open, the admin still an admin, the client's account open. Null otherwise.
   */
  async resolve(
    token: { viewId: string; userId: string; adminId: string; adminSessionId: string },
    tx?: EntityManager,
  ): Promise<{ user: SessionUser; expiresAt: Date } | null> {
    const [row] = await this.query<{ id: string; email: string; name: string; role: UserRole; created_at: Date; expires_at: Date }>(
      `SELECT u.id, u.email, u.name, u.role, u.created_at, v.expires_at
         FROM client_views v
         JOIN sessions s ON s.id = v.admin_session_id AND s.user_id = v.admin_id AND s.revoked_at IS NULL
         JOIN users a ON a.id = v.admin_id AND a.role = 'admin' AND a.closed_at IS NULL
         JOIN users u ON u.id = v.user_id AND u.closed_at IS NULL
        WHERE v.id = $1 AND v.user_id = $2 AND v.admin_id = $3 AND v.admin_session_id = $4
          AND v.ended_at IS NULL AND v.expires_at > now()`,
      [token.viewId, token.userId, token.adminId, token.adminSessionId],
      tx,
    );
    return row
      ? { user: { id: row.id, email: row.email, name: row.name, role: row.role, createdAt: row.created_at }, expiresAt: row.expires_at }
      : null;
  }

  /**
   * Ends the admin's view (now, or at its expiry if that came first); the row and whether this call ended it, or null
   * when it is not theirs.
   */
  async end(viewId: string, adminId: string, tx?: EntityManager): Promise<{ view: ClientViewRow; ended: boolean } | null> {
    const [row] = await this.returning<Row>(
      `UPDATE client_views SET ended_at = LEAST(now(), expires_at)
        WHERE id = $1 AND admin_id = $2 AND ended_at IS NULL
      RETURNING id, user_id, admin_id, started_at, expires_at, ended_at`,
      [viewId, adminId],
      tx,
    );
    if (row) return { view: toRow(row), ended: true };
    const [earlier] = await this.query<Row>(
      `SELECT id, user_id, admin_id, started_at, expires_at, ended_at FROM client_views WHERE id = $1 AND admin_id = $2`,
      [viewId, adminId],
      tx,
    );
    return earlier ? { view: toRow(earlier), ended: false } : null;
  }

  /** The views of a client's space, newest first. */
  async ofUser(userId: string, limit: number, tx?: EntityManager): Promise<ClientViewRow[]> {
    const rows = await this.query<Row>(
      `SELECT id, user_id, admin_id, started_at, expires_at, ended_at FROM client_views WHERE user_id = $1
        ORDER BY started_at DESC, id DESC LIMIT $2`,
      [userId, limit],
      tx,
    );
    return rows.map(toRow);
  }

  async deleteAllOfUser(userId: string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM client_views WHERE user_id = $1`, [userId], tx);
  }
}
