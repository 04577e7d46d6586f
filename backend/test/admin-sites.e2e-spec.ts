import { AdminSitesService } from '../src/admin/admin-sites.service';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { daysAgo, insertSite } from './helpers/admin';
import { statementsSentBy } from './helpers/statements';

interface SiteBody {
  id: string;
  siteName: string;
  domain: string | null;
  status: string;
  type: string;
  owner: { id: string; name: string; email: string; closedAt: string | null };
  createdAt: string;
}

/**
 * GET /api/admin/sites: every filter, every sort column both ways, paging edges, search with accents and with SQL's
 * wildcard and quote characters, and the refusals (French 400s, never SQL).
 */
describe('GET /api/admin/sites', () => {
  let t: TestApp;
  let admin: SessionBody;
  let client: SessionBody;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.api);
    const alice = await registerClient(t.api, { name: 'Alice Martin', email: 'alice@martin.fr' });
    const bruno = await registerClient(t.api, { name: 'Bruno Éclair', email: 'bruno@eclair.fr' });
    const chloe = await registerClient(t.api, { name: 'Chloé Durand', email: 'chloe@durand.fr' });
    client = alice;
    const now = new Date();
    const rows: Array<[string, string | null, string, string, SessionBody]> = [
      ['Atelier Bois', 'atelier-bois.fr', 'active', 'pro', alice],
      ['Boulangerie Martin', null, 'pending', 'business', alice],
      ['Crêperie Éloïse', 'creperie-eloise.fr', 'active', 'custom', bruno],
      ['Domaine 100% Bio', 'bio.fr', 'suspended', 'pro', bruno],
      ['Garage_Dupont', null, 'pending', 'pro', chloe],
      ["Fleurs d'Anaïs", 'fleurs.fr', 'active', 'business', chloe],
      ['Hôtel \\ Back', 'hotel.fr', 'pending', 'custom', chloe],
      ['Institut Zen', 'zen.fr', 'active', 'pro', alice],
    ];
    for (const [i, [siteName, domain, status, type, owner]] of rows.entries()) {
      ids[siteName] = await insertSite(t, {
        userId: owner.user.id,
        siteName,
        domain,
        status,
        type,
        createdAt: daysAgo(rows.length - i, now),
      });
    }
  });
  afterAll(() => t.close());

  const list = async (query: string): Promise<{ sites: SiteBody[]; total: number }> =>
    (await t.api.get(`/api/admin/sites${query}`).set(bearer(admin)).expect(200)).body;
  const names = (body: { sites: SiteBody[] }) => body.sites.map((s) => s.siteName);

  it('is for admins only', async () => {
    await t.api.get('/api/admin/sites').expect(401);
    expect((await t.api.get('/api/admin/sites').set(bearer(client)).expect(403)).body.message).toBe('Accès refusé');
  });

  it('lists every site with its owner, newest first, 10 per page by default', async () => {
    const body = await list('');
    expect(body.total).toBe(8);
    expect(names(body)).toEqual([
      'Institut Zen',
      'Hôtel \\ Back',
      "Fleurs d'Anaïs",
      'Garage_Dupont',
      'Domaine 100% Bio',
      'Crêperie Éloïse',
      'Boulangerie Martin',
      'Atelier Bois',
    ]);
    expect(body.sites[0]).toEqual({
      id: ids['Institut Zen'],
      siteName: 'Institut Zen',
      domain: 'zen.fr',
      status: 'active',
      type: 'pro',
      progression: { started: false, designOk: false, devOk: false, seoOk: false, technoReview: false },
      paymentState: 'current',
      paymentStateSince: null,
      owner: { id: client.user.id, name: 'Alice Martin', email: 'alice@martin.fr', closedAt: null },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it.each([
    ['status=active', ['Institut Zen', "Fleurs d'Anaïs", 'Crêperie Éloïse', 'Atelier Bois']],
    ['status=pending', ['Hôtel \\ Back', 'Garage_Dupont', 'Boulangerie Martin']],
    ['status=suspended', ['Domaine 100% Bio']],
    ['status=all', 8],
    ['type=pro', ['Institut Zen', 'Garage_Dupont', 'Domaine 100% Bio', 'Atelier Bois']],
    ['type=business', ["Fleurs d'Anaïs", 'Boulangerie Martin']],
    ['type=custom', ['Hôtel \\ Back', 'Crêperie Éloïse']],
    ['type=all', 8],
    ['status=pending&type=pro', ['Garage_Dupont']],
    ['status=suspended&type=business', []],
  ])('filters by %s', async (query, expected) => {
    const body = await list(`?${query}`);
    if (typeof expected === 'number') return expect(body.total).toBe(expected);
    expect(names(body)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  const byKey: Record<string, (s: SiteBody) => unknown> = {
    site_name: (s) => s.siteName,
    domain: (s) => s.domain,
    status: (s) => s.status,
    type: (s) => s.type,
    owner_name: (s) => s.owner.name,
    created_at: (s) => s.siteName,
  };
  const ascending: Record<string, unknown[]> = {
    site_name: [
      'Atelier Bois',
      'Boulangerie Martin',
      'Crêperie Éloïse',
      'Domaine 100% Bio',
      "Fleurs d'Anaïs",
      'Garage_Dupont',
      'Hôtel \\ Back',
      'Institut Zen',
    ],
    // Sites without a domain last, whichever the direction.
    domain: ['atelier-bois.fr', 'bio.fr', 'creperie-eloise.fr', 'fleurs.fr', 'hotel.fr', 'zen.fr', null, null],
    status: ['active', 'active', 'active', 'active', 'pending', 'pending', 'pending', 'suspended'],
    type: ['business', 'business', 'custom', 'custom', 'pro', 'pro', 'pro', 'pro'],
    owner_name: [
      'Alice Martin',
      'Alice Martin',
      'Alice Martin',
      'Bruno Éclair',
      'Bruno Éclair',
      'Chloé Durand',
      'Chloé Durand',
      'Chloé Durand',
    ],
    created_at: [
      'Atelier Bois',
      'Boulangerie Martin',
      'Crêperie Éloïse',
      'Domaine 100% Bio',
      'Garage_Dupont',
      "Fleurs d'Anaïs",
      'Hôtel \\ Back',
      'Institut Zen',
    ],
  };
  const descending = (key: string) => {
    const values = [...ascending[key]].reverse();
    return key === 'domain' ? [...values.filter((v) => v !== null), null, null] : values;
  };

  it.each(Object.keys(ascending).flatMap((key) => [[key, 'asc'] as const, [key, 'desc'] as const]))(
    'sorts by %s %s',
    async (key, order) => {
      const body = await list(`?sortBy=${key}&sortOrder=${order}`);
      expect(body.sites.map(byKey[key])).toEqual(order === 'asc' ? ascending[key] : descending(key));
    },
  );

  it('gives ties a stable order, so pages never repeat or skip a site', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++)
      seen.push(...(await list(`?sortBy=status&sortOrder=asc&limit=3&page=${page}`)).sites.map((s) => s.id));
    expect(new Set(seen).size).toBe(8);
  });

  it('pages: a full page, the last page, and a page past the end (empty, same total)', async () => {
    expect(names(await list('?limit=3&page=1&sortBy=site_name&sortOrder=asc'))).toEqual([
      'Atelier Bois',
      'Boulangerie Martin',
      'Crêperie Éloïse',
    ]);
    const last = await list('?limit=3&page=3&sortBy=site_name&sortOrder=asc');
    expect({ names: names(last), total: last.total }).toEqual({ names: ['Hôtel \\ Back', 'Institut Zen'], total: 8 });
    expect(await list('?limit=3&page=4')).toEqual({ sites: [], total: 8 });
    expect(await list('?page=1000000')).toEqual({ sites: [], total: 8 });
  });

  it.each([
    ['crêpe', ['Crêperie Éloïse']],
    ['CRÊPERIE éloïse', ['Crêperie Éloïse']],
    ['zen.fr', ['Institut Zen']],
    ['  bois  ', ['Atelier Bois']],
    // The owner's name (accents too) or e-mail
    ['éclair', ['Domaine 100% Bio', 'Crêperie Éloïse']],
    ['ÉCLAIR', ['Domaine 100% Bio', 'Crêperie Éloïse']],
    ['@martin.fr', ['Institut Zen', 'Boulangerie Martin', 'Atelier Bois']],
    ['martin', ['Institut Zen', 'Boulangerie Martin', 'Atelier Bois']],
    // SQL's wildcards and quote are plain characters
    ['%', ['Domaine 100% Bio']],
    ['100%', ['Domaine 100% Bio']],
    ['_', ['Garage_Dupont']],
    ["d'anaïs", ["Fleurs d'Anaïs"]],
    ["'", ["Fleurs d'Anaïs"]],
    ['\\', ['Hôtel \\ Back']],
    ["'; DROP TABLE sites; --", []],
    ['introuvable', []],
  ])('searches %j in the site name, the domain and the owner', async (search, expected) => {
    const body = await list(`?search=${encodeURIComponent(search)}`);
    expect(names(body)).toEqual(expected);
    expect(body.total).toBe(expected.length);
  });

  it('combines search, filters, sort and paging', async () => {
    const body = await list(`?search=${encodeURIComponent('martin')}&status=active&sortBy=site_name&sortOrder=desc&limit=1&page=2`);
    expect({ names: names(body), total: body.total }).toEqual({ names: ['Atelier Bois'], total: 2 });
  });

  it('refuses unknown sorts, filters and pages with French messages (nothing reaches SQL)', async () => {
    const res = await t.api
      .get(`/api/admin/sites?sortBy=${encodeURIComponent('site_name; DROP TABLE sites')}&sortOrder=up&status=canceled&type=teams`)
      .set(bearer(admin))
      .expect(400);
    expect(res.body).toEqual({
      statusCode: 400,
      message: 'Données invalides',
      errors: { sortBy: 'Tri invalide', sortOrder: 'Ordre de tri invalide', status: 'Statut invalide', type: 'Type invalide' },
    });
    expect((await t.api.get('/api/admin/sites?page=1e20').set(bearer(admin)).expect(400)).body.errors).toEqual({
      page: 'La page ne peut pas dépasser 1 000 000',
    });
    expect((await t.api.get('/api/admin/sites?page=0&limit=101').set(bearer(admin)).expect(400)).body.errors).toEqual({
      page: 'La page doit être au moins 1',
      limit: 'La limite ne peut pas dépasser 100',
    });
    expect(
      (
        await t.api
          .get(`/api/admin/sites?search=${'x'.repeat(201)}`)
          .set(bearer(admin))
          .expect(400)
      ).body.errors,
    ).toEqual({ search: 'Recherche trop longue' });
    expect((await list('')).total).toBe(8);
  });

  it("plans for SSDs (random_page_cost 1.1 on the app's connections), so searches take the trigram indexes", async () => {
    expect(await t.dataSource.query(`SHOW random_page_cost`)).toEqual([{ random_page_cost: '1.1' }]);
  });

  it('answers a page in two SQL queries, whatever the page size (owners joined, never one query per row)', async () => {
    const service = t.app.get(AdminSitesService);
    for (const query of [{}, { search: 'martin', status: 'active' as const, sortBy: 'owner_name' as const, limit: 100 }]) {
      const { result: body, statements } = await statementsSentBy(() =>
        service.list({
          page: 1,
          limit: 10,
          status: 'all',
          type: 'all',
          sortBy: 'created_at',
          sortOrder: 'desc',
          ...query,
        }),
      );
      expect(body.sites.length).toBeGreaterThan(0);
      expect(statements.map((s) => s.text).filter((sql) => !/^(START TRANSACTION|COMMIT|ROLLBACK)/.test(sql))).toHaveLength(2);
    }
  });
});
