import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37, audience measurement (docs/audience.md), its server side:
 * - `audience_sites`: each site's public key, written in its snippet (made on first read of its figures);
 * - `audience_salts`: one random salt per day (Paris time), destroyed a grace hour after the day ends;
 * - `audience_events`: the raw events, kept 48 hours (indexed by received_at for the roll-ups and the retention);
 * - `audience_hourly`, `audience_daily`, `audience_daily_dimensions`: the roll-ups, kept 25 months, which every
 *   reading of the figures uses (never the raw events).
 */
export class AudienceMeasurement1763716700000 implements MigrationInterface {
  name = 'AudienceMeasurement1763716700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE audience_sites (
      site_id uuid PRIMARY KEY,
      site_key text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT audience_sites_site_key_key UNIQUE (site_key),
      CONSTRAINT audience_sites_site_id_fkey FOREIGN KEY (site_id) REFERENCES sites(id) ON DELETE CASCADE
    )`);
    await q.query(`CREATE TABLE audience_salts (
      day date PRIMARY KEY,
      salt bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE audience_events (
      id bigserial PRIMARY KEY,
      site_id uuid NOT NULL,
      day date NOT NULL,
      visitor bytea NOT NULL,
      kind text NOT NULL,
      path text NOT NULL,
      referrer_host text,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      device text NOT NULL,
      browser text NOT NULL,
      language text,
      duration_ms int,
      received_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT audience_events_kind_check CHECK (kind IN ('pageview', 'leave')),
      CONSTRAINT audience_events_device_check CHECK (device IN ('mobile', 'tablet', 'desktop')),
      CONSTRAINT audience_events_duration_check CHECK ((kind = 'leave') = (duration_ms IS NOT NULL))
    )`);
    await q.query(`CREATE INDEX audience_events_received_at_idx ON audience_events (received_at)`);
    for (const [table, key, type] of [
      ['audience_hourly', 'hour', 'timestamptz'],
      ['audience_daily', 'day', 'date'],
    ]) {
      await q.query(`CREATE TABLE ${table} (
        site_id uuid NOT NULL,
        ${key} ${type} NOT NULL,
        visitors int NOT NULL,
        pageviews int NOT NULL,
        visits int NOT NULL,
        bounces int NOT NULL,
        duration_seconds bigint NOT NULL,
        PRIMARY KEY (site_id, ${key})
      )`);
      await q.query(`CREATE INDEX ${table}_${key}_idx ON ${table} (${key})`);
    }
    await q.query(`CREATE TABLE audience_daily_dimensions (
      site_id uuid NOT NULL,
      day date NOT NULL,
      dimension text NOT NULL,
      value text NOT NULL,
      visitors int NOT NULL,
      pageviews int NOT NULL,
      PRIMARY KEY (site_id, day, dimension, value),
      CONSTRAINT audience_daily_dimensions_dimension_check CHECK (dimension IN ('page', 'source', 'device', 'browser', 'language'))
    )`);
    await q.query(`CREATE INDEX audience_daily_dimensions_day_idx ON audience_daily_dimensions (day)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'audience_daily_dimensions',
      'audience_daily',
      'audience_hourly',
      'audience_events',
      'audience_salts',
      'audience_sites',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}
