import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useListAdminSites } from '../../api/generated/admin/admin';
import {
  type AdminSiteDto,
  type AdminSitePaymentFilter,
  AdminSiteSortBy,
  AdminSiteStatusFilter,
  AdminSiteTypeFilter,
} from '../../api/generated/model';
import { AdminPaymentBadge } from '../../components/payment-state-badge';
import { ButtonLink } from '../../components/ui/button';
import { actionsColumn, type Column, dateColumn } from '../../components/ui/data-table';
import { FilterSelect } from '../../components/ui/form';
import { EyeIcon, PencilIcon } from '../../components/ui/icons';
import { SearchForm } from '../../components/ui/search-form';
import { paths } from '../../config/paths';
import { formatCount, formatDate } from '../../lib/format';
import { ADMIN_PAYMENT_FILTER_ALL, ADMIN_PAYMENT_FILTERS } from '../../lib/payment-state';
import { bindFilter, pageQueryParams, usePagedSearch } from '../../lib/use-paged-search';
import { SITE_STATUS_LABELS } from '../../lib/site-status';
import { pages } from '../../config/pages';
import { AdminListPage } from './AdminListPage';
import { accountEmail, accountName, rowLinkClass, SITE_TYPE_LABELS, SiteStatusBadge, SiteTypeBadge } from './labels';

/** Admin lists: 10 per page (spec §9). */
export const SITES_PAGE_SIZE = 10;

type Status = Exclude<AdminSiteStatusFilter, 'all'>;
type Type = Exclude<AdminSiteTypeFilter, 'all'>;
const STATUSES = Object.values(AdminSiteStatusFilter).filter((s): s is Status => s !== 'all');
const TYPES = Object.values(AdminSiteTypeFilter).filter((t): t is Type => t !== 'all');
type Payment = Exclude<AdminSitePaymentFilter, 'all'>;
const PAYMENTS = ADMIN_PAYMENT_FILTERS.map((p) => p.value);

const columns: Column<AdminSiteDto, AdminSiteSortBy>[] = [
  {
    id: 'name',
    header: 'Site',
    sortKey: AdminSiteSortBy.site_name,
    cell: (s) => (
      <Link to={paths.admin.site(s.id)} className={rowLinkClass}>
        {s.siteName}
      </Link>
    ),
    className: 'max-w-48 truncate',
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
        <span className="block truncate">{s.owner.closedAt ? accountName(s.owner) : s.owner.name || '—'}</span>
        <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{accountEmail(s.owner)}</span>
      </>
    ),
    className: 'max-w-44',
  },
  dateColumn({ id: 'created', header: 'Créé le', sortKey: AdminSiteSortBy.created_at, cell: (s) => formatDate(s.createdAt) }),
  actionsColumn(
    (s) => (
      <span className="inline-flex gap-1">
        <ButtonLink
          to={paths.admin.site(s.id)}
          size="sm"
          variant="ghost"
          className="w-9 px-0"
          aria-label={`Voir ${s.siteName}`}
          title="Voir"
        >
          <EyeIcon />
        </ButtonLink>
        <ButtonLink
          to={`${paths.admin.site(s.id)}#modifier`}
          size="sm"
          variant="ghost"
          className="w-9 px-0"
          aria-label={`Modifier ${s.siteName}`}
          title="Modifier"
        >
          <PencilIcon />
        </ButtonLink>
      </span>
    ),
    'whitespace-nowrap py-2',
  ),
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
      ...pageQueryParams(list, SITES_PAGE_SIZE),
      status: list.filters.status || undefined,
      type: list.filters.type || undefined,
      paymentState: list.filters.paymentState || undefined,
    },
    { query: { placeholderData: keepPreviousData } },
  );

  return (
    <AdminListPage
      title={pages.admin.sites.heading.title}
      description={pages.admin.sites.heading.description}
      query={query}
      rows={query.data?.sites}
      list={list}
      pageSize={SITES_PAGE_SIZE}
      count={(n) => formatCount(n, 'site')}
      inset="px-5"
      toolbarFrom="xl"
      toolbar={
        <SearchForm
          label="Rechercher un site"
          placeholder="Site, domaine, client ou email"
          value={list.search}
          onSearch={list.setSearch}
          className="sm:flex-wrap sm:items-end"
          inputClassName="sm:w-64"
        >
          <FilterSelect
            id="admin-sites-status"
            className="sm:w-44"
            label="Statut"
            allLabel="Tous les statuts"
            {...bindFilter(list, 'status')}
            options={STATUSES.map((s) => ({ value: s, label: SITE_STATUS_LABELS[s] }))}
          />
          <FilterSelect
            id="admin-sites-type"
            className="sm:w-44"
            label="Formule"
            allLabel="Toutes les formules"
            {...bindFilter(list, 'type')}
            options={TYPES.map((t) => ({ value: t, label: SITE_TYPE_LABELS[t] }))}
          />
          <FilterSelect
            id="admin-sites-payment"
            label="Paiements"
            allLabel={ADMIN_PAYMENT_FILTER_ALL}
            {...bindFilter(list, 'paymentState')}
            options={ADMIN_PAYMENT_FILTERS}
            className="sm:w-52"
          />
        </SearchForm>
      }
      loadingText="Chargement des sites..."
      errorText="Impossible de charger les sites."
      emptyText="Aucun site trouvé"
      table={{
        label: 'Sites',
        columns,
        rowKey: (s) => s.id,
        minWidthClass: 'min-w-[66rem]',
      }}
    />
  );
}
