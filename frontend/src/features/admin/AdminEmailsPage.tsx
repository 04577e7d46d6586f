import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { getListAdminEmailsQueryKey, useGetAdminEmail, useListAdminEmails, useRetryAdminEmail } from '../../api/generated/admin/admin';
import type { EmailSummaryDto, MailStatus } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Alert, Badge, Card, Container } from '../../components/ui/card';
import { inputClasses } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page';
import { Pager } from '../../components/ui/pager';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';

const PAGE_SIZE = 20;

export const STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'En attente',
  sending: 'En cours',
  sent: 'Envoyé',
  failed: 'Échec',
  captured: 'Capturé',
};
const STATUS_TONES: Record<MailStatus, 'neutral' | 'brand' | 'success' | 'warning'> = {
  queued: 'warning',
  sending: 'brand',
  sent: 'success',
  failed: 'warning',
  captured: 'neutral',
};

function StatusBadge({ status }: { status: MailStatus }) {
  return (
    <span className={cn(status === 'failed' && '[&>*]:bg-red-100 [&>*]:text-red-800 dark:[&>*]:bg-red-950 dark:[&>*]:text-red-300')}>
      <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>
    </span>
  );
}

function EmailPreview({ email, onClose }: { email: EmailSummaryDto; onClose: () => void }) {
  const detail = useGetAdminEmail(email.id);
  const queryClient = useQueryClient();
  const retry = useRetryAdminEmail({
    mutation: { onSuccess: () => void queryClient.invalidateQueries({ queryKey: getListAdminEmailsQueryKey() }) },
  });
  const [view, setView] = useState<'html' | 'text'>('html');
  const canRetry = email.status === 'failed' || email.status === 'queued';

  return (
    <Card flush className="overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-5 sm:flex-row sm:items-start sm:justify-between dark:border-slate-800">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold">{email.subject}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            À {email.recipient} · {formatDateTime(email.created_at)} · {email.attempts} tentative{email.attempts > 1 ? 's' : ''}
          </p>
          {email.last_error ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">Dernière erreur : {email.last_error}</p> : null}
          {email.action_url ? (
            <p className="mt-1 truncate text-sm">
              Lien :{' '}
              <a href={email.action_url} className="font-medium text-brand-600 underline dark:text-brand-400">
                {email.action_url}
              </a>
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-2">
          <div role="group" aria-label="Format" className="flex rounded-lg border border-slate-200 p-0.5 dark:border-slate-700">
            {(['html', 'text'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={cn('rounded-md px-3 py-1 text-sm', view === v ? 'bg-brand-600 text-white' : 'text-slate-600 dark:text-slate-300')}
              >
                {v === 'html' ? 'HTML' : 'Texte'}
              </button>
            ))}
          </div>
          {canRetry ? (
            <Button size="sm" loading={retry.isPending} onClick={() => retry.mutate({ id: email.id })}>
              Renvoyer
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" onClick={onClose}>
            Fermer
          </Button>
        </div>
      </div>
      {retry.isSuccess ? <Alert tone="success" className="m-5">E-mail remis en file d'envoi.</Alert> : null}
      {retry.isError ? <Alert tone="error" className="m-5">{isApiError(retry.error) ? retry.error.message : "Erreur lors de l'envoi."}</Alert> : null}
      {detail.isPending ? (
        <p role="status" className="p-5 text-sm text-slate-600 dark:text-slate-400">
          Chargement de l'aperçu...
        </p>
      ) : detail.isError ? (
        <Alert tone="error" className="m-5">
          Impossible de charger l'aperçu.
        </Alert>
      ) : view === 'html' ? (
        // Sandboxed: no scripts, no same-origin access; the mail is shown as the recipient would see it.
        <iframe title={`Aperçu : ${email.subject}`} sandbox="" srcDoc={detail.data.html} className="h-[32rem] w-full bg-white" />
      ) : (
        <pre className="max-h-[32rem] overflow-auto p-5 text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">{detail.data.text}</pre>
      )}
    </Card>
  );
}

export function AdminEmailsPage() {
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [recipientInput, setRecipientInput] = useState('');
  const [recipient, setRecipient] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<EmailSummaryDto | null>(null);
  const query = useListAdminEmails(
    { page, limit: PAGE_SIZE, status: status || undefined, recipient: recipient || undefined },
    { query: { placeholderData: keepPreviousData, refetchInterval: 5000 } },
  );
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setRecipient(recipientInput.trim());
    setPage(1);
  };

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader eyebrow="Administration" title="Journal des e-mails" description="Chaque e-mail envoyé par le service, son statut et son rendu." />
      <div className="mt-8 grid gap-6">
        <Card flush className="overflow-hidden">
          <div className="flex flex-col gap-3 border-b border-slate-200 p-5 lg:flex-row lg:items-center lg:justify-between dark:border-slate-800">
            <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
              {query.isSuccess ? `${total} e-mail${total > 1 ? 's' : ''}` : '\u00a0'}
            </p>
            <form role="search" onSubmit={onSearch} className="flex flex-col gap-2 sm:flex-row">
              <label htmlFor="email-status" className="sr-only">
                Statut
              </label>
              <select
                id="email-status"
                value={status}
                onChange={(e) => {
                  setStatus(e.target.value as MailStatus | '');
                  setPage(1);
                }}
                className={inputClasses}
              >
                <option value="">Tous les statuts</option>
                {(Object.keys(STATUS_LABELS) as MailStatus[]).map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
              <label htmlFor="email-recipient" className="sr-only">
                Destinataire
              </label>
              <input
                id="email-recipient"
                type="search"
                placeholder="Destinataire"
                value={recipientInput}
                onChange={(e) => setRecipientInput(e.target.value)}
                className={`${inputClasses} sm:w-64`}
              />
              <Button type="submit" variant="secondary">
                Rechercher
              </Button>
            </form>
          </div>

          {query.isPending ? (
            <p className="p-5 text-sm text-slate-600 dark:text-slate-400" role="status">
              Chargement des e-mails...
            </p>
          ) : query.isError ? (
            <div className="p-5">
              <Alert tone="error">Impossible de charger le journal des e-mails.</Alert>
            </div>
          ) : query.data.emails.length === 0 ? (
            <p className="p-5 text-sm text-slate-600 dark:text-slate-400">Aucun e-mail</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[44rem] text-left text-sm">
                <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase dark:bg-slate-800/50 dark:text-slate-400">
                  <tr>
                    <th scope="col" className="px-5 py-3 font-semibold">Date</th>
                    <th scope="col" className="px-5 py-3 font-semibold">Destinataire</th>
                    <th scope="col" className="px-5 py-3 font-semibold">Objet</th>
                    <th scope="col" className="px-5 py-3 font-semibold">Statut</th>
                    <th scope="col" className="px-5 py-3 font-semibold"><span className="sr-only">Actions</span></th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                  {query.data.emails.map((email) => (
                    <tr key={email.id} className={cn('hover:bg-slate-50 dark:hover:bg-slate-800/40', selected?.id === email.id && 'bg-brand-50 dark:bg-brand-950/40')}>
                      <td className="px-5 py-3 whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300">{formatDateTime(email.created_at)}</td>
                      <td className="px-5 py-3">{email.recipient}</td>
                      <td className="max-w-xs truncate px-5 py-3">{email.subject}</td>
                      <td className="px-5 py-3">
                        <StatusBadge status={email.status} />
                      </td>
                      <td className="px-5 py-3 text-right">
                        <Button size="sm" variant="secondary" onClick={() => setSelected(email)} aria-label={`Voir l'e-mail « ${email.subject} » à ${email.recipient}`}>
                          Voir
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {query.isSuccess ? <Pager page={page} pageCount={pageCount} onPage={setPage} className="px-5" /> : null}
        </Card>
        {selected ? <EmailPreview key={selected.id} email={selected} onClose={() => setSelected(null)} /> : null}
      </div>
    </Container>
  );
}
