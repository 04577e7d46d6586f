import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useListAdminAuditLog } from '../../api/generated/admin/admin';
import { type AuditEntryDto, AuditEntityType } from '../../api/generated/model';
import { ButtonLink } from '../../components/ui/button';
import { Card, Container } from '../../components/ui/card';
import { DataTable, type Column } from '../../components/ui/data-table';
import { selectClasses } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { formatCount, formatDateTime } from '../../lib/format';
import { usePagedSearch } from '../../lib/use-paged-search';
import { AUDIT_ACTION_LABELS, describeAuditEntry } from './audit-text';

const PAGE_SIZE = 20;
const ENTITY_LABELS: Record<AuditEntityType, string> = { site: 'Sites', user: 'Clients', email: 'E-mails' };
const ENTITY_TYPES = Object.values(AuditEntityType);

const linkClass = 'font-medium text-brand-700 hover:underline dark:text-brand-300';

function Target({ entry }: { entry: AuditEntryDto }) {
  if (entry.entityType === 'site')
    return (
      <Link to={paths.admin.site(entry.entityId)} className={linkClass}>
        Voir le site
      </Link>
    );
  if (entry.entityType === 'user')
    return (
      <Link to={paths.admin.client(entry.entityId)} className={linkClass}>
        Voir le client
      </Link>
    );
  return (
    <Link to={paths.admin.emails} className={linkClass}>
      Journal des e-mails
    </Link>
  );
}

const columns: Column<AuditEntryDto>[] = [
  {
    id: 'date',
    header: 'Date',
    cell: (e) => <time dateTime={e.createdAt}>{formatDateTime(e.createdAt)}</time>,
    className: 'whitespace-nowrap tabular-nums text-slate-600 dark:text-slate-300',
  },
  { id: 'actor', header: 'Administrateur', cell: (e) => e.actorEmail, className: 'max-w-52 truncate' },
  {
    id: 'action',
    header: 'Action',
    cell: (e) => <span className="font-medium">{AUDIT_ACTION_LABELS[e.action] ?? e.action}</span>,
    className: 'whitespace-nowrap',
  },
  {
    id: 'details',
    header: 'Détails',
    cell: (e) => (
      <ul className="text-slate-700 dark:text-slate-200">
        {describeAuditEntry(e).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    ),
    className: 'min-w-56',
  },
  { id: 'target', header: 'Cible', cell: (e) => <Target entry={e} />, className: 'whitespace-nowrap' },
];

/** /admin/audit: every admin write, newest first (who, when, what changed). */
export function AdminAuditPage() {
  const list = usePagedSearch({ filters: { type: '' as AuditEntityType | '' }, filterValues: { type: ENTITY_TYPES } });
  const query = useListAdminAuditLog(
    { page: list.page, limit: PAGE_SIZE, entityType: list.filters.type || undefined },
    { query: { placeholderData: keepPreviousData } },
  );
  const total = query.data?.total ?? 0;

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        eyebrow="Administration"
        title="Journal d'audit"
        description="Chaque modification faite par un administrateur : qui, quand, et ce qui a changé."
        actions={
          <ButtonLink to={paths.admin.root} variant="secondary">
            Retour à l'administration
          </ButtonLink>
        }
      />
      <Card flush className="mt-8 min-w-0 overflow-hidden">
        <div className="flex flex-col gap-4 border-b border-slate-200 p-6 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {query.isSuccess ? formatCount(total, 'modification') : '\u00a0'}
          </p>
          <div>
            <label className="sr-only" htmlFor="audit-type">
              Cible
            </label>
            <select
              id="audit-type"
              className={cn(selectClasses, 'sm:w-48')}
              value={list.filters.type}
              onChange={(e) => list.setFilter('type', e.target.value as AuditEntityType | '')}
            >
              <option value="">Toutes les cibles</option>
              {ENTITY_TYPES.map((t) => (
                <option key={t} value={t}>
                  {ENTITY_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <DataTable
          label="Journal d'audit"
          columns={columns}
          rows={query.data?.entries}
          rowKey={(e) => e.id}
          loading={query.isFetching}
          loadingText="Chargement du journal..."
          error={query.isError}
          errorText="Impossible de charger le journal d'audit."
          onRetry={() => void query.refetch()}
          emptyText="Aucune modification pour le moment."
          pagination={{ page: list.page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)), onPage: list.setPage }}
          minWidthClass="min-w-[52rem]"
        />
      </Card>
    </Container>
  );
}
