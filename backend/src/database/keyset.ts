/**
 * Keyset paging for the exports: rows in (timestamp, id) order, one query per batch, each batch starting after the last
 * row of the one before (never OFFSET, never the whole table in memory). The timestamp travels as PostgreSQL prints
 * it (`::text`), so its microseconds are kept and rows of the same instant are neither skipped nor repeated.
 */

/** Where the next batch starts: after the row with this timestamp (as PostgreSQL prints it) and this id. */
export interface KeysetCursor {
  at: string;
  id: string;
}

/** A batch of items, and where the next one starts (null: this batch was the last). */
export interface KeysetBatch<T> {
  items: T[];
  next: KeysetCursor | null;
}

/** What a keyset query's rows carry besides their columns: the id, and `keyset_at` (selected by `keysetQuery(…).key`). */
export interface KeysetRow {
  id: string;
  keyset_at: string;
}

/**
 * The keyset part of a batch's query over the timestamp column `at` and the id column `id` (SQL written in the
 * repository, never input), with the limit as $1 and the cursor as $2, $3: `key` goes into the SELECT list, `page`
 * after the FROM (the query has no WHERE of its own), `params` are the query's parameters. `idType` casts the
 * cursor's id (`'uuid'`); without it, PostgreSQL takes the column's type.
 */
export function keysetQuery(
  at: string,
  id: string,
  after: KeysetCursor | null,
  limit: number,
  idType?: 'uuid',
): { key: string; page: string; params: unknown[] } {
  const where = after ? `WHERE (${at}, ${id}) > ($2::timestamptz, $3${idType ? `::${idType}` : ''})` : '';
  return {
    key: `${at}::text AS keyset_at`,
    page: `${where} ORDER BY ${at}, ${id} LIMIT $1`,
    params: after ? [limit, after.at, after.id] : [limit],
  };
}

/** A keyset query's rows as a batch: mapped by `toItem`, with the next cursor unless fewer than `limit` came back. */
export function keysetBatch<R extends KeysetRow, T>(rows: R[], limit: number, toItem: (row: R) => T): KeysetBatch<T> {
  const last = rows.at(-1);
  return { items: rows.map(toItem), next: last && rows.length === limit ? { at: last.keyset_at, id: last.id } : null };
}

/** Every batch of `size` items in order, one `fetch` each, until a batch says there is no next one; empty ones are skipped. */
export async function* keysetBatches<T>(
  fetch: (after: KeysetCursor | null, size: number) => Promise<KeysetBatch<T>>,
  size: number,
): AsyncGenerator<T[]> {
  let after: KeysetCursor | null = null;
  do {
    const batch: KeysetBatch<T> = await fetch(after, size);
    if (batch.items.length) yield batch.items;
    after = batch.next;
  } while (after);
}
