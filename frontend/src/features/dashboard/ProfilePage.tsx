import { useChangePassword, useUpdateMe } from '../../api/generated/auth/auth';
import { Button } from '../../components/ui/button';
import { Card, Container } from '../../components/ui/card';
import { Field, Form, FormAlerts, useApiForm } from '../../components/ui/form';
import { PageHeader } from '../../components/ui/page';
import { useAuth } from '../../lib/auth/session';
import { NewPasswordForm } from '../../components/new-password-form';
import { BillingIdentityCard } from './BillingIdentityCard';
import { ActivityCard, CloseAccountCard, MyDataCard } from './DataRights';

export const profileMessages = {
  profileSaved: 'Profil mis à jour.',
  updateFailed: 'Erreur lors de la mise à jour.',
  passwordSaved: 'Mot de passe mis à jour.',
} as const;

interface ProfileValues {
  name: string;
}

function ProfileForm() {
  const { user, updateUser } = useAuth();
  const updateMe = useUpdateMe();
  const form = useApiForm<ProfileValues>({
    defaultValues: { name: user?.name ?? '' },
    failureMessage: profileMessages.updateFailed,
    onSubmit: async ({ name }, { reset }) => {
      const updated = await updateMe.mutateAsync({ data: { name: name.trim() } });
      updateUser(updated);
      reset({ name: updated.name });
    },
  });
  const { register, errors, isSubmitting } = form;

  return (
    <Card>
      <h2 className="text-lg font-semibold">Informations personnelles</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Votre nom apparaît dans vos échanges avec notre équipe.</p>
      <Form form={form} className="mt-6 space-y-5">
        <Field label="Nom" autoComplete="name" maxLength={100} error={errors.name?.message} {...register('name')} />
        <Field
          label="E-mail"
          type="email"
          value={user?.email ?? ''}
          readOnly
          aria-readonly="true"
          hint="L'adresse e-mail ne peut pas être modifiée ici."
        />
        <FormAlerts form={form} success={profileMessages.profileSaved} />
        <Button type="submit" loading={isSubmitting}>
          Enregistrer
        </Button>
      </Form>
    </Card>
  );
}

/** The password change: the shared new-password form with the old password first (spec §5). */
export function PasswordForm() {
  const { setSession } = useAuth();
  const changePassword = useChangePassword();

  return (
    <Card>
      <h2 className="text-lg font-semibold">Mot de passe</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Après le changement, vos autres sessions ouvertes sont fermées.</p>
      <div className="mt-6">
        <NewPasswordForm
          withCurrentPassword
          submitLabel="Mettre à jour le mot de passe"
          failureMessage={profileMessages.updateFailed}
          successMessage={profileMessages.passwordSaved}
          onSubmit={({ currentPassword, password, confirmPassword }) =>
            // Every other session is closed; this answer is the new one.
            changePassword.mutateAsync({ data: { oldPassword: currentPassword, newPassword: password, confirmPassword } }).then(setSession)
          }
        />
      </div>
    </Card>
  );
}

export function ProfilePage() {
  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        eyebrow="Espace client"
        title="Mon profil"
        description="Gérez vos informations personnelles, votre mot de passe, vos informations de facturation et vos données."
      />
      <div className="mt-8 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ProfileForm />
        <PasswordForm />
        <div className="lg:col-span-2">
          <BillingIdentityCard />
        </div>
        <MyDataCard />
        <CloseAccountCard />
        <div className="lg:col-span-2">
          <ActivityCard />
        </div>
      </div>
    </Container>
  );
}
