import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation } from 'react-router';
import { useLogin } from '../../api/generated/auth/auth';
import type { LoginDto } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { redirectTargetFrom } from '../../lib/auth/redirect';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/card';
import { EmailInput } from '../../components/form-fields';
import { Field } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { AuthCard, textLinkClass } from './AuthCard';
import { useAuth } from '../../lib/auth/session';
import { applyApiFieldErrors, hasApiFieldError } from '../../lib/form-errors';
import { emailRules, messages } from '../../lib/validation';

const FIELDS = ['email', 'password'];

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
  const form = useForm<LoginDto>({ defaultValues: { email: '', password: '' } });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  // Signed in (already, or just now): go back to the page of origin, else /dashboard.
  if (status === 'authenticated') return <Navigate to={redirectTargetFrom(location.state)} replace />;
  // A page that signed the user out may leave a word for them (a closed account).
  const notice = (location.state as { notice?: unknown } | null)?.notice;

  const onSubmit = handleSubmit((values) => {
    login.mutate(
      { data: { email: values.email.trim(), password: values.password } },
      { onSuccess: setSession, onError: (error) => applyApiFieldErrors(form, error) },
    );
  });

  return (
    <AuthCard
      title="Connexion"
      subtitle="Accédez à votre espace client pour suivre vos sites et vos factures."
      footer={{ text: 'Pas encore de compte ?', to: paths.register, link: 'Créer un compte' }}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {typeof notice === 'string' && !login.isError ? <Alert tone="success">{notice}</Alert> : null}
        {login.isError && !hasApiFieldError(login.error, FIELDS) ? <Alert tone="error">{loginErrorMessage(login.error)}</Alert> : null}
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
      </form>
    </AuthCard>
  );
}
