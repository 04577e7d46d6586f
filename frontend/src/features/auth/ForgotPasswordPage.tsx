import { useForgotPassword } from '../../api/generated/auth/auth';
import { isApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Alert } from '../../components/ui/card';
import { EmailInput } from '../../components/form-fields';
import { Form, FormAlerts, useApiForm } from '../../components/ui/form';
import { paths } from '../../config/paths';
import { AuthCard } from './AuthCard';
import { emailRules } from '../../lib/validation';

interface ForgotPasswordForm {
  email: string;
}

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const form = useApiForm<ForgotPasswordForm>({
    defaultValues: { email: '' },
    failureMessage: (error) => (isApiError(error) && error.status === 429 ? error.message : "Erreur lors de l'envoi. Veuillez réessayer."),
    onSubmit: ({ email }) => forgot.mutateAsync({ data: { email: email.trim() } }),
  });
  const { register, errors } = form;

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
        <Form form={form} className="space-y-5">
          <FormAlerts form={form} />
          <EmailInput error={errors.email?.message} {...register('email', emailRules)} />
          <Button type="submit" className="w-full" loading={forgot.isPending}>
            Envoyer le lien
          </Button>
        </Form>
      )}
    </AuthCard>
  );
}
