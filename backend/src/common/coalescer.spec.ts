import { Coalescer } from './coalescer';

const later = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('Coalescer', () => {
  it('flushes a lone call at once, then groups the calls that arrived during the flush, answering each its own result', async () => {
    const flushes: number[][] = [];
    const gate = later();
    const coalescer = new Coalescer<number, number>(async (items) => {
      flushes.push(items);
      if (flushes.length === 1) await gate.promise;
      return items.map((i) => i * 10);
    });
    const first = coalescer.push(1);
    const rest = [2, 3, 4].map((i) => coalescer.push(i));
    expect(flushes).toEqual([[1]]);
    gate.resolve();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(flushes).toEqual([[1], [2, 3, 4]]);
  });

  it('rejects every call of a failed flush, and goes on with the next ones', async () => {
    let fail = true;
    const coalescer = new Coalescer<number, number>(async (items) => {
      if (fail) {
        fail = false;
        throw new Error('base indisponible');
      }
      return items;
    });
    await expect(coalescer.push(1)).rejects.toThrow('base indisponible');
    expect(await coalescer.push(2)).toBe(2);
  });

  it('keeps batches within maxBatch', async () => {
    const sizes: number[] = [];
    const gate = later();
    const coalescer = new Coalescer<number, number>(
      async (items) => {
        sizes.push(items.length);
        if (sizes.length === 1) await gate.promise;
        return items;
      },
      1,
      3,
    );
    const all = Array.from({ length: 8 }, (_, i) => coalescer.push(i));
    gate.resolve();
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(sizes).toEqual([1, 3, 3, 1]);
  });
});
