import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useListAccountClosures } from '../../api/generated/admin/admin';
import { type AccountClosureDto, ClosureFilter } from '../../api/generated/model';
import type { Column } from '../../components/ui/data-table';
import { FilterSelect, optionsOf } from '../../components/ui/form';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { formatCount, formatDate, formatDateTime } from '../../lib/format';
import { bindFilter, usePagedSearch } from '../../lib/use-paged-search';
import { AdminListPage } from './AdminListPage';
import { erasureText, keptText, StatusOfClosure } from './ClientDataRights';
import { rowLinkClass } from './labels';

const PAGE_SIZE = 20;

type Status = Exclude<ClosureFilter, 'all'>;
const STATUSES: Status[] = ['pending', 'done', 'failed'];
const STATUS_LABELS: Record<Status, string> = { pending: 'Effacement à venir', done: 'Données effacées', failed: 'En échec' };

const columns: Column<AccountClosureDto>[] = [
  {
    id: 'account',
    header: 'Compte',
    cell: (c) => (
      <Link to={paths.admin.client(c.userId)} className={rowLinkClass}>
        Compte fermé le {formatDate(c.closedAt)}
      </Link>
    ),
    className: 'whitespace-nowrap',
  },
  {
    id: 'by',
    header: 'Fermé par',
    cell: (c) =>
      c.requestedBy === 'client' ? (
        'Le client'
      ) : (
        <>
          <span className="block">{c.actorEmail ?? 'L’équipe'}</span>
          {c.reason ? <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">Motif : {c.reason}</span> : null}
        </>
      ),
    className: 'max-w-64',
  },
  {
    id: 'subscriptions',
    header: 'Abonnements',
    cell: (c) => (c.cancellation === 'now' ? 'Résiliés tout de suite' : 'À la fin de la période payée'),
    className: 'whitespace-nowrap',
  },
  { id: 'status', header: 'Statut', cell: (c) => <StatusOfClosure closure={c} /> },
  {
    id: 'erasure',
    header: 'Données personnelles',
    cell: (c) => (
      <span className={cn('block', c.status === 'failed' && 'text-red-700 dark:text-red-300')}>
        {c.status === 'done' ? `Effacées le ${formatDateTime(c.erasedAt)}` : erasureText(c)}
      </span>
    ),
    className: 'min-w-56',
  },
  { id: 'kept', header: 'Conservé', cell: (c) => keptText(c), className: 'min-w-56' },
];

/** /admin/closures: the closed accounts and their erasure requests, pending, done or failed, newest first. */
export function AdminClosuresPage() {
  const list = usePagedSearch({ filters: { status: '' as Status | '' }, filterValues: { status: ['', ...STATUSES] } });
  const query = useListAccountClosures(
    { page: list.page, limit: PAGE_SIZE, status: list.filters.status || ClosureFilter.all },
    { query: { placeholderData: keepPreviousData } },
  );

  return (
    <AdminListPage
      title="Comptes fermés"
      description="Les comptes fermés par leur client ou à sa demande, et l’effacement de leurs données personnelles : il attend l’envoi de l’e-mail de confirmation et la fin des abonnements. Les factures restent conservées."
      query={query}
      rows={query.data?.closures}
      list={list}
      pageSize={PAGE_SIZE}
      count={(n) => formatCount(n, 'compte fermé', 'comptes fermés')}
      toolbar={
        <FilterSelect
          id="closure-status"
          label="Statut"
          allLabel="Tous les statuts"
          {...bindFilter(list, 'status')}
          options={optionsOf(STATUSES, STATUS_LABELS)}
          className="flex items-center gap-2 [&>label]:mb-0"
          selectClassName="sm:w-56"
        />
      }
      loadingText="Chargement des comptes fermés..."
      errorText="Impossible de charger les comptes fermés."
      emptyText="Aucun compte fermé"
      table={{ label: 'Comptes fermés', columns, rowKey: (c) => c.id, minWidthClass: 'min-w-[64rem]' }}
    />
  );
}
