import type { PageQueryDto } from './page-query.dto';

export { PageQueryDto } from './page-query.dto';

/** What a repository needs to read one page. */
export interface PageWindow {
  offset: number;
  limit: number;
}

export function pageWindow(query: PageQueryDto): PageWindow {
  const limit = query.limit ?? 10;
  return { offset: ((query.page ?? 1) - 1) * limit, limit };
}

/**
 * The one shape of a paged answer: the items under their domain name, and the total, e.g. `{ users: [...], total }`.
 * The answer's DTO declares the same two fields.
 */
export function toPage<K extends string, T>(name: K, items: T[], total: number): { [P in K]: T[] } & { total: number } {
  return { [name]: items, total } as { [P in K]: T[] } & { total: number };
}

/** A user's text inside an ILIKE pattern, its wildcards taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
