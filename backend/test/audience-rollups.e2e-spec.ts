import { AudienceClock } from '../src/audience/audience-clock';
import { AudienceIngest } from '../src/audience/audience-ingest.service';
import { AudienceJobs } from '../src/audience/audience-jobs';
import { bearer, createTestApp, registerClient, type TestApp } from './helpers/app';

const ORIGIN = 'https://epicerie.example';
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** The incremental roll-ups (issue 37 item 5): only the buckets touched since the last run, same figures as one pass. */
describe('audience roll-ups, incremental', () => {
  let t: TestApp;
  let siteId: string;
  let key: string;
  let at = new Date('2026-03-10T10:00:00Z');

  const send = (body: Record<string, unknown>, ip: string) =>
    t.api.raw
      .post('/api/a/e')
      .set({ 'Content-Type': 'text/plain;charset=UTF-8', Origin: ORIGIN, 'User-Agent': UA, 'X-Forwarded-For': ip })
      .send(JSON.stringify({ k: key, u: `${ORIGIN}${String(body.path ?? '/')}`, ...body }))
      .expect(202);
  const view = (time: string, ip: string, path = '/', r = '') => {
    at = new Date(time);
    return send({ t: 'p', path, r, w: 1280 }, ip);
  };
  const leave = (time: string, ip: string, path: string, d: number) => {
    at = new Date(time);
    return send({ t: 'l', path, d }, ip);
  };
  const rollUp = () => t.app.get(AudienceJobs).runAll();
  const rollUps = async () => ({
    daily: await t.dataSource.query(
      `SELECT site_id, day::text, visitors, pageviews, visits, bounces, duration_seconds FROM audience_daily ORDER BY day`,
    ),
    hourly: await t.dataSource.query(
      `SELECT site_id, hour, visitors, pageviews, visits, bounces, duration_seconds FROM audience_hourly ORDER BY hour`,
    ),
    dimensions: await t.dataSource.query(
      `SELECT site_id, day::text, dimension, value, visitors, pageviews FROM audience_daily_dimensions ORDER BY day, dimension, value`,
    ),
    lastEventAt: (await t.dataSource.query(`SELECT last_event_at FROM audience_sites WHERE site_id = $1`, [siteId]))[0].last_event_at,
  });

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get(AudienceClock).now = () => at;
    t.app.get(AudienceIngest).limits = { perSourcePerMinute: 1000, perSitePerSecond: 1000 };
    const client = await registerClient(t.api);
    const me = await t.api.get('/api/auth/me').set(bearer(client)).expect(200);
    [{ id: siteId }] = await t.dataSource.query(
      `INSERT INTO sites (user_id, site_name, domain, status, type, progression) VALUES ($1, 'Épicerie', 'epicerie.example', 'active', 'pro', '{}') RETURNING id`,
      [me.body.id],
    );
    key = (await t.api.get(`/api/sites/${siteId}/audience`).set(bearer(client)).expect(200)).body.siteKey;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await rollUp();
    await t.dataSource.query(
      `TRUNCATE audience_events, audience_daily, audience_hourly, audience_daily_dimensions, audience_rollup_queue, audience_salts`,
    );
  });

  it('rolls up in several runs exactly as in one: a visitor counted once a day, visits and bounces across runs', async () => {
    // Run 1: A and B each view one page (two bounces so far).
    await view('2026-03-10T10:00:00Z', '203.0.113.1', '/', 'https://www.google.fr/');
    await view('2026-03-10T10:05:00Z', '203.0.113.2');
    await rollUp();
    expect((await rollUps()).daily).toMatchObject([{ visitors: 2, pageviews: 2, visits: 2, bounces: 2 }]);
    // Run 2: A's visit goes on (no longer a bounce), with 30 s on its second page; B comes back after 45 minutes (a new
    // visit); C arrives in the next hour.
    await view('2026-03-10T10:20:00Z', '203.0.113.1', '/tarifs');
    await leave('2026-03-10T10:21:00Z', '203.0.113.1', '/tarifs', 30_000);
    await view('2026-03-10T10:50:00Z', '203.0.113.2', '/tarifs');
    await view('2026-03-10T11:10:00Z', '203.0.113.3');
    await rollUp();
    // Run 3: A again after 55 minutes (a new visit, of one page), and A the next day (another salt: another visitor).
    await view('2026-03-10T11:15:00Z', '203.0.113.1', '/contact');
    await view('2026-03-11T09:00:00Z', '203.0.113.1');
    await rollUp();

    const incremental = await rollUps();
    expect(incremental.daily).toMatchObject([
      { day: '2026-03-10', visitors: 3, pageviews: 6, visits: 5, bounces: 4, duration_seconds: '30' },
      { day: '2026-03-11', visitors: 1, pageviews: 1, visits: 1, bounces: 1 },
    ]);
    expect(incremental.hourly.map((h: { visitors: number; pageviews: number }) => [h.visitors, h.pageviews])).toEqual([
      [2, 4],
      [2, 2],
      [1, 1],
    ]);
    expect(incremental.dimensions.filter((d: { dimension: string }) => d.dimension === 'page')).toMatchObject([
      { day: '2026-03-10', value: '/', visitors: 3, pageviews: 3 },
      { day: '2026-03-10', value: '/contact', visitors: 1, pageviews: 1 },
      { day: '2026-03-10', value: '/tarifs', visitors: 2, pageviews: 2 },
      { day: '2026-03-11', value: '/', visitors: 1, pageviews: 1 },
    ]);
    expect(incremental.lastEventAt).toEqual(new Date('2026-03-11T09:00:00Z'));

    // The same events rolled up in one pass from scratch.
    await t.dataSource.query(`TRUNCATE audience_daily, audience_hourly, audience_daily_dimensions`);
    await t.dataSource.query(`UPDATE audience_sites SET last_event_at = NULL`);
    await t.dataSource.query(
      `INSERT INTO audience_rollup_queue (site_id, day, hour) SELECT DISTINCT site_id, day, date_trunc('hour', received_at) FROM audience_events`,
    );
    await rollUp();
    expect(await rollUps()).toEqual(incremental);
  });

  it('answers the beacon before the framework’s layers: 202 with the few headers it needs, none of the pages’', async () => {
    const res = await view('2026-03-10T10:00:00Z', '203.0.113.9');
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': ORIGIN,
      'cross-origin-resource-policy': 'cross-origin',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.text).toBe('');
  });

  it('recomputes only the buckets that received events since the last run', async () => {
    await view('2026-03-10T10:00:00Z', '203.0.113.1');
    await rollUp();
    // A figure of the 10th that a recomputation would overwrite: an event of the 11th only must leave it alone.
    await t.dataSource.query(`UPDATE audience_daily SET visitors = 999 WHERE day = '2026-03-10'`);
    await t.dataSource.query(`UPDATE audience_hourly SET visitors = 999`);
    await view('2026-03-11T08:00:00Z', '203.0.113.1');
    await rollUp();
    expect((await rollUps()).daily.map((d: { day: string; visitors: number }) => [d.day, d.visitors])).toEqual([
      ['2026-03-10', 999],
      ['2026-03-11', 1],
    ]);
    expect((await rollUps()).hourly.map((h: { visitors: number }) => h.visitors)).toEqual([999, 1]);
    expect(Number((await t.dataSource.query(`SELECT count(*) AS n FROM audience_rollup_queue`))[0].n)).toBe(0);
  });
});
