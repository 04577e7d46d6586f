import { DataSource } from 'typeorm';
import { dataSourceOptions, MIGRATIONS } from '../src/database/data-source-options';
import { runMigrationsLocked } from '../src/database/migrate';
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
    const tables: Array<{ tablename: string }> = await dataSource.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'migrations'`);
    expect(tables).toEqual([]);
    await dataSource.runMigrations({ transaction: 'each' });
    expect(await dataSource.showMigrations()).toBe(false);
  });

  it('keep e-mails unique whatever their case', async () => {
    await dataSource.query(`INSERT INTO users (email, name) VALUES ('unique@example.com', 'A')`);
    await expect(dataSource.query(`INSERT INTO users (email, name) VALUES ('unique@example.com', 'B')`)).rejects.toThrow(/users_email_key/);
    await expect(dataSource.query(`INSERT INTO users (email, name) VALUES ('Upper@example.com', 'C')`)).rejects.toThrow(/check constraint/);
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
