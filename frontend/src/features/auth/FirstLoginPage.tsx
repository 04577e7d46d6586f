import { useNavigate, useSearchParams } from 'react-router';
import { useFirstLogin } from '../../api/generated/auth/auth';
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

  const tokenRejected =
    isApiError(firstLogin.error) &&
    (firstLogin.error.status === 400 || firstLogin.error.status === 404) &&
    !firstLogin.error.fieldErrors.password;
  if (!token || tokenRejected) return <InvalidLink />;

  return (
    <AuthCard
      title="Bienvenue !"
      subtitle="Choisissez votre mot de passe pour accéder à votre espace client."
      footer={{ text: 'Déjà un mot de passe ?', to: paths.login, link: 'Se connecter' }}
    >
      <NewPasswordForm
        submitLabel="Définir mon mot de passe"
        onSubmit={({ password }) =>
          firstLogin.mutateAsync({ data: { token, password } }).then((session) => {
            setSession(session);
            navigate(paths.dashboard.root, { replace: true });
          })
        }
      />
    </AuthCard>
  );
}
