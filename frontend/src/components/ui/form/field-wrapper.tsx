import { useId, type ReactNode } from 'react';

export const labelClass = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200';
export const hintClass = 'mt-1.5 text-xs text-slate-500 dark:text-slate-400';
export const errorClass = 'mt-1.5 text-sm font-medium text-red-600 dark:text-red-400';

/** ' (facultatif)' after a label. */
export function Optional() {
  return <span className="font-normal text-slate-500 dark:text-slate-400"> (facultatif)</span>;
}

/** What a wrapped control carries: its id (the label's `htmlFor`), and its state for screen readers. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldWrapperProps {
  label: ReactNode;
  /** Adds ' (facultatif)' after the label. */
  optional?: boolean;
  /** The label for screen readers only (a list's filter, whose options say what it is). */
  hideLabel?: boolean;
  error?: string;
  hint?: ReactNode;
  /** The control's id; generated when absent. The hint and the error take `${id}-hint` and `${id}-error`. */
  id?: string;
  className?: string;
}

/** Splits a control's props: what its FieldWrapper takes, and the rest for the control itself. */
export function splitFieldProps<P extends FieldWrapperProps>({ label, optional, hideLabel, error, hint, id, className, ...control }: P) {
  return [{ label, optional, hideLabel, error, hint, id, className }, control] as const;
}

/**
 * The visible label, the hint and the error around one control (input, select, textarea), wired for screen readers:
 * the label names the control, `aria-describedby` points at the hint and the error, `aria-invalid` marks an error.
 */
export function FieldWrapper({
  label,
  optional,
  hideLabel,
  error,
  hint,
  id,
  className,
  children,
}: FieldWrapperProps & { children: (control: ControlProps) => ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className={hideLabel ? 'sr-only' : labelClass}>
        {label}
        {optional ? <Optional /> : null}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
