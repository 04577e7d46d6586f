import { cn } from '../../lib/cn';

/** What QueryState reads of a query (TanStack Query's result). */
export interface QueryStatus {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** The loading and error states of a page that shows one answer: the query's own, or `error` where the page decides. */
export function QueryState({
  query,
  error = query.isError,
  loadingText,
  errorText,
  className,
}: {
  query: QueryStatus;
  error?: boolean;
  loadingText: string;
  errorText: string;
  className?: string;
}) {
  const loading = query.isPending;
  const onRetry = () => void query.refetch();
  if (error) {
    return (
      <div
        role="alert"
        className={cn(
          'rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300',
          className,
        )}
      >
        {errorText}{' '}
        <button type="button" onClick={onRetry} className="font-semibold underline">
          Réessayer
        </button>
      </div>
    );
  }
  if (loading) {
    return (
      <p role="status" className={cn('text-sm text-slate-600 dark:text-slate-400', className)}>
        {loadingText}
      </p>
    );
  }
  return null;
}

/** A list's loading, error and retry (DataTable, ListBody) read from its query. */
export const queryStates = (query: QueryStatus) => ({
  loading: query.isPending,
  error: query.isError,
  onRetry: () => void query.refetch(),
});
