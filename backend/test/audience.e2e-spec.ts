import { AudienceClock } from '../src/audience/audience-clock';
import { AudienceIngest } from '../src/audience/audience-ingest.service';
import { AudienceJobs } from '../src/audience/audience-jobs';
import { EventBuffer } from '../src/audience/event-buffer';
import { AUDIENCE_SCRIPT, AUDIENCE_SCRIPT_GZIP } from '../src/audience/script';
import { processRegistry } from '../src/common/metrics/registry';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { parsePrometheus } from './helpers/prometheus';

const ORIGIN = 'https://boulangerie.example';
const UA_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const UA_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('audience measurement (issue 37)', () => {
  let t: TestApp;
  let client: SessionBody;
  let siteId: string;
  let key: string;
  let clock: { now(): Date };
  let at = new Date('2026-03-10T10:00:00Z');

  const count = async (table: string) => Number((await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
  const flush = () => t.app.get(EventBuffer).flush();
  const beacon = (body: unknown, headers: Record<string, string> = {}, ip = '203.0.113.7') =>
    t.api.raw
      .post('/api/a/e')
      .set({
        'Content-Type': 'text/plain;charset=UTF-8',
        Origin: ORIGIN,
        'User-Agent': UA_FIREFOX,
        'X-Forwarded-For': ip,
        'Accept-Language': 'fr-FR,fr;q=0.9',
        ...headers,
      })
      .send(typeof body === 'string' ? body : JSON.stringify(body));
  const pageview = (path = '/', extra: Record<string, unknown> = {}) => ({
    k: key,
    t: 'p',
    u: `${ORIGIN}${path}`,
    r: '',
    w: 1280,
    ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp();
    clock = t.app.get(AudienceClock);
    clock.now = () => at;
    client = await registerClient(t.api);
    const me = await t.api.get('/api/auth/me').set(bearer(client)).expect(200);
    [{ id: siteId }] = await t.dataSource.query(
      `INSERT INTO sites (user_id, site_name, domain, status, type, progression) VALUES ($1, 'Boulangerie', 'boulangerie.example', 'active', 'pro', '{}') RETURNING id`,
      [me.body.id],
    );
    const res = await t.api.get(`/api/sites/${siteId}/audience`).set(bearer(client)).expect(200);
    key = res.body.siteKey;
    expect(res.body.snippet).toContain(`data-site="${key}"`);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    at = new Date('2026-03-10T10:00:00Z');
    t.app.get(AudienceIngest).limits = { perSourcePerMinute: 120, perSitePerSecond: 1000 };
    await flush();
    await t.dataSource.query(`TRUNCATE audience_events, audience_daily, audience_hourly, audience_daily_dimensions, audience_salts`);
  });

  it('counts a visitor once per day, with their page views, visit, bounce-free duration and tops', async () => {
    await beacon(pageview('/', { r: 'https://www.google.com/search?q=pain' })).expect(202);
    at = new Date('2026-03-10T10:01:00Z');
    await beacon(pageview('/tarifs?utm_source=newsletter&email=secret@example.com')).expect(202);
    await beacon({ k: key, t: 'l', u: `${ORIGIN}/tarifs`, d: 42_000 }).expect(202);
    // Another visitor, on a phone.
    await beacon(pageview('/', { w: 390 }), { 'User-Agent': UA_IPHONE }, '198.51.100.4').expect(202);
    await flush();
    const stored = await t.dataSource.query(`SELECT * FROM audience_events ORDER BY id`);
    expect(stored).toHaveLength(4);
    expect(stored.map((e: { path: string }) => e.path)).toEqual(['/', '/tarifs', '/tarifs', '/']);
    expect(JSON.stringify(stored)).not.toMatch(/203\.0\.113\.7|secret@example|Firefox\/128/);
    expect(stored[0]).toMatchObject({ referrer_host: 'google.com', device: 'desktop', browser: 'Firefox', language: 'fr' });
    expect(stored[1]).toMatchObject({ utm_source: 'newsletter', referrer_host: null });
    expect(stored[3]).toMatchObject({ device: 'mobile', browser: 'Safari' });

    await t.app.get(AudienceJobs).runAll();
    const [daily] = await t.dataSource.query(`SELECT visitors, pageviews, visits, bounces, duration_seconds::int AS d FROM audience_daily`);
    expect(daily).toEqual({ visitors: 2, pageviews: 3, visits: 2, bounces: 1, d: 42 });
    expect(await count('audience_hourly')).toBe(1);
    const sources = await t.dataSource.query(
      `SELECT dimension, value, visitors FROM audience_daily_dimensions WHERE dimension IN ('source', 'campaign') ORDER BY value`,
    );
    // A page view tagged utm_source is its campaign's, not a source's.
    expect(sources).toEqual([
      { dimension: 'source', value: '(direct)', visitors: 1 },
      { dimension: 'source', value: 'google.com', visitors: 1 },
      { dimension: 'campaign', value: 'newsletter', visitors: 1 },
    ]);

    const res = await t.api.get(`/api/sites/${siteId}/audience?period=7d`).set(bearer(client)).expect(200);
    expect(res.body.totals).toEqual({ visitors: 2, pageviews: 3, visits: 2, bounceRate: 0.5, averageVisitSeconds: 21 });
    expect(res.body.series).toHaveLength(7);
    expect(res.body.series.at(-1)).toEqual({ day: '2026-03-10', visitors: 2, pageviews: 3 });
    expect(res.body.previous.visitors).toBe(0);
  });

  it('cannot link two days of one person: another salt each day, and yesterday’s destroyed after the grace hour', async () => {
    await beacon(pageview('/')).expect(202);
    at = new Date('2026-03-11T10:00:00Z');
    await beacon(pageview('/')).expect(202);
    await flush();
    const hashes = await t.dataSource.query(`SELECT day::text, visitor FROM audience_events ORDER BY id`);
    expect(hashes.map((h: { day: string }) => h.day)).toEqual(['2026-03-10', '2026-03-11']);
    expect(Buffer.compare(hashes[0].visitor, hashes[1].visitor)).not.toBe(0);
    await t.app.get(AudienceJobs).runAll();
    expect((await t.dataSource.query(`SELECT day::text FROM audience_salts ORDER BY day`)).map((r: { day: string }) => r.day)).toEqual([
      '2026-03-11',
    ]);

    // Within the grace hour after midnight (Paris: UTC+1 in March), yesterday's salt is still there; after it, gone.
    at = new Date('2026-03-11T23:30:00Z');
    await t.app.get(AudienceJobs).runAll();
    expect((await t.dataSource.query(`SELECT day::text FROM audience_salts ORDER BY day`)).map((r: { day: string }) => r.day)).toEqual([
      '2026-03-11',
      '2026-03-12',
    ]);
    at = new Date('2026-03-12T00:30:00Z');
    await t.app.get(AudienceJobs).runAll();
    expect((await t.dataSource.query(`SELECT day::text FROM audience_salts`)).map((r: { day: string }) => r.day)).toEqual(['2026-03-12']);
  });

  it('stores nothing under Do Not Track, Global Privacy Control, for robots, headless browsers and prefetches (202)', async () => {
    await beacon(pageview(), { DNT: '1' }).expect(202);
    await beacon(pageview(), { 'Sec-GPC': '1' }).expect(202);
    await beacon(pageview(), { 'Sec-Purpose': 'prefetch' }).expect(202);
    await beacon(pageview(), { Purpose: 'prefetch' }).expect(202);
    await beacon(pageview(), { 'User-Agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }).expect(202);
    await beacon(pageview(), {
      'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0 Safari/537.36',
    }).expect(202);
    await flush();
    expect(await count('audience_events')).toBe(0);
  });

  it('refuses foreign origins, unknown keys and bad input with a French 4xx, never a 5xx, storing nothing', async () => {
    const refused = async (res: { status: number; body: { message?: string } }, status: number) => {
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(/[a-zé]/);
    };
    await refused(await beacon(pageview(), { Origin: 'https://concurrent.example' }), 403);
    await refused(await beacon(pageview(), { Origin: 'https://boulangerie.example.evil.test' }), 403);
    await refused(await beacon({ ...pageview(), u: 'https://concurrent.example/' }), 403);
    const noOrigin = await t.api.raw
      .post('/api/a/e')
      .set({ 'Content-Type': 'text/plain', 'User-Agent': UA_FIREFOX })
      .send(JSON.stringify(pageview()));
    await refused(noOrigin, 403);
    await refused(await beacon({ ...pageview(), k: 'AAAAAAAAAAAAAAAAAAAAAA' }), 404);
    await refused(await beacon('{"k":'), 400);
    await refused(await beacon('[1,2]'), 400);
    await refused(await beacon({ k: key }), 400);
    const missing = await beacon({ k: key, t: 'x' });
    expect(Object.keys(missing.body.errors)).toEqual(['t', 'u']);
    await refused(await beacon({ k: key, t: 'l', u: `${ORIGIN}/` }), 400);
    await refused(await beacon(pageview(`/${'a'.repeat(600)}`)), 400);
    await refused(await beacon(pageview(`/${'a'.repeat(3000)}`)), 413);
    await refused(await beacon(pageview(), { 'Content-Type': 'application/json' }).send({ k: 1 }), 400);
    await flush();
    expect(await count('audience_events')).toBe(0);
  });

  it('answers the site’s own origin with CORS (www. too), and the pixel counts a page from its Referer', async () => {
    const res = await beacon(pageview(), { Origin: 'https://www.boulangerie.example' }).expect(202);
    expect(res.headers['access-control-allow-origin']).toBe('https://www.boulangerie.example');
    expect(res.text).toBe('');
    const gif = await t.api.raw
      .get(`/api/a/p.gif?k=${key}`)
      .set({ Referer: `${ORIGIN}/contact`, 'User-Agent': UA_FIREFOX, 'X-Forwarded-For': '192.0.2.9' })
      .expect(200);
    expect(gif.headers['content-type']).toBe('image/gif');
    await t.api.raw.get(`/api/a/p.gif?k=${key}`).set({ Referer: 'https://concurrent.example/', 'User-Agent': UA_FIREFOX }).expect(403);
    await flush();
    expect((await t.dataSource.query(`SELECT path FROM audience_events ORDER BY id`)).map((r: { path: string }) => r.path)).toEqual([
      '/',
      '/contact',
    ]);
  });

  it('answers the beacon in the HTTP server’s listener before Express, counted in the metrics under its route', async () => {
    const requests = async () =>
      parsePrometheus(await processRegistry.metrics()).value('vitrine_http_requests_total', {
        method: 'POST',
        route: '/api/a/e',
        status: '202',
      }) ?? 0;
    const before = await requests();
    const express = t.app.getHttpAdapter().getInstance() as unknown as { handle: (...args: unknown[]) => void };
    const handle = jest.spyOn(express, 'handle');
    try {
      const res = await beacon(pageview('/rapide')).expect(202);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect((await beacon('{"k":').expect(400)).body.message).toBe('Événement illisible : un objet JSON est attendu');
      await beacon(pageview('/rapide'), { DNT: '1' }).expect(202);
      expect(handle).not.toHaveBeenCalled();
      expect(await requests()).toBe(before + 2);
      // Left to the framework, answered the same way there (AudienceIngestController.event): another charset…
      await beacon(pageview('/latin'), { 'Content-Type': 'text/plain;charset=ISO-8859-1' }).expect(202);
      expect(handle).toHaveBeenCalledTimes(1);
      // … and a request with credentials, whose API key the access guard refuses on this route.
      const keyed = await beacon(pageview('/cle'), { Authorization: 'Bearer vk_live_inconnue' });
      expect([401, 403]).toContain(keyed.status);
      expect(handle).toHaveBeenCalledTimes(2);
    } finally {
      handle.mockRestore();
    }
    await flush();
    expect((await t.dataSource.query(`SELECT path FROM audience_events ORDER BY id`)).map((r: { path: string }) => r.path)).toEqual([
      '/rapide',
      '/latin',
    ]);
  });

  it('limits one source per site (429) and keeps every acknowledged event of a concurrent burst', async () => {
    t.app.get(AudienceIngest).limits = { perSourcePerMinute: 3, perSitePerSecond: 1000 };
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await beacon(pageview(`/p${i}`), {}, '192.0.2.77')).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    const refused = await beacon(pageview('/p5'), {}, '192.0.2.77').expect(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toBe('Trop d’événements pour ce site, réessayez plus tard');
    await flush();
    expect(await count('audience_events')).toBe(3);
    await t.dataSource.query(`TRUNCATE audience_events`);

    t.app.get(AudienceIngest).limits = { perSourcePerMinute: 1000, perSitePerSecond: 150 };
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => beacon(pageview(`/b${i}`), {}, `10.0.${i % 50}.1`)));
    const accepted = answers.filter((r) => r.status === 202).length;
    expect(answers.every((r) => r.status === 202 || r.status === 429)).toBe(true);
    expect(accepted).toBeGreaterThan(0);
    await flush();
    expect(await count('audience_events')).toBe(accepted);
  });

  it('answers 429 beyond a full buffer (back-pressure) rather than growing', async () => {
    const buffer = t.app.get(EventBuffer);
    buffer.maxPending = 0;
    try {
      await beacon(pageview()).expect(429);
    } finally {
      buffer.maxPending = 20_000;
    }
    await flush();
    expect(await count('audience_events')).toBe(0);
  });

  it('deletes raw events after 48 hours and roll-ups after 25 months', async () => {
    await beacon(pageview()).expect(202);
    await flush();
    await t.app.get(AudienceJobs).runAll();
    await t.dataSource.query(
      `INSERT INTO audience_daily (site_id, day, visitors, pageviews, visits, bounces, duration_seconds) VALUES ($1, '2024-01-01', 1, 1, 1, 1, 0)`,
      [siteId],
    );
    at = new Date('2026-03-12T09:59:00Z');
    await t.app.get(AudienceJobs).runAll();
    expect(await count('audience_events')).toBe(1);
    at = new Date('2026-03-12T10:01:00Z');
    await t.app.get(AudienceJobs).runAll();
    expect(await count('audience_events')).toBe(0);
    expect((await t.dataSource.query(`SELECT day::text FROM audience_daily ORDER BY day`)).map((r: { day: string }) => r.day)).toEqual([
      '2026-03-10',
    ]);
  });

  it('reads the figures for the owner and the team only, with a French error for a bad period', async () => {
    const other = await registerClient(t.api);
    await t.api.get(`/api/sites/${siteId}/audience`).set(bearer(other)).expect(404);
    const admin = await loginAdmin(t.api);
    await t.api.get(`/api/sites/${siteId}/audience?period=12m`).set(bearer(admin)).expect(200);
    const bad = await t.api.get(`/api/sites/${siteId}/audience?period=2w`).set(bearer(client)).expect(400);
    expect(bad.body.errors.period).toBe('Période inconnue : 7d, 30d, 90d ou 12m');
  });

  it('serves the script under 1 KB gzipped, cached and revalidated by its ETag', async () => {
    // supertest unzips the answer: the bytes sent are the module's gzip, checked for their size.
    const res = await t.api.raw.get('/s.js').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe(AUDIENCE_SCRIPT);
    expect(AUDIENCE_SCRIPT_GZIP.length).toBeLessThan(1024);
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toContain('max-age=86400');
    await t.api.raw.get('/s.js').set('If-None-Match', res.headers.etag).expect(304);
  });
});
