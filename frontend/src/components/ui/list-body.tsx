import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Alert } from './card';
import { Pager } from './pager';

export interface ListStatesProps<T> {
  /** undefined while loading */
  rows: T[] | undefined;
  loading?: boolean;
  loadingText?: string;
  /** Shown (with 'Réessayer' when onRetry is given) when the list failed to load. */
  error?: boolean;
  errorText?: string;
  onRetry?: () => void;
  emptyText: string;
  /** The pager under the rows; hidden when everything fits on one page. */
  pagination?: { page: number; pageCount: number; onPage: (page: number) => void };
  /** Horizontal padding of the states and the pager, to line up with the card's header. */
  inset?: 'px-5' | 'px-6';
}

function ErrorAlert({ text, onRetry }: { text: string; onRetry?: () => void }) {
  return (
    <Alert tone="error">
      {text}{' '}
      {onRetry ? (
        <button type="button" onClick={onRetry} className="font-semibold underline">
          Réessayer
        </button>
      ) : null}
    </Alert>
  );
}

/**
 * The states of a paged list around whatever shows its rows (a table, a list of cards): the error ('Réessayer'),
 * loading and empty texts while there are no rows, a refresh error above the rows still shown, and the numbered pager.
 */
export function ListBody<T>({
  rows,
  loading = false,
  loadingText = 'Chargement...',
  error = false,
  errorText = 'Impossible de charger la liste.',
  onRetry,
  emptyText,
  pagination,
  inset = 'px-6',
  children,
}: ListStatesProps<T> & { children: (rows: T[]) => ReactNode }) {
  let body: ReactNode;
  if (error && !rows) {
    body = (
      <div className={cn('py-5', inset)}>
        <ErrorAlert text={errorText} onRetry={onRetry} />
      </div>
    );
  } else if (loading && !rows) {
    body = (
      <p className={cn('py-5 text-sm text-slate-600 dark:text-slate-400', inset)} role="status">
        {loadingText}
      </p>
    );
  } else if (!rows || rows.length === 0) {
    body = <p className={cn('py-5 text-sm text-slate-600 dark:text-slate-400', inset)}>{emptyText}</p>;
  } else {
    body = children(rows);
  }

  return (
    <>
      {error && rows ? (
        // A refresh failed but the previous rows are still shown.
        <div className={cn('py-3', inset)}>
          <ErrorAlert text={errorText} onRetry={onRetry} />
        </div>
      ) : null}
      {body}
      {pagination && rows ? (
        <Pager numbers page={pagination.page} pageCount={pagination.pageCount} onPage={pagination.onPage} className={inset} />
      ) : null}
    </>
  );
}
