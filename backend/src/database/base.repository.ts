import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type EntityTarget, type ObjectLiteral, type Repository } from 'typeorm';

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

  protected query<T>(sql: string, params: unknown[], tx?: EntityManager): Promise<T[]> {
    return this.manager(tx).query(sql, params);
  }

  /**
   * Runs an `UPDATE/INSERT/DELETE … RETURNING` and gives back its rows. TypeORM answers such statements with
   * `[rows, count]`; wrapping them in a CTE makes PostgreSQL report a SELECT, so the rows come back as they are.
   */
  protected returning<T>(sql: string, params: unknown[], tx?: EntityManager): Promise<T[]> {
    return this.manager(tx).query(`WITH changed AS (${sql}) SELECT * FROM changed`, params);
  }
}
