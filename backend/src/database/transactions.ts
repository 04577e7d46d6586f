import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * The one way to open a transaction. Services pass the `tx` it gives to their repositories' methods; given an outer
 * `tx`, `run` joins it instead of opening a second one. No network call (Stripe, SMTP) belongs inside `fn`.
 */
@Injectable()
export class Transactions {
  /** What to do once a transaction opened by `run` has committed (dropped with it if it rolls back). */
  private readonly committed = new WeakMap<EntityManager, Array<() => void>>();

  constructor(private readonly dataSource: DataSource) {}

  async run<T>(fn: (tx: EntityManager) => Promise<T>, tx?: EntityManager): Promise<T> {
    if (tx) return fn(tx);
    let opened: EntityManager | undefined;
    const result = await this.dataSource.transaction((t) => {
      opened = t;
      return fn(t);
    });
    const then = opened && this.committed.get(opened);
    if (then) {
      this.committed.delete(opened!);
      for (const callback of then) callback();
    }
    return result;
  }

  /**
   * Runs `callback` after the transaction `tx` (opened by `run`) commits, never if it rolls back: work that must see
   * the committed rows, such as waking a background job. A callback must not throw.
   */
  afterCommit(tx: EntityManager, callback: () => void): void {
    const list = this.committed.get(tx);
    if (list) list.push(callback);
    else this.committed.set(tx, [callback]);
  }

  /** Waits for a named PostgreSQL advisory lock, held until `tx` ends (one instance at a time runs the rest). */
  async lock(name: string, tx: EntityManager): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [name]);
  }
}
