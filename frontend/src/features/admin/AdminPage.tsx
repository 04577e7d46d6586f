import { keepPreviousData } from '@tanstack/react-query';
import { useListAdminUsers } from '../../api/generated/admin/admin';
import { ListAdminUsersSortBy, type UserResponseDto } from '../../api/generated/model';
import { AdminModeToggle } from '../../components/admin-mode-toggle';
import { ButtonLink } from '../../components/ui/button';
import { Badge, Card, Container } from '../../components/ui/card';
import { DataTable, type Column } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page';
import { SearchForm } from '../../components/ui/search-form';
import { paths } from '../../config/paths';
import { formatCount, formatDate } from '../../lib/format';
import { usePagedSearch } from '../../lib/use-paged-search';

const PAGE_SIZE = 10;

type UserSort = ListAdminUsersSortBy;

const columns: Column<UserResponseDto, UserSort>[] = [
  { id: 'name', header: 'Nom', sortKey: ListAdminUsersSortBy.name, cell: (u) => u.name || '—', className: 'font-medium' },
  { id: 'email', header: 'Email', sortKey: ListAdminUsersSortBy.email, cell: (u) => u.email, className: 'text-slate-600 dark:text-slate-300' },
  {
    id: 'role',
    header: 'Rôle',
    sortKey: ListAdminUsersSortBy.role,
    cell: (u) => <Badge tone={u.role === 'admin' ? 'brand' : 'neutral'}>{u.role === 'admin' ? 'Admin' : 'Client'}</Badge>,
  },
  {
    id: 'created',
    header: 'Inscription',
    sortKey: ListAdminUsersSortBy.created_at,
    cell: (u) => formatDate(u.createdAt),
    className: 'whitespace-nowrap text-slate-600 tabular-nums dark:text-slate-300',
  },
];

function UsersCard() {
  const list = usePagedSearch<Record<string, never>, UserSort>({
    sortKeys: Object.values(ListAdminUsersSortBy),
    defaultSort: { by: ListAdminUsersSortBy.created_at, order: 'desc' },
  });
  const query = useListAdminUsers(
    { page: list.page, limit: PAGE_SIZE, search: list.search || undefined, sortBy: list.sort?.by, sortOrder: list.sort?.order },
    { query: { placeholderData: keepPreviousData } },
  );
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Card flush className="min-w-0 overflow-hidden">
      <div className="flex flex-col gap-4 border-b border-slate-200 p-6 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <div>
          <h2 className="text-lg font-semibold">Utilisateurs</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {query.isSuccess ? formatCount(total, 'utilisateur') : '\u00a0'}
          </p>
        </div>
        <SearchForm label="Rechercher un utilisateur" placeholder="Nom ou email" value={list.search} onSearch={list.setSearch} className="w-full sm:w-auto" inputClassName="sm:w-64" />
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
        minWidthClass="min-w-[36rem]"
      />
    </Card>
  );
}

export function AdminPage() {
  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        eyebrow="Administration"
        title="Tableau de bord administrateur"
        description="Clients, sites et revenus de l'agence."
        actions={
          <>
            <ButtonLink to={paths.admin.quotes} variant="secondary">
              Demandes de devis
            </ButtonLink>
            <ButtonLink to={paths.admin.emails} variant="secondary">
              Journal des e-mails
            </ButtonLink>
            <AdminModeToggle />
          </>
        }
      />
      <div className="mt-8">
        <UsersCard />
      </div>
    </Container>
  );
}
