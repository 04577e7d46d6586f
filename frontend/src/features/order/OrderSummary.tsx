import { Card } from '../../components/ui/card';
import { formatEuros } from '../../lib/format';
import { CheckIcon } from './form-controls';
import type { Recap } from './order-wizard';

/** Beside the steps: the plan, the options chosen so far, the running price and what the plan includes (catalogue). */
export function OrderSummary({ planName, features, recap }: { planName: string; features: string[]; recap: Recap | null }) {
  const options = recap?.lines.slice(1) ?? [];
  return (
    <Card className="lg:sticky lg:top-24">
      <h2 className="text-base font-semibold text-slate-900 dark:text-white">Votre commande</h2>
      <p className="mt-3 flex items-baseline justify-between gap-3">
        <span className="font-medium text-slate-800 dark:text-slate-200">Formule {planName}</span>
        {recap ? (
          <span className="text-sm font-semibold whitespace-nowrap text-slate-900 dark:text-white">
            {formatEuros(recap.lines[0].amountCents)}/mois
          </span>
        ) : null}
      </p>
      {options.length ? (
        <ul className="mt-2 space-y-1 text-sm text-slate-600 dark:text-slate-400">
          {options.map((line) => (
            <li key={line.code} className="flex justify-between gap-3">
              <span className="min-w-0">
                {line.label}
                {line.quantity > 1 ? ` × ${line.quantity}` : ''}
              </span>
              <span className="whitespace-nowrap tabular-nums">
                {formatEuros(line.amountCents)}
                {line.recurring ? '/mois' : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {recap ? (
        <dl className="mt-4 space-y-1 border-t border-slate-200 pt-4 text-sm dark:border-slate-800">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600 dark:text-slate-400">Premier mois</dt>
            <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatEuros(recap.firstMonthCents)}</dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600 dark:text-slate-400">Puis chaque mois</dt>
            <dd className="font-semibold text-slate-900 tabular-nums dark:text-white">{formatEuros(recap.monthlyCents)}</dd>
          </div>
        </dl>
      ) : null}
      {features.length ? (
        <ul
          className="mt-5 space-y-2 border-t border-slate-200 pt-4 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400"
          aria-label="Inclus dans la formule"
        >
          {features.map((item) => (
            <li key={item} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" />
              {item}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
