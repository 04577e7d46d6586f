import { cn } from '../../lib/cn';
import { Button } from './button';

/** The page numbers to show: at most `max`, a window that keeps the current page in view. */
export function pageWindow(page: number, pageCount: number, max = 5): number[] {
  const size = Math.min(max, pageCount);
  const first = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, i) => first + i);
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d={direction === 'left' ? 'M12.5 15l-5-5 5-5' : 'M7.5 5l5 5-5 5'} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * Previous / next, hidden when everything fits on one page.
 * - `numbers` (admin lists, spec: at most 5 page buttons): previous, up to 5 page numbers around the current one,
 *   next; on a phone the previous/next words give way to arrows.
 * - default: previous, 'Page n sur m', next.
 */
export function Pager({
  page,
  pageCount,
  onPage,
  numbers = false,
  className = 'px-6',
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  numbers?: boolean;
  className?: string;
}) {
  if (pageCount <= 1) return null;
  const summary = (
    <span className="text-slate-600 dark:text-slate-400">
      Page {page} sur {pageCount}
    </span>
  );
  const previous = (
    <Button
      size="sm"
      variant="secondary"
      disabled={page <= 1}
      onClick={() => onPage(page - 1)}
      aria-label={numbers ? 'Précédent' : undefined}
    >
      {numbers ? <Chevron direction="left" /> : null}
      <span className={cn(numbers && 'hidden sm:inline')}>Précédent</span>
    </Button>
  );
  const next = (
    <Button
      size="sm"
      variant="secondary"
      disabled={page >= pageCount}
      onClick={() => onPage(page + 1)}
      aria-label={numbers ? 'Suivant' : undefined}
    >
      <span className={cn(numbers && 'hidden sm:inline')}>Suivant</span>
      {numbers ? <Chevron direction="right" /> : null}
    </Button>
  );

  if (!numbers) {
    return (
      <nav
        aria-label="Pagination"
        className={cn('flex items-center justify-between border-t border-slate-200 py-4 text-sm dark:border-slate-800', className)}
      >
        {previous}
        {summary}
        {next}
      </nav>
    );
  }

  return (
    <nav
      aria-label="Pagination"
      className={cn(
        'flex flex-wrap items-center justify-center gap-3 border-t border-slate-200 py-4 text-sm sm:justify-between dark:border-slate-800',
        className,
      )}
    >
      <span className="hidden sm:inline">{summary}</span>
      <div className="flex items-center gap-1.5">
        {previous}
        <ul className="flex items-center gap-1.5">
          {pageWindow(page, pageCount).map((n) => (
            <li key={n}>
              <Button
                size="sm"
                variant={n === page ? 'primary' : 'ghost'}
                className="min-w-9 px-2 tabular-nums"
                aria-current={n === page ? 'page' : undefined}
                aria-label={`Page ${n}`}
                onClick={() => (n === page ? undefined : onPage(n))}
              >
                {n}
              </Button>
            </li>
          ))}
        </ul>
        {next}
      </div>
    </nav>
  );
}
