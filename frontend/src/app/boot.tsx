import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router';

import { getGetAgencyQueryKey } from '../api/generated/agency/agency';
import { getGetCatalogueQueryKey } from '../api/generated/orders/orders';
import { AppProviders, createQueryClient } from './providers';
import { routes } from './router';
import { readPageData } from './seo/page-data';

/**
 * A page the server prerendered (entry-server.tsx) is hydrated: the lazy route it shows is loaded first and the query
 * cache starts from the answers it was rendered with, so the first client render is the server's HTML, unchanged.
 * Any other page (the signed-in areas) is rendered here. (Most prerendered public pages run the lighter entry of
 * app/public instead, which hands over to enterApp below when the visitor goes into the app.)
 */
export async function boot(
  container: HTMLElement,
  options: Pick<RootOptions, 'onRecoverableError'> = {},
): Promise<'hydrated' | 'rendered'> {
  const prerendered = readPageData() !== null && container.firstElementChild !== null;
  if (prerendered) await loadMatchedRoutes(routes, window.location.pathname);
  const app = appElement();
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for the
  // whole page (what a phone's first tap would wait for); React Router's own client entry does the same.
  if (prerendered) startTransition(() => void hydrateRoot(container, app, options));
  else createRoot(container, options).render(app);
  return prerendered ? 'hydrated' : 'rendered';
}

/** The whole app at the browser's address, its query cache starting from the page's embedded answers when it has them. */
export function appElement() {
  const data = readPageData();
  const queryClient = createQueryClient();
  if (data) {
    queryClient.setQueryData(getGetAgencyQueryKey(), data.agency);
    queryClient.setQueryData(getGetCatalogueQueryKey(), data.catalogue);
  }
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
}

/** Resolves the lazy routes matching `pathname` in place, so the router starts with them instead of a fallback. */
export async function loadMatchedRoutes(all: RouteObject[], pathname: string): Promise<void> {
  for (const { route } of matchRoutes(all, pathname) ?? []) {
    if (typeof route.lazy !== 'function') continue;
    const loaded = await route.lazy();
    Object.assign(route, loaded, { lazy: undefined });
  }
}
