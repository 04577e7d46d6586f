import { Client } from 'pg';
import { UsersRepository } from '../src/auth/users.repository';
import { ROLL_UP_AFTER_DELTAS } from '../src/database/row-counts';
import { SitesRepository } from '../src/sites/sites.repository';
import { bearer, createTestApp, loginAdmin, type SessionBody, type TestApp } from './helpers/app';

const STATUSES = ['pending', 'active', 'suspended'] as const;
const TYPES = ['pro', 'business', 'custom'] as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The promise's value, or 'waited' past `ms`. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | 'waited'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<'waited'>((resolve) => (timer = setTimeout(() => resolve('waited'), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The admin lists' exact totals kept by triggers in `site_counts` and `user_counts` (migration RowCounts): under
 * concurrent inserts, bucket changes both ways, deletes, rolled-back writes and roll-ups, every total equals count(*),
 * through the API for every filter too; no writer waits for another or deadlocks; TRUNCATE resets them.
 */
describe('row counts kept by triggers', () => {
  let t: TestApp;
  let admin: SessionBody;
  let sites: SitesRepository;
  let users: UsersRepository;
  let userIds: string[];
  const clients: Client[] = [];

  /** A connection of its own (the app's pool has 10), closed after the file. */
  const connect = async (): Promise<Client> => {
    const client = new Client({ connectionString: t.config.databaseUrl });
    await client.connect();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.api);
    sites = t.app.get(SitesRepository);
    users = t.app.get(UsersRepository);
    const rows: Array<{ id: string }> = await t.dataSource.query(
      `INSERT INTO users (email, name) SELECT 'compte' || n || '@compteurs.fr', 'Compte ' || n FROM generate_series(1, 12) AS n RETURNING id`,
    );
    userIds = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
    await t.close();
  });

  /** `count` sites spread over every status × type bucket, in one statement; their ids. */
  const insertSites = async (
    count: number,
    db: { query: (sql: string, params: unknown[]) => Promise<unknown> } = t.dataSource,
  ): Promise<string[]> => {
    const result = (await db.query(
      `INSERT INTO sites (user_id, site_name, status, type, progression)
       SELECT ($2::uuid[])[1 + n % array_length($2::uuid[], 1)], 'Site ' || n, (ARRAY['pending', 'active', 'suspended'])[1 + n % 3],
              (ARRAY['pro', 'business', 'custom'])[1 + (n / 3) % 3], '{"started": false, "design_ok": false, "dev_ok": false, "seo_ok": false, "techno_review": false}'
       FROM generate_series(1, $1) AS n RETURNING id`,
      [count, userIds],
    )) as Array<{ id: string }> | { rows: Array<{ id: string }> };
    return (Array.isArray(result) ? result : result.rows).map((r) => r.id);
  };

  const buckets = () => Object.fromEntries(STATUSES.flatMap((s) => TYPES.map((ty) => [`${s}/${ty}`, 0])));
  /** Every status × type bucket's count(*). */
  const counted = async (): Promise<Record<string, number>> => {
    const totals = buckets();
    for (const row of await t.dataSource.query(`SELECT status, type, count(*)::int AS n FROM sites GROUP BY status, type`))
      totals[`${row.status}/${row.type}`] = row.n;
    return totals;
  };
  /** Every status × type bucket's total as the counters keep it. */
  const kept = async (): Promise<Record<string, number>> => {
    const totals = buckets();
    for (const row of await t.dataSource.query(`SELECT status, type, sum(n)::int AS n FROM site_counts GROUP BY status, type`))
      totals[`${row.status}/${row.type}`] = row.n;
    return totals;
  };
  const deltaRows = async (table: 'site_counts' | 'user_counts'): Promise<number> =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n;

  /** The counters equal count(*), per bucket and through the API for every filter, the stats and the users list. */
  const expectExactTotals = async () => {
    const truth = await counted();
    expect(await kept()).toEqual(truth);
    for (const status of ['all', ...STATUSES]) {
      for (const type of ['all', ...TYPES]) {
        const expected = Object.entries(truth)
          .filter(([key]) => (status === 'all' || key.startsWith(`${status}/`)) && (type === 'all' || key.endsWith(`/${type}`)))
          .reduce((sum, [, n]) => sum + n, 0);
        const res = await t.api.get(`/api/admin/sites?status=${status}&type=${type}&limit=1`).set(bearer(admin)).expect(200);
        expect({ status, type, total: res.body.total }).toEqual({ status, type, total: expected });
      }
    }
    const [real] = await t.dataSource.query(
      `SELECT count(*)::int AS sites, count(*) FILTER (WHERE status = 'active')::int AS active, count(*) FILTER (WHERE status = 'pending')::int AS pending,
              count(*) FILTER (WHERE status = 'suspended')::int AS suspended,
              (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM users WHERE role = 'client') AS clients FROM sites`,
    );
    const stats = (await t.api.get('/api/admin/stats').set(bearer(admin)).expect(200)).body;
    expect({
      ...stats.totals,
      active: stats.activeSites,
      pending: stats.pendingSites,
      suspended: stats.suspendedSites,
      clients: stats.clientCount,
    }).toEqual({
      sites: real.sites,
      users: real.users,
      invoices: 0,
      active: real.active,
      pending: real.pending,
      suspended: real.suspended,
      clients: real.clients,
    });
    expect((await t.api.get('/api/admin/users?limit=1').set(bearer(admin)).expect(200)).body.total).toBe(real.users);
  };

  it('count the rows already there, and each insert, bucket change and delete (a change of other columns writes no delta)', async () => {
    await expectExactTotals();
    const ids = await insertSites(90);
    await expectExactTotals();
    const before = await deltaRows('site_counts');
    await t.dataSource.query(
      `UPDATE sites SET domain = 'x.fr', site_name = site_name || ' !', status = status, type = type WHERE id = ANY($1)`,
      [ids],
    );
    expect(await deltaRows('site_counts')).toBe(before);
    await t.dataSource.query(`UPDATE sites SET status = CASE status WHEN 'active' THEN 'pending' ELSE 'active' END WHERE id = ANY($1)`, [
      ids.slice(0, 40),
    ]);
    await t.dataSource.query(`UPDATE sites SET type = 'custom' WHERE id = ANY($1)`, [ids.slice(30, 60)]);
    await t.dataSource.query(`DELETE FROM sites WHERE id = ANY($1)`, [ids.slice(50, 70)]);
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [userIds[0]]);
    await expectExactTotals();
    // A rolled-back write leaves no delta behind.
    const inside = await connect();
    await inside.query('BEGIN');
    await insertSites(7, inside);
    await inside.query(`UPDATE sites SET status = 'suspended' WHERE id = ANY($1)`, [ids.slice(80, 90)]);
    await inside.query(`DELETE FROM sites WHERE id = ANY($1)`, [ids.slice(70, 80)]);
    await inside.query('ROLLBACK');
    await expectExactTotals();
    expect(await deltaRows('site_counts')).toBeGreaterThan(9);
    expect(await sites.rollUpCounts()).toBe(true);
    expect(await users.rollUpCounts()).toBe(true);
    // One row per non-empty bucket after a roll-up.
    expect(await deltaRows('site_counts')).toBeLessThanOrEqual(9);
    expect(await deltaRows('user_counts')).toBeLessThanOrEqual(2);
    await expectExactTotals();
  });

  it('stay exact under 20 concurrent transactions moving sites both ways between buckets, API writes, inserts, deletes and roll-ups: no deadlock, no error', async () => {
    const ids = await insertSites(120);
    const [{ active, pending }] = await t.dataSource.query(
      `SELECT array_agg(id) FILTER (WHERE status = 'active') AS active, array_agg(id) FILTER (WHERE status = 'pending') AS pending FROM sites WHERE id = ANY($1)`,
      [ids],
    );
    const flipped = new Set([...active.slice(0, 20), ...pending.slice(0, 20)]);
    // Sites no flip touches, for the API's writes and the deletes: nothing here waits for a site's row lock either.
    const free = ids.filter((id) => !flipped.has(id));
    const connections = await Promise.all(Array.from({ length: 20 }, () => connect()));
    // Each transaction moves one site active → pending and another pending → active, in opposite orders in every
    // other transaction, with a pause between: shared counter rows would make them wait for each other, and deadlock.
    const flips = connections.map(async (db, i) => {
      const [first, second] =
        i % 2
          ? [
              ['pending', active[i]],
              ['active', pending[i]],
            ]
          : [
              ['active', pending[i]],
              ['pending', active[i]],
            ];
      await db.query('BEGIN');
      await db.query(`SET LOCAL lock_timeout = '3s'`);
      await db.query(`UPDATE sites SET status = $1 WHERE id = $2`, first);
      await db.query(`SELECT pg_sleep(0.05)`);
      await db.query(`UPDATE sites SET status = $1, type = CASE type WHEN 'pro' THEN 'business' ELSE 'pro' END WHERE id = $2`, second);
      if (i % 5 === 4) await insertSites(3, db);
      if (i % 7 === 6) await db.query(`DELETE FROM sites WHERE id = $1`, [free[30 + i]]);
      await db.query(i === 13 ? 'ROLLBACK' : 'COMMIT');
    });
    // The same through the app: admins changing statuses both ways at once (with their history and audit rows).
    const viaApi = free.slice(0, 20).map((id, i) =>
      t.api
        .patch(`/api/admin/sites/${id}`)
        .set(bearer(admin))
        .send({ status: STATUSES[i % 3] })
        .expect(200),
    );
    const rollUps = (async () => {
      const ran: boolean[] = [];
      for (let i = 0; i < 8; i++) {
        ran.push(...(await Promise.all([sites.rollUpCounts(), sites.rollUpCounts(), users.rollUpCounts()])));
        await sleep(10);
      }
      return ran;
    })();
    const outcomes = await Promise.allSettled([...flips, ...viaApi, rollUps]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    expect((await rollUps).some(Boolean)).toBe(true);
    await expectExactTotals();
    await sites.rollUpCounts();
    await expectExactTotals();
  });

  it('never make a writer wait: a transaction holding its deltas open blocks neither another one moving sites the other way nor a roll-up', async () => {
    const [a, b] = await insertSites(6).then((ids) =>
      t.dataSource.query(`SELECT id FROM sites WHERE id = ANY($1) AND status = 'active' LIMIT 2`, [ids]),
    );
    const holder = await connect();
    const other = await connect();
    await holder.query('BEGIN');
    await holder.query(`UPDATE sites SET status = 'pending' WHERE id = $1`, [a.id]);
    try {
      await other.query('BEGIN');
      await other.query(`SET LOCAL lock_timeout = '500ms'`);
      await other.query(`UPDATE sites SET status = 'pending' WHERE id = $1`, [b.id]);
      await other.query(`UPDATE sites SET status = 'active' WHERE id = $1`, [b.id]);
      await insertSites(2, other);
      await other.query('COMMIT');
      expect(await within(2000, sites.rollUpCounts())).toBe(true);
      // Its uncommitted deltas were not rolled up: they count once it commits.
    } finally {
      await holder.query('COMMIT');
    }
    await expectExactTotals();
  });

  it('skip the roll-up while another instance holds its lock, and leave every delta in place', async () => {
    await insertSites(3);
    const rowsBefore = await deltaRows('site_counts');
    const other = await connect();
    await other.query('BEGIN');
    await other.query(`SELECT pg_advisory_xact_lock(hashtext('site_counts'))`);
    try {
      expect(await sites.rollUpCounts()).toBe(false);
      expect(await deltaRows('site_counts')).toBe(rowsBefore);
    } finally {
      await other.query('COMMIT');
    }
    expect(await sites.rollUpCounts()).toBe(true);
    await expectExactTotals();
  });

  it(`roll up soon after a read sums more than ${ROLL_UP_AFTER_DELTAS} deltas`, async () => {
    await sites.rollUpCounts();
    // A bulk insert writes one delta per bucket; each site's change of status, two.
    const ids = await insertSites(ROLL_UP_AFTER_DELTAS);
    expect(await deltaRows('site_counts')).toBeLessThanOrEqual(18);
    await t.dataSource.query(`UPDATE sites SET status = CASE status WHEN 'active' THEN 'pending' ELSE 'active' END WHERE id = ANY($1)`, [
      ids,
    ]);
    expect(await deltaRows('site_counts')).toBeGreaterThan(ROLL_UP_AFTER_DELTAS);
    await t.api.get('/api/admin/sites').set(bearer(admin)).expect(200);
    for (let i = 0; i < 100 && (await deltaRows('site_counts')) > 9; i++) await sleep(50);
    expect(await deltaRows('site_counts')).toBeLessThanOrEqual(9);
    await expectExactTotals();
  });

  it('start again from zero after TRUNCATE, even with a roll-up under way at the same moment', async () => {
    await insertSites(30);
    const [before] = await t.dataSource.query(`SELECT count(*)::int AS n FROM site_counts`);
    expect(before.n).toBeGreaterThan(0);
    // A roll-up holding the lock: the TRUNCATE's trigger waits for it, then deletes the sums it wrote.
    const rollUp = await connect();
    await rollUp.query('BEGIN');
    await rollUp.query(`SELECT pg_advisory_xact_lock(hashtext('site_counts'))`);
    await rollUp.query(
      `WITH gone AS (DELETE FROM site_counts RETURNING status, type, n) INSERT INTO site_counts SELECT status, type, sum(n) FROM gone GROUP BY 1, 2`,
    );
    const truncate = t.dataSource.query(`TRUNCATE sites, users CASCADE`);
    await sleep(200);
    await rollUp.query('COMMIT');
    await truncate;
    expect(await t.dataSource.query(`SELECT * FROM site_counts`)).toEqual([]);
    expect(await t.dataSource.query(`SELECT * FROM user_counts`)).toEqual([]);
    expect(await sites.countByStatus()).toEqual({ pending: 0, active: 0, suspended: 0 });
    expect(await users.countByRole()).toEqual({ client: 0, admin: 0 });
    const [user] = await t.dataSource.query(`INSERT INTO users (email, name) VALUES ('apres@compteurs.fr', 'Après') RETURNING id`);
    userIds = [user.id];
    await insertSites(4);
    expect(await users.countByRole()).toEqual({ client: 1, admin: 0 });
    expect(await kept()).toEqual(await counted());
    expect(await sites.listForAdmin({ offset: 0, limit: 1, sortBy: 'created_at', sortOrder: 'desc' })).toMatchObject({ total: 4 });
  });
});
