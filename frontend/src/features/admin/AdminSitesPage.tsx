import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useListAdminSites } from '../../api/generated/admin/admin';
import { type AdminSiteDto, type AdminSitePaymentFilter, AdminSiteSortBy, AdminSiteStatusFilter, AdminSiteTypeFilter } from '../../api/generated/model';
import { AdminPaymentBadge } from '../../components/payment-state-badge';
import { ButtonLink } from '../../components/ui/button';
import { Card, Container } from '../../components/ui/card';
import { DataTable, type Column } from '../../components/ui/data-table';
import { selectClasses } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page';
import { SearchForm } from '../../components/ui/search-form';
import { paths } from '../../config/paths';
import { formatCount, formatDate } from '../../lib/format';
import { ADMIN_PAYMENT_FILTER_ALL, ADMIN_PAYMENT_FILTERS } from '../../lib/payment-state';
import { usePagedSearch } from '../../lib/use-paged-search';
import { SITE_STATUS_LABELS, SITE_TYPE_LABELS, SiteStatusBadge, SiteTypeBadge } from './labels';

function EyeIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function PencilIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true">
      <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L8 18l-4 1 1-4 11.5-11.5Z" />
    </svg>
  );
}

/** Admin lists: 10 per page (spec §9). */
export const SITES_PAGE_SIZE = 10;

type Status = Exclude<AdminSiteStatusFilter, 'all'>;
type Type = Exclude<AdminSiteTypeFilter, 'all'>;
const STATUSES = Object.values(AdminSiteStatusFilter).filter((s): s is Status => s !== 'all');
const TYPES = Object.values(AdminSiteTypeFilter).filter((t): t is Type => t !== 'all');
type Payment = Exclude<AdminSitePaymentFilter, 'all'>;
const PAYMENTS = ADMIN_PAYMENT_FILTERS.map((p) => p.value);

const filterLabelClass = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200';

const columns: Column<AdminSiteDto, AdminSiteSortBy>[] = [
  {
    id: 'name',
    header: 'Site',
    sortKey: AdminSiteSortBy.site_name,
    cell: (s) => (
      <Link to={paths.admin.site(s.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-300">
        {s.siteName}
      </Link>
    ),
    className: 'max-w-52 truncate',
  },
  {
    id: 'domain',
    header: 'Domaine',
    sortKey: AdminSiteSortBy.domain,
    cell: (s) => s.domain ?? <span className="text-slate-500 italic dark:text-slate-400">Aucun domaine</span>,
    className: 'max-w-44 truncate text-slate-600 dark:text-slate-300',
  },
  { id: 'status', header: 'Statut', sortKey: AdminSiteSortBy.status, cell: (s) => <SiteStatusBadge status={s.status} /> },
  { id: 'type', header: 'Formule', sortKey: AdminSiteSortBy.type, cell: (s) => <SiteTypeBadge type={s.type} /> },
  { id: 'payment', header: 'Paiements', cell: (s) => <AdminPaymentBadge state={s.paymentState} since={s.paymentStateSince} /> },
  {
    id: 'owner',
    header: 'Client',
    sortKey: AdminSiteSortBy.owner_name,
    cell: (s) => (
      <>
        <span className="block truncate">{s.owner.name || '—'}</span>
        <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{s.owner.email}</span>
      </>
    ),
    className: 'max-w-48',
  },
  {
    id: 'created',
    header: 'Créé le',
    sortKey: AdminSiteSortBy.created_at,
    cell: (s) => formatDate(s.createdAt),
    className: 'whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300',
  },
  {
    id: 'actions',
    header: <span className="sr-only">Actions</span>,
    align: 'right',
    cell: (s) => (
      <span className="inline-flex gap-1">
        <ButtonLink to={paths.admin.site(s.id)} size="sm" variant="ghost" className="w-9 px-0" aria-label={`Voir ${s.siteName}`} title="Voir">
          <EyeIcon />
        </ButtonLink>
        <ButtonLink to={`${paths.admin.site(s.id)}#modifier`} size="sm" variant="ghost" className="w-9 px-0" aria-label={`Modifier ${s.siteName}`} title="Modifier">
          <PencilIcon />
        </ButtonLink>
      </span>
    ),
    className: 'whitespace-nowrap py-2',
  },
];

/** /admin/sites: every site, searched, filtered, sorted and paged; the whole state in the URL. */
export function AdminSitesPage() {
  const list = usePagedSearch({
    filters: { status: '' as Status | '', type: '' as Type | '', paymentState: '' as Payment | '' },
    filterValues: { status: STATUSES, type: TYPES, paymentState: PAYMENTS },
    sortKeys: Object.values(AdminSiteSortBy),
    defaultSort: { by: AdminSiteSortBy.created_at, order: 'desc' },
  });
  const query = useListAdminSites(
    {
      page: list.page,
      limit: SITES_PAGE_SIZE,
      search: list.search || undefined,
      status: list.filters.status || undefined,
      type: list.filters.type || undefined,
      paymentState: list.filters.paymentState || undefined,
      sortBy: list.sort?.by,
      sortOrder: list.sort?.order,
    },
    { query: { placeholderData: keepPreviousData } },
  );
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / SITES_PAGE_SIZE));

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        eyebrow="Administration"
        title="Sites"
        description="Tous les sites des clients : recherche, filtres et suivi de la création."
        actions={
          <ButtonLink to={paths.admin.root} variant="secondary">
            Retour à l'administration
          </ButtonLink>
        }
      />
      <Card flush className="mt-8 min-w-0 overflow-hidden">
        <div className="flex flex-col gap-4 border-b border-slate-200 p-5 xl:flex-row xl:items-end xl:justify-between dark:border-slate-800">
          <p className="text-sm text-slate-600 xl:pb-3 dark:text-slate-400" aria-live="polite">
            {query.isSuccess ? formatCount(total, 'site') : '\u00a0'}
          </p>
          <SearchForm
            label="Rechercher un site"
            placeholder="Site, domaine, client ou email"
            value={list.search}
            onSearch={list.setSearch}
            className="sm:flex-wrap sm:items-end"
            inputClassName="sm:w-64"
          >
            <div className="sm:w-44">
              <label className={filterLabelClass} htmlFor="admin-sites-status">
                Statut
              </label>
              <select id="admin-sites-status" className={selectClasses} value={list.filters.status} onChange={(e) => list.setFilter('status', e.target.value as Status | '')}>
                <option value="">Tous les statuts</option>
                {STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {SITE_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className="sm:w-44">
              <label className={filterLabelClass} htmlFor="admin-sites-type">
                Formule
              </label>
              <select id="admin-sites-type" className={selectClasses} value={list.filters.type} onChange={(e) => list.setFilter('type', e.target.value as Type | '')}>
                <option value="">Toutes les formules</option>
                {TYPES.map((t) => (
                  <option key={t} value={t}>
                    {SITE_TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
            </div>
            <div className="sm:w-52">
              <label className={filterLabelClass} htmlFor="admin-sites-payment">
                Paiements
              </label>
              <select
                id="admin-sites-payment"
                className={selectClasses}
                value={list.filters.paymentState}
                onChange={(e) => list.setFilter('paymentState', e.target.value as Payment | '')}
              >
                <option value="">{ADMIN_PAYMENT_FILTER_ALL}</option>
                {ADMIN_PAYMENT_FILTERS.map((p) => (
                  <option key={p.value} value={p.value}>
                    {p.label}
                  </option>
                ))}
              </select>
            </div>
          </SearchForm>
        </div>
        <DataTable
          label="Sites"
          columns={columns}
          rows={query.data?.sites}
          rowKey={(s) => s.id}
          loading={query.isFetching}
          loadingText="Chargement des sites..."
          error={query.isError}
          errorText="Impossible de charger les sites."
          onRetry={() => void query.refetch()}
          emptyText="Aucun site trouvé"
          sort={list.sort}
          onSort={list.toggleSort}
          pagination={{ page: list.page, pageCount, onPage: list.setPage }}
          minWidthClass="min-w-[66rem]"
          inset="px-5"
        />
      </Card>
    </Container>
  );
}
