import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useGetAdminClosurePreview, useListAccountClosures, useStartClientView } from '../../api/generated/admin/admin';
import type { AccountClosureDto, AdminUserDto, ClosureCancellation } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { ClosureDialog } from '../../components/account-closure';
import { Button } from '../../components/ui/button';
import { Alert, Badge, type BadgeTone, Card } from '../../components/ui/card';
import { Textarea, useApiForm } from '../../components/ui/form';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth/session';
import { formatDate, formatDateTime } from '../../lib/format';
import { useCloseClientAccount } from './api';

export const clientRightsTexts = {
  viewFailed: 'La consultation n’a pas pu s’ouvrir. Réessayez.',
  closed: 'Le compte est fermé. Le client reçoit l’e-mail de confirmation ; ses données seront effacées ensuite.',
  closeFailed: 'La fermeture n’a pas pu aboutir. Réessayez dans un instant.',
} as const;

/** 'Voir comme le client': the client's space as they see it, read only, 30 minutes at most, mailed to them and audited. */
export function ClientViewCard({ user }: { user: AdminUserDto }) {
  const start = useStartClientView();
  const { startClientView } = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  const open = async () => {
    setError(null);
    try {
      const view = await start.mutateAsync({ id: user.id });
      startClientView(view);
      navigate(paths.dashboard.root);
    } catch (e) {
      setError(isApiError(e) && e.status > 0 && e.status < 500 ? e.message : clientRightsTexts.viewFailed);
    }
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold">Voir comme le client</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Ouvre son tableau de bord, ses sites, ses factures et le support tels qu’il les voit, en lecture seule, pour 30 minutes au plus. Ni
        son mot de passe ni ses moyens de paiement n’y figurent. Le client en est informé par e-mail ; la consultation est inscrite au
        journal d’audit.
      </p>
      <Button className="mt-4 w-full" variant="secondary" onClick={() => void open()} loading={start.isPending}>
        Voir comme le client
      </Button>
      {error ? (
        <Alert tone="error" className="mt-3">
          {error}
        </Alert>
      ) : null}
    </Card>
  );
}

interface CloseValues {
  reason: string;
}

/** The admin's confirmation of a client's closure: what happens, when the subscriptions end, the reason (audited). */
function AdminCloseDialog({ user, onClose, onClosed }: { user: AdminUserDto; onClose: () => void; onClosed: () => void }) {
  const preview = useGetAdminClosurePreview(user.id);
  const close = useCloseClientAccount();
  const [cancellation, setCancellation] = useState<ClosureCancellation>('period_end');
  const form = useApiForm<CloseValues>({
    defaultValues: { reason: '' },
    failureMessage: (error) =>
      isApiError(error) && error.status > 0 && error.status < 500 ? error.message : clientRightsTexts.closeFailed,
    onSubmit: async ({ reason }) => {
      await close.mutateAsync({ id: user.id, data: { reason: reason.trim(), cancellation } });
      onClosed();
    },
  });
  const { register, errors } = form;

  return (
    <ClosureDialog
      audience="admin"
      title="Fermer le compte de ce client"
      description={`À la demande de ${user.name || user.email}, c’est définitif. Voici exactement ce qui se passe :`}
      preview={preview}
      cancellation={cancellation}
      onCancellation={setCancellation}
      form={form}
      backLabel="Retour"
      submitLabel="Fermer le compte"
      onClose={onClose}
    >
      <Textarea
        label="Motif (la demande du client : date, moyen)"
        rows={3}
        maxLength={1000}
        textareaClassName="py-2 leading-relaxed"
        error={errors.reason?.message}
        {...register('reason', { validate: (v) => v.trim() !== '' || 'Le motif est requis' })}
      />
    </ClosureDialog>
  );
}

/** 'Fermer le compte', on the client's request. */
export function CloseClientCard({ user }: { user: AdminUserDto }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <Card>
      <h2 className="text-lg font-semibold">Fermer le compte</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        À la demande du client seulement : mêmes effets que s’il le fermait lui-même depuis son profil, avec le motif au journal d’audit.
      </p>
      <Button className="mt-4 w-full" variant="danger" onClick={() => setOpen(true)}>
        Fermer le compte
      </Button>
      {done ? (
        <Alert tone="success" className="mt-3">
          {clientRightsTexts.closed}
        </Alert>
      ) : null}
      {open ? (
        <AdminCloseDialog
          user={user}
          onClose={() => setOpen(false)}
          onClosed={() => {
            setOpen(false);
            setDone(true);
          }}
        />
      ) : null}
    </Card>
  );
}

const STATUS: Record<AccountClosureDto['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Effacement à venir', tone: 'warning' },
  done: { label: 'Données effacées', tone: 'success' },
  failed: { label: 'Effacement en échec', tone: 'danger' },
};

/** Where a closure's erasure stands, in words. */
export function erasureText(c: AccountClosureDto): string {
  if (c.status === 'done') return `Données personnelles effacées le ${formatDateTime(c.erasedAt)}.`;
  if (c.status === 'failed') return `L’effacement a échoué : ${c.lastError ?? 'erreur inconnue'}.`;
  if (c.waitingFor === 'subscriptions') return `En attente de la fin des abonnements ; prochain essai le ${formatDateTime(c.eraseAfter)}.`;
  if (c.waitingFor === 'mail') return 'En attente de l’envoi de l’e-mail de confirmation.';
  if (c.waitingFor === 'payments')
    return `En attente du remboursement d’un paiement fait juste avant la fermeture ; prochain essai le ${formatDateTime(c.eraseAfter)}.`;
  return `Effacement prévu à partir du ${formatDateTime(c.eraseAfter)}.`;
}

/** What is kept of a closed account, and until when. */
export function keptText(c: AccountClosureDto): string {
  return c.legalDocuments && c.retainedUntil
    ? `${c.legalDocuments} facture(s) et avoir(s) conservé(s) jusqu’au ${formatDate(`${c.retainedUntil}T12:00:00`)} (obligation légale).`
    : 'Aucune facture émise.';
}

export function StatusOfClosure({ closure }: { closure: AccountClosureDto }) {
  return <Badge tone={STATUS[closure.status].tone}>{STATUS[closure.status].label}</Badge>;
}

/** A closed account's closure: by whom and why, how its subscriptions ended, where its erasure stands, what is kept. */
export function ClosureCard({ userId }: { userId: string }) {
  const query = useListAccountClosures({ userId, limit: 1 });
  const closure = query.data?.closures[0];
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Compte fermé</h2>
        {closure ? <StatusOfClosure closure={closure} /> : null}
      </div>
      <QueryState
        className="mt-3"
        query={query}
        loadingText="Chargement de la fermeture..."
        errorText="Impossible de charger la fermeture."
      />
      {closure ? (
        <dl className="mt-3 space-y-3 text-sm">
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Fermé</dt>
            <dd>
              le {formatDateTime(closure.closedAt)},{' '}
              {closure.requestedBy === 'client' ? 'par le client' : `par ${closure.actorEmail ?? 'l’équipe'}, à sa demande`}
            </dd>
          </div>
          {closure.reason ? (
            <div>
              <dt className="text-slate-600 dark:text-slate-400">Motif</dt>
              <dd className="whitespace-pre-wrap">{closure.reason}</dd>
            </div>
          ) : null}
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Abonnements</dt>
            <dd>{closure.cancellation === 'now' ? 'Résiliés tout de suite' : 'Résiliés à la fin de la période payée'}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Données personnelles</dt>
            <dd>{erasureText(closure)}</dd>
          </div>
          <div>
            <dt className="text-slate-600 dark:text-slate-400">Conservé</dt>
            <dd>{keptText(closure)}</dd>
          </div>
        </dl>
      ) : null}
    </Card>
  );
}
