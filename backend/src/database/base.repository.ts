import { Injectable } from '@nestjs/common';
import type { Pool, QueryResult } from 'pg';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral, type Repository } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

/**
 * A statement's answer as TypeORM's `query()` gives it: the rows, or `[rows, rowCount]` for UPDATE and DELETE (the
 * repositories read both shapes).
 */
function asTypeOrmAnswers<T>(result: QueryResult): T[] {
  return (result.command === 'UPDATE' || result.command === 'DELETE' ? [result.rows, result.rowCount] : result.rows) as T[];
}

/**
 * What every module's repository builds on. The one way to pass a transaction: each method takes an optional
 * `tx` (the EntityManager of `Transactions.run`) as its last argument and runs on the pool without one.
 */
@Injectable()
export abstract class BaseRepository {
  constructor(protected readonly dataSource: DataSource) {}

  protected manager(tx?: EntityManager): EntityManager {
    return tx ?? this.dataSource.manager;
  }

  protected repo<E extends ObjectLiteral>(entity: EntityTarget<E>, tx?: EntityManager): Repository<E> {
    return this.manager(tx).getRepository(entity);
  }

  /**
   * Outside a transaction, straight on TypeORM's pg pool: one statement, no query runner made and released around it,
   * no query events broadcast (this was a tenth of the cheapest requests' time). Errors are pg's own, with the same
   * `code` as TypeORM's QueryFailedError.
   */
  protected query<T>(sql: string, params: unknown[], tx?: EntityManager): Promise<T[]> {
    if (tx) return tx.query(sql, params);
    return this.pool()
      .query(sql, params)
      .then(asTypeOrmAnswers<T>);
  }

  private pool(): Pool {
    return (this.dataSource.driver as PostgresDriver).master as Pool;
  }

  /**
   * Runs an `UPDATE/INSERT/DELETE … RETURNING` and gives back its rows. TypeORM answers such statements with
   * `[rows, count]`; wrapping them in a CTE makes PostgreSQL report a SELECT, so the rows come back as they are.
   */
  protected returning<T>(sql: string, params: unknown[], tx?: EntityManager): Promise<T[]> {
    return this.query(`WITH changed AS (${sql}) SELECT * FROM changed`, params, tx);
  }
}
