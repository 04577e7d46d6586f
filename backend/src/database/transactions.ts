import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * The one way to open a transaction. Services pass the `tx` it gives to their repositories' methods; given an outer
 * `tx`, `run` joins it instead of opening a second one. No network call (Stripe, SMTP) belongs inside `fn`.
 */
@Injectable()
export class Transactions {
  constructor(private readonly dataSource: DataSource) {}

  run<T>(fn: (tx: EntityManager) => Promise<T>, tx?: EntityManager): Promise<T> {
    return tx ? fn(tx) : this.dataSource.transaction(fn);
  }

  /** Waits for a named PostgreSQL advisory lock, held until `tx` ends (one instance at a time runs the rest). */
  async lock(name: string, tx: EntityManager): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [name]);
  }
}
