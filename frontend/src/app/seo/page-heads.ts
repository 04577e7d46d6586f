import { matchPath } from 'react-router';
import { DEFAULT_DESCRIPTION, NOT_FOUND_HEAD, type PageHead, PAGES } from '../../config/pages';

export { NOT_FOUND_HEAD, type PageHead };

/**
 * The public pages a search engine may list, in the sitemap's order, each with its own head (the page table's
 * indexed pages). The server prerenders each of them (and /order's first screen) into real HTML: see entry-server.tsx.
 */
export const PUBLIC_PAGES: ReadonlyArray<{ path: string; head: PageHead }> = PAGES.filter(({ entry }) => entry.head.indexed).map(
  ({ entry }) => ({ path: entry.path, head: entry.head }),
);

/**
 * The other addresses of the public pages (/commande for /order): served prerendered as their page is, the same HTML
 * under the alias's own head (its page's title, never listed).
 */
export const PUBLIC_ALIASES: readonly string[] = PAGES.filter(({ entry }) => entry.head.indexed).flatMap(
  ({ entry }) => entry.aliases ?? [],
);

/** Every other route's head: a useful tab title, never listed. Patterns as in the router. */
const PRIVATE_PAGES: ReadonlyArray<[pattern: string, head: PageHead]> = PAGES.flatMap(({ entry }) => [
  ...(entry.head.indexed ? [] : [[entry.path, entry.head] as [string, PageHead]]),
  ...(entry.aliases ?? []).map((alias): [string, PageHead] => [
    alias,
    { title: entry.head.title, description: DEFAULT_DESCRIPTION, indexed: false },
  ]),
]);

/** The head of the page at `pathname`; the 404 page's for an address no route knows. */
export function pageHeadFor(pathname: string): PageHead {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const known = PUBLIC_PAGES.find((page) => page.path === normalized);
  if (known) return known.head;
  for (const [pattern, head] of PRIVATE_PAGES) if (matchPath({ path: pattern, end: true }, normalized)) return head;
  return NOT_FOUND_HEAD;
}

/** True when `pathname` is one of the app's routes (the others get the 404 page, with a 404 status from the server). */
export function isKnownRoute(pathname: string): boolean {
  return pageHeadFor(pathname) !== NOT_FOUND_HEAD;
}
