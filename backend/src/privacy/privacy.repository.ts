import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PageWindow } from '../common/pagination';
import { BaseRepository } from '../database/base.repository';
import type { AccountClosure, ClosureCancellation, ClosureRequester, ClosureStatus, ClosureWait } from './account-closure.entity';
import type { DataExportStatus } from './data-export.entity';

export interface ExportRow {
  id: string;
  userId: string;
  status: DataExportStatus;
  attempts: number;
  fileKey: string | null;
  tokenHash: string | null;
  readyAt: Date | null;
  expiresAt: Date | null;
  downloadedAt: Date | null;
  createdAt: Date;
}

interface ExportSqlRow {
  id: string;
  user_id: string;
  status: DataExportStatus;
  attempts: number;
  file_key: string | null;
  token_hash: string | null;
  ready_at: Date | null;
  expires_at: Date | null;
  downloaded_at: Date | null;
  created_at: Date;
}

const EXPORT_COLUMNS = 'id, user_id, status, attempts, file_key, token_hash, ready_at, expires_at, downloaded_at, created_at';

const toExport = (r: ExportSqlRow): ExportRow => ({
  id: r.id,
  userId: r.user_id,
  status: r.status,
  attempts: r.attempts,
  fileKey: r.file_key,
  tokenHash: r.token_hash,
  readyAt: r.ready_at,
  expiresAt: r.expires_at,
  downloadedAt: r.downloaded_at,
  createdAt: r.created_at,
});

/** A closure as the admin's list shows it, with the closing admin's e-mail. */
export type ClosureRow = Omit<AccountClosure, 'user' | 'actor' | 'lockedUntil'> & {
  actorEmail: string | null;
  /** `closed_at` as PostgreSQL prints it, microseconds kept (a Date keeps milliseconds: rows written in the same instant would fall after it) */
  closedAtExact: string;
};

interface ClosureSqlRow {
  id: string;
  user_id: string;
  requested_by: ClosureRequester;
  actor_id: string | null;
  actor_email: string | null;
  reason: string | null;
  cancellation: ClosureCancellation;
  email: string | null;
  status: ClosureStatus;
  closed_at: Date;
  closed_at_exact: string;
  erase_after: Date;
  attempts: number;
  last_error: string | null;
  waiting_for: ClosureWait | null;
  erased_at: Date | null;
  legal_documents: number;
  retained_until: string | null;
  late_sessions: string[];
}

const toClosure = (r: ClosureSqlRow): ClosureRow => ({
  id: r.id,
  userId: r.user_id,
  requestedBy: r.requested_by,
  actorId: r.actor_id,
  actorEmail: r.actor_email,
  reason: r.reason,
  cancellation: r.cancellation,
  email: r.email,
  status: r.status,
  closedAt: r.closed_at,
  closedAtExact: r.closed_at_exact,
  eraseAfter: r.erase_after,
  attempts: r.attempts,
  lastError: r.last_error,
  waitingFor: r.waiting_for,
  erasedAt: r.erased_at,
  legalDocuments: r.legal_documents,
  retainedUntil: r.retained_until,
  lateSessions: r.late_sessions,
});

const CLOSURE_COLUMNS = `c.id, c.user_id, c.requested_by, c.actor_id, a.email AS actor_email, c.reason, c.cancellation, c.email, c.status,
  c.closed_at, c.closed_at::text AS closed_at_exact, c.erase_after, c.attempts, c.last_error, c.waiting_for, c.erased_at, c.legal_documents, c.retained_until::text AS retained_until,
  c.late_sessions`;

/** The privacy module's tables: `data_exports` and `account_closures`. */
@Injectable()
export class PrivacyRepository extends BaseRepository {
  // ---- data exports ----

  /** Holds the account's archive requests one at a time until the transaction ends. */
  async lockExportRequests(userId: string, tx: EntityManager): Promise<void> {
    await this.query(`SELECT pg_advisory_xact_lock(hashtext('data-export:' || $1))`, [userId], tx);
  }

  /**
   * A new pending archive, or null when the account has one already (the unique index on pending rows decides: two
   * requests at once make one row; the second waits for the first's transaction and then inserts nothing).
   */
  async insertPendingExport(userId: string, tx?: EntityManager): Promise<ExportRow | null> {
    const [row] = await this.returning<ExportSqlRow>(
      `INSERT INTO data_exports (user_id) VALUES ($1)
       ON CONFLICT (user_id) WHERE status = 'pending' DO NOTHING
       RETURNING ${EXPORT_COLUMNS}`,
      [userId],
      tx,
    );
    return row ? toExport(row) : null;
  }

  async findExport(id: string, tx?: EntityManager): Promise<ExportRow | null> {
    const [row] = await this.query<ExportSqlRow>(`SELECT ${EXPORT_COLUMNS} FROM data_exports WHERE id = $1`, [id], tx);
    return row ? toExport(row) : null;
  }

  /** The account's latest requests, newest first. */
  async exportsOf(userId: string, limit: number, tx?: EntityManager): Promise<ExportRow[]> {
    const rows = await this.query<ExportSqlRow>(
      `SELECT ${EXPORT_COLUMNS} FROM data_exports WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [userId, limit],
      tx,
    );
    return rows.map(toExport);
  }

  /** Takes up to `batch` exports to build (FOR UPDATE SKIP LOCKED, with a lease): another instance skips them. */
  async claimExports(batch: number, leaseSeconds: number): Promise<ExportRow[]> {
    const rows = await this.returning<ExportSqlRow>(
      `UPDATE data_exports e SET attempts = e.attempts + 1, locked_until = now() + make_interval(secs => $2)
         FROM (SELECT id FROM data_exports
                WHERE status = 'pending' AND run_after <= now() AND (locked_until IS NULL OR locked_until < now())
                ORDER BY run_after LIMIT $1 FOR UPDATE SKIP LOCKED) due
        WHERE e.id = due.id
      RETURNING e.id, e.user_id, e.status, e.attempts, e.file_key, e.token_hash, e.ready_at, e.expires_at, e.downloaded_at, e.created_at`,
      [batch, leaseSeconds],
    );
    return rows.map(toExport);
  }

  /** Extends the claim of exports being built (the worker's heartbeat: a live worker never loses them). */
  async renewExports(ids: string[], leaseSeconds: number): Promise<void> {
    await this.query(
      `UPDATE data_exports SET locked_until = now() + make_interval(secs => $2)
        WHERE id = ANY($1) AND status = 'pending' AND locked_until IS NOT NULL`,
      [ids, leaseSeconds],
    );
  }

  /** Hands back claimed exports not built (shutdown): due again at once, their attempt not counted. */
  async releaseExports(ids: string[]): Promise<void> {
    await this.query(
      `UPDATE data_exports SET locked_until = NULL, attempts = greatest(attempts - 1, 0) WHERE id = ANY($1) AND status = 'pending'`,
      [ids],
    );
  }

  /** Built: its file, its link's hash and end. False when it is no longer pending (the account closed meanwhile). */
  async exportReady(
    id: string,
    ready: { fileKey: string; sizeBytes: number; tokenHash: string; expiresAt: Date },
    tx?: EntityManager,
  ): Promise<boolean> {
    const rows = await this.returning<{ id: string }>(
      `UPDATE data_exports SET status = 'ready', file_key = $2, size_bytes = $3, token_hash = $4, expires_at = $5, ready_at = now(),
              locked_until = NULL, last_error = NULL
        WHERE id = $1 AND status = 'pending' RETURNING id`,
      [id, ready.fileKey, ready.sizeBytes, ready.tokenHash, ready.expiresAt],
      tx,
    );
    return rows.length > 0;
  }

  async exportFailed(id: string, error: string, retryInSeconds: number | null): Promise<void> {
    await this.query(
      `UPDATE data_exports SET last_error = $2, locked_until = NULL,
              status = CASE WHEN $3::int IS NULL THEN 'failed' ELSE status END,
              run_after = now() + make_interval(secs => COALESCE($3::int, 0))
        WHERE id = $1 AND status = 'pending'`,
      [id, error.slice(0, 500), retryInSeconds],
    );
  }

  /** The one download: ready, unexpired, the owner's; its file key, or null when it is not (any more). Atomic. */
  async takeDownload(id: string, userId: string, tx?: EntityManager): Promise<string | null> {
    const [row] = await this.returning<{ file_key: string }>(
      `UPDATE data_exports SET status = 'downloaded', downloaded_at = now()
        WHERE id = $1 AND user_id = $2 AND status = 'ready' AND expires_at > now() AND file_key IS NOT NULL
      RETURNING file_key`,
      [id, userId],
      tx,
    );
    return row?.file_key ?? null;
  }

  /** Files to remove: downloaded, expired, or of a closed account; ready ones past their end become expired. */
  async staleFiles(limit: number): Promise<Array<{ id: string; fileKey: string }>> {
    const rows = await this.returning<{ id: string; file_key: string }>(
      `UPDATE data_exports SET status = CASE WHEN status = 'ready' THEN 'expired' ELSE status END
        WHERE id IN (SELECT id FROM data_exports
                      WHERE file_key IS NOT NULL AND (status <> 'ready' OR expires_at <= now())
                      ORDER BY expires_at LIMIT $1)
      RETURNING id, file_key`,
      [limit],
    );
    return rows.map((r) => ({ id: r.id, fileKey: r.file_key }));
  }

  async fileRemoved(id: string, tx?: EntityManager): Promise<void> {
    await this.query(`UPDATE data_exports SET file_key = NULL WHERE id = $1`, [id], tx);
  }

  /** A closed account's requests: none may be built or downloaded any more (their files go with the sweep). */
  async expireExportsOf(userId: string, tx?: EntityManager): Promise<void> {
    await this.query(
      `UPDATE data_exports SET status = 'expired', token_hash = NULL WHERE user_id = $1 AND status IN ('pending', 'ready')`,
      [userId],
      tx,
    );
  }

  async exportFileKeysOf(userId: string, tx?: EntityManager): Promise<string[]> {
    const rows = await this.query<{ file_key: string }>(
      `SELECT file_key FROM data_exports WHERE user_id = $1 AND file_key IS NOT NULL`,
      [userId],
      tx,
    );
    return rows.map((r) => r.file_key);
  }

  async deleteExportsOf(userId: string, tx?: EntityManager): Promise<void> {
    await this.query(`DELETE FROM data_exports WHERE user_id = $1`, [userId], tx);
  }

  // ---- account closures ----

  async insertClosure(
    c: {
      userId: string;
      requestedBy: ClosureRequester;
      actorId: string | null;
      reason: string | null;
      cancellation: ClosureCancellation;
      email: string;
      eraseAfter: Date;
      legalDocuments: number;
      retainedUntil: string | null;
      lateSessions: string[];
    },
    tx?: EntityManager,
  ): Promise<string> {
    const [row] = await this.returning<{ id: string }>(
      `INSERT INTO account_closures (user_id, requested_by, actor_id, reason, cancellation, email, erase_after, legal_documents, retained_until, late_sessions)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        c.userId,
        c.requestedBy,
        c.actorId,
        c.reason,
        c.cancellation,
        c.email,
        c.eraseAfter,
        c.legalDocuments,
        c.retainedUntil,
        JSON.stringify(c.lateSessions),
      ],
      tx,
    );
    return row.id;
  }

  async findClosure(id: string, tx?: EntityManager): Promise<ClosureRow | null> {
    const [row] = await this.query<ClosureSqlRow>(
      `SELECT ${CLOSURE_COLUMNS} FROM account_closures c LEFT JOIN users a ON a.id = c.actor_id WHERE c.id = $1`,
      [id],
      tx,
    );
    return row ? toClosure(row) : null;
  }

  /** Closures, newest first, filtered by status or account; two queries. */
  async listClosures(
    filter: PageWindow & { status?: ClosureStatus; userId?: string },
    tx?: EntityManager,
  ): Promise<{ items: ClosureRow[]; total: number }> {
    const params: unknown[] = [];
    const where: string[] = [];
    if (filter.status) where.push(`c.status = $${params.push(filter.status)}`);
    if (filter.userId) where.push(`c.user_id = $${params.push(filter.userId)}`);
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, [{ total }]] = await Promise.all([
      this.query<ClosureSqlRow>(
        `SELECT ${CLOSURE_COLUMNS} FROM account_closures c LEFT JOIN users a ON a.id = c.actor_id ${whereSql}
          ORDER BY c.closed_at DESC, c.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, filter.limit, filter.offset],
        tx,
      ),
      this.query<{ total: number }>(`SELECT count(*)::int AS total FROM account_closures c ${whereSql}`, params, tx),
    ]);
    return { items: rows.map(toClosure), total };
  }

  /** Takes up to `batch` erasures due (FOR UPDATE SKIP LOCKED, with a lease). */
  async claimErasures(batch: number, leaseSeconds: number): Promise<ClosureRow[]> {
    const rows = await this.returning<{ id: string }>(
      `UPDATE account_closures c SET attempts = c.attempts + 1, locked_until = now() + make_interval(secs => $2)
         FROM (SELECT id FROM account_closures
                WHERE status = 'pending' AND erase_after <= now() AND (locked_until IS NULL OR locked_until < now())
                ORDER BY erase_after LIMIT $1 FOR UPDATE SKIP LOCKED) due
        WHERE c.id = due.id
      RETURNING c.id`,
      [batch, leaseSeconds],
    );
    const closures: ClosureRow[] = [];
    for (const row of rows) {
      const found = await this.findClosure(row.id);
      if (found) closures.push(found);
    }
    return closures;
  }

  /** Extends the claim of erasures under way (the worker's heartbeat: a live worker never loses them). */
  async renewErasures(ids: string[], leaseSeconds: number): Promise<void> {
    await this.query(
      `UPDATE account_closures SET locked_until = now() + make_interval(secs => $2)
        WHERE id = ANY($1) AND status = 'pending' AND locked_until IS NOT NULL`,
      [ids, leaseSeconds],
    );
  }

  /** Hands back claimed erasures not done (shutdown): due again at once, their attempt not counted. */
  async releaseErasures(ids: string[]): Promise<void> {
    await this.query(
      `UPDATE account_closures SET locked_until = NULL, attempts = greatest(attempts - 1, 0) WHERE id = ANY($1) AND status = 'pending'`,
      [ids],
    );
  }

  /** Not yet: what it waits for, and when to look again (not counted as an attempt). */
  /** A pending closure of the account waiting for a later date is due now (its subscriptions ended); whether one was. */
  async erasureDueNow(userId: string, tx?: EntityManager): Promise<boolean> {
    const rows = await this.returning<{ id: string }>(
      `UPDATE account_closures SET erase_after = now()
        WHERE user_id = $1 AND status = 'pending' AND erase_after > now() RETURNING id`,
      [userId],
      tx,
    );
    return rows.length > 0;
  }

  async postponeErasure(id: string, waitingFor: ClosureWait, seconds: number): Promise<void> {
    await this.query(
      `UPDATE account_closures SET waiting_for = $2, erase_after = now() + make_interval(secs => $3), attempts = attempts - 1,
              locked_until = NULL
        WHERE id = $1 AND status = 'pending'`,
      [id, waitingFor, seconds],
    );
  }

  async erasureFailed(id: string, error: string, retryInSeconds: number | null): Promise<void> {
    await this.query(
      `UPDATE account_closures SET last_error = $2, locked_until = NULL,
              status = CASE WHEN $3::int IS NULL THEN 'failed' ELSE status END,
              erase_after = now() + make_interval(secs => COALESCE($3::int, 0))
        WHERE id = $1 AND status = 'pending'`,
      [id, error.slice(0, 500), retryInSeconds],
    );
  }

  /** Done: the address it kept is forgotten. */
  async erased(id: string, tx?: EntityManager): Promise<void> {
    await this.query(
      `UPDATE account_closures SET status = 'done', email = NULL, erased_at = now(), waiting_for = NULL, locked_until = NULL, last_error = NULL
        WHERE id = $1`,
      [id],
      tx,
    );
  }
}
