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
 * Any other page (the signed-in areas) is rendered here.
 */
export async function boot(
  container: HTMLElement,
  options: Pick<RootOptions, 'onRecoverableError'> = {},
): Promise<'hydrated' | 'rendered'> {
  const data = readPageData();
  const queryClient = createQueryClient();
  const prerendered = data !== null && container.firstElementChild !== null;
  if (prerendered) {
    queryClient.setQueryData(getGetAgencyQueryKey(), data.agency);
    queryClient.setQueryData(getGetCatalogueQueryKey(), data.catalogue);
    await loadMatchedRoutes(routes, window.location.pathname);
  }
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createBrowserRouter(routes)} />
      </AppProviders>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main thread for the
  // whole page (what a phone's first tap would wait for); React Router's own client entry does the same.
  if (prerendered) startTransition(() => void hydrateRoot(container, app, options));
  else createRoot(container, options).render(app);
  return prerendered ? 'hydrated' : 'rendered';
}

/** Resolves the lazy routes matching `pathname` in place, so the router starts with them instead of a fallback. */
async function loadMatchedRoutes(all: RouteObject[], pathname: string): Promise<void> {
  for (const { route } of matchRoutes(all, pathname) ?? []) {
    if (typeof route.lazy !== 'function') continue;
    const loaded = await route.lazy();
    Object.assign(route, loaded, { lazy: undefined });
  }
}
