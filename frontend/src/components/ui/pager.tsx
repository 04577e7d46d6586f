import { Button } from './button';

/** Previous / next with 'Page n sur m'; hidden when everything fits on one page. */
export function Pager({ page, pageCount, onPage, className = 'px-6' }: { page: number; pageCount: number; onPage: (page: number) => void; className?: string }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className={`flex items-center justify-between border-t border-slate-200 py-4 text-sm dark:border-slate-800 ${className}`}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Précédent
      </Button>
      <span className="text-slate-600 dark:text-slate-400">
        Page {page} sur {pageCount}
      </span>
      <Button size="sm" variant="secondary" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Suivant
      </Button>
    </nav>
  );
}
