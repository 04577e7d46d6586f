import type { DataSource, Migration } from 'typeorm';

/** The advisory lock every instance holds while it migrates (a 64-bit key derived from this name). */
export const MIGRATION_LOCK = 'vitrine:migrations';

/**
 * Applies the pending migrations while holding a PostgreSQL session advisory lock, so instances started at the same
 * moment on one database migrate one after the other: the second waits, then finds nothing left to do. (Without it
 * both create the `migrations` table and the first tables at once and one fails on a duplicate key in pg_type.)
 * The lock lives on its own connection and goes with it if the process dies.
 */
export async function runMigrationsLocked(dataSource: DataSource): Promise<Migration[]> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    try {
      return await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
    }
  } finally {
    await runner.release();
  }
}
