import { type ComponentType, createElement, type ReactElement, type Ref, use, useState } from 'react';

/*
 * The public pages' sections that never change once rendered (no state, no handler: the home page's figures, steps,
 * offer, guarantees, comparison and closing call, and the footer) keep the server's HTML when the light entry hydrates
 * the page, instead of shipping their code: the public build (vite.config.ts, KEPT) gives, for their modules, ones
 * made here. A kept section hydrates as its own root element, read from the page, with the server's inner HTML: React
 * neither checks nor touches what is inside. Its links are followed by the public app all the same (public-app.tsx,
 * a click on a link the router wrote). Shown afresh after a link (the home page reached from /services), a section
 * renders with its real code, loaded by then (`preloadKept`).
 */

let hydrating = false;
const preloads: Array<() => Promise<unknown>> = [];

/** Whether the page's first render is its hydration (see setHydrating). */
export function isHydrating(): boolean {
  return hydrating;
}

/**
 * True from the light entry's start (boot-public.tsx) until it shows another page than the one it hydrated
 * (public-app.tsx): its kept sections mounted meanwhile are the server's.
 */
export function setHydrating(value: boolean): void {
  hydrating = value;
}

/** Loads every kept section's real code: before a page is shown afresh after a link. */
export function preloadKept(): Promise<unknown> {
  return Promise.all(preloads.map((load) => load()));
}

/** True when every kept section's real code is loaded (a page can then be shown at once). */
export function keptLoaded(): boolean {
  return loadedCount === preloads.length;
}
let loadedCount = 0;

/** A section's loader of its real code (loaded once), counted among those a page shown afresh waits for. */
export function keptCode<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  const get = () =>
    (loading ??= settled(
      load().then(
        (code) => {
          loadedCount += 1;
          return code;
        },
        (error: unknown) => {
          // Not loaded (the network): asked again next time.
          loading = null;
          throw error;
        },
      ),
    ));
  preloads.push(get);
  return get;
}

const inViewLoads: Array<() => Promise<unknown> | null> = [];

/**
 * Loads, before the page hydrates, the code of the interactive sections in view then (island.tsx): the visitor sees
 * them from the start (an address with their anchor), and they hydrate with the page.
 */
export function loadInView(): Promise<unknown> {
  // Not loaded (the network): the section keeps the server's HTML, its code loaded on the first interaction.
  return Promise.all(inViewLoads.map((load) => load()?.catch(() => undefined)));
}

/** `get` runs before the page hydrates when the element at `selector` is then within `margin` px of the viewport. */
export function loadWhenInView(selector: string, margin: number, get: () => Promise<unknown>): void {
  inViewLoads.push(() => {
    const box = document.querySelector(selector)?.getBoundingClientRect();
    return box && box.bottom > -margin && box.top < window.innerHeight + margin && box.height > 0 ? get() : null;
  });
}

/**
 * `promise`, saying once it has settled that it has, as React reads it (`status`, `value`): `use(promise)` then gives
 * the value in the same render, instead of suspending for a moment on a promise it has not seen yet.
 */
export function settled<T>(promise: Promise<T>): Promise<T> {
  const tracked = promise as Promise<T> & { status?: string; value?: T };
  promise.then(
    (value) => {
      tracked.status = 'fulfilled';
      tracked.value = value;
    },
    () => undefined,
  );
  return promise;
}

/**
 * The section `load` gives, keeping the server's HTML at hydration: its root element is the one `selector` finds in
 * the page (unique there).
 */
export function kept<P extends object>(selector: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Real: ComponentType<P> | null = null;
  const get = keptCode(() =>
    load().then((component) => {
      Real = component;
      return component;
    }),
  );
  function Kept(props: P) {
    const [server] = useState(() => (hydrating && !Real ? serverElement(selector) : null));
    if (server) return server;
    const Component = Real ?? use(get());
    return <Component {...props} />;
  }
  Kept.displayName = `Kept(${selector})`;
  return Kept;
}

/** React's names of the attributes a section's root element may have. */
const PROPS: Record<string, string> = { class: 'className', tabindex: 'tabIndex', for: 'htmlFor' };

/** The element at `selector` as React would write it: its tag, its attributes, the server's inner HTML. */
export function serverElement(selector: string, ref?: Ref<Element>): ReactElement | null {
  const element = document.querySelector(selector);
  if (!element || element.hasAttribute('style')) return null;
  const props: Record<string, unknown> = { suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: element.innerHTML } };
  if (ref) props.ref = ref;
  for (const { name, value } of element.attributes) props[PROPS[name] ?? name] = value;
  return createElement(element.localName, props);
}
