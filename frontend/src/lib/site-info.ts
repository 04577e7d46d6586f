/**
 * French texts the server owns and the pages show: the quote form's choices (GET /api/catalogue's quoteOptions) and
 * the agency's identity (GET /api/agency). One copy, on the server; read once per visit.
 */
import { useGetAgency } from '../api/generated/agency/agency';
import type { QuoteOptionDto, QuoteOptionsDto } from '../api/generated/model';
import { useGetCatalogue } from '../api/generated/orders/orders';

const ONCE = { staleTime: Infinity, gcTime: Infinity } as const;

export function useQuoteOptions(): QuoteOptionsDto | undefined {
  return useGetCatalogue({ query: ONCE }).data?.quoteOptions;
}

/** The label of a value among options; the value itself while the options load. */
export function labelOf(options: QuoteOptionDto[] | undefined, value: string): string {
  return options?.find((o) => o.value === value)?.label ?? value;
}

export function useAgency() {
  return useGetAgency({ query: ONCE });
}
