import { cn } from '../../lib/cn';
import { CheckIcon } from './form-controls';
import { STEP_COUNT, STEP_INFO, type Step } from './order-wizard';

const LABELS = ['Informations', 'Contenu', 'Design et options', 'Validation'] as const;

/** The four steps, the current one marked (1.5 belongs to step 1). */
export function StepProgress({ step, skipped }: { step: Step; skipped: boolean }) {
  const current = STEP_INFO[step].number;
  return (
    <nav aria-label="Étapes de la commande">
      <p className="text-sm font-medium text-slate-600 sm:hidden dark:text-slate-300">
        Étape {current} sur {STEP_COUNT} · {LABELS[current - 1]}
      </p>
      <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200 sm:hidden dark:bg-slate-800" aria-hidden="true">
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${(current / STEP_COUNT) * 100}%` }} />
      </div>
      <ol className="hidden gap-2 sm:grid sm:grid-cols-4">
        {LABELS.map((label, i) => {
          const number = i + 1;
          const done = number < current;
          const active = number === current;
          // Steps 2 and 3 are skipped by those who chose the call.
          const passedBy = skipped && (number === 2 || number === 3) && current === 4;
          return (
            <li key={label} aria-current={active ? 'step' : undefined} className="min-w-0">
              <div
                className={cn(
                  'h-1.5 rounded-full',
                  done || active ? 'bg-brand-600' : 'bg-slate-200 dark:bg-slate-800',
                  passedBy && 'bg-slate-300 dark:bg-slate-700',
                )}
              />
              <p
                className={cn(
                  'mt-2 flex items-center gap-1.5 truncate text-sm',
                  active ? 'font-semibold text-brand-700 dark:text-brand-300' : 'text-slate-600 dark:text-slate-400',
                )}
              >
                {done && !passedBy ? (
                  <CheckIcon className="size-4 shrink-0 text-brand-600 dark:text-brand-400" />
                ) : (
                  <span className="tabular-nums">{number}.</span>
                )}
                <span className="truncate">{label}</span>
                {done && !passedBy ? <span className="sr-only">(terminée)</span> : null}
                {passedBy ? <span className="sr-only">(avec votre conseiller)</span> : null}
              </p>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
