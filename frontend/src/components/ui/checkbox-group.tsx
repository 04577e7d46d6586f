import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A field of several checkboxes under one legend (an API key's scopes, a webhook's events): each option's French
 * label and its technical name, two columns from `sm`, and the field's error tied to the group.
 */
export function CheckboxGroup<T extends string>({
  legend,
  options,
  labels,
  error,
  registration,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  error?: string;
  /** react-hook-form's register() of the array field, shared by every box */
  registration: UseFormRegisterReturn;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option} className="flex items-start gap-2 text-sm">
            <input type="checkbox" value={option} className="mt-0.5 size-4 rounded border-slate-300" {...registration} />
            <span>
              {labels[option]} <code className="text-xs text-slate-500 dark:text-slate-400">{option}</code>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
