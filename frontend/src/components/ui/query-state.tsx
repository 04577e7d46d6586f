import { cn } from '../../lib/cn';

/** The loading and error states of a page that shows one answer. */
export function QueryState({
  loading,
  error,
  loadingText,
  errorText,
  onRetry,
  className,
}: {
  loading: boolean;
  error: boolean;
  loadingText: string;
  errorText: string;
  onRetry: () => void;
  className?: string;
}) {
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
