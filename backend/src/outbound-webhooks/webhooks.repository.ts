import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { PageWindow } from '../common/pagination';
import { BaseRepository } from '../database/base.repository';
import type { WebhookDeliveryStatus } from './webhook.entities';

export interface EndpointRow {
  id: string;
  url: string;
  events: string[];
  secretSealed: string;
  enabled: boolean;
  disabledReason: string | null;
  disabledAt: Date | null;
  failingSince: Date | null;
  createdAt: Date;
  lastDelivery: { status: WebhookDeliveryStatus; at: Date; statusCode: number | null } | null;
}

export interface NewEvent {
  type: string;
  objectType: string;
  objectId: string;
  payload: Record<string, unknown>;
  dedupeKey: string | null;
}

/** A delivery claimed by a worker, with what it needs to send it. */
export interface ClaimedDelivery {
  id: string;
  eventId: string;
  endpointId: string;
  attempts: number;
  createdAt: Date;
  type: string;
  payload: Record<string, unknown>;
  eventCreatedAt: Date;
  url: string;
  secretSealed: string;
}

export interface DeliveryRow {
  id: string;
  eventId: string;
  eventType: string;
  objectId: string;
  endpointId: string;
  endpointUrl: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  succeededAt: Date | null;
  createdAt: Date;
}

const ENDPOINT_COLUMNS = `p.id, p.url, p.events, p.secret_sealed AS "secretSealed", p.enabled, p.disabled_reason AS "disabledReason",
  p.disabled_at AS "disabledAt", p.failing_since AS "failingSince", p.created_at AS "createdAt",
  (SELECT json_build_object('status', d.status, 'at', COALESCE(d.last_attempt_at, d.created_at), 'statusCode', d.last_status_code)
     FROM webhook_deliveries d WHERE d.endpoint_id = p.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1) AS "lastDelivery"`;

const DELIVERY_COLUMNS = `d.id, d.event_id AS "eventId", e.type AS "eventType", e.object_id AS "objectId", d.endpoint_id AS "endpointId",
  p.url AS "endpointUrl", d.status, d.attempts, d.next_attempt_at AS "nextAttemptAt", d.last_attempt_at AS "lastAttemptAt",
  d.last_status_code AS "lastStatusCode", d.last_duration_ms AS "lastDurationMs", d.last_error AS "lastError",
  d.succeeded_at AS "succeededAt", d.created_at AS "createdAt"`;

/** Still to send: what the claim takes and what keeps a later delivery of the same object waiting. */
const OPEN = `('pending', 'sending', 'failed')`;

const asEndpoint = (row: EndpointRow): EndpointRow => ({
  ...row,
  lastDelivery: row.lastDelivery ? { ...row.lastDelivery, at: new Date(row.lastDelivery.at) } : null,
});

/** The outbound webhooks' tables: `webhook_endpoints`, `webhook_events`, `webhook_deliveries`. */
@Injectable()
export class WebhooksRepository extends BaseRepository {
  // ---- events (in the caller's transaction) ----

  /**
   * The event and one delivery per enabled endpoint subscribed to its type, in one statement; nothing at all when no
   * endpoint wants it, or when the dedupe key was already used. Answers how many deliveries were queued.
   */
  async recordEvent(event: NewEvent, tx?: EntityManager): Promise<number> {
    const rows = await this.query<{ id: string }>(
      `WITH ev AS (
         INSERT INTO webhook_events (type, object_type, object_id, payload, dedupe_key)
         SELECT $1::text, $2::text, $3::text, $4::jsonb, $5::text
          WHERE EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled AND $1::text = ANY(events))
         ON CONFLICT (dedupe_key) DO NOTHING
         RETURNING id, seq
       ), queued AS (
         INSERT INTO webhook_deliveries (event_id, endpoint_id, event_seq, object_key)
         SELECT ev.id, p.id, ev.seq, $2::text || ':' || $3::text FROM ev, webhook_endpoints p WHERE p.enabled AND $1::text = ANY(p.events)
         RETURNING id
       )
       SELECT id FROM queued`,
      [event.type, event.objectType, event.objectId, JSON.stringify(event.payload), event.dedupeKey],
      tx,
    );
    return rows.length;
  }

  /** A test event (`ping`) for one endpoint, whatever it subscribed to; the delivery's id. */
  async recordPing(endpointId: string, payload: Record<string, unknown>, tx?: EntityManager): Promise<string> {
    const [row] = await this.query<{ id: string }>(
      `WITH ev AS (
         INSERT INTO webhook_events (type, object_type, object_id, payload) VALUES ('ping', 'endpoint', $1::text, $2::jsonb) RETURNING id, seq
       )
       INSERT INTO webhook_deliveries (event_id, endpoint_id, event_seq, object_key)
       SELECT ev.id, $1::text::uuid, ev.seq, 'endpoint:' || $1::text FROM ev
       RETURNING id`,
      [endpointId, JSON.stringify(payload)],
      tx,
    );
    return row.id;
  }

  // ---- the worker ----

  /**
   * Takes up to `batch` due deliveries (and claims left by a killed worker) whose object has no earlier delivery to the
   * same endpoint still to send, and marks them `sending` for `leaseSeconds`: FOR UPDATE SKIP LOCKED, so two instances
   * never take the same one.
   */
  claim(batch: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
    return this.returning<ClaimedDelivery>(
      `UPDATE webhook_deliveries d
          SET status = 'sending', attempts = d.attempts + 1, last_attempt_at = now(),
              locked_until = now() + make_interval(secs => $2), next_attempt_at = now() + make_interval(secs => $2)
         FROM (SELECT c.id FROM webhook_deliveries c
                WHERE c.status IN ${OPEN} AND c.next_attempt_at <= now()
                  AND NOT EXISTS (SELECT 1 FROM webhook_deliveries o
                                   WHERE o.endpoint_id = c.endpoint_id AND o.object_key = c.object_key
                                     AND o.status IN ${OPEN} AND o.event_seq < c.event_seq)
                ORDER BY c.next_attempt_at
                LIMIT $1
                FOR UPDATE SKIP LOCKED) due, webhook_events e, webhook_endpoints p
        WHERE d.id = due.id AND e.id = d.event_id AND p.id = d.endpoint_id
      RETURNING d.id, d.event_id AS "eventId", d.endpoint_id AS "endpointId", d.attempts, d.created_at AS "createdAt", e.type,
                e.payload, e.created_at AS "eventCreatedAt", p.url, p.secret_sealed AS "secretSealed"`,
      [batch, leaseSeconds],
    );
  }

  async renew(ids: string[], leaseSeconds: number): Promise<void> {
    await this.query(
      `UPDATE webhook_deliveries SET locked_until = now() + make_interval(secs => $2), next_attempt_at = now() + make_interval(secs => $2)
        WHERE id = ANY($1) AND status = 'sending'`,
      [ids, leaseSeconds],
    );
  }

  /** Hands back claimed deliveries not sent (shutdown): due again at once, the attempt not counted. */
  async release(ids: string[]): Promise<void> {
    await this.query(
      `UPDATE webhook_deliveries SET status = CASE WHEN attempts > 1 THEN 'failed' ELSE 'pending' END,
              attempts = greatest(attempts - 1, 0), locked_until = NULL, next_attempt_at = now()
        WHERE id = ANY($1) AND status = 'sending'`,
      [ids],
    );
  }

  /** A 2xx: done, and its endpoint answers again. */
  async markSucceeded(id: string, endpointId: string, outcome: { statusCode: number; durationMs: number }): Promise<void> {
    await this.query(
      `WITH done AS (
         UPDATE webhook_deliveries SET status = 'succeeded', locked_until = NULL, succeeded_at = now(), last_status_code = $2,
                last_duration_ms = $3, last_error = NULL
          WHERE id = $1 AND status = 'sending' RETURNING id
       )
       UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $4 AND failing_since IS NOT NULL`,
      [id, outcome.statusCode, outcome.durationMs, endpointId],
    );
  }

  /**
   * A failed attempt: planned again at `nextAttemptAt`, or abandoned (null). Its endpoint is failing since its first
   * failure after its last success; answers whether it has been failing for `disableAfterSeconds` (time to switch it off).
   */
  async markFailed(
    id: string,
    endpointId: string,
    outcome: { statusCode: number | null; durationMs: number; error: string },
    nextAttemptAt: Date | null,
    disableAfterSeconds: number,
  ): Promise<boolean> {
    const [row] = await this.query<{ failing: boolean }>(
      `WITH done AS (
         UPDATE webhook_deliveries SET status = $2, locked_until = NULL, last_status_code = $3, last_duration_ms = $4, last_error = $5,
                next_attempt_at = COALESCE($6::timestamptz, now())
          WHERE id = $1 AND status = 'sending' RETURNING id
       ), endpoint AS (
         UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, now()) WHERE id = $7
         RETURNING enabled AND failing_since <= now() - make_interval(secs => $8) AS failing
       )
       SELECT failing FROM endpoint`,
      [
        id,
        nextAttemptAt ? 'failed' : 'abandoned',
        outcome.statusCode,
        outcome.durationMs,
        outcome.error,
        nextAttemptAt,
        endpointId,
        disableAfterSeconds,
      ],
    );
    return row?.failing ?? false;
  }

  /** Switches off an endpoint failing for `afterSeconds`, once (false when another instance did, or it answered since). */
  async disableFailing(endpointId: string, afterSeconds: number, tx: EntityManager): Promise<EndpointRow | null> {
    const rows = await this.returning<{ id: string }>(
      `UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'failing', disabled_at = now(), updated_at = now()
        WHERE id = $1 AND enabled AND failing_since <= now() - make_interval(secs => $2) RETURNING id`,
      [endpointId, afterSeconds],
      tx,
    );
    if (!rows.length) return null;
    await this.abandonOpenOf(endpointId, 'Point de terminaison désactivé : échecs répétés depuis 24 heures', tx);
    return this.findEndpoint(endpointId, tx);
  }

  /** Every delivery of an endpoint still to send, abandoned (it was switched off). */
  async abandonOpenOf(endpointId: string, reason: string, tx: EntityManager): Promise<void> {
    await this.query(
      `UPDATE webhook_deliveries SET status = 'abandoned', locked_until = NULL, last_error = COALESCE(last_error || ' — ', '') || $2
        WHERE endpoint_id = $1 AND status IN ('pending', 'failed')`,
      [endpointId, reason],
      tx,
    );
  }

  /** Events older than `days` whose deliveries are all done, at most `limit` at a time; how many went. */
  async purgeEvents(days: number, limit: number): Promise<number> {
    const rows = await this.returning<{ id: string }>(
      `DELETE FROM webhook_events WHERE id IN (
         SELECT e.id FROM webhook_events e
          WHERE e.created_at < now() - make_interval(days => $1)
            AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.status IN ${OPEN})
          LIMIT $2)
       RETURNING id`,
      [days, limit],
    );
    return rows.length;
  }

  // ---- endpoints (the admin) ----

  async listEndpoints(): Promise<EndpointRow[]> {
    const rows = await this.query<EndpointRow>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints p ORDER BY p.created_at DESC, p.id DESC`,
      [],
    );
    return rows.map(asEndpoint);
  }

  async findEndpoint(id: string, tx?: EntityManager): Promise<EndpointRow | null> {
    const [row] = await this.query<EndpointRow>(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints p WHERE p.id = $1`, [id], tx);
    return row ? asEndpoint(row) : null;
  }

  /** The endpoint locked until `tx` ends. */
  async lockEndpoint(id: string, tx: EntityManager): Promise<boolean> {
    const rows = await this.query<{ id: string }>(`SELECT id FROM webhook_endpoints WHERE id = $1 FOR UPDATE`, [id], tx);
    return rows.length > 0;
  }

  async insertEndpoint(e: { url: string; events: string[]; secretSealed: string; createdBy: string }, tx: EntityManager): Promise<string> {
    const [row] = await this.returning<{ id: string }>(
      `INSERT INTO webhook_endpoints (url, events, secret_sealed, created_by) VALUES ($1, $2, $3, $4) RETURNING id`,
      [e.url, e.events, e.secretSealed, e.createdBy],
      tx,
    );
    return row.id;
  }

  async updateEndpoint(
    id: string,
    changes: { url?: string; events?: string[]; enabled?: boolean; secretSealed?: string },
    tx: EntityManager,
  ): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (changes.url !== undefined) set('url', changes.url);
    if (changes.events !== undefined) set('events', changes.events);
    if (changes.secretSealed !== undefined) set('secret_sealed', changes.secretSealed);
    if (changes.enabled !== undefined) {
      set('enabled', changes.enabled);
      sets.push(
        changes.enabled
          ? `disabled_reason = NULL, disabled_at = NULL, failing_since = NULL`
          : `disabled_reason = 'admin', disabled_at = now()`,
      );
    }
    if (!sets.length) return;
    await this.query(`UPDATE webhook_endpoints SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, params, tx);
  }

  async deleteEndpoint(id: string, tx: EntityManager): Promise<void> {
    await this.query(`DELETE FROM webhook_endpoints WHERE id = $1`, [id], tx);
  }

  // ---- deliveries (the admin's log) ----

  async listDeliveries(
    filter: PageWindow & { endpointId?: string; status?: WebhookDeliveryStatus },
  ): Promise<{ items: DeliveryRow[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.endpointId) {
      params.push(filter.endpointId);
      where.push(`d.endpoint_id = $${params.length}`);
    }
    if (filter.status) {
      params.push(filter.status);
      where.push(`d.status = $${params.length}`);
    }
    const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [items, [count]] = await Promise.all([
      this.query<DeliveryRow>(
        `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id JOIN webhook_endpoints p ON p.id = d.endpoint_id
          ${clause} ORDER BY d.created_at DESC, d.id DESC OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
        [...params, filter.offset, filter.limit],
      ),
      this.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_deliveries d ${clause}`, params),
    ]);
    return { items, total: count.n };
  }

  async findDelivery(id: string, tx?: EntityManager): Promise<DeliveryRow | null> {
    const [row] = await this.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries d JOIN webhook_events e ON e.id = d.event_id JOIN webhook_endpoints p ON p.id = d.endpoint_id
        WHERE d.id = $1`,
      [id],
      tx,
    );
    return row ?? null;
  }

  /** The delivery locked until `tx` ends, its status. */
  async lockDelivery(id: string, tx: EntityManager): Promise<WebhookDeliveryStatus | null> {
    const [row] = await this.query<{ status: WebhookDeliveryStatus }>(
      `SELECT status FROM webhook_deliveries WHERE id = $1 FOR UPDATE`,
      [id],
      tx,
    );
    return row?.status ?? null;
  }

  /** A delivery waiting for its next attempt, due now. */
  async dueNow(id: string, tx: EntityManager): Promise<void> {
    await this.query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE id = $1 AND status IN ('pending', 'failed')`, [id], tx);
  }

  /** A new delivery of the same event to the same endpoint, due now; its id. */
  async copyDelivery(id: string, tx: EntityManager): Promise<string> {
    const [row] = await this.returning<{ id: string }>(
      `INSERT INTO webhook_deliveries (event_id, endpoint_id, event_seq, object_key)
       SELECT event_id, endpoint_id, event_seq, object_key FROM webhook_deliveries WHERE id = $1
       RETURNING id`,
      [id],
      tx,
    );
    return row.id;
  }
}
