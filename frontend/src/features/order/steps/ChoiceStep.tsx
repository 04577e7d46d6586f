import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

function ChoiceButton({
  title,
  description,
  points,
  onClick,
  selected,
  icon,
}: {
  title: string;
  description: string;
  points: string[];
  onClick: () => void;
  selected: boolean;
  icon: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={selected}
      className={cn(
        'group flex h-full flex-col rounded-2xl border bg-white p-5 text-left shadow-sm transition-colors hover:border-brand-500 hover:bg-brand-50/60 sm:p-6 dark:bg-slate-900 dark:hover:border-brand-400 dark:hover:bg-brand-950/40',
        selected
          ? 'border-brand-600 ring-1 ring-brand-600 dark:border-brand-400 dark:ring-brand-400'
          : 'border-slate-300 dark:border-slate-700',
      )}
    >
      <span
        className="flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700 dark:bg-brand-950 dark:text-brand-300"
        aria-hidden="true"
      >
        {icon}
      </span>
      <span className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{title}</span>
      <span className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</span>
      <ul className="mt-4 space-y-1.5 text-sm text-slate-700 dark:text-slate-300">
        {points.map((p) => (
          <li key={p} className="flex gap-2">
            <span aria-hidden="true" className="text-brand-600 dark:text-brand-400">
              •
            </span>
            {p}
          </li>
        ))}
      </ul>
    </button>
  );
}

/** Step 1.5: a 30-minute call ('Réserver un appel' → 4) or the online form ('Continuer le formulaire' → 2). */
export function ChoiceStep({ prefersCall, onChoose }: { prefersCall: boolean | null; onChoose: (prefersCall: boolean) => void }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <ChoiceButton
        title="Réserver un appel"
        description="Un échange de 30 minutes avec un conseiller pour définir votre site ensemble."
        points={['Nous remplissons le contenu avec vous', 'Idéal si vous manquez de temps', 'Vous passez directement au paiement']}
        selected={prefersCall === true}
        onClick={() => onChoose(true)}
        icon={
          <svg viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
            <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />
          </svg>
        }
      />
      <ChoiceButton
        title="Continuer le formulaire"
        description="Décrivez votre activité, ajoutez vos photos et choisissez votre style en ligne."
        points={['Environ 5 minutes', 'Vos réponses sont enregistrées au fur et à mesure', 'Nous démarrons votre site dès le paiement']}
        selected={prefersCall === false}
        onClick={() => onChoose(false)}
        icon={
          <svg
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M9 5H6a1 1 0 0 0-1 1v13a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V6a1 1 0 0 0-1-1h-3M9 5a3 3 0 0 1 6 0v1H9V5Zm0 8h6m-6 4h4" />
          </svg>
        }
      />
    </div>
  );
}
