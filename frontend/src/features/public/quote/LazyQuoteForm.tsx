import { lazy, Suspense } from 'react';

/** Loads the quote form's chunk; call it early (on hover) to have it ready. */
export const loadQuoteForm = () => import('./QuoteForm');
const QuoteForm = lazy(loadQuoteForm);

/** The quote form, loaded on first use, with its loading line meanwhile (the Teams panel and the quote dialog). */
export function LazyQuoteForm(props: { idPrefix: string; onDone?: () => void }) {
  return (
    <Suspense
      fallback={
        <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400" role="status">
          Chargement du formulaire...
        </p>
      }
    >
      <QuoteForm {...props} />
    </Suspense>
  );
}
