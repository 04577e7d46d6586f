import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import { requestContext } from '../../src/common/logging/logger';

export interface SentStatement {
  text: string;
  values: unknown[];
}

/** Marks the statements sent by a call the test makes itself (a service's method), as requestContext marks a request's. */
const caller = new AsyncLocalStorage<true>();

/**
 * What `run` answers, and every SQL statement it sends, through TypeORM or straight on a pool (pg's Client sees them
 * all): those of the calls it makes itself, and those of the app's requests it makes (each runs in the app's
 * requestContext). Not the background jobs' polls (invoices to render, Stripe events to apply…), which run on their
 * own timers, outside both, and which a spy on every statement counted when one came in the middle (CI, 2026-11-28).
 */
export async function statementsSentBy<T>(run: () => Promise<T>): Promise<{ result: T; statements: SentStatement[] }> {
  const sent: SentStatement[] = [];
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const spy = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
    if (caller.getStore() || requestContext.getStore()) {
      const [first, second] = args as [string | { text?: string; values?: unknown[] }, unknown];
      const text = typeof first === 'string' ? first : first?.text;
      const values = typeof first === 'string' ? second : (first?.values ?? second);
      if (text) sent.push({ text, values: Array.isArray(values) ? values : [] });
    }
    return query.apply(this, args);
  } as never);
  try {
    return { result: await caller.run(true, run), statements: sent };
  } finally {
    spy.mockRestore();
  }
}
