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
  return (
    <ListBody {...states}>
      {(rows) => (
        <ScrollArea label={label}>
          <table className={cn('w-full text-left text-sm', minWidthClass)} aria-busy={states.loading || undefined}>
            <caption className="sr-only">{label}</caption>
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-600 uppercase dark:bg-slate-800/50 dark:text-slate-300">
              <tr>
                {columns.map((column) => {
                  const active = column.sortKey !== undefined && sort?.by === column.sortKey ? sort.order : null;
                  const alignClass = column.align === 'right' ? 'text-right' : undefined;
                  return (
                    <th
                      key={column.id}
                      scope="col"
                      aria-sort={active ? (active === 'asc' ? 'ascending' : 'descending') : undefined}
                      className={cn('py-3 font-semibold whitespace-nowrap', inset, alignClass)}
                    >
                      {column.sortKey !== undefined && onSort ? (
                        <button
                          type="button"
                          onClick={() => onSort(column.sortKey as S)}
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
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {rows.map((row) => (
                <tr key={rowKey(row)} className={cn('hover:bg-slate-50 dark:hover:bg-slate-800/40', rowClassName?.(row))}>
                  {columns.map((column) => (
                    <td key={column.id} className={cn('py-3', inset, column.align === 'right' && 'text-right', column.className)}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </ListBody>
  );
}
