import { type PageEntry, pages } from './pages';

/** A page's address: the path itself, or a builder filling its parameters in order (each one encoded). */
type PathOf<P extends string> = P extends `${string}:${string}` ? (...params: ParamsOf<P>) => string : P;
type ParamsOf<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...ParamsOf<Rest>]
  : P extends `${string}:${string}`
    ? [string]
    : [];
type PathsOf<T> = { [K in keyof T]: T[K] extends { path: infer P extends string } ? PathOf<P> : PathsOf<T[K]> };

function pathOf(path: string): string | ((...params: string[]) => string) {
  if (!path.includes(':')) return path;
  return (...params: string[]) => {
    let next = 0;
    return path.replace(/:\w+/g, () => encodeURIComponent(params[next++]));
  };
}

function pathsOf(table: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(table).map(([key, value]) => {
      const entry = value as Partial<PageEntry>;
      return [key, typeof entry.path === 'string' ? pathOf(entry.path) : pathsOf(value as Record<string, unknown>)];
    }),
  );
}

/**
 * Every page's address, derived from the page table (config/pages.ts): `paths.services`, `paths.admin.sites`, and a
 * builder for an address with parameters, `paths.dashboard.site(id)`. Plus the home page's sections, which are not pages.
 */
export const paths = {
  ...(pathsOf(pages) as PathsOf<typeof pages>),
  features: { pathname: '/', hash: '#features' },
  portfolio: { pathname: '/', hash: '#portfolio' },
  faq: { pathname: '/', hash: '#faq' },
} as const;

/** Browser storage keys (nothing secret lives there: tokens stay in memory). */
export const storageKeys = {
  theme: 'theme',
  adminMode: 'adminMode',
} as const;

/** The dashboard a signed-in user belongs to. */
export function dashboardPathFor(role: string | undefined): string {
  return role === 'admin' ? paths.admin.root : paths.dashboard.root;
}
