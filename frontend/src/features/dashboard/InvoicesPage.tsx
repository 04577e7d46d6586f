import { keepPreviousData } from '@tanstack/react-query';
import { useListInvoices } from '../../api/generated/billing/billing';
import type { ClientInvoiceDto } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Badge, Card, Container } from '../../components/ui/card';
import { DataTable, type Column } from '../../components/ui/data-table';
import { PageHeader } from '../../components/ui/page';
import { formatDate, formatEuros } from '../../lib/format';
import { usePagedSearch } from '../../lib/use-paged-search';

/** 20 invoices per page (signed-in-areas §9). */
export const INVOICES_PER_PAGE = 20;

/** paid = Payée, open = En attente, void = Annulée, anything else = Échouée (spec §4). */
export function invoiceStatus(status: string): { label: string; tone: 'success' | 'warning' | 'neutral' } {
  if (status === 'paid') return { label: 'Payée', tone: 'success' };
  if (status === 'open') return { label: 'En attente', tone: 'warning' };
  if (status === 'void') return { label: 'Annulée', tone: 'neutral' };
  return { label: 'Échouée', tone: 'neutral' };
}

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300';

const columns: Column<ClientInvoiceDto>[] = [
  { id: 'number', header: 'Numéro', cell: (i) => <span className="font-medium whitespace-nowrap">{i.number ?? i.id.slice(-8)}</span> },
  { id: 'date', header: 'Date', cell: (i) => formatDate(i.date) },
  { id: 'amount', header: 'Montant', align: 'right', cell: (i) => formatEuros(i.amountCents, { cents: true }) },
  {
    id: 'status',
    header: 'Statut',
    cell: (i) => {
      const s = invoiceStatus(i.status);
      return <Badge tone={s.tone}>{s.label}</Badge>;
    },
  },
  { id: 'description', header: 'Description', cell: (i) => i.description ?? '—' },
  {
    id: 'links',
    header: 'Documents',
    cell: (i) => (
      <span className="flex gap-3">
        {i.pdfUrl ? (
          <a href={i.pdfUrl} target="_blank" rel="noreferrer" className={linkClass}>
            PDF
          </a>
        ) : null}
        {i.hostedUrl ? (
          <a href={i.hostedUrl} target="_blank" rel="noreferrer" className={linkClass}>
            Voir
          </a>
        ) : null}
      </span>
    ),
  },
];

/** /dashboard/invoices: the client's own invoices (the server finds them from the account). */
export function InvoicesPage() {
  const list = usePagedSearch();
  const query = useListInvoices({ page: list.page, limit: INVOICES_PER_PAGE }, { query: { placeholderData: keepPreviousData } });
  const pageCount = Math.max(1, Math.ceil((query.data?.total ?? 0) / INVOICES_PER_PAGE));
  return (
    <Container className="py-10 sm:py-12">
      <PageHeader eyebrow="Espace client" title="Factures" />
      {query.isError ? (
        <Card className="mt-8 border-red-200 dark:border-red-900" role="alert">
          <h2 className="text-lg font-semibold text-red-800 dark:text-red-300">Erreur</h2>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {isApiError(query.error) && query.error.status !== 0 && query.error.status < 500 ? query.error.message : 'Impossible de charger les factures'}
          </p>
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => void query.refetch()}>
            Réessayer
          </Button>
        </Card>
      ) : (
        <Card flush className="mt-8 overflow-hidden">
          <DataTable
            label="Factures"
            columns={columns}
            rows={query.data?.invoices}
            rowKey={(i) => i.id}
            loading={query.isPending}
            emptyText="Aucune facture"
            pagination={{ page: list.page, pageCount, onPage: list.setPage }}
            minWidthClass="min-w-[44rem]"
          />
        </Card>
      )}
    </Container>
  );
}
