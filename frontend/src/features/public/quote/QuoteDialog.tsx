import { PROMISES } from '@vitrine/domain';
import { TitledDialog } from '../../../components/ui/modal-dialog';
import { LazyQuoteForm } from './LazyQuoteForm';

/** The quote form in a modal <dialog> (used by /services; the home page shows it in the Teams panel). */
export function QuoteDialog({ onClose }: { onClose: () => void }) {
  return (
    <TitledDialog
      titleId="devis-dialogue-titre"
      title="Demande de devis"
      description={`Un conseiller vous rappelle dans les ${PROMISES.callback} pour en discuter.`}
      width="w-[min(42rem,calc(100vw-1.5rem))]"
      onClose={onClose}
    >
      <div className="p-5 sm:p-6">
        <LazyQuoteForm idPrefix="services" onDone={onClose} />
      </div>
    </TitledDialog>
  );
}
