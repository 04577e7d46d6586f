import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingScreen } from '../components/ui/card';
import { type PageEntry, type PageHeading, pageModule, PAGES, pages, SIGNED_IN_AREAS, type SignedInArea } from '../config/pages';
import { HomePage } from '../features/public/HomePage';
import { NotFoundPage } from '../features/public/NotFoundPage';
import { AdminRoute, ClientRoute, RequireAuth } from './guards';
import { RootLayout } from './layout/RootLayout';

/*
 * The routes, derived from the page table (config/pages.ts). Only the layout, the guards and the home page are in the
 * entry bundle; every other page is loaded on demand, so the dashboard and admin code never loads on the home page.
 */

/** What the server reads of a page's route (`handle`): its module, as Vite's manifest names it. */
export interface PageHandle {
  module: string;
  /** The page's head when it does not depend on who is signed in, shown while the session loads (RequireAuth) */
  heading?: PageHeading;
}

/** The guard of each signed-in area. */
const AREA_GUARDS: Record<SignedInArea, ComponentType> = { dashboard: ClientRoute, admin: AdminRoute };

/**
 * A page loaded on demand, and its source module in `handle`, so that the server can hint the page's built files in
 * the HTML of a signed-in area (entry-server.tsx, routeChunks): they then download beside the app's entry instead of
 * after it has run. `module` is the path that the page's loader imports, from src/ (a test checks they agree).
 */
function lazyPage(entry: PageEntry): Pick<RouteObject, 'lazy' | 'handle'> {
  const { module, load, component } = pageModule(entry)!;
  const handle: PageHandle = { module, ...(entry.heading ? { heading: entry.heading } : {}) };
  return {
    lazy: async () => ({ Component: ((await load()) as Record<string, ComponentType>)[component] }),
    handle,
  };
}

/** A page's routes below `parent` (an address ending with '/'): its own, and one per alias. */
function pageRoutes(entry: PageEntry, parent: string): RouteObject[] {
  const page = () => (entry.module ? lazyPage(entry) : { Component: HomePage });
  if (entry.path === parent || `${entry.path}/` === parent) return [{ index: true, ...page() }];
  return [entry.path, ...(entry.aliases ?? [])].map((path) => ({ path: path.slice(parent.length), ...page() }));
}

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: () => <LoadingScreen />,
    children: [
      ...PAGES.filter((page) => !page.area).flatMap((page) => pageRoutes(page.entry, '/')),
      {
        Component: RequireAuth,
        children: SIGNED_IN_AREAS.map((area) => {
          const root = pages[area].root.path;
          return {
            path: root.slice(1),
            Component: AREA_GUARDS[area],
            children: PAGES.filter((page) => page.area === area).flatMap((page) => pageRoutes(page.entry, `${root}/`)),
          };
        }),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
