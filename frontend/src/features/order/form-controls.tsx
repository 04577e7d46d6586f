/** The wizard's form controls beyond the shared Field, Select and Textarea: choice cards, a switch and growing lists. */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorClass, hintClass, labelClass } from '../../components/ui/form';
import { StrokeIcon } from '../../components/ui/icons';
import { cn } from '../../lib/cn';

/** The bordered card around a radio or a checkbox; the whole card is the label. */
export const choiceCardClass =
  'relative flex cursor-pointer gap-3 rounded-xl border border-slate-300 bg-white p-4 text-sm transition-colors hover:border-slate-400 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-1 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-slate-500 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-950/60 dark:has-checked:ring-brand-400';

type ChoiceInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  type: 'radio' | 'checkbox';
  title: ReactNode;
  description?: ReactNode;
  /** Right-aligned, e.g. a price. */
  aside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  cardClassName?: string;
};

/** A radio or checkbox shown as a card: the title and its aside (a price) on one row, the description below. */
export function ChoiceCard({ type, title, description, aside, ref, cardClassName, ...rest }: ChoiceInputProps) {
  return (
    <label className={cn(choiceCardClass, cardClassName)}>
      <input ref={ref} type={type} className="mt-0.5 size-4 shrink-0 accent-brand-600" {...rest} />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <span className="font-medium text-slate-900 dark:text-white">{title}</span>
          {aside ? <span className="font-semibold whitespace-nowrap text-brand-700 dark:text-brand-300">{aside}</span> : null}
        </span>
        {description ? <span className="mt-0.5 block text-slate-600 dark:text-slate-400">{description}</span> : null}
      </span>
    </label>
  );
}

/** A group of choices with a visible legend. */
export function ChoiceGroup({
  legend,
  hint,
  error,
  children,
  className,
}: {
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <fieldset
      className={className}
      aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
    >
      <legend className={labelClass}>{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className={cn(hintClass, 'mt-0 mb-2')}>
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className={errorClass} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One radio card of a `RadioCards` group. */
export interface RadioOption {
  value: string;
  title: string;
  description?: ReactNode;
  aside?: ReactNode;
}

/** A group of radio cards for one registered field: its legend, then a card per option. */
export function RadioCards({
  legend,
  options,
  gridClassName = 'grid gap-3 sm:grid-cols-2',
  ...field
}: UseFormRegisterReturn & { legend: ReactNode; options: readonly RadioOption[]; gridClassName?: string }) {
  return (
    <ChoiceGroup legend={legend}>
      <div className={gridClassName}>
        {options.map((option) => (
          <ChoiceCard key={option.value} type="radio" {...option} {...field} />
        ))}
      </div>
    </ChoiceGroup>
  );
}

/** An on/off switch (a checkbox with role switch), its label and description beside it. */
export function Switch({
  checked,
  onChange,
  label,
  description,
  aside,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  aside?: ReactNode;
}) {
  const id = useId();
  return (
    <div
      className={cn(
        'flex items-start gap-4 rounded-xl border p-4',
        checked ? 'border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-brand-950/60' : 'border-slate-300 dark:border-slate-700',
      )}
    >
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        aria-labelledby={`${id}-label`}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          checked ? 'bg-brand-600' : 'bg-slate-400 dark:bg-slate-600',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block size-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
      <div className="min-w-0 flex-1 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <label id={`${id}-label`} htmlFor={id} className="cursor-pointer font-semibold text-slate-900 dark:text-white">
            {label}
          </label>
          {aside ? <span className="font-semibold whitespace-nowrap text-brand-700 dark:text-brand-300">{aside}</span> : null}
        </div>
        {description ? (
          <p id={`${id}-description`} className="mt-0.5 text-slate-600 dark:text-slate-400">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function SubHeading({ children, description }: { children: ReactNode; description?: ReactNode }) {
  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900 dark:text-white">{children}</h3>
      {description ? <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p> : null}
    </div>
  );
}

export function RemoveIcon() {
  return (
    <StrokeIcon strokeLinecap="round">
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </StrokeIcon>
  );
}

export function PlusIcon() {
  return (
    <StrokeIcon className="size-4" strokeWidth="2" strokeLinecap="round">
      <path d="M12 5v14M5 12h14" />
    </StrokeIcon>
  );
}

export function CheckIcon({ className = 'size-4' }: { className?: string }) {
  return (
    <StrokeIcon className={className} strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </StrokeIcon>
  );
}

export const iconButtonClass =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 text-slate-600 hover:bg-red-50 hover:text-red-700 dark:border-slate-700 dark:text-slate-300 dark:hover:bg-red-950/50 dark:hover:text-red-300';
