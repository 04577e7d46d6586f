import { useWatch } from 'react-hook-form';
import { Button } from './ui/button';
import { NewPasswordInputs } from './form-fields';
import { Field, Form, FormAlerts, useApiForm } from './ui/form';
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
  const form = useApiForm<NewPasswordValues>({
    defaultValues,
    failureMessage,
    serverFields: { aliases: SERVER_FIELDS },
    onSubmit: async (values, { reset }) => {
      await onSubmit(values);
      if (successMessage) reset(defaultValues);
    },
  });
  const { register, control, errors, isSubmitting } = form;
  const [currentPassword, password, confirmPassword] = useWatch({ control, name: ['currentPassword', 'password', 'confirmPassword'] });

  // Password change (spec §5): disabled while working, when a field is empty or the two new ones differ.
  const liveMismatch = withCurrentPassword && confirmPassword.length > 0 && password !== confirmPassword;
  const incomplete = withCurrentPassword && (!currentPassword || !password || password !== confirmPassword);

  return (
    <Form form={form} className="space-y-5">
      {withCurrentPassword ? null : <FormAlerts form={form} success={successMessage} />}
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
      {withCurrentPassword ? <FormAlerts form={form} success={successMessage} /> : null}
      <Button type="submit" className={withCurrentPassword ? undefined : 'w-full'} disabled={incomplete} loading={isSubmitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}
