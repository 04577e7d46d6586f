import { Link, Navigate, useLocation } from 'react-router';
import { useLogin } from '../../api/generated/auth/auth';
import type { LoginDto } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { redirectTargetFrom } from '../../lib/auth/redirect';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/card';
import { EmailInput } from '../../components/form-fields';
import { Field, Form, FormAlerts, useApiForm } from '../../components/ui/form';
import { paths } from '../../config/paths';
import { AuthCard, textLinkClass } from './AuthCard';
import { useAuth } from '../../lib/auth/session';
import { emailRules, messages } from '../../lib/validation';

function loginErrorMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 429) return error.message; // lock-out message from the server, in French
    if (error.status === 0) return error.message;
    if (error.status >= 500) return 'Une erreur est survenue. Veuillez réessayer.';
  }
  return messages.loginFailed;
}

export function LoginPage() {
  const { status, setSession } = useAuth();
  const location = useLocation();
  const login = useLogin();
  const form = useApiForm<LoginDto>({
    defaultValues: { email: '', password: '' },
    failureMessage: loginErrorMessage,
    onSubmit: async (values) => setSession(await login.mutateAsync({ data: { email: values.email.trim(), password: values.password } })),
  });
  const { register, errors } = form;

  // Signed in (already, or just now): go back to the page of origin, else /dashboard.
  if (status === 'authenticated') return <Navigate to={redirectTargetFrom(location.state)} replace />;
  // A page that signed the user out may leave a word for them (a closed account).
  const notice = (location.state as { notice?: unknown } | null)?.notice;

  return (
    <AuthCard
      title="Connexion"
      subtitle="Accédez à votre espace client pour suivre vos sites et vos factures."
      footer={{ text: 'Pas encore de compte ?', to: paths.register, link: 'Créer un compte' }}
    >
      <Form form={form} className="space-y-5">
        {typeof notice === 'string' && !login.isError ? <Alert tone="success">{notice}</Alert> : null}
        <FormAlerts form={form} />
        <EmailInput error={errors.email?.message} {...register('email', emailRules)} />
        <Field
          label="Mot de passe"
          type="password"
          autoComplete="current-password"
          revealable
          error={errors.password?.message}
          {...register('password', { required: messages.passwordRequired })}
        />
        <div className="-mt-2 text-right text-sm">
          <Link to={paths.forgotPassword} className={textLinkClass}>
            Mot de passe oublié ?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={login.isPending}>
          Se connecter
        </Button>
      </Form>
    </AuthCard>
  );
}
