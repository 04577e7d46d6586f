import type { UseQueryResult } from '@tanstack/react-query';
import { useGetAgency } from '../api/generated/agency/agency';
import { useGetCatalogue } from '../api/generated/orders/orders';
import type { SiteAnswer, SiteInfoSource } from './site-info';

const ONCE = { staleTime: Infinity, gcTime: Infinity } as const;

/**
 * The agency's identity and the catalogue asked of the API through the query cache (seeded on a prerendered page):
 * the app's source of them (app/providers.tsx). The agency once per visit; the catalogue too for the quote form's
 * choices, with the cache's usual freshness for the prices.
 */
export const queriedSiteInfo: SiteInfoSource = {
  useAgency: () => answer(useGetAgency({ query: ONCE })),
  useCatalogue: (once) => answer(useGetCatalogue(once ? { query: ONCE } : undefined)),
};

/** A query's result as the pages read it (the generated hook's options type its data `T | undefined`, though only a
 * pending or failed query lacks it). */
function answer<T>(result: UseQueryResult<T | undefined, unknown>): SiteAnswer<T> {
  return result as SiteAnswer<T>;
}
