import { startTransition } from 'react';
import { hydrateRoot, type Root, type RootOptions } from 'react-dom/client';
import { readPageData } from '../seo/page-data';
import { type EnterApp, requestApp } from './handover';
import { loadInView, setHydrating } from './kept';
import { historyEntry, type LeaveForApp, lightPageLoader, locationOf, PublicBrowserApp } from './public-app';

/**
 * Hydrates a prerendered public page with the light entry (public-app.tsx): its page's module first, so that the first
 * render is the server's HTML, unchanged, then as a transition (hydration yields to the browser every few ms). A page
 * this entry does not show, or without its embedded answers, is the app's: it is handed over at once.
 */
export async function bootPublic(
  container: HTMLElement,
  options: Pick<RootOptions, 'onRecoverableError'> & { loadApp?: () => Promise<EnterApp> } = {},
): Promise<'hydrated' | 'app'> {
  const { loadApp = () => requestApp(__APP_ENTRY__), ...rootOptions } = options;
  const data = readPageData();
  const { pathname, search, hash } = window.location;
  const load = lightPageLoader(pathname);
  let root: Root | null = null;
  const remember = (made: Root) => {
    root = made;
    roots.set(container, made);
  };

  // The visitor's session, if this page restored one (its module is loaded only then: app/public/kept/session.tsx).
  const getSession = async () => (await import('../../api/http')).getSession();
  const leave: LeaveForApp = async (href, state, move) => {
    const enterApp = await loadApp();
    const mount = await enterApp(new URL(href, window.location.href).pathname, await getSession());
    const key = Math.random().toString(36).slice(2, 10);
    if (move !== 'none') window.history[move === 'push' ? 'pushState' : 'replaceState'](historyEntry(state, key, move), '', href);
    root?.unmount();
    roots.delete(container);
    mount(container);
  };

  if (!data || !load || container.firstElementChild === null) {
    const enterApp = await loadApp();
    (await enterApp(pathname, await getSession()))(container);
    return 'app';
  }
  // The page's module, and the code of the interactive sections the visitor sees already (an address with an anchor:
  // island.tsx), hydrated with the page rather than on a first interaction.
  const [Page] = await Promise.all([load(), loadInView()]);
  const history = window.history.state as { usr?: unknown; key?: string } | null;
  const initial = { location: locationOf({ pathname, search, hash }, history?.usr ?? null, history?.key ?? 'default'), Page };
  setHydrating(true);
  startTransition(() => {
    remember(hydrateRoot(container, <PublicBrowserApp data={data} initial={initial} leave={leave} />, rootOptions));
  });
  return 'hydrated';
}

const roots = new WeakMap<HTMLElement, Root>();

/** Unmounts the public page hydrated in `container`, if any (tests, which hydrate several pages in one document). */
export function unmountPublic(container: HTMLElement): void {
  roots.get(container)?.unmount();
  roots.delete(container);
}
