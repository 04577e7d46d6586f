import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useListAdminUsers } from '../../api/generated/admin/admin';
import { AdminUserSortBy, type UserResponseDto } from '../../api/generated/model';
import { ButtonLink } from '../../components/ui/button';
import { Card, Container } from '../../components/ui/card';
import { DataTable, type Column } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page';
import { SearchForm } from '../../components/ui/search-form';
import { paths } from '../../config/paths';
import { formatCount, formatDate } from '../../lib/format';
import { usePagedSearch } from '../../lib/use-paged-search';
import { RoleBadge } from './labels';

const PAGE_SIZE = 10;
type UserSort = AdminUserSortBy;

const columns: Column<UserResponseDto, UserSort>[] = [
  {
    id: 'name',
    header: 'Nom',
    sortKey: AdminUserSortBy.name,
    cell: (u) => (
      <Link
        to={paths.admin.client(u.id)}
        className="font-medium text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-300"
      >
        {u.name || '—'}
      </Link>
    ),
    className: 'max-w-56 truncate',
  },
  {
    id: 'email',
    header: 'Email',
    sortKey: AdminUserSortBy.email,
    cell: (u) => u.email,
    className: 'max-w-64 truncate text-slate-600 dark:text-slate-300',
  },
  { id: 'role', header: 'Rôle', sortKey: AdminUserSortBy.role, cell: (u) => <RoleBadge role={u.role} /> },
  {
    id: 'created',
    header: 'Inscription',
    sortKey: AdminUserSortBy.created_at,
    cell: (u) => formatDate(u.createdAt),
    className: 'whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300',
  },
  {
    id: 'contact',
    header: <span className="sr-only">Actions</span>,
    align: 'right',
    cell: (u) => (
      <ButtonLink to={paths.admin.client(u.id)} size="sm" variant="secondary" aria-label={`Contacter ${u.name || u.email}`}>
        Contacter
      </ButtonLink>
    ),
  },
];

/** /admin/clients: every account, searched by name or e-mail, newest first, 10 per page. */
export function AdminClientsPage() {
  const list = usePagedSearch<Record<string, never>, UserSort>({
    sortKeys: Object.values(AdminUserSortBy),
    defaultSort: { by: AdminUserSortBy.created_at, order: 'desc' },
  });
  const query = useListAdminUsers(
    { page: list.page, limit: PAGE_SIZE, search: list.search || undefined, sortBy: list.sort?.by, sortOrder: list.sort?.order },
    { query: { placeholderData: keepPreviousData } },
  );
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        eyebrow="Administration"
        title="Clients"
        description="Les comptes clients et administrateurs ; ouvrez une fiche pour voir ses sites ou lui écrire."
        actions={
          <ButtonLink to={paths.admin.root} variant="secondary">
            Retour à l'administration
          </ButtonLink>
        }
      />
      <Card flush className="mt-8 min-w-0 overflow-hidden">
        <div className="flex flex-col gap-4 border-b border-slate-200 p-6 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {query.isSuccess ? formatCount(total, 'utilisateur') : '\u00a0'}
          </p>
          <SearchForm
            label="Rechercher un utilisateur"
            placeholder="Nom ou email"
            value={list.search}
            onSearch={list.setSearch}
            className="w-full sm:w-auto"
            inputClassName="sm:w-64"
          />
        </div>
        <DataTable
          label="Utilisateurs"
          columns={columns}
          rows={query.data?.users}
          rowKey={(u) => u.id}
          loading={query.isFetching}
          loadingText="Chargement des utilisateurs..."
          error={query.isError}
          errorText="Impossible de charger les utilisateurs."
          onRetry={() => void query.refetch()}
          emptyText="Aucun utilisateur trouvé"
          sort={list.sort}
          onSort={list.toggleSort}
          pagination={{ page: list.page, pageCount, onPage: list.setPage }}
          minWidthClass="min-w-[44rem]"
        />
      </Card>
    </Container>
  );
}
