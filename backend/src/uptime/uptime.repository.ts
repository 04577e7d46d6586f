import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../database/base.repository';
import type { SiteCheckResult } from './site-check';
import type { UptimeCause } from './uptime.entities';

/** A site the watch checks: active, with a domain, and its owner (for the client's mail). */
export interface WatchedSite {
  id: string;
  siteName: string;
  domain: string;
  userId: string;
  customerEmail: string;
  customerName: string;
}

export interface UptimeState {
  up: boolean | null;
  failures: number;
  failingSince: Date | null;
  lastCheckedAt: Date | null;
  lastStatusCode: number | null;
  lastLatencyMs: number | null;
  redirectTo: string | null;
  lastError: string | null;
  certificateExpiresAt: Date | null;
  certificateFingerprint: string | null;
  certificateWarned: string | null;
}

export interface IncidentRow {
  id: string;
  siteId: string;
  startedAt: Date;
  endedAt: Date | null;
  cause: UptimeCause;
  statusCode: number | null;
  detail: string | null;
  clientNotifiedAt: Date | null;
}

const STATE_COLUMNS = `up, failures, failing_since AS "failingSince", last_checked_at AS "lastCheckedAt",
  last_status_code AS "lastStatusCode", last_latency_ms AS "lastLatencyMs", redirect_to AS "redirectTo",
  last_error AS "lastError", certificate_expires_at AS "certificateExpiresAt",
  certificate_fingerprint AS "certificateFingerprint", certificate_warned AS "certificateWarned"`;
const INCIDENT_COLUMNS = `id, site_id AS "siteId", started_at AS "startedAt", ended_at AS "endedAt", cause,
  status_code AS "statusCode", detail, client_notified_at AS "clientNotifiedAt"`;
const SITE_COLUMNS = `s.id, s.site_name AS "siteName", s.domain, s.user_id AS "userId", u.email AS "customerEmail",
  u.name AS "customerName"`;

/** The uptime tables (docs/uptime.md). */
@Injectable()
export class UptimeRepository extends BaseRepository {
  /** Every active site with a domain, the least recently checked first (a run cut short checks the others next). */
  watchedSites(): Promise<WatchedSite[]> {
    return this.query<WatchedSite>(
      `SELECT ${SITE_COLUMNS}
         FROM sites s JOIN users u ON u.id = s.user_id LEFT JOIN uptime_sites w ON w.site_id = s.id
        WHERE s.status = 'active' AND coalesce(btrim(s.domain), '') <> ''
        ORDER BY w.last_checked_at ASC NULLS FIRST, s.id`,
      [],
    );
  }

  async watchedSite(siteId: string, tx?: EntityManager): Promise<WatchedSite | null> {
    const [row] = await this.query<WatchedSite>(
      `SELECT ${SITE_COLUMNS} FROM sites s JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
      [siteId],
      tx,
    );
    return row ?? null;
  }

  /** The site's owner, for the read endpoint's access check. */
  async ownerOf(siteId: string): Promise<string | null> {
    const [row] = await this.query<{ user_id: string }>(`SELECT user_id FROM sites WHERE id = $1`, [siteId]);
    return row?.user_id ?? null;
  }

  /** The site's state, locked for the transaction (made empty the first time). */
  async lockState(siteId: string, tx: EntityManager): Promise<UptimeState> {
    await this.query(`INSERT INTO uptime_sites (site_id) VALUES ($1) ON CONFLICT (site_id) DO NOTHING`, [siteId], tx);
    const [row] = await this.query<UptimeState>(`SELECT ${STATE_COLUMNS} FROM uptime_sites WHERE site_id = $1 FOR UPDATE`, [siteId], tx);
    return row;
  }

  async state(siteId: string): Promise<UptimeState | null> {
    const [row] = await this.query<UptimeState>(`SELECT ${STATE_COLUMNS} FROM uptime_sites WHERE site_id = $1`, [siteId]);
    return row ?? null;
  }

  /** The check, its day's counts, and the site's new state. */
  async recordCheck(siteId: string, at: Date, result: SiteCheckResult, state: UptimeState, tx: EntityManager): Promise<void> {
    await this.query(
      `INSERT INTO uptime_checks (site_id, checked_at, up, status_code, latency_ms, cause) VALUES ($1, $2, $3, $4, $5, $6)`,
      [siteId, at, result.up, result.statusCode, result.latencyMs, result.cause],
      tx,
    );
    await this.query(
      `INSERT INTO uptime_daily (site_id, day, checks, up_checks)
       VALUES ($1, ($2::timestamptz AT TIME ZONE 'Europe/Paris')::date, 1, $3::int)
       ON CONFLICT (site_id, day) DO UPDATE SET checks = uptime_daily.checks + 1, up_checks = uptime_daily.up_checks + EXCLUDED.up_checks`,
      [siteId, at, result.up ? 1 : 0],
      tx,
    );
    await this.query(
      `UPDATE uptime_sites SET up = $2, failures = $3, failing_since = $4, last_checked_at = $5, last_status_code = $6,
              last_latency_ms = $7, redirect_to = $8, last_error = $9, certificate_expires_at = $10,
              certificate_fingerprint = $11, certificate_warned = $12
        WHERE site_id = $1`,
      [
        siteId,
        state.up,
        state.failures,
        state.failingSince,
        at,
        result.statusCode,
        result.latencyMs,
        result.redirectTo,
        result.error,
        state.certificateExpiresAt,
        state.certificateFingerprint,
        state.certificateWarned,
      ],
      tx,
    );
  }

  async openIncident(siteId: string, tx?: EntityManager): Promise<IncidentRow | null> {
    const [row] = await this.query<IncidentRow>(
      `SELECT ${INCIDENT_COLUMNS} FROM uptime_incidents WHERE site_id = $1 AND ended_at IS NULL`,
      [siteId],
      tx,
    );
    return row ?? null;
  }

  async startIncident(
    incident: { siteId: string; startedAt: Date; cause: UptimeCause; statusCode: number | null; detail: string | null },
    tx: EntityManager,
  ): Promise<IncidentRow> {
    const [row] = await this.returning<IncidentRow>(
      `INSERT INTO uptime_incidents (site_id, started_at, cause, status_code, detail) VALUES ($1, $2, $3, $4, $5)
       RETURNING ${INCIDENT_COLUMNS}`,
      [incident.siteId, incident.startedAt, incident.cause, incident.statusCode, incident.detail?.slice(0, 500) ?? null],
      tx,
    );
    return row;
  }

  async endIncident(id: string, at: Date, tx: EntityManager): Promise<IncidentRow> {
    const [row] = await this.returning<IncidentRow>(
      `UPDATE uptime_incidents SET ended_at = $2 WHERE id = $1 RETURNING ${INCIDENT_COLUMNS}`,
      [id, at],
      tx,
    );
    return row;
  }

  /** The open incidents down since `before` whose client was not told yet, each claimed once (told at `at`). */
  async claimClientAlerts(before: Date, at: Date, tx: EntityManager): Promise<IncidentRow[]> {
    return this.returning<IncidentRow>(
      `UPDATE uptime_incidents SET client_notified_at = $2
        WHERE ended_at IS NULL AND client_notified_at IS NULL AND started_at <= $1
        RETURNING ${INCIDENT_COLUMNS}`,
      [before, at],
      tx,
    );
  }

  /** The latest incidents of the site, newest first. */
  incidents(siteId: string, limit: number): Promise<IncidentRow[]> {
    return this.query<IncidentRow>(
      `SELECT ${INCIDENT_COLUMNS} FROM uptime_incidents WHERE site_id = $1 ORDER BY started_at DESC LIMIT $2`,
      [siteId, limit],
    );
  }

  /** Share of answered checks from `fromDay` (Paris) on; null without any check. */
  async availability(siteId: string, fromDay: string): Promise<number | null> {
    const [row] = await this.query<{ checks: string | null; up: string | null }>(
      `SELECT sum(checks) AS checks, sum(up_checks) AS up FROM uptime_daily WHERE site_id = $1 AND day >= $2::date`,
      [siteId, fromDay],
    );
    const checks = Number(row?.checks ?? 0);
    return checks ? Number(row.up) / checks : null;
  }

  /** Deletes raw checks before `checksBefore` and daily counts before `dailyBefore` (Paris day). */
  async purge(checksBefore: Date, dailyBefore: string): Promise<void> {
    await this.query(`DELETE FROM uptime_checks WHERE checked_at < $1`, [checksBefore]);
    await this.query(`DELETE FROM uptime_daily WHERE day < $1::date`, [dailyBefore]);
  }
}
