import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 37, the views of the audience (docs/audience.md):
 * - `audience_daily_dimensions` gets a `campaign` dimension (`utm_source / utm_campaign`): a page view that came from
 *   a campaign counts there, and no longer among the `source` values (a referrer's host or `(direct)`), so that the
 *   views can group the sources (search engines, social networks, direct, other sites, campaigns) without guessing
 *   whether a value was a UTM tag or a host;
 * - `audience_sites.last_event_at`: the time of the site's newest event, set by the roll-up job, that the snippet card
 *   reads to say whether events arrive (a roll-up, never a read of the raw events).
 */
export class AudienceViews1763716730000 implements MigrationInterface {
  name = 'AudienceViews1763716730000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audience_daily_dimensions DROP CONSTRAINT audience_daily_dimensions_dimension_check`);
    await q.query(
      `ALTER TABLE audience_daily_dimensions ADD CONSTRAINT audience_daily_dimensions_dimension_check CHECK (dimension IN ('page', 'source', 'campaign', 'device', 'browser', 'language'))`,
    );
    await q.query(`ALTER TABLE audience_sites ADD COLUMN last_event_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE audience_sites DROP COLUMN last_event_at`);
    await q.query(`DELETE FROM audience_daily_dimensions WHERE dimension = 'campaign'`);
    await q.query(`ALTER TABLE audience_daily_dimensions DROP CONSTRAINT audience_daily_dimensions_dimension_check`);
    await q.query(
      `ALTER TABLE audience_daily_dimensions ADD CONSTRAINT audience_daily_dimensions_dimension_check CHECK (dimension IN ('page', 'source', 'device', 'browser', 'language'))`,
    );
  }
}
