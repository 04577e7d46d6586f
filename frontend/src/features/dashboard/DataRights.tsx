import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useGetActivity } from '../../api/generated/auth/auth';
import type { ClosureCancellation, DataExportDto } from '../../api/generated/model';
import { useCloseAccount, useGetClosurePreview, useListDataExports } from '../../api/generated/privacy/privacy';
import { isApiError } from '../../api/http';
import { ClosureDialog } from '../../components/account-closure';
import { Button } from '../../components/ui/button';
import { Alert, Badge, type BadgeTone, Card } from '../../components/ui/card';
import { Field, useApiForm } from '../../components/ui/form';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth/session';
import { formatDateTime, formatDuration } from '../../lib/format';
import { useRequestDataExport } from './api';

export const dataRightsTexts = {
  requested:
    'C’est parti : nous préparons l’archive de vos données. Vous recevrez le lien de téléchargement par e-mail dans quelques minutes.',
  requestFailed: 'La demande n’a pas pu être envoyée. Réessayez.',
  closed: 'Votre compte est fermé. Un e-mail de confirmation vous a été envoyé.',
  closeFailed: 'La fermeture n’a pas pu aboutir. Réessayez dans un instant.',
} as const;

const EXPORT_STATUS: Record<DataExportDto['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'En préparation', tone: 'warning' },
  ready: { label: 'Prête', tone: 'success' },
  downloaded: { label: 'Téléchargée', tone: 'neutral' },
  expired: { label: 'Lien expiré', tone: 'neutral' },
  failed: { label: 'Échec', tone: 'danger' },
};

function exportDetail(e: DataExportDto): string {
  if (e.status === 'pending') return 'Le lien vous sera envoyé par e-mail dès qu’elle sera prête.';
  if (e.status === 'ready') return `Lien envoyé par e-mail, valable jusqu’au ${formatDateTime(e.expiresAt)}, une seule fois.`;
  if (e.status === 'downloaded') return `Téléchargée le ${formatDateTime(e.downloadedAt)}.`;
  if (e.status === 'expired') return 'Le lien n’est plus valable : demandez une nouvelle archive.';
  return 'La préparation a échoué : demandez une nouvelle archive, ou écrivez-nous.';
}

/** 'Mes données': ask for the archive of everything about the account; its link comes by e-mail. */
export function MyDataCard() {
  const exports = useListDataExports({
    query: { refetchInterval: (q) => (q.state.data?.exports[0]?.status === 'pending' ? 5000 : false) },
  });
  const request = useRequestDataExport();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const latest = exports.data?.exports ?? [];

  const ask = async () => {
    setMessage(null);
    try {
      await request.mutateAsync();
      setMessage({ tone: 'success', text: dataRightsTexts.requested });
    } catch (error) {
      setMessage({ tone: 'error', text: isApiError(error) && error.status !== 500 ? error.message : dataRightsTexts.requestFailed });
    }
  };

  return (
    <Card id="mes-donnees">
      <h2 className="text-lg font-semibold">Mes données</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Une archive ZIP de tout ce que nous conservons sur votre compte : profil, sites, réponses de commande et photos, demandes, messages,
        e-mails reçus, factures (PDF) et connexions, décrits dans un fichier LISEZMOI. Le lien arrive par e-mail en quelques minutes ; il
        est valable 24 heures, une seule fois, et seulement connecté à ce compte.
      </p>
      <div className="mt-5">
        <Button onClick={() => void ask()} loading={request.isPending}>
          Télécharger mes données
        </Button>
      </div>
      {message ? (
        <Alert tone={message.tone} className="mt-4">
          {message.text}
        </Alert>
      ) : null}
      <div className="mt-5">
        <QueryState query={exports} loadingText="Chargement de vos demandes..." errorText="Impossible de charger vos demandes." />
        {exports.data && latest.length > 0 ? (
          <ul
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800"
            aria-label="Vos demandes d’archive"
          >
            {latest.map((e) => (
              <li key={e.id} className="flex flex-col gap-1 px-4 py-3 text-sm sm:flex-row sm:items-start sm:justify-between sm:gap-4">
                <div className="min-w-0">
                  <p className="font-medium">Demandée le {formatDateTime(e.requestedAt)}</p>
                  <p className="text-slate-600 dark:text-slate-400">{exportDetail(e)}</p>
                </div>
                <Badge tone={EXPORT_STATUS[e.status].tone}>{EXPORT_STATUS[e.status].label}</Badge>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </Card>
  );
}

/** The account's activity: its sign-ins, and each time the team viewed its space (read only). */
export function ActivityCard() {
  const activity = useGetActivity();
  return (
    <Card id="activite">
      <h2 className="text-lg font-semibold">Activité</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Vos dernières connexions, et les consultations de votre espace par notre équipe : en lecture seule, 30 minutes au plus, toujours
        signalées par e-mail.
      </p>
      <QueryState
        className="mt-4"
        query={activity}
        loadingText="Chargement de l’activité..."
        errorText="Impossible de charger l’activité."
      />
      {activity.data ? (
        <div className="mt-4 grid gap-6 sm:grid-cols-2">
          <section aria-labelledby="activite-equipe">
            <h3 id="activite-equipe" className="text-sm font-semibold">
              Consultations par l’équipe
            </h3>
            {activity.data.teamViews.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Notre équipe n’a jamais consulté votre espace.</p>
            ) : (
              <ul className="mt-2 space-y-1.5 text-sm">
                {activity.data.teamViews.map((v) => (
                  <li key={v.startedAt}>
                    Le {formatDateTime(v.startedAt)}
                    {v.endedAt
                      ? `, pendant ${formatDuration((new Date(v.endedAt).getTime() - new Date(v.startedAt).getTime()) / 1000)}`
                      : ' (en cours)'}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="activite-connexions">
            <h3 id="activite-connexions" className="text-sm font-semibold">
              Connexions
            </h3>
            {activity.data.signIns.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Aucune connexion enregistrée.</p>
            ) : (
              <ul className="mt-2 space-y-1.5 text-sm">
                {activity.data.signIns.map((s) => (
                  <li key={s.at}>
                    {formatDateTime(s.at)}
                    {s.endedAt ? ` — terminée le ${formatDateTime(s.endedAt)}` : ''}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : null}
    </Card>
  );
}

interface CloseValues {
  password: string;
}

/** The confirmation of 'Fermer mon compte': exactly what happens, the choice of when the subscriptions end, the password. */
export function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const preview = useGetClosurePreview();
  const close = useCloseAccount();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [cancellation, setCancellation] = useState<ClosureCancellation>('period_end');
  const form = useApiForm<CloseValues>({
    defaultValues: { password: '' },
    failureMessage: (error) =>
      isApiError(error) && error.status < 500 && error.status !== 0 ? error.message : dataRightsTexts.closeFailed,
    onSubmit: async ({ password }) => {
      await close.mutateAsync({ data: { password, cancellation } });
      await logout();
      navigate(paths.login, { replace: true, state: { notice: dataRightsTexts.closed } });
    },
  });
  const { register, errors } = form;

  return (
    <ClosureDialog
      audience="client"
      title="Fermer votre compte"
      description="C’est définitif. Voici exactement ce qui se passe :"
      preview={preview}
      cancellation={cancellation}
      onCancellation={setCancellation}
      form={form}
      backLabel="Garder mon compte"
      submitLabel="Fermer définitivement mon compte"
      onClose={onClose}
    >
      <Field
        label="Mot de passe"
        type="password"
        autoComplete="current-password"
        hint="Pour confirmer que c’est bien vous."
        error={errors.password?.message}
        {...register('password', { required: 'Le mot de passe est requis' })}
      />
    </ClosureDialog>
  );
}

/** 'Fermer mon compte': what it means, and the dialog that does it. */
export function CloseAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <Card>
      <h2 className="text-lg font-semibold">Fermer mon compte</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Vos abonnements sont résiliés, vos données personnelles effacées ; vos factures restent conservées le temps que la loi impose.
        Pensez à télécharger vos données avant.
      </p>
      <div className="mt-5">
        <Button variant="danger" onClick={() => setOpen(true)}>
          Fermer mon compte
        </Button>
      </div>
      {open ? <CloseAccountDialog onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}
