import { keepPreviousData } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useListAdminUsers } from '../../api/generated/admin/admin';
import { Button, ButtonLink } from '../../components/ui/button';
import { Alert, Badge, Card, Container } from '../../components/ui/card';
import { inputClasses } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page';
import { Pager } from '../../components/ui/pager';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format';
import { AdminModeToggle } from '../../components/admin-mode-toggle';

const PAGE_SIZE = 10;

function UsersCard() {
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useListAdminUsers(
    { page, limit: PAGE_SIZE, search: search || undefined, sortBy: 'created_at', sortOrder: 'desc' },
    { query: { placeholderData: keepPreviousData } },
  );
  const total = query.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(searchInput.trim());
    setPage(1);
  };

  return (
    <Card flush className="overflow-hidden">
      <div className="flex flex-col gap-4 border-b border-slate-200 p-6 sm:flex-row sm:items-center sm:justify-between dark:border-slate-800">
        <div>
          <h2 className="text-lg font-semibold">Utilisateurs</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {query.isSuccess ? `${total} utilisateur${total > 1 ? 's' : ''}` : '\u00a0'}
          </p>
        </div>
        <form role="search" onSubmit={onSearch} className="flex w-full gap-2 sm:w-auto">
          <label htmlFor="user-search" className="sr-only">
            Rechercher un utilisateur
          </label>
          <input
            id="user-search"
            type="search"
            placeholder="Nom ou email"
            value={searchInput}
            onChange={(e) => setSearchInput(e.target.value)}
            className={`${inputClasses} min-w-0 flex-1 sm:w-64`}
          />
          <Button type="submit" variant="secondary">
            Rechercher
          </Button>
        </form>
      </div>

      {query.isPending ? (
        <p className="p-6 text-sm text-slate-600 dark:text-slate-400" role="status">
          Chargement des utilisateurs...
        </p>
      ) : query.isError ? (
        <div className="p-6">
          <Alert tone="error">
            Impossible de charger les utilisateurs.{' '}
            <button type="button" onClick={() => void query.refetch()} className="font-semibold underline">
              Réessayer
            </button>
          </Alert>
        </div>
      ) : query.data.users.length === 0 ? (
        <p className="p-6 text-sm text-slate-600 dark:text-slate-400">Aucun utilisateur trouvé</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-slate-50 text-xs tracking-wide text-slate-500 uppercase dark:bg-slate-800/50 dark:text-slate-400">
              <tr>
                <th scope="col" className="px-6 py-3 font-semibold">Nom</th>
                <th scope="col" className="px-6 py-3 font-semibold">Email</th>
                <th scope="col" className="px-6 py-3 font-semibold">Rôle</th>
                <th scope="col" className="px-6 py-3 font-semibold">Inscription</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {query.data.users.map((u) => (
                <tr key={u.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/40">
                  <td className="px-6 py-3 font-medium">{u.name || '—'}</td>
                  <td className="px-6 py-3 text-slate-600 dark:text-slate-300">{u.email}</td>
                  <td className="px-6 py-3">
                    <Badge tone={u.role === 'admin' ? 'brand' : 'neutral'}>{u.role === 'admin' ? 'Admin' : 'Client'}</Badge>
                  </td>
                  <td className="px-6 py-3 text-slate-600 tabular-nums dark:text-slate-300">{formatDate(u.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {query.isSuccess ? <Pager page={page} pageCount={pageCount} onPage={setPage} /> : null}
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
