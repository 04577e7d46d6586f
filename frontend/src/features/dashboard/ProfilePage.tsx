import { useState, type FormEvent } from 'react';
import { useChangePassword, useUpdateMe } from '../../api/generated/auth/auth';
import { isApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Alert, Card, Container } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page';
import { useAuth } from '../../lib/auth/session';
import { messages as authMessages } from '../../lib/validation';

export const profileMessages = {
  profileSaved: 'Profil mis à jour.',
  updateFailed: 'Erreur lors de la mise à jour.',
  oldPasswordWrong: 'Ancien mot de passe incorrect.',
  passwordSaved: 'Mot de passe mis à jour.',
} as const;

type Notice = { tone: 'success' | 'error'; text: string } | null;

function ProfileForm() {
  const { user, updateUser } = useAuth();
  const [name, setName] = useState(user?.name ?? '');
  const [notice, setNotice] = useState<Notice>(null);
  const updateMe = useUpdateMe();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    updateMe.mutate(
      { data: { name: name.trim() } },
      {
        onSuccess: (updated) => {
          updateUser(updated);
          setName(updated.name);
          setNotice({ tone: 'success', text: profileMessages.profileSaved });
        },
        onError: () => setNotice({ tone: 'error', text: profileMessages.updateFailed }),
      },
    );
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold">Informations personnelles</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Votre nom apparaît dans vos échanges avec notre équipe.</p>
      <form onSubmit={onSubmit} className="mt-6 space-y-5" noValidate>
        <Field label="Nom" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={100} />
        <Field label="Email" type="email" value={user?.email ?? ''} readOnly aria-readonly="true" hint="L'adresse e-mail ne peut pas être modifiée ici." />
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        <Button type="submit" loading={updateMe.isPending}>
          Enregistrer
        </Button>
      </form>
    </Card>
  );
}

export function PasswordForm() {
  const { setSession } = useAuth();
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const changePassword = useChangePassword();

  const mismatch = confirmPassword.length > 0 && newPassword !== confirmPassword;
  const disabled = changePassword.isPending || !oldPassword || !newPassword || newPassword !== confirmPassword;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    setNotice(null);
    changePassword.mutate(
      { data: { oldPassword, newPassword, confirmPassword } },
      {
        onSuccess: (session) => {
          // Every other session was closed; this answer is the new one.
          setSession(session);
          setOldPassword('');
          setNewPassword('');
          setConfirmPassword('');
          setNotice({ tone: 'success', text: profileMessages.passwordSaved });
        },
        onError: (error) => {
          if (isApiError(error) && error.fieldErrors.oldPassword) {
            setNotice({ tone: 'error', text: profileMessages.oldPasswordWrong });
          } else if (isApiError(error) && error.fieldErrors.newPassword) {
            setNotice({ tone: 'error', text: error.fieldErrors.newPassword });
          } else {
            setNotice({ tone: 'error', text: profileMessages.updateFailed });
          }
        },
      },
    );
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold">Mot de passe</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Après le changement, vos autres sessions ouvertes sont fermées.
      </p>
      <form onSubmit={onSubmit} className="mt-6 space-y-5" noValidate>
        <Field
          label="Ancien mot de passe"
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.target.value)}
        />
        <Field
          label="Nouveau mot de passe"
          type="password"
          autoComplete="new-password"
          hint="6 caractères minimum."
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
        <Field
          label="Confirmer le mot de passe"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          error={mismatch ? authMessages.passwordsMismatch : undefined}
        />
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        <Button type="submit" disabled={disabled} loading={changePassword.isPending}>
          Mettre à jour le mot de passe
        </Button>
      </form>
    </Card>
  );
}

export function ProfilePage() {
  return (
    <Container className="py-10 sm:py-12">
      <PageHeader eyebrow="Espace client" title="Mon profil" description="Gérez vos informations personnelles et votre mot de passe." />
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <ProfileForm />
        <PasswordForm />
      </div>
    </Container>
  );
}
