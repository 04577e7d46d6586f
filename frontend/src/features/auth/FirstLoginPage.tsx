import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useFirstLogin } from '../../api/generated/auth/auth';
import { isApiError } from '../../api/http';
import { Button, ButtonLink } from '../../components/ui/button';
import { Alert } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { AuthCard, textLinkClass } from './AuthCard';
import { useAuth } from './session';
import { MIN_PASSWORD_LENGTH, messages } from './validation';

interface FirstLoginForm {
  password: string;
  confirmPassword: string;
}

function InvalidLink() {
  return (
    <AuthCard title="Première connexion" subtitle="Ce lien de première connexion n'est plus valable.">
      <Alert tone="error">{messages.invalidLink}</Alert>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Si vous avez déjà défini votre mot de passe, connectez-vous. Sinon, contactez-nous et nous vous enverrons un nouveau lien.
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={paths.login} className="flex-1">
          Se connecter
        </ButtonLink>
        <ButtonLink to={paths.contact} variant="secondary" className="flex-1">
          Nous contacter
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

export function FirstLoginPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const { setSession } = useAuth();
  const firstLogin = useFirstLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FirstLoginForm>({ defaultValues: { password: '', confirmPassword: '' } });

  const tokenRejected = isApiError(firstLogin.error) && (firstLogin.error.status === 400 || firstLogin.error.status === 404) && !firstLogin.error.fieldErrors.password;
  if (!token || tokenRejected) return <InvalidLink />;

  const onSubmit = handleSubmit(({ password }) =>
    firstLogin
      .mutateAsync({ data: { token, password } })
      .then((session) => {
        setSession(session);
        navigate(paths.dashboard.root, { replace: true });
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.fieldErrors.password) setError('password', { type: 'server', message: error.fieldErrors.password });
      }),
  );

  return (
    <AuthCard
      title="Bienvenue !"
      subtitle="Choisissez votre mot de passe pour accéder à votre espace client."
      footer={
        <>
          Déjà un mot de passe ?{' '}
          <Link to={paths.login} className={textLinkClass}>
            Se connecter
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {firstLogin.isError && !tokenRejected && !(isApiError(firstLogin.error) && firstLogin.error.fieldErrors.password) ? (
          <Alert tone="error">{messages.passwordChangeFailed}</Alert>
        ) : null}
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
        <Button type="submit" className="w-full" loading={firstLogin.isPending}>
          Définir mon mot de passe
        </Button>
      </form>
    </AuthCard>
  );
}
