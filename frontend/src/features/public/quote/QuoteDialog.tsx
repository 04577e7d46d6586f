import { lazy, Suspense } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { Icon } from '../components/icons';

const QuoteForm = lazy(() => import('./QuoteForm'));

/** The quote form in a modal <dialog> (used by /services; the home page shows it in the Teams panel). */
export function QuoteDialog({ onClose }: { onClose: () => void }) {
  return (
    <ModalDialog
      labelledBy="devis-dialogue-titre"
      onClose={onClose}
      className="max-h-[calc(100dvh-1.5rem)] w-[min(42rem,calc(100vw-1.5rem))] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:backdrop-blur-sm dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-5 sm:p-6 dark:border-slate-800">
        <div>
          <h2 id="devis-dialogue-titre" className="text-xl font-semibold">
            Demande de devis
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Un conseiller vous rappelle dans les 24h pour en discuter.</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Fermer"
          className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <Icon name="close" />
        </button>
      </div>
      <div className="p-5 sm:p-6">
        <Suspense
          fallback={
            <p className="py-10 text-center text-sm text-slate-500 dark:text-slate-400" role="status">
              Chargement du formulaire...
            </p>
          }
        >
          <QuoteForm idPrefix="services" onDone={onClose} />
        </Suspense>
      </div>
    </ModalDialog>
  );
}
