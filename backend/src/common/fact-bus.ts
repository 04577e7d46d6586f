import type { EntityManager } from 'typeorm';

/** What a handler does with a fact: its own work, in the publisher's transaction. */
export type FactHandler<F> = (fact: F, tx: EntityManager) => Promise<unknown>;

/** Which handlers react to each fact, by name, in the order they run. */
export type HandlerOrder<M> = { readonly [K in keyof M]: readonly string[] };

/**
 * A small in-process bus of typed facts, published inside the publisher's transaction: every handler of a fact runs in
 * the order its table gives (never in the order modules happened to register), each receiving `(fact, tx)`, so that
 * all of them commit or none. A handler that throws fails the transaction, as a direct call would. The table is the
 * readable index of what a fact does; a handler not in it cannot register, and publishing a fact whose table names a
 * handler nobody registered throws rather than silently skipping a reaction (`unregistered()` tells it at boot).
 */
export class FactBus<M extends object, O extends HandlerOrder<M>> {
  private readonly handlers = new Map<string, FactHandler<never>>();

  constructor(readonly order: O) {}

  /** Registers the handler `name` of the fact `type` (once; the name must be one of the table's for that fact). */
  on<K extends keyof M & string>(type: K, name: O[K][number], handle: FactHandler<M[K]>): void {
    if (!this.order[type]?.includes(name)) throw new Error(`Le fait ${type} n'a pas de réaction nommée ${name}`);
    const key = `${type} → ${name}`;
    if (this.handlers.has(key)) throw new Error(`Réaction déjà inscrite : ${key}`);
    this.handlers.set(key, handle as FactHandler<never>);
  }

  /** Runs every handler of `type`, one after the other in the table's order, in `tx`. */
  async publish<K extends keyof M & string>(type: K, fact: M[K], tx: EntityManager): Promise<void> {
    for (const name of this.order[type]) {
      const handle = this.handlers.get(`${type} → ${name}`) as FactHandler<M[K]> | undefined;
      if (!handle) throw new Error(`Réaction non inscrite : ${type} → ${name}`);
      await handle(fact, tx);
    }
  }

  /** The handlers the table names that nobody registered (`fact → name`). */
  unregistered(): string[] {
    return Object.entries(this.order as Record<string, readonly string[]>).flatMap(([type, names]) =>
      names.map((name) => `${type} → ${name}`).filter((key) => !this.handlers.has(key)),
    );
  }
}
