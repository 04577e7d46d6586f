import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37, uptime and certificate watch (docs/uptime.md):
 * - `uptime_sites`: each watched site's latest state (up or down, its last answer, its certificate's expiry, the
 *   certificate the team was warned about);
 * - `uptime_checks`: the raw checks, one a minute per site, kept 7 days (indexed by checked_at for the retention);
 * - `uptime_daily`: per site and day (Paris time), checks made and checks answered: the availability over 30 and 90
 *   days, kept 400 days;
 * - `uptime_incidents`: when a site went down, why, when it came back, whether its client was told (one open at a time).
 */
export class UptimeWatch1763716850000 implements MigrationInterface {
  name = 'UptimeWatch1763716850000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE uptime_sites (
      site_id uuid PRIMARY KEY,
      up boolean,
      failures int NOT NULL DEFAULT 0,
      failing_since timestamptz,
      last_checked_at timestamptz,
      last_status_code int,
      last_latency_ms int,
      redirect_to text,
      last_error text,
      certificate_expires_at timestamptz,
      certificate_fingerprint text,
      certificate_warned text,
      CONSTRAINT uptime_sites_site_id_fkey FOREIGN KEY (site_id) REFERENCES sites(id) ON DELETE CASCADE
    )`);
    await q.query(`CREATE TABLE uptime_checks (
      id bigserial PRIMARY KEY,
      site_id uuid NOT NULL,
      checked_at timestamptz NOT NULL,
      up boolean NOT NULL,
      status_code int,
      latency_ms int,
      cause text,
      CONSTRAINT uptime_checks_cause_check CHECK (cause IN ('http', 'timeout', 'tls', 'dns', 'address', 'connection')),
      CONSTRAINT uptime_checks_site_id_fkey FOREIGN KEY (site_id) REFERENCES sites(id) ON DELETE CASCADE
    )`);
    await q.query(`CREATE INDEX uptime_checks_site_id_checked_at_idx ON uptime_checks (site_id, checked_at)`);
    await q.query(`CREATE INDEX uptime_checks_checked_at_idx ON uptime_checks (checked_at)`);
    await q.query(`CREATE TABLE uptime_daily (
      site_id uuid NOT NULL,
      day date NOT NULL,
      checks int NOT NULL,
      up_checks int NOT NULL,
      PRIMARY KEY (site_id, day),
      CONSTRAINT uptime_daily_site_id_fkey FOREIGN KEY (site_id) REFERENCES sites(id) ON DELETE CASCADE
    )`);
    await q.query(`CREATE TABLE uptime_incidents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      site_id uuid NOT NULL,
      started_at timestamptz NOT NULL,
      ended_at timestamptz,
      cause text NOT NULL,
      status_code int,
      detail text,
      client_notified_at timestamptz,
      CONSTRAINT uptime_incidents_cause_check CHECK (cause IN ('http', 'timeout', 'tls', 'dns', 'address', 'connection')),
      CONSTRAINT uptime_incidents_site_id_fkey FOREIGN KEY (site_id) REFERENCES sites(id) ON DELETE CASCADE
    )`);
    await q.query(`CREATE INDEX uptime_incidents_site_id_started_at_idx ON uptime_incidents (site_id, started_at)`);
    await q.query(`CREATE UNIQUE INDEX uptime_incidents_open_key ON uptime_incidents (site_id) WHERE ended_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE uptime_incidents`);
    await q.query(`DROP TABLE uptime_daily`);
    await q.query(`DROP TABLE uptime_checks`);
    await q.query(`DROP TABLE uptime_sites`);
  }
}
