import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';

/** A figure of the admin's dashboards: its label, its value, an optional note. */
export function StatTile({ label, value, note, wide = false }: { label: string; value: ReactNode; note?: ReactNode; wide?: boolean }) {
  return (
    <Card className={wide ? 'col-span-2 min-w-0 lg:col-span-1' : 'min-w-0'}>
      <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-2 text-lg font-bold tracking-tight break-words text-slate-900 tabular-nums sm:text-2xl dark:text-white">{value}</p>
      {note ? <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{note}</p> : null}
    </Card>
  );
}

/** The loading and error states of a page that shows one answer. */
export function QueryState({ loading, error, loadingText, errorText, onRetry }: { loading: boolean; error: boolean; loadingText: string; errorText: string; onRetry: () => void }) {
  if (error) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300">
        {errorText}{' '}
        <button type="button" onClick={onRetry} className="font-semibold underline">
          Réessayer
        </button>
      </div>
    );
  }
  if (loading) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
        {loadingText}
      </p>
    );
  }
  return null;
}
