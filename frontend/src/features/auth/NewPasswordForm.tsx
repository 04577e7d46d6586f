import { useForm } from 'react-hook-form';
import { isApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { MIN_PASSWORD_LENGTH, messages } from '../../lib/validation';

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

/**
 * A new password and its confirmation (first login, password reset): at least 6 characters, both equal. A server
 * error on the password shows under the field; any other failure shows the generic message.
 */
export function NewPasswordForm({
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  submitLabel: string;
  pending: boolean;
  error: unknown;
  onSubmit: (password: string) => Promise<unknown>;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewPasswordValues>({ defaultValues: { password: '', confirmPassword: '' } });

  const submit = handleSubmit(({ password }) =>
    onSubmit(password).catch((e: unknown) => {
      if (isApiError(e) && e.fieldErrors.password) setError('password', { type: 'server', message: e.fieldErrors.password });
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {error && !(isApiError(error) && error.fieldErrors.password) ? <Alert tone="error">{messages.passwordChangeFailed}</Alert> : null}
      <Field
        label="Mot de passe"
        type="password"
        autoComplete="new-password"
        revealable
        hint="6 caractères minimum."
        error={errors.password?.message}
        {...register('password', {
          required: messages.passwordTooShort,
          minLength: { value: MIN_PASSWORD_LENGTH, message: messages.passwordTooShort },
        })}
      />
      <Field
        label="Confirmer le mot de passe"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword', {
          validate: (value, all) => value === all.password || messages.passwordsMismatch,
        })}
      />
      <Button type="submit" className="w-full" loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}
