import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../src/database/base.repository';
import { createTestApp, type TestApp } from './helpers/app';

/** BaseRepository's SQL answers the same on the pool (pg straight) and in a transaction (TypeORM's query runner). */
class Probe extends BaseRepository {
  run<T>(sql: string, params: unknown[], tx?: EntityManager) {
    return this.query<T>(sql, params, tx);
  }
  changed<T>(sql: string, params: unknown[], tx?: EntityManager) {
    return this.returning<T>(sql, params, tx);
  }
}

describe('BaseRepository', () => {
  let t: TestApp;
  let probe: Probe;
  beforeAll(async () => {
    t = await createTestApp();
    probe = new Probe(t.dataSource);
    await t.dataSource.query(`CREATE TABLE probe_rows (id int PRIMARY KEY, label text NOT NULL)`);
  });
  afterAll(() => t.close());

  const bothWays = async <T>(fn: (tx?: EntityManager) => Promise<T>) => [await fn(), await t.dataSource.transaction((tx) => fn(tx))];

  it('gives rows for a SELECT, [rows, count] for an UPDATE or DELETE, rows for RETURNING: the same shapes on the pool as in a transaction', async () => {
    await probe.run(`INSERT INTO probe_rows (id, label) VALUES (1, 'un'), (2, 'deux')`, []);
    expect(await bothWays((tx) => probe.run(`SELECT id, label FROM probe_rows ORDER BY id`, [], tx))).toEqual([
      [
        { id: 1, label: 'un' },
        { id: 2, label: 'deux' },
      ],
      [
        { id: 1, label: 'un' },
        { id: 2, label: 'deux' },
      ],
    ]);
    expect(await bothWays((tx) => probe.run(`UPDATE probe_rows SET label = label WHERE id >= $1`, [1], tx))).toEqual([
      [[], 2],
      [[], 2],
    ]);
    expect(
      await bothWays((tx) => probe.changed(`UPDATE probe_rows SET label = upper(label) WHERE id = $1 RETURNING id, label`, [2], tx)),
    ).toEqual([[{ id: 2, label: 'DEUX' }], [{ id: 2, label: 'DEUX' }]]);
  });

  it('lets PostgreSQL’s error code through either way (a unique violation is recognised the same)', async () => {
    const codes = await bothWays((tx) =>
      probe.run(`INSERT INTO probe_rows (id, label) VALUES (1, 'encore')`, [], tx).then(
        () => 'none',
        (e: { code?: string }) => e.code,
      ),
    );
    expect(codes).toEqual(['23505', '23505']);
  });
});
