import { Navigate } from 'react-router';
import { useRegister } from '../../api/generated/auth/auth';
import type { RegisterDto } from '../../api/generated/model';
import { Button } from '../../components/ui/button';
import { EmailInput, NewPasswordInputs } from '../../components/form-fields';
import { Field, Form, FormAlerts, useApiForm } from '../../components/ui/form';
import { paths } from '../../config/paths';
import { AuthCard } from './AuthCard';
import { useAuth } from '../../lib/auth/session';
import { confirmPasswordRules, emailRules, messages, newPasswordRules } from '../../lib/validation';

export function RegisterPage() {
  const { status, setSession } = useAuth();
  const registerAccount = useRegister();
  // Field errors from the server (e.g. 409 errors.email) go under their field; anything else is generic.
  const form = useApiForm<RegisterDto>({
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' },
    failureMessage: messages.registerFailed,
    onSubmit: async (values) =>
      setSession(await registerAccount.mutateAsync({ data: { ...values, name: values.name.trim(), email: values.email.trim() } })),
  });
  const { register, errors } = form;

  if (status === 'authenticated') return <Navigate to={paths.dashboard.root} replace />;

  return (
    <AuthCard
      title="Créer un compte"
      subtitle="Quelques secondes suffisent pour accéder à votre espace client."
      footer={{ text: 'Déjà un compte ?', to: paths.login, link: 'Se connecter' }}
    >
      <Form form={form} className="space-y-5">
        <FormAlerts form={form} />
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
      </Form>
    </AuthCard>
  );
}
