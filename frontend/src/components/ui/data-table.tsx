import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import type { SortState } from '../../lib/use-paged-search';
import { ListBody, type ListStatesProps } from './list-body';
import { ScrollArea } from './scroll-area';

export interface Column<T, S extends string = string> {
  /** Unique per table. */
  id: string;
  /** The header; wrap it in <span className="sr-only"> for a column of actions. */
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Makes the header a sort button for this key. */
  sortKey?: S;
  align?: 'left' | 'right';
  /** Extra classes of the cells (width, truncation, colour…). */
  className?: string;
  /** The label of the cell on a phone, where each row is a card; the header's text by default (none for actions). */
  phoneLabel?: string;
}

export interface DataTableProps<T, S extends string = string> extends ListStatesProps<T> {
  /** Accessible name of the table (a visually hidden caption) and of its scroll box. */
  label: string;
  columns: Column<T, S>[];
  rowKey: (row: T) => string;
  sort?: SortState<S> | null;
  onSort?: (key: S) => void;
  /** Below this width the table scrolls inside its box (Tailwind class, e.g. 'min-w-[44rem]'). */
  minWidthClass?: string;
  rowClassName?: (row: T) => string | false | undefined;
}

/**
 * The cells' side padding: the card's inset at the table's two edges, half as much between two columns from 640 px
 * (so the columns of a 1440 px screen fit their card), the inset on both sides of a phone's card.
 */
const CELL_X = {
  'px-5': 'px-5 sm:px-3 sm:first:pl-5 sm:last:pr-5',
  'px-6': 'px-6 sm:px-3 sm:first:pl-6 sm:last:pr-6',
} as const;

const sortable = <T, S extends string>(column: Column<T, S>, onSort: ((key: S) => void) | undefined): boolean =>
  column.sortKey !== undefined && onSort !== undefined;

function SortIcon({ order }: { order: 'asc' | 'desc' | null }) {
  return (
    <svg
      viewBox="0 0 12 16"
      className={cn('h-3.5 w-2.5 shrink-0', order ? 'text-brand-600 dark:text-brand-300' : 'text-slate-500 dark:text-slate-400')}
      aria-hidden="true"
    >
      <path d="M6 1.5 10 6H2z" fill="currentColor" opacity={order === 'desc' ? 0.35 : 1} />
      <path d="M6 14.5 2 10h8z" fill="currentColor" opacity={order === 'asc' ? 0.35 : 1} />
    </svg>
  );
}

/**
 * The list table of the admin and client areas: sortable headers (a button in the th, aria-sort on the active
 * column), loading / error ('Réessayer') / empty states and the numbered pager (`ListBody`), and a scroll box with edge shadows so a
 * wide table never widens the page. State (page, sort…) comes from the caller, usually `usePagedSearch`.
 *
 * Below 640 px each row is a card (CSS only: one DOM, the same for every width): every cell on its own line with its
 * column's name before it, the sort buttons in a row above the cards. The explicit ARIA roles keep the table's
 * semantics for assistive technology when its parts are displayed as blocks.
 */
export function DataTable<T, S extends string = string>({
  label,
  columns,
  rowKey,
  sort,
  onSort,
  minWidthClass = 'min-w-[40rem]',
  rowClassName,
  ...states
}: DataTableProps<T, S>) {
  const inset = states.inset ?? 'px-6';
  const cellX = CELL_X[inset];
  return (
    <ListBody {...states}>
      {(rows) => (
        <ScrollArea label={label}>
          <table
            role="table"
            className={cn('w-full text-left text-sm max-sm:block', minWidthClass, 'max-sm:min-w-0!')}
            aria-busy={states.loading || undefined}
          >
            <caption className="sr-only">{label}</caption>
            <thead
              role="rowgroup"
              className={cn(
                'bg-slate-50 text-xs tracking-wide text-slate-600 uppercase max-sm:block dark:bg-slate-800/50 dark:text-slate-300',
                // On a phone the header row only holds the sort buttons: none, no empty band above the cards.
                !columns.some((column) => sortable(column, onSort)) && 'max-sm:sr-only',
              )}
            >
              <tr role="row" className={cn('max-sm:flex max-sm:flex-wrap max-sm:gap-x-4 max-sm:gap-y-1 max-sm:py-2', inset)}>
                {columns.map((column) => {
                  const active = column.sortKey !== undefined && sort?.by === column.sortKey ? sort.order : null;
                  const alignClass = column.align === 'right' ? 'text-right' : undefined;
                  return (
                    <th
                      key={column.id}
                      scope="col"
                      role="columnheader"
                      aria-sort={active ? (active === 'asc' ? 'ascending' : 'descending') : undefined}
                      className={cn(
                        'py-3 font-semibold whitespace-nowrap max-sm:py-1',
                        sortable(column, onSort) ? 'max-sm:block max-sm:px-0' : 'max-sm:sr-only',
                        cellX,
                        alignClass,
                      )}
                    >
                      {sortable(column, onSort) ? (
                        <button
                          type="button"
                          onClick={() => onSort?.(column.sortKey as S)}
                          className="-mx-1.5 inline-flex items-center gap-1.5 rounded px-1.5 py-0.5 uppercase hover:text-slate-900 dark:hover:text-white"
                        >
                          {column.header}
                          <SortIcon order={active} />
                        </button>
                      ) : (
                        column.header
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody role="rowgroup" className="divide-y divide-slate-200 max-sm:block dark:divide-slate-800">
              {rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  role="row"
                  className={cn('hover:bg-slate-50 max-sm:block max-sm:py-3 dark:hover:bg-slate-800/40', rowClassName?.(row))}
                >
                  {columns.map((column) => {
                    const phoneLabel = column.phoneLabel ?? (typeof column.header === 'string' ? column.header : undefined);
                    return (
                      <td
                        key={column.id}
                        role="cell"
                        data-label={phoneLabel}
                        className={cn(
                          'py-3 max-sm:flex max-sm:min-w-0 max-sm:items-baseline max-sm:gap-3 max-sm:py-1 max-sm:text-left',
                          phoneLabel &&
                            // The label wraps in its column, whatever the cell's white-space (a date's nowrap).
                            'max-sm:before:w-28 max-sm:before:shrink-0 max-sm:before:whitespace-normal max-sm:before:[overflow-wrap:anywhere] max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:uppercase max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400',
                          cellX,
                          column.align === 'right' && 'text-right',
                          column.className,
                          'max-sm:max-w-none',
                        )}
                      >
                        {/* One box beside the label on a phone, whatever the cell holds. */}
                        {/* In a cell that truncates (`truncate`), the box ends its text with the ellipsis. */}
                        <div className="max-sm:min-w-0 max-sm:flex-1 max-sm:whitespace-normal max-sm:[overflow-wrap:anywhere] sm:[.truncate>&]:truncate">
                          {column.cell(row)}
                        </div>
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </ListBody>
  );
}

/** The column of a row's actions, at the right, its header read by screen readers only. */
export const actionsColumn = <T, S extends string = string>(cell: (row: T) => ReactNode, className?: string): Column<T, S> => ({
  id: 'actions',
  header: <span className="sr-only">Actions</span>,
  align: 'right',
  cell,
  ...(className ? { className } : {}),
});

/** A column of dates or times: muted, on one line, figures aligned. */
export const dateColumn = <T, S extends string = string>(
  column: Pick<Column<T, S>, 'id' | 'header' | 'cell' | 'sortKey'>,
): Column<T, S> => ({ ...column, className: 'whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300' });
