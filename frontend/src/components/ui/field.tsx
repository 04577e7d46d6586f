import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { cn } from '../../lib/cn';
import { FieldWrapper, splitFieldProps, type FieldWrapperProps } from './form/field-wrapper';
import { EyeIcon, EyeOffIcon } from './icons';

export const inputClasses =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 dark:placeholder:text-slate-400 focus:border-brand-500 focus:outline-2 focus:outline-offset-0 focus:outline-brand-500/40 aria-[invalid=true]:border-red-500 read-only:bg-slate-50 read-only:text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:read-only:bg-slate-800/60 dark:read-only:text-slate-400 sm:text-sm';

/** Selects match :read-only in browsers: the same look as inputs, without the read-only styling. */
export const selectClasses = inputClasses
  .replace(/\S*read-only:\S+/g, '')
  .replace(/\s+/g, ' ')
  .trim();

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> &
  FieldWrapperProps & {
    ref?: Ref<HTMLInputElement>;
    /** Adds a show/hide button (password inputs only). */
    revealable?: boolean;
  };

/** A labelled input with its hint and error, wired for screen readers (aria-invalid, aria-describedby). */
export function Field({ revealable, type, ref, ...props }: FieldProps) {
  const [wrapper, rest] = splitFieldProps(props);
  const [revealed, setRevealed] = useState(false);
  return (
    <FieldWrapper {...wrapper}>
      {(control) => (
        <div className="relative">
          <input
            ref={ref}
            {...control}
            type={revealable && revealed ? 'text' : type}
            className={cn(inputClasses, revealable && 'pr-12')}
            {...rest}
          />
          {revealable ? (
            <button
              type="button"
              onClick={() => setRevealed((v) => !v)}
              aria-label={revealed ? 'Masquer' : 'Afficher'}
              aria-controls={control.id}
              className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-100"
            >
              {revealed ? <EyeOffIcon /> : <EyeIcon />}
            </button>
          ) : null}
        </div>
      )}
    </FieldWrapper>
  );
}
