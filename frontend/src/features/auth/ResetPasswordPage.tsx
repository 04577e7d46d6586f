import { useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../../api/generated/auth/auth';
import { isApiError } from '../../api/http';
import { ButtonLink } from '../../components/ui/button';
import { Alert } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { AuthCard } from './AuthCard';
import { useAuth } from '../../lib/auth/session';
import { NewPasswordForm } from '../../components/new-password-form';
import { messages } from '../../lib/validation';

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

  const tokenRejected = isApiError(reset.error) && reset.error.status === 400 && !reset.error.fieldErrors.password;
  if (!token || tokenRejected) return <InvalidLink />;

  return (
    <AuthCard
      title="Nouveau mot de passe"
      subtitle="Choisissez un nouveau mot de passe pour votre compte."
      footer={{ text: 'Retour à la', to: paths.login, link: 'connexion' }}
    >
      <NewPasswordForm
        submitLabel="Enregistrer le mot de passe"
        onSubmit={({ password }) =>
          reset.mutateAsync({ data: { token, password } }).then((session) => {
            setSession(session);
            navigate(paths.dashboard.root, { replace: true });
          })
        }
      />
    </AuthCard>
  );
}
