import { AudienceClock } from '../src/audience/audience-clock';
import { AudienceIngest } from '../src/audience/audience-ingest.service';
import { AudienceJobs } from '../src/audience/audience-jobs';
import { AUDIENCE_SCRIPT } from '../src/audience/script';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';

const ORIGIN = 'https://fleuriste.example';
const UA_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const UA_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const UA_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Issue 37, item 2: what the client and the admin read of a site's audience (docs/audience.md). */
describe('audience views (issue 37)', () => {
  let t: TestApp;
  let client: SessionBody;
  let admin: SessionBody;
  let siteId: string;
  let otherSiteId: string;
  let key: string;
  const at = new Date('2026-03-10T10:00:00Z');

  const beacon = (body: Record<string, unknown>, ip: string, userAgent = UA_FIREFOX, language = 'fr-FR,fr;q=0.9') =>
    t.api.raw
      .post('/api/a/e')
      .set({ 'Content-Type': 'text/plain', Origin: ORIGIN, 'User-Agent': userAgent, 'X-Forwarded-For': ip, 'Accept-Language': language })
      .send(JSON.stringify({ k: key, ...body }))
      .expect(202);
  const view = (path: string, ip: string, extra: Record<string, unknown> = {}, userAgent?: string, language?: string) =>
    beacon({ t: 'p', u: `${ORIGIN}${path}`, w: 1280, ...extra }, ip, userAgent, language);
  const daily = (site: string, day: string, visitors: number, pageviews: number) =>
    t.dataSource.query(
      `INSERT INTO audience_daily (site_id, day, visitors, pageviews, visits, bounces, duration_seconds) VALUES ($1, $2, $3, $4, $3, 0, 60)`,
      [site, day, visitors, pageviews],
    );

  beforeAll(async () => {
    t = await createTestApp();
    t.app.get(AudienceClock).now = () => at;
    t.app.get(AudienceIngest).limits = { perSourcePerMinute: 1000, perSitePerSecond: 1000 };
    client = await registerClient(t.api);
    admin = await loginAdmin(t.api);
    const me = await t.api.get('/api/auth/me').set(bearer(client)).expect(200);
    [{ id: siteId }] = await t.dataSource.query(
      `INSERT INTO sites (user_id, site_name, domain, status, type, progression) VALUES ($1, 'Fleuriste', 'fleuriste.example', 'active', 'pro', '{}') RETURNING id`,
      [me.body.id],
    );
    const other = await registerClient(t.api);
    const otherMe = await t.api.get('/api/auth/me').set(bearer(other)).expect(200);
    [{ id: otherSiteId }] = await t.dataSource.query(
      `INSERT INTO sites (user_id, site_name, domain, status, type, progression) VALUES ($1, 'Garage', 'garage.example', 'active', 'pro', '{}') RETURNING id`,
      [otherMe.body.id],
    );
    const res = await t.api.get(`/api/sites/${siteId}/audience`).set(bearer(client)).expect(200);
    key = res.body.siteKey;
    // Before the first event: nothing arrived yet, and the view's rankings are empty.
    expect(res.body.lastEventAt).toBeNull();
    expect(res.body.pages).toEqual([]);
    expect(res.body.sourceGroups.map((g: { visitors: number }) => g.visitors)).toEqual([0, 0, 0, 0, 0]);

    // Five visitors today (Paris), one of them on two pages and 30 s on the second.
    await view('/', '203.0.113.1', { r: 'https://www.google.fr/search?q=fleurs' });
    await view('/bouquets', '203.0.113.1');
    await beacon({ t: 'l', u: `${ORIGIN}/bouquets`, d: 30_000 }, '203.0.113.1');
    await view('/', '203.0.113.2', { r: 'https://l.facebook.com/', w: 390 }, UA_IPHONE);
    await view('/promo?utm_source=newsletter&utm_campaign=printemps', '203.0.113.3', { r: 'https://mail.example.net/' });
    await view('/', '203.0.113.4', {}, UA_CHROME, 'en-US,en;q=0.8');
    await view('/bouquets', '203.0.113.5', { r: 'https://blog.jardin.example/article' });
    await t.app.get(AudienceJobs).runAll();
    // Earlier figures (roll-ups kept 25 months): the previous 7 days, and a day of last year.
    await daily(siteId, '2026-03-01', 4, 10);
    await daily(siteId, '2025-06-15', 7, 9);
    // Another client's site, for the admin's totals.
    await daily(otherSiteId, '2026-03-09', 20, 50);
  });
  afterAll(() => t.close());

  it('answers the figures against the previous period, the series, the rankings and the grouped sources', async () => {
    const res = await t.api.get(`/api/sites/${siteId}/audience?period=7d`).set(bearer(client)).expect(200);
    const body = res.body;
    expect(body.totals).toEqual({ visitors: 5, pageviews: 6, visits: 5, bounceRate: 0.8, averageVisitSeconds: 6 });
    expect(body.previous).toEqual({ visitors: 4, pageviews: 10, visits: 4, bounceRate: 0, averageVisitSeconds: 15 });
    expect(body.granularity).toBe('day');
    expect(body.series.map((p: { day: string }) => p.day)).toEqual([
      '2026-03-04',
      '2026-03-05',
      '2026-03-06',
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
    ]);
    expect(body.series.at(-1)).toEqual({ day: '2026-03-10', visitors: 5, pageviews: 6 });
    expect(body.pages).toEqual([
      { value: '/', visitors: 3, pageviews: 3 },
      { value: '/bouquets', visitors: 2, pageviews: 2 },
      { value: '/promo', visitors: 1, pageviews: 1 },
    ]);
    // A campaign's page view counts under its campaign, not under its referrer.
    expect(body.sourceGroups).toEqual([
      { group: 'search', visitors: 1, pageviews: 1 },
      { group: 'social', visitors: 1, pageviews: 1 },
      { group: 'direct', visitors: 2, pageviews: 2 },
      { group: 'website', visitors: 1, pageviews: 1 },
      { group: 'campaign', visitors: 1, pageviews: 1 },
    ]);
    expect(body.sources).toEqual(
      expect.arrayContaining([
        { value: 'google.fr', group: 'search', visitors: 1, pageviews: 1 },
        { value: 'l.facebook.com', group: 'social', visitors: 1, pageviews: 1 },
        { value: '(direct)', group: 'direct', visitors: 2, pageviews: 2 },
        { value: 'blog.jardin.example', group: 'website', visitors: 1, pageviews: 1 },
      ]),
    );
    expect(body.sources).toHaveLength(4);
    expect(body.campaigns).toEqual([{ value: 'newsletter / printemps', visitors: 1, pageviews: 1 }]);
    expect(body.devices).toEqual([
      { value: 'desktop', visitors: 4, pageviews: 5 },
      { value: 'mobile', visitors: 1, pageviews: 1 },
    ]);
    expect(body.browsers).toEqual([
      { value: 'Firefox', visitors: 3, pageviews: 4 },
      { value: 'Chrome', visitors: 1, pageviews: 1 },
      { value: 'Safari', visitors: 1, pageviews: 1 },
    ]);
    expect(body.languages).toEqual([
      { value: 'fr', visitors: 4, pageviews: 5 },
      { value: 'en', visitors: 1, pageviews: 1 },
    ]);
    expect(body.lastEventAt).toBe('2026-03-10T10:00:00.000Z');
    expect(body.optOutUrl).toMatch(new RegExp(`/api/a/opt-out\\?k=${key}$`));
    expect(body.legalNotice).toContain('48 heures');
    expect(body.legalNotice).toContain('25 mois');
    expect(body.legalNotice).toContain(body.optOutUrl);
  });

  it('answers twelve months as a point a month, summing to the totals', async () => {
    const res = await t.api.get(`/api/sites/${siteId}/audience?period=12m`).set(bearer(client)).expect(200);
    expect(res.body.granularity).toBe('month');
    expect(res.body.series).toHaveLength(13);
    expect(res.body.series[0].day).toBe('2025-03-11');
    expect(res.body.series[1].day).toBe('2025-04-01');
    expect(res.body.series.find((p: { day: string }) => p.day === '2025-06-01')).toEqual({ day: '2025-06-01', visitors: 7, pageviews: 9 });
    const sum = res.body.series.reduce((n: number, p: { visitors: number }) => n + p.visitors, 0);
    expect(sum).toBe(res.body.totals.visitors);
    expect(sum).toBe(16);
  });

  it('exports the period as CSV for French Excel, for the owner and the team only', async () => {
    const res = await t.api.raw.get(`/api/sites/${siteId}/audience.csv?period=7d`).set(bearer(client)).buffer(true).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="statistiques-fleuriste.example-7d-2026-03-10.csv"');
    const text = res.text;
    expect(text.startsWith('\uFEFFJour;Visiteurs;Pages vues;Visites;Visites d’une page;Durée totale des visites (s)\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.slice(1, 8).map((line) => line.split(';')[0])).toEqual([
      '04/03/2026',
      '05/03/2026',
      '06/03/2026',
      '07/03/2026',
      '08/03/2026',
      '09/03/2026',
      '10/03/2026',
    ]);
    expect(lines[7]).toBe('10/03/2026;5;6;5;4;30');
    expect(lines).toContain('Classement;Valeur;Groupe;Visiteurs;Pages vues');
    expect(lines).toContain('Pages;/bouquets;;2;2');
    expect(lines).toContain('Provenances;google.fr;Moteurs de recherche;1;1');
    expect(lines).toContain('Provenances;(direct);Accès direct;2;2');
    expect(lines).toContain('Campagnes;newsletter / printemps;Campagnes;1;1');
    expect(lines).toContain('Langues;en;;1;1');

    await t.api.get(`/api/sites/${otherSiteId}/audience.csv`).set(bearer(client)).expect(404);
    await t.api.raw.get(`/api/sites/${siteId}/audience.csv?period=12m`).set(bearer(admin)).expect(200);
    const bad = await t.api.get(`/api/sites/${siteId}/audience.csv?period=1an`).set(bearer(client)).expect(400);
    expect(bad.body.errors.period).toBe('Période inconnue : 7d, 30d, 90d ou 12m');
  });

  it('gives the team the totals of every site over 30 days and the most visited sites', async () => {
    const res = await t.api.get('/api/admin/audience').set(bearer(admin)).expect(200);
    expect(res.body).toMatchObject({ period: '30d', from: '2026-02-09', to: '2026-03-10', measuredSites: 2 });
    expect(res.body.totals).toMatchObject({ visitors: 29, pageviews: 66, visits: 29 });
    expect(res.body.previous.visitors).toBe(0);
    expect(res.body.topSites).toEqual([
      { siteId: otherSiteId, siteName: 'Garage', visitors: 20, pageviews: 50 },
      { siteId, siteName: 'Fleuriste', visitors: 9, pageviews: 16 },
    ]);
    await t.api.get('/api/admin/audience').set(bearer(client)).expect(403);
    const bad = await t.api.get('/api/admin/audience?period=5d').set(bearer(admin)).expect(400);
    expect(bad.body.errors.period).toBeDefined();
  });

  it('serves the visitors’ page: what is measured, the retention, and the opt-out on the site itself', async () => {
    const page = await t.api.raw.get(`/api/a/opt-out?k=${key}`).expect(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('<html lang="fr">');
    expect(page.text).toContain('Mesure d’audience de fleuriste.example');
    expect(page.text).toContain('href="https://fleuriste.example/#refus-mesure-audience"');
    expect(page.text).toContain('48 heures');
    expect(page.text).toContain('prefers-color-scheme: dark');
    expect(page.text).not.toContain('<script');
    expect(page.text).not.toContain('Votre navigateur envoie le signal');

    const withSignal = await t.api.raw.get(`/api/a/opt-out?k=${key}`).set('Sec-GPC', '1').expect(200);
    expect(withSignal.text).toContain('Votre navigateur envoie le signal Global Privacy Control');
    const dnt = await t.api.raw.get(`/api/a/opt-out?k=${key}`).set('DNT', '1').expect(200);
    expect(dnt.text).toContain('Do Not Track) : vos visites ne sont pas mesurées');

    // An unknown or malformed key: the general page, with no site's link.
    for (const query of ['?k=AAAAAAAAAAAAAAAAAAAAAA', '?k=%3Cscript%3E', '']) {
      const general = await t.api.raw.get(`/api/a/opt-out${query}`).expect(200);
      expect(general.text).toContain('Ce site compte ses visites');
      expect(general.text).not.toContain('#refus-mesure-audience');
      expect(general.text).not.toContain('<script');
    }
  });

  it('lets the site’s page read the beacon’s answer (a blocked answer is a console error on the client’s site)', async () => {
    const res = await view('/', '203.0.113.9');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    const ignored = await t.api.raw
      .post('/api/a/e')
      .set({ 'Content-Type': 'text/plain', Origin: ORIGIN, 'User-Agent': UA_FIREFOX, DNT: '1' })
      .send(JSON.stringify({ k: key, t: 'p', u: `${ORIGIN}/` }))
      .expect(202);
    expect(ignored.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('has the script honour a refusal stored on the site, and still fit in 1 KB gzipped', () => {
    expect(AUDIENCE_SCRIPT).toContain('"refus-mesure-audience"');
    expect(AUDIENCE_SCRIPT).toContain('#accord-mesure-audience');
    expect(AUDIENCE_SCRIPT).not.toMatch(/cookie/i);
  });
});
