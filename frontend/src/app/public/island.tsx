import { type ComponentType, use, useEffect, useState, useSyncExternalStore } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { SiteInfoContext, type SiteInfoSource } from '../../lib/site-info';
import { ThemeProvider } from '../../lib/theme';
import { isHydrating, keptCode, loadWhenInView, serverElement } from './kept';
import { RouterContext, type RouterValue } from './light-router';

/*
 * The public pages' interactive sections (the hero's particles and video, the pricing and its quote panel, the
 * portfolio and its lightbox, the FAQ) keep the server's HTML at hydration, as the kept ones do (kept.tsx), and their
 * code is loaded on the visitor's first interaction (IslandOptions). Their content (the children of the section's
 * element: `Content`) is then hydrated in a React root of its own, in place: the nodes, the focus and the scroll stay
 * the page's, under what it reads of the page's tree (the site's answers, the location and the navigator, the theme).
 * A click that came before is held (from the window), then given again to the same element once it is hydrated; a link
 * is followed at once, as a kept section's (public-app.tsx). Only the public build's modules of these sections use it
 * (vite.config.ts, KEPT): the server's bundle has no hydrateRoot.
 */

/** An interactive section's code: the whole section (a page shown afresh), and the content of its element. */
export interface IslandCode<P> {
  Whole: ComponentType<P>;
  Content: ComponentType<P>;
}

/** What a section's own root reads of the page's tree, kept up to date by the page's tree. */
interface Ambient<P> {
  siteInfo: SiteInfoSource | null;
  router: RouterValue | null;
  props: P;
}

interface AmbientStore<P> {
  get: () => Ambient<P>;
  set: (value: Ambient<P>) => void;
  subscribe: (listener: () => void) => () => void;
}

function ambientStore<P>(initial: Ambient<P>): AmbientStore<P> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (next.siteInfo === value.siteInfo && next.router === value.router && next.props === value.props) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A section's own root: its content under the page's answers and router; `onHydrated` once it is hydrated. */
function IslandRoot<P extends object>({
  store,
  Content,
  theme,
  onHydrated,
}: {
  store: AmbientStore<P>;
  Content: ComponentType<P>;
  theme: boolean;
  onHydrated: () => void;
}) {
  const { siteInfo, router, props } = useSyncExternalStore(store.subscribe, store.get, store.get);
  useEffect(onHydrated, [onHydrated]);
  const content = (
    <SiteInfoContext value={siteInfo}>
      <RouterContext value={router}>
        <Content {...props} />
      </RouterContext>
    </SiteInfoContext>
  );
  // Hydrated in the server's theme (light), then in the document's, as the page's own tree is (lib/theme.tsx).
  return theme ? <ThemeProvider>{content}</ThemeProvider> : content;
}

export interface IslandOptions {
  /**
   * What loads the section's code: `section` (by default), an interaction with the section or the section coming near
   * the viewport (a scroll, or an address with its anchor); `page`, the visitor's first interaction anywhere on the page
   * (the hero, in view from the start).
   */
  wake?: 'section' | 'page';
  /**
   * The content reads the theme: it is hydrated under a theme provider of its own. Its HTML must not depend on the
   * theme (the server renders the light one): what differs by theme is chosen by CSS (the hero's two posters), so a
   * dark visitor waits for the same interaction as a light one.
   */
  theme?: boolean;
}

/** How near the viewport a section's code is loaded (px): scrolling towards it counts as reaching it. */
const NEAR_PX = 200;

/** The visitor's first interaction with a section (the pointer over it, a touch, the focus or a key inside). */
const SECTION_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** The visitor's first interaction with the page. */
const PAGE_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'wheel', 'scroll'] as const;

/**
 * The interactive section `load` gives, keeping the server's HTML at hydration until the visitor's first interaction
 * with it (see IslandOptions): its root element is the one `selector` finds in the page (unique there).
 */
export function island<P extends object>(
  selector: string,
  load: () => Promise<IslandCode<P>>,
  options: IslandOptions = {},
): ComponentType<P> {
  let code: IslandCode<P> | null = null;
  const get = keptCode(() =>
    load().then((loaded) => {
      code = loaded;
      return loaded;
    }),
  );
  // (`use(get())` below gives the code in the same render once it is loaded: kept.tsx, settled.)
  // In view as the page starts (an address with its anchor): loaded first and hydrated with the page (boot-public.tsx).
  if ((options.wake ?? 'section') === 'section') loadWhenInView(selector, NEAR_PX, get);
  function Island(props: P) {
    const siteInfo = use(SiteInfoContext);
    const router = use(RouterContext);
    const [store] = useState(() => ambientStore<P>({ siteInfo, router, props }));
    // The server's element, kept (`server`), listened to from the commit that hydrates it (its ref), not from an
    // effect after one more render: a click in between (the page still hydrating, a slow phone) was lost.
    const [server] = useState(() =>
      isHydrating() && !code
        ? serverElement(selector, (element: Element | null) => {
            if (!element) return;
            return wakeOnInteraction(element, get, store, options);
          })
        : null,
    );
    useEffect(() => store.set({ siteInfo, router, props }));
    if (server) return server;
    const { Whole } = use(get());
    return <Whole {...props} />;
  }
  Island.displayName = `Island(${selector})`;
  return Island;
}

/**
 * Loads the code of the section at `element` on the first interaction (see IslandOptions), then hydrates its content
 * in a root of its own and gives it the clicks that came meanwhile.
 */
function wakeOnInteraction<P extends object>(
  element: Element,
  get: () => Promise<IslandCode<P>>,
  store: AmbientStore<P>,
  { wake: on = 'section', theme = false }: IslandOptions,
): () => void {
  let root: Root | null = null;
  let woken = false;
  let stopped = false;
  const held: MouseEvent[] = [];
  const target: EventTarget = on === 'page' ? window : element;
  const events = on === 'page' ? PAGE_EVENTS : SECTION_EVENTS;
  const near =
    on === 'section' && typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && wake(), {
          rootMargin: `${NEAR_PX}px 0px`,
        })
      : null;
  const listen = (add: boolean) => {
    for (const type of events) {
      if (add) target.addEventListener(type, wake, { capture: true, passive: true });
      else target.removeEventListener(type, wake, { capture: true });
    }
    if (add) window.addEventListener('click', hold, { capture: true });
    else window.removeEventListener('click', hold, { capture: true });
  };
  const onHydrated = () => {
    window.removeEventListener('click', hold, { capture: true });
    for (const click of held.splice(0)) {
      if (click.target instanceof Element && click.target.isConnected) click.target.dispatchEvent(new MouseEvent('click', click));
    }
  };
  function wake() {
    if (woken || stopped) return;
    woken = true;
    for (const type of events) target.removeEventListener(type, wake, { capture: true });
    near?.disconnect();
    get().then(
      ({ Content }) => {
        if (stopped) return;
        root = hydrateRoot(element, <IslandRoot store={store} Content={Content} theme={theme} onHydrated={onHydrated} />);
      },
      () => {
        // Not loaded (the network): the next interaction tries again.
        woken = false;
        if (!stopped) listen(true);
      },
    );
  }
  // Held from the window, before any root's listener: while the section's own root hydrates, the page's root stops a
  // click inside it (React cannot hydrate that root at once from the page's), which the section would never see.
  function hold(event: MouseEvent) {
    if (!(event.target instanceof Node) || !element.contains(event.target)) return;
    wake();
    // A link is followed at once (the public app's handler of a kept section's links, or the browser).
    if (event.target instanceof Element && event.target.closest('a[href]')) return;
    event.stopImmediatePropagation();
    held.push(event);
  }
  listen(true);
  near?.observe(element);
  // The section leaves the page.
  return () => {
    stopped = true;
    listen(false);
    near?.disconnect();
    const made = root;
    // Not while the page's tree commits: React unmounts a root after its render.
    if (made) setTimeout(() => made.unmount(), 0);
  };
}
