import { useForm } from 'react-hook-form';
import { Navigate } from 'react-router';
import { useRegister } from '../../api/generated/auth/auth';
import type { RegisterDto } from '../../api/generated/model';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/card';
import { EmailInput, NewPasswordInputs } from '../../components/form-fields';
import { Field } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { AuthCard } from './AuthCard';
import { useAuth } from '../../lib/auth/session';
import { applyApiFieldErrors } from '../../lib/form-errors';
import { confirmPasswordRules, emailRules, messages, newPasswordRules } from '../../lib/validation';

export function RegisterPage() {
  const { status, setSession } = useAuth();
  const registerAccount = useRegister();
  const form = useForm<RegisterDto>({ defaultValues: { name: '', email: '', password: '', confirmPassword: '' } });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  if (status === 'authenticated') return <Navigate to={paths.dashboard.root} replace />;

  const onSubmit = handleSubmit((values) =>
    registerAccount
      .mutateAsync({ data: { ...values, name: values.name.trim(), email: values.email.trim() } })
      .then(setSession)
      .catch((error: unknown) => {
        // Field errors from the server (e.g. 409 errors.email) go under their field; anything else is generic.
        if (!applyApiFieldErrors(form, error)) setError('root.server', { type: 'server', message: messages.registerFailed });
      }),
  );

  return (
    <AuthCard
      title="Créer un compte"
      subtitle="Quelques secondes suffisent pour accéder à votre espace client."
      footer={{ text: 'Déjà un compte ?', to: paths.login, link: 'Se connecter' }}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
        <Field
          label="Nom"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name', { validate: (v) => v.trim().length > 0 || messages.nameRequired })}
        />
        <EmailInput error={errors.email?.message} {...register('email', emailRules)} />
        <NewPasswordInputs
          password={{ error: errors.password?.message, ...register('password', newPasswordRules) }}
          confirm={{ error: errors.confirmPassword?.message, ...register('confirmPassword', confirmPasswordRules) }}
        />
        <Button type="submit" className="w-full" loading={registerAccount.isPending}>
          Créer mon compte
        </Button>
      </form>
    </AuthCard>
  );
}
