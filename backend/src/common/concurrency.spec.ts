import { concurrencyLimit } from './concurrency';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('concurrencyLimit', () => {
  it('runs at most max tasks at once, the others in their order as places free up, even after a failure', async () => {
    const limit = concurrencyLimit(2);
    const tasks = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const results = tasks.map((d, i) =>
      limit(async () => {
        started.push(i);
        await d.promise;
        return i;
      }).catch((error: Error) => error.message),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    tasks[1].reject(new Error('illisible'));
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    tasks[0].resolve();
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2, 3]);
    tasks[2].resolve();
    tasks[3].resolve();
    expect(await Promise.all(results)).toEqual([0, 'illisible', 2, 3]);
  });
});
