import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../database/base.repository';

/** A key as the lists show it, with its creator's name and e-mail. */
export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  createdBy: string | null;
  creatorName: string | null;
  creatorEmail: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** bigint, as text */
  useCount: string;
  expiresAt: Date | null;
  revokedAt: Date | null;
  /** Whether expires_at has passed, by the database's clock */
  expired: boolean;
}

/** What the guard needs to check a key. */
export interface ApiKeySecretRow {
  id: string;
  name: string;
  prefix: string;
  secretHash: string;
  scopes: string[];
  createdBy: string | null;
  /** Revoked or past its expiry */
  dead: boolean;
  /** Its last use is older than a minute (or none): time to write it again */
  staleUse: boolean;
}

const SELECT_ROW = `SELECT k.id, k.name, k.prefix, k.scopes, k.created_by AS "createdBy", u.name AS "creatorName",
  u.email AS "creatorEmail", k.created_at AS "createdAt", k.last_used_at AS "lastUsedAt", k.use_count AS "useCount", k.expires_at AS "expiresAt",
  k.revoked_at AS "revokedAt", (k.expires_at IS NOT NULL AND k.expires_at <= now()) AS expired
  FROM api_keys k LEFT JOIN users u ON u.id = k.created_by`;

/** The `api_keys` table. The list joins `users` for the creator (read only, like the other admin lists). */
@Injectable()
export class ApiKeysRepository extends BaseRepository {
  async insert(
    key: { name: string; prefix: string; secretHash: string; scopes: string[]; createdBy: string; expiresOn: string | null },
    tx?: EntityManager,
  ): Promise<string> {
    // The last day of validity is a Paris day, inclusive: the key stops at the next Paris midnight.
    const [row] = await this.query<{ id: string }>(
      `INSERT INTO api_keys (name, prefix, secret_hash, scopes, created_by, expires_at)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::date IS NULL THEN NULL ELSE ($6::date + 1)::timestamp AT TIME ZONE 'Europe/Paris' END)
       RETURNING id`,
      [key.name, key.prefix, key.secretHash, key.scopes, key.createdBy, key.expiresOn],
      tx,
    );
    return row.id;
  }

  /** Today's date in Paris, as the database sees it ('YYYY-MM-DD'). */
  async parisToday(): Promise<string> {
    const [row] = await this.query<{ today: string }>(`SELECT to_char(now() AT TIME ZONE 'Europe/Paris', 'YYYY-MM-DD') AS today`, []);
    return row.today;
  }

  async find(id: string, tx?: EntityManager): Promise<ApiKeyRow | null> {
    const [row] = await this.query<ApiKeyRow>(`${SELECT_ROW} WHERE k.id = $1`, [id], tx);
    return row ?? null;
  }

  /** Every key, newest first (a handful: an agency's integrations). */
  list(): Promise<ApiKeyRow[]> {
    return this.query<ApiKeyRow>(`${SELECT_ROW} ORDER BY k.created_at DESC, k.id`, []);
  }

  async findByPrefix(prefix: string): Promise<ApiKeySecretRow | null> {
    const [row] = await this.query<ApiKeySecretRow>(
      `SELECT id, name, prefix, secret_hash AS "secretHash", scopes, created_by AS "createdBy",
         (revoked_at IS NOT NULL OR (expires_at IS NOT NULL AND expires_at <= now())) AS dead,
         (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS "staleUse"
       FROM api_keys WHERE prefix = $1`,
      [prefix],
    );
    return row ?? null;
  }

  /** Revokes a key still active; false when it was already revoked (or does not exist). */
  async revoke(id: string, tx?: EntityManager): Promise<boolean> {
    const rows = await this.returning<{ id: string }>(
      `UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id`,
      [id],
      tx,
    );
    return rows.length > 0;
  }

  /**
   * Adds uses counted in memory to the keys' counts (`use_count + n`: several instances add up). The rows are locked
   * in the order of their ids, so two instances writing the same keys at once never deadlock.
   */
  async addUses(uses: ReadonlyMap<string, number>): Promise<void> {
    if (!uses.size) return;
    await this.query(
      `WITH counted AS (SELECT * FROM unnest($1::uuid[], $2::bigint[]) AS c(id, n)),
         locked AS (SELECT k.id FROM api_keys k JOIN counted c ON c.id = k.id ORDER BY k.id FOR UPDATE OF k)
       UPDATE api_keys k SET use_count = k.use_count + c.n FROM counted c, locked l WHERE k.id = c.id AND l.id = c.id`,
      [[...uses.keys()], [...uses.values()]],
    );
  }

  /** Writes the key's last use, at most once a minute whatever the number of instances. */
  async touch(id: string): Promise<void> {
    await this.query(
      `UPDATE api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
      [id],
    );
  }
}
