import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useListAdminUsers } from '../../api/generated/admin/admin';
import { type AdminUserDto, AdminUserSortBy } from '../../api/generated/model';
import { ButtonLink } from '../../components/ui/button';
import { actionsColumn, type Column, dateColumn } from '../../components/ui/data-table';
import { SearchForm } from '../../components/ui/search-form';
import { paths } from '../../config/paths';
import { formatCount, formatDate } from '../../lib/format';
import { pageQueryParams, usePagedSearch } from '../../lib/use-paged-search';
import { pages } from '../../config/pages';
import { AdminListPage } from './AdminListPage';
import { accountEmail, accountName, RoleBadge, rowLinkClass } from './labels';

const PAGE_SIZE = 10;
type UserSort = AdminUserSortBy;

const columns: Column<AdminUserDto, UserSort>[] = [
  {
    id: 'name',
    header: 'Nom',
    sortKey: AdminUserSortBy.name,
    cell: (u) => (
      <Link to={paths.admin.client(u.id)} className={rowLinkClass}>
        {u.closedAt ? accountName(u) : u.name || '—'}
      </Link>
    ),
    className: 'max-w-56 truncate',
  },
  {
    id: 'email',
    header: 'E-mail',
    sortKey: AdminUserSortBy.email,
    cell: (u) => accountEmail(u),
    className: 'max-w-64 truncate text-slate-600 dark:text-slate-300',
  },
  { id: 'role', header: 'Rôle', sortKey: AdminUserSortBy.role, cell: (u) => <RoleBadge role={u.role} /> },
  dateColumn({ id: 'created', header: 'Inscription', sortKey: AdminUserSortBy.created_at, cell: (u) => formatDate(u.createdAt) }),
  actionsColumn((u) => (
    <ButtonLink
      to={paths.admin.client(u.id)}
      size="sm"
      variant="secondary"
      aria-label={`${u.closedAt ? 'Voir' : 'Contacter'} ${accountName(u)}`}
    >
      {u.closedAt ? 'Voir' : 'Contacter'}
    </ButtonLink>
  )),
];

/** /admin/clients: every account, searched by name or e-mail, newest first, 10 per page. */
export function AdminClientsPage() {
  const list = usePagedSearch<Record<string, never>, UserSort>({
    sortKeys: Object.values(AdminUserSortBy),
    defaultSort: { by: AdminUserSortBy.created_at, order: 'desc' },
  });
  const query = useListAdminUsers(pageQueryParams(list, PAGE_SIZE), { query: { placeholderData: keepPreviousData } });

  return (
    <AdminListPage
      title={pages.admin.clients.heading.title}
      description={pages.admin.clients.heading.description}
      query={query}
      rows={query.data?.users}
      list={list}
      pageSize={PAGE_SIZE}
      count={(n) => formatCount(n, 'utilisateur')}
      toolbar={
        <SearchForm
          label="Rechercher un utilisateur"
          placeholder="Nom ou email"
          value={list.search}
          onSearch={list.setSearch}
          className="w-full sm:w-auto"
          inputClassName="sm:w-64"
        />
      }
      loadingText="Chargement des utilisateurs..."
      errorText="Impossible de charger les utilisateurs."
      emptyText="Aucun utilisateur trouvé"
      table={{
        label: 'Utilisateurs',
        columns,
        rowKey: (u) => u.id,
        minWidthClass: 'min-w-[44rem]',
      }}
    />
  );
}
