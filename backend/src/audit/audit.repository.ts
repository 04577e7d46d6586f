import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PageWindow } from '../common/pagination';
import { BaseRepository } from '../database/base.repository';
import type { AuditAction, AuditEntityType } from './audit-entry.entity';

/** Who: an account (id and e-mail), or an API key (id, name and `vk_live_<prefix>`), never both. */
export interface AuditActorColumns {
  actorId: string | null;
  actorEmail: string | null;
  apiKey: { id: string; name: string; prefix: string } | null;
}

export interface NewAuditEntry extends AuditActorColumns {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditRow extends NewAuditEntry {
  id: string;
  /** null once the account is gone (its e-mail stays), and for a key's write */
  actorId: string | null;
  createdAt: Date;
}

interface Row {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  actor_api_key_id: string | null;
  actor_api_key_name: string | null;
  actor_api_key_prefix: string | null;
  action: AuditAction;
  entity_type: AuditEntityType;
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: Date;
}

/** The audit module's `audit_log` table: written once per admin write, never changed. */
@Injectable()
export class AuditRepository extends BaseRepository {
  async insert(entry: NewAuditEntry, tx?: EntityManager): Promise<string> {
    const [row] = await this.returning<{ id: string }>(
      `INSERT INTO audit_log (actor_id, actor_email, actor_api_key_id, actor_api_key_name, actor_api_key_prefix, action, entity_type, entity_id, before, after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        entry.actorId,
        entry.actorEmail,
        entry.apiKey?.id ?? null,
        entry.apiKey?.name ?? null,
        entry.apiKey?.prefix ?? null,
        entry.action,
        entry.entityType,
        entry.entityId,
        entry.before && JSON.stringify(entry.before),
        entry.after && JSON.stringify(entry.after),
      ],
      tx,
    );
    return row.id;
  }

  /** Last applied first (`seq`, see AuditEntry); optionally the entries of one target. */
  async list(
    filter: { entityType?: AuditEntityType; entityId?: string } & PageWindow,
    tx?: EntityManager,
  ): Promise<{ items: AuditRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.entityType) where.push(`entity_type = $${params.push(filter.entityType)}`);
    if (filter.entityId) where.push(`entity_id = $${params.push(filter.entityId)}`);
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const rows = await this.query<Row>(
      `SELECT * FROM audit_log ${whereSql} ORDER BY seq DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
      tx,
    );
    const [{ total }] = await this.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_log ${whereSql}`, params, tx);
    return {
      items: rows.map((r) => ({
        id: r.id,
        actorId: r.actor_id,
        actorEmail: r.actor_email,
        apiKey:
          r.actor_api_key_id && r.actor_api_key_name !== null && r.actor_api_key_prefix !== null
            ? { id: r.actor_api_key_id, name: r.actor_api_key_name, prefix: r.actor_api_key_prefix }
            : null,
        action: r.action,
        entityType: r.entity_type,
        entityId: r.entity_id,
        before: r.before,
        after: r.after,
        createdAt: r.created_at,
      })),
      total,
    };
  }

  /**
   * Takes a closed account's personal data out of the entries about it (a contact mail's address and subject): who
   * did what and when stays.
   */
  async redactUser(userId: string, tx?: EntityManager): Promise<void> {
    await this.query(
      `UPDATE audit_log SET after = after - 'to' - 'subject', before = before - 'to' - 'subject'
        WHERE entity_type = 'user' AND entity_id = $1 AND (after ?| array['to', 'subject'] OR before ?| array['to', 'subject'])`,
      [userId],
      tx,
    );
  }
}
