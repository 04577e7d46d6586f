import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from './ui/button';
import { Alert } from './ui/card';
import { NewPasswordInputs } from './form-fields';
import { Field } from './ui/field';
import { applyApiFieldErrors } from '../lib/form-errors';
import { confirmPasswordRules, messages, newPasswordRules } from '../lib/validation';

export interface NewPasswordValues {
  /** Only with `withCurrentPassword`; '' otherwise. */
  currentPassword: string;
  password: string;
  confirmPassword: string;
}

/** The API's names for these fields (first login and reset: password; change-password: oldPassword, newPassword). */
const SERVER_FIELDS = { oldPassword: 'currentPassword', newPassword: 'password' } as const;

const defaultValues: NewPasswordValues = { currentPassword: '', password: '', confirmPassword: '' };

/**
 * A new password and its confirmation: at least 6 characters, both equal. Used by the first login, the password
 * reset and, with `withCurrentPassword`, the profile's password change, which adds 'Ancien mot de passe' and keeps
 * the button disabled until the three fields are filled and the two new ones match (spec §5).
 *
 * The server's field errors show under their field; any other failure shows `failureMessage`. After a success,
 * `successMessage` (if given) is shown and the fields are cleared.
 */
export function NewPasswordForm({
  submitLabel,
  onSubmit,
  withCurrentPassword = false,
  failureMessage = messages.passwordChangeFailed,
  successMessage,
}: {
  submitLabel: string;
  /** Resolves on success; rejects with the API error. */
  onSubmit: (values: NewPasswordValues) => Promise<unknown>;
  withCurrentPassword?: boolean;
  failureMessage?: string;
  successMessage?: string;
}) {
  const form = useForm<NewPasswordValues>({ defaultValues });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const [saved, setSaved] = useState(false);
  const [currentPassword, password, confirmPassword] = useWatch({ control, name: ['currentPassword', 'password', 'confirmPassword'] });

  // Password change (spec §5): disabled while working, when a field is empty or the two new ones differ.
  const liveMismatch = withCurrentPassword && confirmPassword.length > 0 && password !== confirmPassword;
  const incomplete = withCurrentPassword && (!currentPassword || !password || password !== confirmPassword);

  const submit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      await onSubmit(values);
    } catch (error) {
      if (!applyApiFieldErrors(form, error, { aliases: SERVER_FIELDS }))
        setError('root.server', { type: 'server', message: failureMessage });
      return;
    }
    if (successMessage) {
      reset(defaultValues);
      setSaved(true);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {errors.root?.server && !withCurrentPassword ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      {withCurrentPassword ? (
        <Field
          label="Ancien mot de passe"
          type="password"
          autoComplete="current-password"
          revealable
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
      ) : null}
      <NewPasswordInputs
        label={withCurrentPassword ? 'Nouveau mot de passe' : 'Mot de passe'}
        password={{ error: errors.password?.message, ...register('password', newPasswordRules) }}
        confirm={{
          error: errors.confirmPassword?.message ?? (liveMismatch ? messages.passwordsMismatch : undefined),
          ...register('confirmPassword', confirmPasswordRules),
        }}
      />
      {/* In a card with other content (profile), the outcome shows next to the button it answers. */}
      {errors.root?.server && withCurrentPassword ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      {saved && successMessage ? <Alert tone="success">{successMessage}</Alert> : null}
      <Button type="submit" className={withCurrentPassword ? undefined : 'w-full'} disabled={incomplete} loading={isSubmitting}>
        {submitLabel}
      </Button>
    </form>
  );
}
