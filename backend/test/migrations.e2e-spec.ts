import { DataSource } from 'typeorm';
import { dataSourceOptions, MIGRATIONS } from '../src/data-source';
import { runMigrationsLocked } from '../src/database/migrate';
import { RowCounts1763714000000 } from '../src/database/migrations/1763714000000-RowCounts';
import { SubscriptionLife1763714300000 } from '../src/database/migrations/1763714300000-SubscriptionLife';
import { createEmptyDatabase } from './helpers/database';

describe('migrations', () => {
  let db: { url: string; drop(): Promise<void> };
  let dataSource: DataSource;
  beforeAll(async () => {
    db = await createEmptyDatabase();
    dataSource = new DataSource({ ...dataSourceOptions(db.url), migrationsRun: false });
    await dataSource.initialize();
  });
  afterAll(async () => {
    await dataSource.destroy();
    await db.drop();
  });

  it('build the whole schema: no entity change is left without a migration', async () => {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    expect(applied.map((m) => m.name)).toEqual(MIGRATIONS.map((m) => new m().name));
    const pending = await dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('undo cleanly, down to an empty schema, and apply again', async () => {
    for (let i = 0; i < MIGRATIONS.length; i++) await dataSource.undoLastMigration({ transaction: 'each' });
    const tables: Array<{ tablename: string }> = await dataSource.query(
      `SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'`,
    );
    expect(tables).toEqual([]);
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await dataSource.showMigrations()).toBe(false);
  });

  it('keep e-mails unique whatever their case', async () => {
    await dataSource.query(`INSERT INTO users (email, name) VALUES ('unique@example.com', 'A')`);
    await expect(dataSource.query(`INSERT INTO users (email, name) VALUES ('unique@example.com', 'B')`)).rejects.toThrow(/users_email_key/);
    await expect(dataSource.query(`INSERT INTO users (email, name) VALUES ('Upper@example.com', 'C')`)).rejects.toThrow(/check constraint/);
  });

  it('SubscriptionLife gives the sites already there the payment state their subscription left them in', async () => {
    const fresh = await createEmptyDatabase();
    const at = MIGRATIONS.indexOf(SubscriptionLife1763714300000);
    const before = new DataSource({ ...dataSourceOptions(fresh.url), migrations: MIGRATIONS.slice(0, at) });
    const after = new DataSource(dataSourceOptions(fresh.url));
    try {
      await before.initialize();
      await before.runMigrations({ transaction: 'each' });
      const [{ id: userId }] = await before.query(
        `INSERT INTO users (email, name, role) VALUES ('avant@example.com', 'Avant', 'client') RETURNING id`,
      );
      for (const [n, status] of [
        [1, 'active'],
        [2, 'past_due'],
        [3, 'unpaid'],
        [4, 'canceled'],
      ] as const) {
        await before.query(
          `INSERT INTO sites (user_id, site_name, status, type, progression, stripe_subscription_id) VALUES ($1, $2, 'active', 'pro', '{}', $3)`,
          [userId, `Site ${n}`, `sub_${n}`],
        );
        await before.query(
          `INSERT INTO subscriptions (id, customer_id, user_id, status, ended_at, synced_at) VALUES ($1, 'cus_1', $2, $3, CASE WHEN $3 = 'canceled' THEN '2026-10-01T10:00:00Z'::timestamptz END, now())`,
          [`sub_${n}`, userId, status],
        );
      }
      await before.query(
        `INSERT INTO invoices (id, customer_id, user_id, subscription_id, date, amount_cents, currency, status, synced_at, payment_failed_at) VALUES ('in_2', 'cus_1', $1, 'sub_2', now(), 2900, 'eur', 'open', now(), '2026-11-12T08:00:00Z')`,
        [userId],
      );
      await before.destroy();
      await after.initialize();
      await after.runMigrations({ transaction: 'each' });
      const rows = await after.query(`SELECT site_name, payment_state, payment_state_since FROM sites ORDER BY site_name`);
      expect(rows).toEqual([
        { site_name: 'Site 1', payment_state: 'current', payment_state_since: null },
        { site_name: 'Site 2', payment_state: 'past_due', payment_state_since: new Date('2026-11-12T08:00:00Z') },
        { site_name: 'Site 3', payment_state: 'unpaid', payment_state_since: null },
        { site_name: 'Site 4', payment_state: 'ended', payment_state_since: new Date('2026-10-01T10:00:00Z') },
      ]);
    } finally {
      await Promise.all([before, after].map((d) => (d.isInitialized ? d.destroy() : undefined)));
      await fresh.drop();
    }
  });

  it('RowCounts counts the rows already there, keeps counting, and its down() leaves no table, trigger or function', async () => {
    const fresh = await createEmptyDatabase();
    const at = MIGRATIONS.indexOf(RowCounts1763714000000);
    const before = new DataSource({ ...dataSourceOptions(fresh.url), migrations: MIGRATIONS.slice(0, at) });
    const after = new DataSource(dataSourceOptions(fresh.url));
    const kept = async () => ({
      sites: await after.query(`SELECT status, type, sum(n)::int AS n FROM site_counts GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2`),
      users: await after.query(`SELECT role, sum(n)::int AS n FROM user_counts GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1`),
    });
    const counted = async () => ({
      sites: await after.query(`SELECT status, type, count(*)::int AS n FROM sites GROUP BY 1, 2 ORDER BY 1, 2`),
      users: await after.query(`SELECT role, count(*)::int AS n FROM users GROUP BY 1 ORDER BY 1`),
    });
    const ownObjects = async () => ({
      tables: await after.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename LIKE '%counts'`),
      triggers: await after.query(
        `SELECT tgname FROM pg_trigger WHERE NOT tgisinternal AND tgrelid IN ('sites'::regclass, 'users'::regclass)`,
      ),
      functions: await after.query(`SELECT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND proname LIKE '%counts%'`),
    });
    try {
      await before.initialize();
      await before.runMigrations({ transaction: 'each' });
      await before.query(
        `INSERT INTO users (email, name, role) SELECT 'avant' || n || '@example.com', 'Avant ' || n, CASE WHEN n <= 2 THEN 'admin' ELSE 'client' END FROM generate_series(1, 7) AS n`,
      );
      await before.query(
        `INSERT INTO sites (user_id, site_name, status, type, progression)
         SELECT (SELECT id FROM users ORDER BY email LIMIT 1), 'Avant ' || n, (ARRAY['pending', 'active', 'suspended'])[1 + n % 3], (ARRAY['pro', 'business'])[1 + n % 2], '{}'
         FROM generate_series(1, 25) AS n`,
      );
      await before.destroy();

      await after.initialize();
      expect((await after.runMigrations({ transaction: 'each' })).map((m) => m.name)).toEqual(
        MIGRATIONS.slice(at).map((m) => new m().name),
      );
      expect((await kept()).sites).toHaveLength(6);
      expect(await kept()).toEqual(await counted());
      await after.query(`UPDATE sites SET status = 'suspended' WHERE site_name IN ('Avant 1', 'Avant 2')`);
      await after.query(`DELETE FROM sites WHERE site_name = 'Avant 3'`);
      await after.query(`UPDATE users SET role = 'client' WHERE email = 'avant1@example.com'`);
      expect(await kept()).toEqual(await counted());

      for (let i = at; i < MIGRATIONS.length; i++) await after.undoLastMigration({ transaction: 'each' });
      expect(await ownObjects()).toEqual({ tables: [], triggers: [], functions: [] });
      await after.query(`DELETE FROM sites WHERE site_name = 'Avant 4'`);
      await after.query(`TRUNCATE sites CASCADE`);
      await after.runMigrations({ transaction: 'each' });
      expect(await kept()).toEqual(await counted());
    } finally {
      await Promise.all([before, after].map((d) => (d.isInitialized ? d.destroy() : undefined)));
      await fresh.drop();
    }
  });

  it('are safe to run from several instances at the same moment (advisory lock): each applied once, no collision', async () => {
    const fresh = await createEmptyDatabase();
    const instances = Array.from({ length: 4 }, () => new DataSource(dataSourceOptions(fresh.url)));
    try {
      await Promise.all(instances.map((d) => d.initialize()));
      const applied = await Promise.all(instances.map((d) => runMigrationsLocked(d)));
      // One instance applied everything; the others waited for the lock and found nothing left to do.
      expect(applied.map((a) => a.length).sort((a, b) => b - a)).toEqual([MIGRATIONS.length, 0, 0, 0]);
      const rows: Array<{ name: string }> = await instances[0].query('SELECT name FROM migrations ORDER BY id');
      expect(rows.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => new m().name));
    } finally {
      await Promise.all(instances.map((d) => (d.isInitialized ? d.destroy() : undefined)));
      await fresh.drop();
    }
  });
});
