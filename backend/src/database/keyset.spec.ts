import { keysetBatch, type KeysetBatch, type KeysetCursor, keysetBatches, keysetQuery, type KeysetRow } from './keyset';

/** A table in keyset order, served the way a repository's exportBatch does (rows after the cursor, `size` of them). */
function table(rows: KeysetRow[]) {
  const calls: Array<{ after: KeysetCursor | null; size: number }> = [];
  const fetch = (after: KeysetCursor | null, size: number): Promise<KeysetBatch<string>> => {
    calls.push({ after, size });
    const start = after ? rows.findIndex((r) => r.keyset_at === after.at && r.id === after.id) + 1 : 0;
    return Promise.resolve(keysetBatch(rows.slice(start, start + size), size, (r) => r.id));
  };
  return { fetch, calls };
}

const rows = (n: number): KeysetRow[] =>
  Array.from({ length: n }, (_, i) => ({ id: `id-${i}`, keyset_at: `2024-01-01 00:00:00.${String(i).padStart(6, '0')}+00` }));

async function collect<T>(batches: AsyncGenerator<T[]>): Promise<T[][]> {
  const out: T[][] = [];
  for await (const batch of batches) out.push(batch);
  return out;
}

describe('keysetQuery', () => {
  it('starts at the beginning without a cursor: order and limit only, the limit as $1', () => {
    expect(keysetQuery('s.created_at', 's.id', null, 500, 'uuid')).toEqual({
      key: 's.created_at::text AS keyset_at',
      page: ' ORDER BY s.created_at, s.id LIMIT $1',
      params: [500],
    });
  });

  it('after a cursor, keeps the rows past it in (timestamp, id) order, the id cast when asked', () => {
    const after = { at: '2024-01-01 10:00:00.123456+00', id: 'b7c1' };
    expect(keysetQuery('created_at', 'id', after, 10, 'uuid')).toEqual({
      key: 'created_at::text AS keyset_at',
      page: 'WHERE (created_at, id) > ($2::timestamptz, $3::uuid) ORDER BY created_at, id LIMIT $1',
      params: [10, after.at, after.id],
    });
    expect(keysetQuery('i.date', 'i.id', after, 10).page).toBe(
      'WHERE (i.date, i.id) > ($2::timestamptz, $3) ORDER BY i.date, i.id LIMIT $1',
    );
  });
});

describe('keysetBatch', () => {
  it('maps the rows and points past the last one (its timestamp as PostgreSQL printed it) when the batch is full', () => {
    const batch = keysetBatch(rows(3), 3, (r) => r.id.toUpperCase());
    expect(batch).toEqual({ items: ['ID-0', 'ID-1', 'ID-2'], next: { at: '2024-01-01 00:00:00.000002+00', id: 'id-2' } });
  });

  it('says there is no next batch when fewer rows than the limit came back, or none', () => {
    expect(keysetBatch(rows(2), 3, (r) => r.id)).toEqual({ items: ['id-0', 'id-1'], next: null });
    expect(keysetBatch([] as KeysetRow[], 3, (r) => r.id)).toEqual({ items: [], next: null });
  });
});

describe('keysetBatches', () => {
  it('yields every row once, in order, a batch of `size` at a time, each fetch starting after the last row', async () => {
    const { fetch, calls } = table(rows(7));
    const batches = await collect(keysetBatches(fetch, 3));
    expect(batches).toEqual([['id-0', 'id-1', 'id-2'], ['id-3', 'id-4', 'id-5'], ['id-6']]);
    expect(calls).toEqual([
      { after: null, size: 3 },
      { after: { at: '2024-01-01 00:00:00.000002+00', id: 'id-2' }, size: 3 },
      { after: { at: '2024-01-01 00:00:00.000005+00', id: 'id-5' }, size: 3 },
    ]);
  });

  it('asks once more after an exactly full last batch, and yields no empty batch', async () => {
    const { fetch, calls } = table(rows(6));
    expect(await collect(keysetBatches(fetch, 3))).toEqual([
      ['id-0', 'id-1', 'id-2'],
      ['id-3', 'id-4', 'id-5'],
    ]);
    expect(calls).toHaveLength(3);
  });

  it('yields nothing for an empty table, after one query', async () => {
    const { fetch, calls } = table([]);
    expect(await collect(keysetBatches(fetch, 1000))).toEqual([]);
    expect(calls).toEqual([{ after: null, size: 1000 }]);
  });

  it('fetches a batch only when the reader asks for it (one batch in memory at a time)', async () => {
    const { fetch, calls } = table(rows(10));
    const batches = keysetBatches(fetch, 2);
    expect(calls).toHaveLength(0);
    await batches.next();
    expect(calls).toHaveLength(1);
    await batches.next();
    expect(calls).toHaveLength(2);
    await batches.return(undefined);
    expect(calls).toHaveLength(2);
  });
});
