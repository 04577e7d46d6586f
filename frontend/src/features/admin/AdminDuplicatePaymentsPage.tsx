import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useListDuplicatePayments } from '../../api/generated/admin/admin';
import type { AdminDuplicatePaymentDto } from '../../api/generated/model';
import { Badge, type BadgeTone } from '../../components/ui/card';
import type { Column } from '../../components/ui/data-table';
import { paths } from '../../config/paths';
import { formatCount, formatDateTime, formatEuros } from '../../lib/format';
import { usePagedSearch } from '../../lib/use-paged-search';
import { AdminListPage } from './AdminListPage';

const PAGE_SIZE = 20;

type DuplicatePayment = AdminDuplicatePaymentDto;

export const DUPLICATE_STATUS: Record<DuplicatePayment['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Remboursement en cours', tone: 'warning' },
  refunded: { label: 'Remboursé', tone: 'success' },
  failed: { label: 'À traiter', tone: 'danger' },
};
const KIND_LABELS: Record<DuplicatePayment['kind'], string> = { order: 'Commande', restart: 'Relance', invoice: 'Facture' };

const linkClass = 'font-medium text-brand-700 hover:underline dark:text-brand-300';

const columns: Column<DuplicatePayment>[] = [
  {
    id: 'date',
    header: 'Date',
    cell: (d) => <time dateTime={d.createdAt}>{formatDateTime(d.createdAt)}</time>,
    className: 'whitespace-nowrap tabular-nums text-slate-600 dark:text-slate-300',
  },
  { id: 'email', header: 'Client', cell: (d) => d.customerEmail ?? '—', className: 'max-w-56 truncate' },
  { id: 'kind', header: 'Origine', cell: (d) => KIND_LABELS[d.kind] ?? d.kind, className: 'whitespace-nowrap' },
  {
    id: 'amount',
    header: 'Montant',
    align: 'right',
    cell: (d) => formatEuros(d.amountCents, { cents: true }),
    className: 'whitespace-nowrap tabular-nums',
  },
  {
    id: 'refunded',
    header: 'Remboursé',
    align: 'right',
    cell: (d) => formatEuros(d.refundedCents, { cents: true }),
    className: 'whitespace-nowrap tabular-nums',
  },
  {
    id: 'status',
    header: 'Statut',
    cell: (d) => {
      const status = DUPLICATE_STATUS[d.status] ?? DUPLICATE_STATUS.failed;
      return <Badge tone={status.tone}>{status.label}</Badge>;
    },
  },
  {
    id: 'reason',
    header: 'Motif',
    cell: (d) => (
      <>
        <span className="block">{d.reason}</span>
        {d.status === 'failed' && d.lastError ? (
          <span className="mt-1 block text-xs text-red-700 dark:text-red-300">Dernière erreur : {d.lastError}</span>
        ) : null}
      </>
    ),
    className: 'min-w-56',
  },
  {
    id: 'site',
    header: 'Site',
    cell: (d) =>
      d.siteId ? (
        <Link to={paths.admin.site(d.siteId)} className={linkClass}>
          Voir le site
        </Link>
      ) : (
        '—'
      ),
    className: 'whitespace-nowrap',
  },
];

/** /admin/duplicate-payments: the payments taken twice for one order or restart, refunded automatically, newest first. */
export function AdminDuplicatePaymentsPage() {
  const list = usePagedSearch();
  const query = useListDuplicatePayments({ page: list.page, limit: PAGE_SIZE }, { query: { placeholderData: keepPreviousData } });

  return (
    <AdminListPage
      title="Paiements en double"
      description="Un second paiement d'une même commande ou relance : l'abonnement en trop est annulé et le paiement remboursé automatiquement."
      query={query}
      rows={query.data?.duplicatePayments}
      list={list}
      pageSize={PAGE_SIZE}
      count={(n) => formatCount(n, 'paiement en double', 'paiements en double')}
      loadingText="Chargement des paiements..."
      errorText="Impossible de charger les paiements en double."
      emptyText="Aucun paiement en double"
      table={{ label: 'Paiements en double', columns, rowKey: (d) => d.id, minWidthClass: 'min-w-[64rem]' }}
    />
  );
}
