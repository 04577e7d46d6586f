/**
 * French texts the server owns and the pages show: the quote form's choices (GET /api/catalogue's quoteOptions) and
 * the agency's identity (GET /api/agency). One copy, on the server; read once per visit.
 *
 * Where the answers come from is the tree's choice (SiteInfoContext): the app asks the API through its query cache
 * (app/providers.tsx), a prerendered public page has them in its HTML (app/public, without the query library).
 */
import { createContext, use } from 'react';
import type { AgencyResponseDto, CatalogueResponseDto, QuoteOptionDto, QuoteOptionsDto } from '../api/generated/model';

/** What the pages read of an answer: its data, whether it is still loading or failed, and how to ask again. */
export type SiteAnswer<T> =
  | { data: T; isPending: false; isError: boolean; refetch: () => unknown }
  | { data: undefined; isPending: true; isError: false; refetch: () => unknown }
  | { data: undefined; isPending: false; isError: true; refetch: () => unknown };

/** The two answers' hooks, given by the tree (each a hook: the same one for the tree's whole life). */
export interface SiteInfoSource {
  useAgency: () => SiteAnswer<AgencyResponseDto>;
  /** `once`: read once per visit (the quote form's choices); else the query cache's usual freshness */
  useCatalogue: (once: boolean) => SiteAnswer<CatalogueResponseDto>;
}

export const SiteInfoContext = createContext<SiteInfoSource | null>(null);

function useSource(): SiteInfoSource {
  const source = use(SiteInfoContext);
  if (!source) throw new Error('useAgency / useCatalogue doivent être utilisés sous <SiteInfoContext>');
  return source;
}

/** Answers known in advance (a prerendered page's, embedded in its HTML): always there, never asked again. */
export function knownSiteInfo(agency: AgencyResponseDto, catalogue: CatalogueResponseDto): SiteInfoSource {
  const answer = <T>(data: T): SiteAnswer<T> => ({ data, isPending: false, isError: false, refetch: () => undefined });
  const agencyAnswer = answer(agency);
  const catalogueAnswer = answer(catalogue);
  return { useAgency: () => agencyAnswer, useCatalogue: () => catalogueAnswer };
}

export function useCatalogue(): SiteAnswer<CatalogueResponseDto> {
  return useSource().useCatalogue(false);
}

export function useQuoteOptions(): QuoteOptionsDto | undefined {
  return useSource().useCatalogue(true).data?.quoteOptions;
}

/** The label of a value among options; the value itself while the options load. */
export function labelOf(options: QuoteOptionDto[] | undefined, value: string): string {
  return options?.find((o) => o.value === value)?.label ?? value;
}

export function useAgency(): SiteAnswer<AgencyResponseDto> {
  return useSource().useAgency();
}
