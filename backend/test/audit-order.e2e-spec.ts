import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { insertSite } from './helpers/admin';

/**
 * The audit log lists admin writes in the order they were applied, whatever the concurrency. Before, it was sorted by
 * `created_at`, the start of each writing transaction: parallel edits of one site waited for each other's row lock in
 * another order than they started, and after 30 parallel edits 9 of 23 entries were listed out of order.
 */
describe('audit log order under concurrency', () => {
  let t: TestApp;
  let admin: SessionBody;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.api);
  });
  afterAll(() => t.close());

  it('lists 30 parallel edits of one site in the order they were applied: each entry starts where the one before ended', async () => {
    const client = await registerClient(t.api);
    const siteId = await insertSite(t, { userId: client.user.id, siteName: 'Boulangerie Martin', domain: 'depart.fr' });
    const domains = Array.from({ length: 30 }, (_, i) => `boulangerie-${i}.fr`);
    // Every edit changes the domain: 30 entries, each with the domain it replaced and the one it set.
    await Promise.all(domains.map((domain) => t.api.patch(`/api/admin/sites/${siteId}`).set(bearer(admin)).send({ domain }).expect(200)));
    const res = await t.api.get(`/api/admin/audit-log?entityType=site&entityId=${siteId}&limit=50`).set(bearer(admin)).expect(200);
    const entries = (res.body.entries as Array<{ before: { domain: string }; after: { domain: string } }>).slice().reverse();
    expect(entries).toHaveLength(30);
    const chain = entries.map((e) => `${e.before.domain} → ${e.after.domain}`);
    // Applied order: the first replaced the starting domain, each next one replaced what the one before set, and the
    // last one set the domain the site has now.
    expect(entries[0].before.domain).toBe('depart.fr');
    const broken = entries.filter((e, i) => i > 0 && e.before.domain !== entries[i - 1].after.domain).length;
    expect({ broken, chain }).toEqual({ broken: 0, chain });
    const [{ domain }] = await t.dataSource.query(`SELECT domain FROM sites WHERE id = $1`, [siteId]);
    expect(entries.at(-1)!.after.domain).toBe(domain);
    // The whole log (no filter) says the same, newest first.
    const all = await t.api.get('/api/admin/audit-log?limit=50').set(bearer(admin)).expect(200);
    const mine = (all.body.entries as Array<{ entityId: string; after: { domain: string } }>).filter((e) => e.entityId === siteId);
    expect(mine.map((e) => e.after.domain)).toEqual(entries.map((e) => e.after.domain).reverse());
  });
});
