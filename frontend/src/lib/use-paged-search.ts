import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';

export interface SortState<S extends string> {
  by: S;
  order: SortOrder;
}

export interface PagedSearchOptions<F extends Record<string, string>, S extends string> {
  /** Each filter and its default ('' = no filter). The URL holds only the values that differ from it. */
  filters?: F;
  /** Allowed values per filter: anything else in the URL falls back to the default. */
  filterValues?: { [K in keyof F]?: readonly F[K][] };
  /** The sortable keys; a sort key from the URL outside this list falls back to `defaultSort`. */
  sortKeys?: readonly S[];
  defaultSort?: SortState<S> | null;
  /** Prefix of the URL keys, when two lists share a page (e.g. 'users' → usersPage, usersQ…). */
  prefix?: string;
}

export interface PagedSearchChange<F, S extends string> {
  page?: number;
  search?: string;
  filters?: Partial<F>;
  sort?: SortState<S> | null;
}

export interface PagedSearch<F extends Record<string, string>, S extends string> {
  /** 1-based */
  page: number;
  /** The submitted search, trimmed ('' = none). */
  search: string;
  filters: F;
  sort: SortState<S> | null;
  setPage: (page: number) => void;
  setSearch: (search: string) => void;
  setFilter: <K extends keyof F & string>(key: K, value: F[K]) => void;
  /** Clicking a header: the active column flips asc/desc, another column starts asc. */
  toggleSort: (by: S) => void;
  /** Several changes at once; any change other than the page alone goes back to page 1. */
  update: (change: PagedSearchChange<F, S>) => void;
  /** Back to the defaults (page 1, no search, default filters and sort). */
  reset: () => void;
}

const EMPTY = {} as Record<string, string>;

/**
 * Page, search, filters and sort of a list, kept in the URL (shareable, survives a reload, the back button steps
 * through them). Values equal to their default are left out of the URL; any change of search, filter or sort goes
 * back to page 1.
 *
 *   const list = usePagedSearch({ filters: { status: '' as MailStatus | '' }, sortKeys: ['created_at'] as const });
 *   useListAdminEmails({ page: list.page, limit: 20, status: list.filters.status || undefined });
 */
export function usePagedSearch<F extends Record<string, string> = Record<string, never>, S extends string = never>(
  options: PagedSearchOptions<F, S> = {},
): PagedSearch<F, S> {
  const { filters: filterDefaults = EMPTY as F, filterValues, sortKeys, defaultSort = null, prefix = '' } = options;
  const [params, setParams] = useSearchParams();
  const key = useCallback((name: string) => (prefix ? `${prefix}${name[0].toUpperCase()}${name.slice(1)}` : name), [prefix]);

  // Option objects are usually literals: depend on their content, not their identity.
  const filterDefaultsKey = JSON.stringify(filterDefaults);
  const filterValuesKey = JSON.stringify(filterValues ?? null);
  const sortKeysKey = JSON.stringify(sortKeys ?? null);
  const defaultSortKey = JSON.stringify(defaultSort);

  const state = useMemo(() => {
    const defaults = JSON.parse(filterDefaultsKey) as F;
    const allowed = JSON.parse(filterValuesKey) as Record<string, readonly string[]> | null;
    const sortable = JSON.parse(sortKeysKey) as readonly S[] | null;
    const fallbackSort = JSON.parse(defaultSortKey) as SortState<S> | null;

    const rawPage = Number(params.get(key('page')));
    const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;
    const search = (params.get(key('q')) ?? '').trim();

    const filters = { ...defaults };
    for (const name of Object.keys(defaults) as (keyof F & string)[]) {
      const value = params.get(key(name));
      if (value === null) continue;
      const allowedValues = allowed?.[name];
      if (!allowedValues || allowedValues.includes(value)) filters[name] = value as F[typeof name];
    }

    const by = params.get(key('sort')) as S | null;
    const order = params.get(key('order'));
    const sort: SortState<S> | null =
      by && (!sortable || sortable.includes(by)) ? { by, order: order === 'desc' ? 'desc' : 'asc' } : fallbackSort;

    return { page, search, filters, sort, defaults, fallbackSort };
  }, [params, key, filterDefaultsKey, filterValuesKey, sortKeysKey, defaultSortKey]);

  const update = useCallback(
    (change: PagedSearchChange<F, S>) => {
      const next = new URLSearchParams(params);
      const write = (name: string, value: string | null) => (value === null ? next.delete(key(name)) : next.set(key(name), value));

      const listChanged = change.search !== undefined || change.filters !== undefined || change.sort !== undefined;
      if (change.search !== undefined) write('q', change.search.trim() || null);
      if (change.filters) {
        for (const [name, value] of Object.entries(change.filters) as [string, string | undefined][]) {
          if (value === undefined) continue;
          write(name, value === state.defaults[name] ? null : value);
        }
      }
      if (change.sort !== undefined) {
        const sort = change.sort;
        const isDefault =
          sort === null ? state.fallbackSort === null : state.fallbackSort?.by === sort.by && state.fallbackSort.order === sort.order;
        write('sort', isDefault || !sort ? null : sort.by);
        write('order', isDefault || !sort ? null : sort.order);
      }
      const page = listChanged ? 1 : (change.page ?? state.page);
      write('page', page > 1 ? String(page) : null);

      if (next.toString() !== params.toString()) setParams(next, { preventScrollReset: true });
    },
    [params, setParams, key, state],
  );

  return useMemo<PagedSearch<F, S>>(
    () => ({
      page: state.page,
      search: state.search,
      filters: state.filters,
      sort: state.sort,
      update,
      setPage: (page) => update({ page: Math.max(1, Math.floor(page)) }),
      setSearch: (search) => update({ search }),
      setFilter: (name, value) => update({ filters: { [name]: value } as unknown as Partial<F> }),
      toggleSort: (by) =>
        update({ sort: state.sort?.by === by ? { by, order: state.sort.order === 'asc' ? 'desc' : 'asc' } : { by, order: 'asc' } }),
      reset: () => update({ search: '', filters: state.defaults, sort: state.fallbackSort }),
    }),
    [state, update],
  );
}

/** A list's page, search and sort as the generated list hooks take them, `limit` rows a page. */
export function pageQueryParams<S extends string>(list: { page: number; search: string; sort: SortState<S> | null }, limit: number) {
  return { page: list.page, limit, search: list.search || undefined, sortBy: list.sort?.by, sortOrder: list.sort?.order };
}

/** One filter's value and setter, for its select: `<FilterSelect {...bindFilter(list, 'status')} … />`. */
export const bindFilter = <F extends Record<string, string>, K extends keyof F & string>(
  list: Pick<PagedSearch<F, string>, 'filters' | 'setFilter'>,
  key: K,
) => ({ value: list.filters[key], onChange: (value: F[K]) => list.setFilter(key, value) });
