import type { StoredEvent } from './ingest';

// Nothing but SQL and plain data here: the raw baseline of bench/audience.ts imports this file (built) to send the very
// INSERT the app sends.

const EVENT_COLUMNS = `site_id, day, visitor, kind, path, referrer_host, utm_source, utm_medium, utm_campaign, device, browser,
  language, duration_ms, received_at`;

/**
 * The batch's INSERT (the raw baseline of bench/audience.ts sends the same): the events from one array per column,
 * and the distinct (site, day, hour) buckets they touch into the roll-up queue, in one statement.
 */
export const INSERT_EVENTS_SQL = `WITH stored AS (
    INSERT INTO audience_events (${EVENT_COLUMNS})
    SELECT * FROM unnest($1::uuid[], $2::date[], $3::bytea[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
      $9::text[], $10::text[], $11::text[], $12::text[], $13::int[], $14::timestamptz[])
  )
  INSERT INTO audience_rollup_queue (site_id, day, hour)
  SELECT * FROM unnest($15::uuid[], $16::date[], $17::timestamptz[]) ON CONFLICT DO NOTHING`;

/** INSERT_EVENTS_SQL's parameters: one array per column, then the touched buckets (sorted: batches lock them in one order). */
export function insertEventsParams(events: Array<StoredEvent & { receivedAt: Date }>): unknown[] {
  const column = <K extends keyof (StoredEvent & { receivedAt: Date })>(key: K) => events.map((e) => e[key]);
  const buckets = new Map<string, [string, string, Date]>();
  for (const e of events) {
    const hour = new Date(Math.floor(e.receivedAt.getTime() / 3600_000) * 3600_000);
    buckets.set(`${e.siteId} ${e.day} ${hour.toISOString()}`, [e.siteId, e.day, hour]);
  }
  const touched = [...buckets.keys()].sort().map((k) => buckets.get(k)!);
  return [
    column('siteId'),
    column('day'),
    column('visitor'),
    column('kind'),
    column('path'),
    column('referrerHost'),
    column('utmSource'),
    column('utmMedium'),
    column('utmCampaign'),
    column('device'),
    column('browser'),
    column('language'),
    column('durationMs'),
    // As ISO strings, sent as they are: pg formats a Date by hand, field by field, in local time.
    events.map((e) => e.receivedAt.toISOString()),
    touched.map((b) => b[0]),
    touched.map((b) => b[1]),
    touched.map((b) => b[2].toISOString()),
  ];
}
