import { type ComponentType, createElement, type ReactElement, use, useState } from 'react';

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

/**
 * The section `load` gives, keeping the server's HTML at hydration: its root element is the one `selector` finds in
 * the page (unique there).
 */
export function kept<P extends object>(selector: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let Real: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const get = () =>
    (loading ??= load().then((component) => {
      Real = component;
      loadedCount += 1;
      return component;
    }));
  preloads.push(get);
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
export function serverElement(selector: string): ReactElement | null {
  const element = document.querySelector(selector);
  if (!element || element.hasAttribute('style')) return null;
  const props: Record<string, unknown> = { suppressHydrationWarning: true, dangerouslySetInnerHTML: { __html: element.innerHTML } };
  for (const { name, value } of element.attributes) props[PROPS[name] ?? name] = value;
  return createElement(element.localName, props);
}
