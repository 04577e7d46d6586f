import type { EntityManager } from 'typeorm';
import { FactBus } from './fact-bus';

interface Facts {
  'thing.paid': { id: string };
  'thing.ended': { id: string };
}
const ORDER = { 'thing.paid': ['a.first', 'b.second'], 'thing.ended': ['b.end'] } as const;
const tx = {} as EntityManager;

describe('FactBus', () => {
  it('runs the handlers of a fact in the order of its table, whatever the order they registered in, each with the fact and the transaction', async () => {
    const bus = new FactBus<Facts, typeof ORDER>(ORDER);
    const seen: string[] = [];
    bus.on('thing.paid', 'b.second', async (fact, t) => void seen.push(`second ${fact.id} ${t === tx}`));
    bus.on('thing.paid', 'a.first', async (fact, t) => void seen.push(`first ${fact.id} ${t === tx}`));
    bus.on('thing.ended', 'b.end', async () => void seen.push('end'));
    await bus.publish('thing.paid', { id: 'x' }, tx);
    expect(seen).toEqual(['first x true', 'second x true']);
  });

  it('waits for each handler before the next, and stops at the first that throws (the transaction fails with it)', async () => {
    const bus = new FactBus<Facts, typeof ORDER>(ORDER);
    const seen: string[] = [];
    bus.on('thing.paid', 'a.first', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push('first done');
      throw new Error('refused');
    });
    bus.on('thing.paid', 'b.second', async () => void seen.push('second'));
    await expect(bus.publish('thing.paid', { id: 'x' }, tx)).rejects.toThrow('refused');
    expect(seen).toEqual(['first done']);
  });

  it('refuses a handler its table does not name, or one registered twice', () => {
    const bus = new FactBus<Facts, typeof ORDER>(ORDER);
    expect(() => bus.on('thing.ended', 'a.first' as never, async () => undefined)).toThrow(
      "Le fait thing.ended n'a pas de réaction nommée a.first",
    );
    bus.on('thing.ended', 'b.end', async () => undefined);
    expect(() => bus.on('thing.ended', 'b.end', async () => undefined)).toThrow('Réaction déjà inscrite : thing.ended → b.end');
  });

  it('says which named handlers nobody registered, and refuses to publish a fact with one missing rather than skip it', async () => {
    const bus = new FactBus<Facts, typeof ORDER>(ORDER);
    bus.on('thing.paid', 'a.first', async () => undefined);
    expect(bus.unregistered()).toEqual(['thing.paid → b.second', 'thing.ended → b.end']);
    await expect(bus.publish('thing.paid', { id: 'x' }, tx)).rejects.toThrow('Réaction non inscrite : thing.paid → b.second');
  });
});
