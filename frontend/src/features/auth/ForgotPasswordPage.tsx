import { useForm } from 'react-hook-form';
import { useForgotPassword } from '../../api/generated/auth/auth';
import { isApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/card';
import { EmailInput } from '../../components/form-fields';
import { paths } from '../../config/paths';
import { applyApiFieldErrors, hasApiFieldError } from '../../lib/form-errors';
import { AuthCard } from './AuthCard';
import { emailRules } from '../../lib/validation';

interface ForgotPasswordForm {
  email: string;
}

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordForm>({ defaultValues: { email: '' } });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(({ email }) =>
    forgot.mutate({ data: { email: email.trim() } }, { onError: (error) => applyApiFieldErrors(form, error) }),
  );

  return (
    <AuthCard
      title="Mot de passe oublié"
      subtitle="Indiquez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe."
      footer={{ text: 'Vous vous en souvenez ?', to: paths.login, link: 'Se connecter' }}
    >
      {forgot.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success">{forgot.data.message}</Alert>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Le lien est valable 30 minutes. Pensez à vérifier vos courriers indésirables.
          </p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {forgot.isError && !hasApiFieldError(forgot.error, ['email']) ? (
            <Alert tone="error">
              {isApiError(forgot.error) && forgot.error.status === 429
                ? forgot.error.message
                : "Erreur lors de l'envoi. Veuillez réessayer."}
            </Alert>
          ) : null}
          <EmailInput error={errors.email?.message} {...register('email', emailRules)} />
          <Button type="submit" className="w-full" loading={forgot.isPending}>
            Envoyer le lien
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
