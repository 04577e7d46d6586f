import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../../api/generated/auth/auth';
import { isApiError } from '../../api/http';
import { Button, ButtonLink } from '../../components/ui/button';
import { Alert } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { paths } from '../../config/paths';
import { AuthCard, textLinkClass } from './AuthCard';
import { useAuth } from './session';
import { MIN_PASSWORD_LENGTH, messages } from './validation';

interface ResetPasswordForm {
  password: string;
  confirmPassword: string;
}

function InvalidLink() {
  return (
    <AuthCard title="Nouveau mot de passe" subtitle="Ce lien de réinitialisation n'est plus valable.">
      <Alert tone="error">{messages.invalidLink}</Alert>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Un lien ne sert qu'une fois et expire au bout de 30 minutes. Demandez-en un nouveau.
      </p>
      <div className="mt-6">
        <ButtonLink to={paths.forgotPassword} className="w-full">
          Demander un nouveau lien
        </ButtonLink>
      </div>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const { setSession } = useAuth();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetPasswordForm>({ defaultValues: { password: '', confirmPassword: '' } });

  const tokenRejected = isApiError(reset.error) && reset.error.status === 400 && !reset.error.fieldErrors.password;
  if (!token || tokenRejected) return <InvalidLink />;

  const onSubmit = handleSubmit(({ password }) =>
    reset
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
      title="Nouveau mot de passe"
      subtitle="Choisissez un nouveau mot de passe pour votre compte."
      footer={
        <>
          Retour à la{' '}
          <Link to={paths.login} className={textLinkClass}>
            connexion
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {reset.isError && !tokenRejected && !(isApiError(reset.error) && reset.error.fieldErrors.password) ? (
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
        <Button type="submit" className="w-full" loading={reset.isPending}>
          Enregistrer le mot de passe
        </Button>
      </form>
    </AuthCard>
  );
}
