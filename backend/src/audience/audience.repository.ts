import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { BaseRepository } from '../database/base.repository';
import type { AudienceDimension } from './audience.entities';
import { INSERT_EVENTS_SQL, insertEventsParams } from './event-insert';
import type { StoredEvent } from './ingest';

/** How many values of each dimension a day keeps (the tops the client sees). */
export const AUDIENCE_TOP_VALUES = 50;

export interface KeyedSite {
  id: string;
  domain: string | null;
}

export interface DimensionFigures {
  dimension: AudienceDimension;
  value: string;
  visitors: number;
  pageviews: number;
}

export interface SiteFigures {
  siteId: string;
  siteName: string;
  visitors: number;
  pageviews: number;
}

export interface DailyFigures {
  day: string;
  visitors: number;
  pageviews: number;
  visits: number;
  bounces: number;
  durationSeconds: number;
}

/**
 * A figures' query over the raw events of some buckets: `events` yields site_id, bucket (the day, the hour), visitor,
 * kind, received_at and duration_ms of every event of each bucket recomputed (whole buckets, never a part of one).
 */
function figuresSql(table: string, key: string, events: string): string {
  return `WITH ev AS (${events}), pv AS (
      SELECT site_id, bucket, visitor, received_at,
        CASE WHEN received_at - lag(received_at) OVER w <= interval '30 minutes' THEN 0 ELSE 1 END AS starts
      FROM ev WHERE kind = 'pageview'
      WINDOW w AS (PARTITION BY site_id, bucket, visitor ORDER BY received_at)
    ), numbered AS (
      SELECT site_id, bucket, visitor,
        sum(starts) OVER (PARTITION BY site_id, bucket, visitor ORDER BY received_at ROWS UNBOUNDED PRECEDING) AS visit
      FROM pv
    ), per_visit AS (
      SELECT site_id, bucket, count(*) AS views FROM numbered GROUP BY site_id, bucket, visitor, visit
    ), visits AS (
      SELECT site_id, bucket, count(*) AS visits, count(*) FILTER (WHERE views = 1) AS bounces FROM per_visit GROUP BY 1, 2
    ), base AS (
      SELECT site_id, bucket, count(DISTINCT visitor) AS visitors, count(*) FILTER (WHERE kind = 'pageview') AS pageviews,
        coalesce(sum(duration_ms), 0) / 1000 AS duration_seconds
      FROM ev GROUP BY 1, 2
    )
    INSERT INTO ${table} (site_id, ${key}, visitors, pageviews, visits, bounces, duration_seconds)
    SELECT b.site_id, b.bucket, b.visitors, b.pageviews, coalesce(v.visits, 0), coalesce(v.bounces, 0), b.duration_seconds
    FROM base b LEFT JOIN visits v USING (site_id, bucket)
    ON CONFLICT (site_id, ${key}) DO UPDATE SET visitors = EXCLUDED.visitors, pageviews = EXCLUDED.pageviews,
      visits = EXCLUDED.visits, bounces = EXCLUDED.bounces, duration_seconds = EXCLUDED.duration_seconds`;
}

/**
 * The events of the (site, Paris day) pairs $1, $2, read through (site_id, received_at): a Paris day's events were all
 * received within a day of its UTC date (the range only narrows the index scan; `day` selects them exactly).
 */
const EVENTS_OF_DAYS = `SELECT e.* FROM unnest($1::uuid[], $2::date[]) AS t(site_id, day)
  JOIN audience_events e ON e.site_id = t.site_id AND e.day = t.day
    AND e.received_at >= t.day::timestamp AT TIME ZONE 'UTC' - interval '1 day'
    AND e.received_at < t.day::timestamp AT TIME ZONE 'UTC' + interval '2 days'`;

/** The buckets that received events since the last roll-up, as the job takes them from the queue. */
export interface TouchedBuckets {
  days: Array<{ siteId: string; day: string }>;
  hours: Array<{ siteId: string; hour: Date }>;
}

/** The audience tables (docs/audience.md). */
@Injectable()
export class AudienceRepository extends BaseRepository {
  /** The site a public key names, with its domain; null for an unknown key. */
  async siteOfKey(key: string): Promise<KeyedSite | null> {
    const [row] = await this.query<KeyedSite>(
      `SELECT s.id, s.domain FROM audience_sites a JOIN sites s ON s.id = a.site_id WHERE a.site_key = $1`,
      [key],
    );
    return row ?? null;
  }

  /** The site (its owner and domain), or null. */
  async site(id: string): Promise<{ id: string; userId: string; domain: string | null } | null> {
    const [row] = await this.query<{ id: string; userId: string; domain: string | null }>(
      `SELECT id, user_id AS "userId", domain FROM sites WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }

  /** The site's public key, made (128 random bits) the first time it is asked for. */
  async keyOf(siteId: string): Promise<string> {
    const [row] = await this.query<{ site_key: string }>(
      `WITH made AS (
         INSERT INTO audience_sites (site_id, site_key) VALUES ($1, $2) ON CONFLICT (site_id) DO NOTHING RETURNING site_key
       ) SELECT site_key FROM made UNION ALL SELECT site_key FROM audience_sites WHERE site_id = $1 LIMIT 1`,
      [siteId, randomBytes(16).toString('base64url')],
    );
    return row?.site_key ?? this.keyOf(siteId);
  }

  /** The salt of `day`, made if it is not there yet (several instances agree on the first one written). */
  async saltOf(day: string): Promise<Buffer> {
    const [row] = await this.query<{ salt: Buffer }>(
      `WITH made AS (
         INSERT INTO audience_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING RETURNING salt
       ) SELECT salt FROM made UNION ALL SELECT salt FROM audience_salts WHERE day = $1 LIMIT 1`,
      [day, randomBytes(32)],
    );
    return row?.salt ?? this.saltOf(day);
  }

  /** Destroys the salts of the days before `keepFrom`; answers the days destroyed. */
  async destroySaltsBefore(keepFrom: string): Promise<string[]> {
    const rows = await this.query<{ day: string }>(`DELETE FROM audience_salts WHERE day < $1 RETURNING day::text`, [keepFrom]);
    return (rows as unknown as [Array<{ day: string }>, number])[0].map((r) => r.day);
  }

  /**
   * One INSERT for a batch of events, whose statement also queues the (site, day, hour) buckets they touch for the
   * next roll-up (one statement, one transaction: no event stored without its bucket queued).
   */
  async insertEvents(events: Array<StoredEvent & { receivedAt: Date }>): Promise<void> {
    if (!events.length) return;
    await this.query(INSERT_EVENTS_SQL, insertEventsParams(events));
  }

  /**
   * The incremental roll-up: takes the queued buckets and recomputes those only (whole buckets from their raw events,
   * so the figures are those of a full recomputation: a day's unique visitors, visits spanning two runs, bounces that
   * became visits of two pages, durations), then each touched site's newest event time. One transaction: a failure
   * leaves the queue as it was. Answers the buckets recomputed.
   */
  async rollUpQueued(): Promise<TouchedBuckets> {
    return this.dataSource.transaction(async (tx) => {
      const [taken] = (await tx.query(`DELETE FROM audience_rollup_queue RETURNING site_id, day::text AS day, hour`)) as [
        Array<{ site_id: string; day: string; hour: Date }>,
        number,
      ];
      const days = new Map<string, { siteId: string; day: string }>();
      const hours = new Map<string, { siteId: string; hour: Date }>();
      for (const row of taken) {
        days.set(`${row.site_id} ${row.day}`, { siteId: row.site_id, day: row.day });
        hours.set(`${row.site_id} ${row.hour.toISOString()}`, { siteId: row.site_id, hour: row.hour });
      }
      const touched = { days: [...days.values()], hours: [...hours.values()] };
      if (!taken.length) return touched;
      const dayParams = [touched.days.map((d) => d.siteId), touched.days.map((d) => d.day)];
      await tx.query(
        figuresSql(
          'audience_daily',
          'day',
          `SELECT site_id, day AS bucket, visitor, kind, received_at, duration_ms FROM (${EVENTS_OF_DAYS}) d`,
        ),
        dayParams,
      );
      await tx.query(
        `DELETE FROM audience_daily_dimensions d USING unnest($1::uuid[], $2::date[]) AS t(site_id, day)
         WHERE d.site_id = t.site_id AND d.day = t.day`,
        dayParams,
      );
      await tx.query(
        `WITH ev AS (
           SELECT * FROM (${EVENTS_OF_DAYS}) d WHERE kind = 'pageview'
         ), vals AS (
           SELECT site_id, day, 'page' AS dimension, path AS value, visitor FROM ev
           UNION ALL SELECT site_id, day, 'source', coalesce(referrer_host, '(direct)'), visitor FROM ev WHERE utm_source IS NULL
           UNION ALL SELECT site_id, day, 'campaign', utm_source || coalesce(' / ' || utm_campaign, ''), visitor FROM ev
             WHERE utm_source IS NOT NULL
           UNION ALL SELECT site_id, day, 'device', device, visitor FROM ev
           UNION ALL SELECT site_id, day, 'browser', browser, visitor FROM ev
           UNION ALL SELECT site_id, day, 'language', coalesce(language, '(inconnue)'), visitor FROM ev
         ), counted AS (
           SELECT site_id, day, dimension, value, count(DISTINCT visitor) AS visitors, count(*) AS pageviews,
             row_number() OVER (PARTITION BY site_id, day, dimension ORDER BY count(*) DESC, value) AS rank
           FROM vals GROUP BY 1, 2, 3, 4
         )
         INSERT INTO audience_daily_dimensions (site_id, day, dimension, value, visitors, pageviews)
         SELECT site_id, day, dimension, value, visitors, pageviews FROM counted WHERE rank <= $3`,
        [...dayParams, AUDIENCE_TOP_VALUES],
      );
      const hourParams = [touched.hours.map((h) => h.siteId), touched.hours.map((h) => h.hour)];
      await tx.query(
        figuresSql(
          'audience_hourly',
          'hour',
          `SELECT e.site_id, t.hour AS bucket, e.visitor, e.kind, e.received_at, e.duration_ms
           FROM unnest($1::uuid[], $2::timestamptz[]) AS t(site_id, hour)
           JOIN audience_events e ON e.site_id = t.site_id AND e.received_at >= t.hour AND e.received_at < t.hour + interval '1 hour'`,
        ),
        hourParams,
      );
      // The snippet card's check: each touched site's newest event, from its touched hours.
      await tx.query(
        `UPDATE audience_sites a SET last_event_at = e.last
         FROM (
           SELECT t.site_id, max(e.received_at) AS last FROM unnest($1::uuid[], $2::timestamptz[]) AS t(site_id, hour)
           JOIN audience_events e ON e.site_id = t.site_id AND e.received_at >= t.hour AND e.received_at < t.hour + interval '1 hour'
           GROUP BY t.site_id
         ) e
         WHERE a.site_id = e.site_id AND (a.last_event_at IS NULL OR a.last_event_at < e.last)`,
        hourParams,
      );
      return touched;
    });
  }

  /** Deletes the raw events received before `rawBefore` and the roll-ups older than `rollUpsBefore`; answers the rows deleted. */
  async purge(rawBefore: Date, rollUpsBefore: Date): Promise<number> {
    let deleted = 0;
    const count = (answer: unknown) => ((answer as [unknown, number])[1] ?? 0) as number;
    deleted += count(await this.query(`DELETE FROM audience_events WHERE received_at < $1`, [rawBefore]));
    deleted += count(await this.query(`DELETE FROM audience_hourly WHERE hour < $1`, [rollUpsBefore]));
    const day = rollUpsBefore.toISOString().slice(0, 10);
    deleted += count(await this.query(`DELETE FROM audience_daily WHERE day < $1`, [day]));
    deleted += count(await this.query(`DELETE FROM audience_daily_dimensions WHERE day < $1`, [day]));
    return deleted;
  }

  /** The daily figures of a site over [from, to] (Paris days), from the roll-ups. */
  async daily(siteId: string, from: string, to: string): Promise<DailyFigures[]> {
    return this.query<DailyFigures>(
      `SELECT day::text AS day, visitors, pageviews, visits, bounces, duration_seconds::int AS "durationSeconds"
       FROM audience_daily WHERE site_id = $1 AND day BETWEEN $2 AND $3 ORDER BY day`,
      [siteId, from, to],
    );
  }

  /** A site's newest event time as the roll-up job last saw it, or null. */
  async lastEventAt(siteId: string): Promise<Date | null> {
    const [row] = await this.query<{ last: Date | null }>(`SELECT last_event_at AS last FROM audience_sites WHERE site_id = $1`, [siteId]);
    return row?.last ?? null;
  }

  /**
   * The values of each dimension over [from, to], summed over the days (visitors: the sum of each day's), the most
   * viewed first: the first `limit` of each dimension, and every `source` (the views group them all).
   */
  async dimensions(siteId: string, from: string, to: string, limit: number): Promise<DimensionFigures[]> {
    return this.query<DimensionFigures>(
      `SELECT dimension, value, visitors, pageviews FROM (
         SELECT dimension, value, sum(visitors)::int AS visitors, sum(pageviews)::int AS pageviews,
           row_number() OVER (PARTITION BY dimension ORDER BY sum(pageviews) DESC, sum(visitors) DESC, value) AS rank
         FROM audience_daily_dimensions WHERE site_id = $1 AND day BETWEEN $2 AND $3 GROUP BY dimension, value
       ) d WHERE rank <= $4 OR dimension = 'source' ORDER BY dimension, rank`,
      [siteId, from, to, limit],
    );
  }

  /** The daily figures of all sites together over [from, to] (the admin's dashboard). */
  async dailyAll(from: string, to: string): Promise<DailyFigures[]> {
    return this.query<DailyFigures>(
      `SELECT day::text AS day, sum(visitors)::int AS visitors, sum(pageviews)::int AS pageviews, sum(visits)::int AS visits,
         sum(bounces)::int AS bounces, sum(duration_seconds)::bigint AS "durationSeconds"
       FROM audience_daily WHERE day BETWEEN $1 AND $2 GROUP BY day ORDER BY day`,
      [from, to],
    );
  }

  /** The sites with the most visitors over [from, to], and how many sites had any. */
  async topSites(from: string, to: string, limit: number): Promise<{ measured: number; top: SiteFigures[] }> {
    const rows = await this.query<SiteFigures & { measured: number }>(
      `SELECT d.site_id AS "siteId", s.site_name AS "siteName", sum(d.visitors)::int AS visitors, sum(d.pageviews)::int AS pageviews,
         count(*) OVER ()::int AS measured
       FROM audience_daily d JOIN sites s ON s.id = d.site_id
       WHERE d.day BETWEEN $1 AND $2 GROUP BY d.site_id, s.site_name ORDER BY visitors DESC, pageviews DESC, s.site_name LIMIT $3`,
      [from, to, limit],
    );
    return { measured: rows[0]?.measured ?? 0, top: rows.map(({ measured: _, ...site }) => site) };
  }
}
