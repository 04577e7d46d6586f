import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useListAdminAuditLog } from '../../api/generated/admin/admin';
import { type AuditEntryDto, AuditEntityType } from '../../api/generated/model';
import type { Column } from '../../components/ui/data-table';
import { FilterSelect, optionsOf } from '../../components/ui/form';
import { paths } from '../../config/paths';
import { formatCount, formatDateTime } from '../../lib/format';
import { bindFilter, usePagedSearch } from '../../lib/use-paged-search';
import { AdminListPage } from './AdminListPage';
import { AUDIT_ACTION_LABELS, describeAuditActor, describeAuditEntry } from './audit-text';

const PAGE_SIZE = 20;
const ENTITY_LABELS: Record<AuditEntityType, string> = {
  site: 'Sites',
  user: 'Clients',
  email: 'E-mails',
  agency: "Paramètres de l'agence",
  api_key: "Clés d'API",
  webhook_endpoint: 'Webhooks',
  legal_invoice: 'Factures',
};
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
  if (entry.entityType === 'agency')
    return (
      <Link to={paths.admin.settings} className={linkClass}>
        Voir les paramètres
      </Link>
    );
  if (entry.entityType === 'legal_invoice')
    return (
      <Link to={paths.admin.invoice(entry.entityId)} className={linkClass}>
        Voir la facture
      </Link>
    );
  if (entry.entityType === 'api_key' || entry.entityType === 'webhook_endpoint')
    return (
      <Link to={paths.admin.integrations} className={linkClass}>
        Voir les intégrations
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
  {
    id: 'actor',
    header: 'Auteur',
    // A key's write names the key (an integrator's tool), never its creator as if they had made it.
    cell: (e) => <span title={describeAuditActor(e)}>{describeAuditActor(e)}</span>,
    className: 'max-w-52 truncate',
  },
  {
    id: 'action',
    header: 'Action',
    cell: (e) => <span className="font-medium">{AUDIT_ACTION_LABELS[e.action] ?? e.action}</span>,
    // Wraps: the longest actions ('Correction d'une facture (avoir et facture rectificative)') push the table past its card.
    className: 'min-w-40',
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

  return (
    <AdminListPage
      title="Journal d'audit"
      description="Chaque modification faite par un administrateur ou avec une clé d'API : qui, quand, et ce qui a changé."
      query={query}
      rows={query.data?.entries}
      list={list}
      pageSize={PAGE_SIZE}
      count={(n) => formatCount(n, 'modification')}
      toolbar={
        <FilterSelect
          id="audit-type"
          label="Cible"
          hideLabel
          allLabel="Toutes les cibles"
          {...bindFilter(list, 'type')}
          options={optionsOf(ENTITY_TYPES, ENTITY_LABELS)}
          selectClassName="sm:w-48"
        />
      }
      loadingText="Chargement du journal..."
      errorText="Impossible de charger le journal d'audit."
      emptyText="Aucune modification pour le moment."
      table={{ label: "Journal d'audit", columns, rowKey: (e) => e.id, minWidthClass: 'min-w-[52rem]' }}
    />
  );
}
