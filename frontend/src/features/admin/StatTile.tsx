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
