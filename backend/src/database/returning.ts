import type { EntityManager } from 'typeorm';

/**
 * Runs an `UPDATE/INSERT/DELETE … RETURNING` and gives back its rows. TypeORM answers such statements with
 * `[rows, count]`; wrapping them in a CTE makes PostgreSQL report a SELECT, so the rows come back as they are.
 */
export function returning<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  return manager.query(`WITH changed AS (${sql}) SELECT * FROM changed`, params);
}
