import { type ComponentType, StrictMode, useEffect, useMemo, useRef, useState } from 'react';
import { createPath, type Location, type Navigator, parsePath, Router, type To } from 'react-router';
import { pageModule, PAGES } from '../../config/pages';
import { HomePage } from '../../features/public/HomePage';
import { NotFoundPage } from '../../features/public/NotFoundPage';
import { AdminModeProvider } from '../../lib/auth/admin-mode';
import { AuthProvider } from '../../lib/auth/session';
import { knownSiteInfo, SiteInfoContext } from '../../lib/site-info';
import { ThemeProvider } from '../../lib/theme';
import { PageFrame } from '../layout/PageFrame';
import { keptLoaded, preloadKept, setHydrating } from './kept';
import type { PageData } from '../seo/page-data';
import { isKnownRoute } from '../seo/page-heads';

/*
 * The prerendered public pages' own entry (public.html, src/main-public.tsx): the same frame and pages as the app, on
 * the answers embedded in the page, without the app's router, query cache, nor any signed-in page. A phone then
 * downloads and runs about half the JavaScript before the home page answers a tap. A link between these pages is
 * followed here; any other address (the sign-in page, the order, a signed-in area) hands over to the whole app
 * (app/enter-app.tsx), loaded then.
 */

/** The pages this entry shows: the indexed public pages but those that need the whole app (their `appEntry`). */
const LIGHT_PAGES = PAGES.filter(({ entry }) => entry.head.indexed && !entry.appEntry).map(({ entry }) => entry);

const resolved = new Map<string, ComponentType>([['/', HomePage]]);

/**
 * How to get the page at `pathname` when this entry shows it (a light public page, or the 404 page for an address no
 * route knows); null when it is the app's.
 */
export function lightPageLoader(pathname: string): (() => Promise<ComponentType>) | null {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const entry = LIGHT_PAGES.find((page) => page.path === normalized);
  if (!entry) return isKnownRoute(pathname) ? null : async () => NotFoundPage;
  const known = resolved.get(entry.path);
  if (known) return async () => known;
  const { load, component } = pageModule(entry)!;
  return async () => {
    const Page = ((await load()) as Record<string, ComponentType>)[component];
    resolved.set(entry.path, Page);
    return Page;
  };
}

/** The page resolved already (no wait), if it was. */
function resolvedPage(pathname: string): ComponentType | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return resolved.get(normalized) ?? (isKnownRoute(pathname) ? undefined : NotFoundPage);
}

export interface PublicAppProps {
  data: PageData;
  location: Location;
  Page: ComponentType;
  navigator: Navigator;
  /** A page (or the app) is loading after a link: the frame's progress bar */
  loading?: boolean;
}

/** A public page in the frame, as the server renders it (entry-server.tsx) and the browser hydrates it. */
export function PublicApp({ data, location, Page, navigator, loading = false }: PublicAppProps) {
  const siteInfo = useMemo(() => knownSiteInfo(data.agency, data.catalogue), [data]);
  return (
    <StrictMode>
      <SiteInfoContext value={siteInfo}>
        <ThemeProvider>
          <AuthProvider>
            <AdminModeProvider>
              <Router location={location} navigator={navigator}>
                <PageFrame loading={loading}>
                  <Page />
                </PageFrame>
              </Router>
            </AdminModeProvider>
          </AuthProvider>
        </ThemeProvider>
      </SiteInfoContext>
    </StrictMode>
  );
}

/** Where the browser's history goes when this entry leaves for the app: pushed, replaced, or already there (back/forward). */
export type HistoryMove = 'push' | 'replace' | 'none';

/** Hands over to the whole app at `href` (app/enter-app.tsx). */
export type LeaveForApp = (href: string, state: unknown, move: HistoryMove) => Promise<void>;

/** A location at the address `path`, as React Router's history keeps them (its state and key in history.state). */
export function locationOf(path: { pathname: string; search: string; hash: string }, state: unknown, key: string): Location {
  return { pathname: path.pathname, search: path.search, hash: path.hash, state, key };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** What the browser's history holds for a location, as React Router's own history writes it (usr, key, idx). */
export function historyEntry(state: unknown, key: string, move: 'push' | 'replace') {
  const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
  return { usr: state ?? null, key, idx: move === 'push' ? idx + 1 : idx };
}

/**
 * The public pages in the browser: links and the back and forward buttons between them are followed here (the next
 * page's module loaded first, the progress bar meanwhile); any other address leaves for the app.
 */
export function PublicBrowserApp({
  data,
  initial,
  leave,
}: {
  data: PageData;
  initial: { location: Location; Page: ComponentType };
  leave: LeaveForApp;
}) {
  const [shown, setShown] = useState(initial);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  /** The location shown (or about to be), for the links' handlers. */
  const here = useRef(initial.location);

  const show = useMemo(() => {
    return (path: { pathname: string; search: string; hash: string }, state: unknown, move: HistoryMove) => {
      const ticket = ++latest.current;
      const href = createPath(path);
      const key = move === 'none' ? ((window.history.state as { key?: string } | null)?.key ?? 'default') : newKey();
      const commit = (Page: ComponentType) => {
        if (ticket !== latest.current) return;
        if (move !== 'none') window.history[move === 'push' ? 'pushState' : 'replaceState'](historyEntry(state, key, move), '', href);
        const location = locationOf(path, state ?? null, key);
        // Another page, shown afresh: from now on a kept section (kept.tsx) renders with its code. Not before: React
        // may hydrate the page's own part (inside the frame's Suspense) after the frame itself.
        if (location.pathname !== here.current.pathname) setHydrating(false);
        here.current = location;
        setLoading(false);
        setShown({ location, Page });
      };
      // The same page (an anchor of it) stays as it is; another one is shown afresh, its kept sections with their code.
      const samePage = path.pathname === here.current.pathname;
      const ready = resolvedPage(path.pathname);
      if (ready && (samePage || keptLoaded())) return commit(ready);
      const load = lightPageLoader(path.pathname);
      setLoading(true);
      if (load) {
        Promise.all([load(), preloadKept()]).then(
          ([Page]) => commit(Page),
          () => window.location.assign(href),
        );
        return;
      }
      leave(href, state, move).catch(() => window.location.assign(href));
    };
  }, [leave]);

  const navigator = useMemo<Navigator>(() => {
    const toPath = (to: To) => {
      const path = typeof to === 'string' ? parsePath(to) : to;
      return { pathname: path.pathname ?? '/', search: path.search ?? '', hash: path.hash ?? '' };
    };
    return {
      createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
      push: (to, state) => show(toPath(to), state, 'push'),
      replace: (to, state) => show(toPath(to), state, 'replace'),
      go: (delta) => window.history.go(delta),
    };
  }, [show]);

  // A link the router wrote inside a section kept as the server's HTML (kept.tsx) has no handler of its own: followed
  // here as its Link would have (a click it handled is already prevented; modified clicks stay the browser's).
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-discover][href]') : null;
      if (!link || (link.target && link.target !== '_self')) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const path = { pathname: url.pathname, search: url.search, hash: url.hash };
      if (createPath(path) === createPath(here.current)) navigator.replace(path);
      else navigator.push(path);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigator]);

  useEffect(() => {
    const onPop = () => {
      const { pathname, search, hash } = window.location;
      show({ pathname, search, hash }, (window.history.state as { usr?: unknown } | null)?.usr ?? null, 'none');
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show]);

  return <PublicApp data={data} location={shown.location} Page={shown.Page} navigator={navigator} loading={loading} />;
}
