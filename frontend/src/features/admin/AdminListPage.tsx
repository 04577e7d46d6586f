import { type ReactNode, useId, useState } from 'react';
import { FiltersButton } from '../../components/ui/filters-button';
import { Card, Container } from '../../components/ui/card';
import { DataTable, type DataTableProps } from '../../components/ui/data-table';
import { ListBody } from '../../components/ui/list-body';
import { PageHeader } from '../../components/ui/page';
import { cn } from '../../lib/cn';
import type { SortState } from '../../lib/use-paged-search';
import { BackToAdmin } from './labels';

/** What the frame reads of a generated list query (`useListAdminSites(…)`…). */
export interface AdminListQuery {
  data?: { total: number };
  isSuccess: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * From which width the count and the toolbar share one row of the card's header: 'sm' for a search box or one
 * filter, wider for more controls; 'xl' is for filters labelled above their box, so the row lines up on the boxes.
 */
const TOOLBAR_ROW = {
  sm: { row: 'sm:flex-row sm:items-center sm:justify-between', count: undefined },
  lg: { row: 'lg:flex-row lg:items-center lg:justify-between', count: undefined },
  xl: { row: 'xl:flex-row xl:items-end xl:justify-between', count: 'xl:pb-3' },
} as const;

type TableProps<T, S extends string> = Pick<DataTableProps<T, S>, 'label' | 'columns' | 'rowKey' | 'minWidthClass' | 'rowClassName'>;

/** The list's state the frame reads: its page, and its sort when the columns have sort keys (`usePagedSearch`). */
interface ListState<S extends string> {
  page: number;
  setPage: (page: number) => void;
  sort?: SortState<S> | null;
  toggleSort?(by: S): void;
  /** The submitted search and the filters ('' = none): counted on the phone's 'Filtres' button. */
  search?: string;
  filters?: Record<string, string>;
}

/** How many of the list's search and filters narrow it now. */
const activeFilters = (list: Pick<ListState<string>, 'search' | 'filters'>): number =>
  (list.search ? 1 : 0) + Object.values(list.filters ?? {}).filter((value) => value !== '').length;

export type AdminListPageProps<T, S extends string = string> = {
  title: string;
  description: ReactNode;
  /** 'Retour à l'administration' in the page header (default true). */
  back?: boolean;
  query: AdminListQuery;
  /** The page's rows, from `query.data` (undefined while loading). */
  rows: T[] | undefined;
  /** The page and the sort, and the pager's and the headers' changes, usually from `usePagedSearch`. */
  list: ListState<S>;
  pageSize: number;
  /** The count above the list, e.g. `(n) => formatCount(n, 'site')`; blank until the first answer. */
  count: (total: number) => string;
  /** The search form and filters, on the right of the count. */
  toolbar?: ReactNode;
  toolbarFrom?: keyof typeof TOOLBAR_ROW;
  /** Horizontal padding of the card's header, rows, states and pager. */
  inset?: 'px-5' | 'px-6';
  loadingText: string;
  errorText: string;
  emptyText: string;
  /** Under the list's card (e.g. the preview of the selected row). */
  after?: ReactNode;
} & (
  | { /** The rows as a `DataTable`. */ table: TableProps<T, S>; renderRows?: never }
  | { /** The rows as anything else (a list of cards…). */ renderRows: (rows: T[]) => ReactNode; table?: never }
);

/**
 * The frame of an admin list page: the header ('Administration', title, description, the way back), then a card
 * with the count and the toolbar (search, filters) over the rows, their loading / error ('Réessayer') / empty
 * states and the numbered pager. The page keeps its query, its columns and its toolbar.
 */
export function AdminListPage<T, S extends string = string>({
  title,
  description,
  back = true,
  query,
  rows,
  list,
  pageSize,
  count,
  toolbar,
  toolbarFrom = 'sm',
  inset = 'px-6',
  loadingText,
  errorText,
  emptyText,
  after,
  table,
  renderRows,
}: AdminListPageProps<T, S>) {
  const total = query.data?.total ?? 0;
  const states = {
    rows,
    loading: query.isFetching,
    loadingText,
    error: query.isError,
    errorText,
    onRetry: () => void query.refetch(),
    emptyText,
    pagination: { page: list.page, pageCount: Math.max(1, Math.ceil(total / pageSize)), onPage: list.setPage },
    inset,
  };
  const layout = TOOLBAR_ROW[toolbarFrom];
  // On a phone the search and filters fold behind a 'Filtres' button (with how many are on), so the first row shows.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const toolbarId = useId();
  const active = activeFilters(list);

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader eyebrow="Administration" title={title} description={description} actions={back ? <BackToAdmin /> : undefined} />
      <div className="mt-8 grid min-w-0 gap-6">
        <Card flush className="min-w-0 overflow-hidden">
          <div
            className={cn(
              'flex flex-col gap-4 border-b border-slate-200 dark:border-slate-800',
              inset === 'px-5' ? 'p-5' : 'p-6',
              layout.row,
            )}
          >
            <div className={cn('flex items-center justify-between gap-3', layout.count)}>
              <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
                {query.isSuccess ? count(total) : '\u00a0'}
              </p>
              {toolbar ? (
                <FiltersButton active={active} open={filtersOpen} onToggle={() => setFiltersOpen((open) => !open)} controls={toolbarId} />
              ) : null}
            </div>
            {toolbar ? (
              <div id={toolbarId} className={cn('min-w-0', !filtersOpen && 'max-sm:hidden')}>
                {toolbar}
              </div>
            ) : null}
          </div>
          {table ? (
            <DataTable {...table} sort={list.sort} onSort={list.toggleSort} {...states} />
          ) : renderRows ? (
            <ListBody {...states}>{renderRows}</ListBody>
          ) : null}
        </Card>
        {after}
      </div>
    </Container>
  );
}
