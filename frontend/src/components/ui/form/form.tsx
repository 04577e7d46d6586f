import { useState, type BaseSyntheticEvent, type FormHTMLAttributes } from 'react';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { applyApiFieldErrors, type ApplyApiFieldErrorsOptions } from '../../../lib/form-errors';
import { Alert } from '../card';

export interface UseApiFormOptions<T extends FieldValues> extends UseFormProps<T> {
  /**
   * Sends the checked values, usually through a generated hook's `mutateAsync`: resolves on success, rejects with the
   * API's error. Gets the form too (to `reset` it with what the server saved).
   */
  onSubmit: (values: T, form: UseFormReturn<T>) => Promise<unknown>;
  /**
   * The message of a failure that is not about a field (shown by `FormAlerts`), or how to read it from the error.
   * Without it, nothing is shown (the form says the failure itself, through `onFailure`).
   */
  failureMessage?: string | ((error: unknown) => string);
  /** The API's field names that differ from the form's, and the fields that may take a server message. */
  serverFields?: ApplyApiFieldErrorsOptions<T>;
  /** After a failure, with whether its message went under a field. */
  onFailure?: (error: unknown, onField: boolean) => void;
}

export interface ApiForm<T extends FieldValues> extends UseFormReturn<T> {
  /** `formState.errors` and `formState.isSubmitting`, read by every form. */
  errors: UseFormReturn<T>['formState']['errors'];
  isSubmitting: boolean;
  /** The form's onSubmit: checks the fields, sends, then puts the outcome where it shows. */
  submit: (event?: BaseSyntheticEvent) => Promise<void>;
  /** The last submit succeeded (cleared by the next one, or by `setSucceeded(false)`). */
  succeeded: boolean;
  setSucceeded: (succeeded: boolean) => void;
}

/**
 * The react-hook-form set-up of every form that sends to the API: default values and validation mode as `useForm`
 * takes them; on submit, `onSubmit`; on failure, the API's 400 `errors` go under their fields (the first one takes the
 * focus) and anything else becomes the form's `root.server` error (`failureMessage`); `succeeded` says the last
 * submit went through, `formState.isSubmitting` that one is under way.
 */
export function useApiForm<T extends FieldValues>({
  onSubmit,
  failureMessage,
  serverFields,
  onFailure,
  ...options
}: UseApiFormOptions<T>): ApiForm<T> {
  const form = useForm<T>(options);
  const [succeeded, setSucceeded] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setSucceeded(false);
    try {
      await onSubmit(values, form);
    } catch (error) {
      const onField = applyApiFieldErrors(form, error, serverFields);
      if (!onField && failureMessage !== undefined)
        form.setError('root.server', {
          type: 'server',
          message: typeof failureMessage === 'string' ? failureMessage : failureMessage(error),
        });
      onFailure?.(error, onField);
      return;
    }
    setSucceeded(true);
  });
  const { errors, isSubmitting } = form.formState;
  return { ...form, errors, isSubmitting, submit, succeeded, setSucceeded };
}

type FormProps<T extends FieldValues> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> & { form: ApiForm<T> };

/** The `<form>` of a `useApiForm`: submits through it, the browser's own checks off (the form shows its own). */
export function Form<T extends FieldValues>({ form, children, ...rest }: FormProps<T>) {
  return (
    <form onSubmit={form.submit} noValidate {...rest}>
      {children}
    </form>
  );
}

/** The form's outcome: its failure (not about a field), then `success` once the last submit went through. */
export function FormAlerts<T extends FieldValues>({
  form,
  success,
  className,
}: {
  form: ApiForm<T>;
  success?: string;
  className?: string;
}) {
  const failure = form.errors.root?.server?.message;
  return (
    <>
      {failure ? (
        <Alert tone="error" className={className}>
          {failure}
        </Alert>
      ) : null}
      {success && form.succeeded ? (
        <Alert tone="success" className={className}>
          {success}
        </Alert>
      ) : null}
    </>
  );
}
