import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useGetAdminEmail, useListAdminEmails } from '../../api/generated/admin/admin';
import type { EmailSummaryDto, MailStatus } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Alert, Badge, Card } from '../../components/ui/card';
import { actionsColumn, type Column, dateColumn } from '../../components/ui/data-table';
import { FilterSelect, optionsOf } from '../../components/ui/form';
import { SearchForm } from '../../components/ui/search-form';
import { cn } from '../../lib/cn';
import { formatCount, formatDateTime } from '../../lib/format';
import { bindFilter, usePagedSearch } from '../../lib/use-paged-search';
import { AdminListPage } from './AdminListPage';
import { useRetryAdminEmail } from './api';

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
  const retry = useRetryAdminEmail();
  const [view, setView] = useState<'html' | 'text'>('html');
  const canRetry = email.status === 'failed' || email.status === 'queued';

  return (
    <Card flush className="overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-5 sm:flex-row sm:items-start sm:justify-between dark:border-slate-800">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold">{email.subject}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            À {email.recipient} · {formatDateTime(email.createdAt)} · {email.attempts} tentative{email.attempts > 1 ? 's' : ''}
          </p>
          {email.lastError ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">Dernière erreur : {email.lastError}</p> : null}
          {email.actionUrl ? (
            <p className="mt-1 truncate text-sm">
              Lien :{' '}
              {email.actionUrl.includes('••••') ? (
                // A one-time link (reset, first login): the API shows it masked, there is nothing to follow.
                <span className="font-medium">{email.actionUrl} (jeton masqué)</span>
              ) : (
                <a href={email.actionUrl} className="font-medium text-brand-600 underline dark:text-brand-400">
                  {email.actionUrl}
                </a>
              )}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <div role="group" aria-label="Format" className="flex rounded-lg border border-slate-200 p-0.5 dark:border-slate-700">
            {(['html', 'text'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => setView(v)}
                className={cn(
                  'rounded-md px-3 py-1 text-sm',
                  view === v ? 'bg-brand-600 text-white' : 'text-slate-600 dark:text-slate-300',
                )}
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
      {retry.isSuccess ? (
        <Alert tone="success" className="m-5">
          E-mail remis en file d'envoi.
        </Alert>
      ) : null}
      {retry.isError ? (
        <Alert tone="error" className="m-5">
          {isApiError(retry.error) ? retry.error.message : "Erreur lors de l'envoi."}
        </Alert>
      ) : null}
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
        <pre className="max-h-[32rem] overflow-auto p-5 text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">
          {detail.data.text}
        </pre>
      )}
    </Card>
  );
}

/** An address that may wrap after its '@' (and at its hyphens), never in the middle of a word. */
function Address({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

const STATUSES = Object.keys(STATUS_LABELS) as MailStatus[];

const columns: Column<EmailSummaryDto>[] = [
  dateColumn({ id: 'date', header: 'Date', cell: (email) => formatDateTime(email.createdAt) }),
  { id: 'recipient', header: 'Destinataire', cell: (email) => <Address email={email.recipient} /> },
  { id: 'subject', header: 'Objet', cell: (email) => email.subject, className: 'max-w-xs truncate' },
  { id: 'status', header: 'Statut', cell: (email) => <StatusBadge status={email.status} /> },
];

export function AdminEmailsPage() {
  const list = usePagedSearch({ filters: { status: '' as MailStatus | '' }, filterValues: { status: ['', ...STATUSES] } });
  const [selected, setSelected] = useState<EmailSummaryDto | null>(null);
  const query = useListAdminEmails(
    { page: list.page, limit: PAGE_SIZE, status: list.filters.status || undefined, recipient: list.search || undefined },
    { query: { placeholderData: keepPreviousData, refetchInterval: 5000 } },
  );
  const tableColumns: Column<EmailSummaryDto>[] = [
    ...columns,
    actionsColumn((email) => (
      <Button
        size="sm"
        variant="secondary"
        onClick={() => setSelected(email)}
        aria-label={`Voir l'e-mail « ${email.subject} » à ${email.recipient}`}
      >
        Voir
      </Button>
    )),
  ];

  return (
    <AdminListPage
      title="Journal des e-mails"
      description="Chaque e-mail envoyé par le service, son statut et son rendu."
      back={false}
      query={query}
      rows={query.data?.emails}
      list={list}
      pageSize={PAGE_SIZE}
      count={(n) => formatCount(n, 'e-mail')}
      inset="px-5"
      toolbarFrom="lg"
      toolbar={
        <SearchForm label="Destinataire" value={list.search} onSearch={list.setSearch} inputClassName="sm:w-64">
          <FilterSelect
            id="email-status"
            label="Statut"
            hideLabel
            allLabel="Tous les statuts"
            {...bindFilter(list, 'status')}
            options={optionsOf(STATUSES, STATUS_LABELS)}
            selectClassName="sm:w-48"
          />
        </SearchForm>
      }
      loadingText="Chargement des e-mails..."
      errorText="Impossible de charger le journal des e-mails."
      emptyText="Aucun e-mail"
      table={{
        label: 'Journal des e-mails',
        columns: tableColumns,
        rowKey: (email) => email.id,
        rowClassName: (email) => selected?.id === email.id && 'bg-brand-50 dark:bg-brand-950/40',
        minWidthClass: 'min-w-[44rem]',
      }}
      after={selected ? <EmailPreview key={selected.id} email={selected} onClose={() => setSelected(null)} /> : null}
    />
  );
}
