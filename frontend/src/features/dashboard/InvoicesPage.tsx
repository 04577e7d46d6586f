import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadLegalInvoice, useListInvoices } from '../../api/generated/billing/billing';
import { useListSites } from '../../api/generated/sites/sites';
import type { ClientInvoiceDto, LegalDocumentRefDto } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { Button } from '../../components/ui/button';
import { Badge, Card, Container } from '../../components/ui/card';
import { DataTable, type Column } from '../../components/ui/data-table';
import { selectClasses } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page';
import { pages } from '../../config/pages';
import { cn } from '../../lib/cn';
import { saveBlob } from '../../lib/download';
import { formatDate, formatEuros } from '../../lib/format';
import { canPayInvoice, invoiceStatus } from '../../lib/invoice-status';
import { usePagedSearch } from '../../lib/use-paged-search';

/** 20 invoices per page (signed-in-areas §9). */
export const INVOICES_PER_PAGE = 20;

/** A site id as the API takes it; anything else in the URL is ignored (all sites). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-300';

/**
 * 'Facture (PDF)' (and 'Avoir (PDF)' for a refund): the legal document issued by the agency, a Factur-X file fetched
 * with the session's token and saved from a Blob (a plain link could not carry the token).
 */
export function LegalDocumentLinks({ invoice }: { invoice: ClientInvoiceDto }) {
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const save = async (doc: LegalDocumentRefDto) => {
    setBusy(doc.id);
    setFailed(false);
    try {
      saveBlob(await downloadLegalInvoice(doc.id), `${doc.number}.pdf`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      {invoice.legalDocuments.map((doc) => (
        <button
          key={doc.id}
          type="button"
          className={cn(linkClass, 'whitespace-nowrap disabled:opacity-60')}
          disabled={busy !== null}
          aria-busy={busy === doc.id || undefined}
          aria-label={`${doc.kind === 'invoice' ? 'Facture' : 'Avoir'} ${doc.number} (PDF)`}
          onClick={() => void save(doc)}
        >
          {doc.kind === 'invoice' ? 'Facture (PDF)' : `Avoir ${doc.number} (PDF)`}
        </button>
      ))}
      {failed ? (
        <span role="alert" className="text-red-700 dark:text-red-300">
          Téléchargement impossible, réessayez.
        </span>
      ) : null}
    </>
  );
}

/** The legal number of the invoice issued for a payment ('F-2026-000123'), else Stripe's own. */
const legalNumberOf = (i: ClientInvoiceDto) => i.legalDocuments.find((d) => d.kind === 'invoice')?.number;

const columns: Column<ClientInvoiceDto>[] = [
  {
    id: 'number',
    header: 'Numéro',
    cell: (i) => <span className="font-medium whitespace-nowrap">{legalNumberOf(i) ?? i.number ?? i.id.slice(-8)}</span>,
  },
  { id: 'date', header: 'Date', cell: (i) => formatDate(i.date), className: 'whitespace-nowrap' },
  { id: 'site', header: 'Site', cell: (i) => i.siteName ?? '—', className: 'max-w-48 truncate' },
  {
    id: 'amount',
    header: 'Montant',
    align: 'right',
    cell: (i) => formatEuros(i.amountCents, { cents: true }),
    className: 'whitespace-nowrap tabular-nums',
  },
  {
    id: 'status',
    header: 'Statut',
    cell: (i) => {
      const s = invoiceStatus(i);
      return <Badge tone={s.tone}>{s.label}</Badge>;
    },
  },
  { id: 'description', header: 'Description', cell: (i) => i.description ?? '—' },
  {
    id: 'links',
    header: 'Documents',
    cell: (i) => (
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        {canPayInvoice(i) && i.hostedUrl ? (
          <a
            href={i.hostedUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(linkClass, 'whitespace-nowrap text-red-700 dark:text-red-300')}
          >
            Régler maintenant
          </a>
        ) : null}
        <LegalDocumentLinks invoice={i} />
        {i.pdfUrl ? (
          <a href={i.pdfUrl} target="_blank" rel="noreferrer" className={linkClass}>
            Reçu Stripe
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

/** The site filter: 'Tous les sites' and the client's sites (the one in the URL is kept even before the list loads). */
function SiteFilter({ value, fallbackName, onChange }: { value: string; fallbackName: string | null; onChange: (siteId: string) => void }) {
  const sites = useListSites({ limit: 100 });
  const options = sites.data?.sites ?? [];
  const missing = value !== '' && !options.some((s) => s.id === value);
  return (
    <div className="w-full sm:w-72">
      <label htmlFor="invoices-site" className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
        Site
      </label>
      <select
        id="invoices-site"
        className={selectClasses}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-busy={sites.isPending || undefined}
      >
        <option value="">Tous les sites</option>
        {options.map((site) => (
          <option key={site.id} value={site.id}>
            {site.siteName}
          </option>
        ))}
        {missing ? <option value={value}>{fallbackName ?? 'Site sélectionné'}</option> : null}
      </select>
    </div>
  );
}

/** /dashboard/invoices: the client's own invoices (the server finds them from the account), for one site or all. */
export function InvoicesPage() {
  const list = usePagedSearch({ filters: { siteId: '' } });
  const siteId = UUID.test(list.filters.siteId) ? list.filters.siteId : '';
  const query = useListInvoices(
    { page: list.page, limit: INVOICES_PER_PAGE, ...(siteId ? { siteId } : {}) },
    // Asked again when the window gets the focus back: after settling an invoice in Stripe's tab.
    { query: { placeholderData: keepPreviousData, refetchOnWindowFocus: true } },
  );
  const pageCount = Math.max(1, Math.ceil((query.data?.total ?? 0) / INVOICES_PER_PAGE));
  const fallbackName = query.data?.invoices.find((i) => i.siteId === siteId)?.siteName ?? null;
  return (
    <Container className="py-10 sm:py-12">
      <PageHeader {...pages.dashboard.invoices.heading} />
      <div className="mt-8">
        <SiteFilter value={siteId} fallbackName={fallbackName} onChange={(value) => list.setFilter('siteId', value)} />
      </div>
      {query.isError ? (
        <Card className="mt-6 border-red-200 dark:border-red-900" role="alert">
          <h2 className="text-lg font-semibold text-red-800 dark:text-red-300">Erreur</h2>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {isApiError(query.error) && query.error.status !== 0 && query.error.status < 500
              ? query.error.message
              : 'Impossible de charger les factures'}
          </p>
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => void query.refetch()}>
            Réessayer
          </Button>
        </Card>
      ) : (
        <Card flush className="mt-6 overflow-hidden">
          <DataTable
            label="Factures"
            columns={columns}
            rows={query.data?.invoices}
            rowKey={(i) => i.id}
            loading={query.isPending || query.isPlaceholderData}
            emptyText="Aucune facture"
            pagination={{ page: list.page, pageCount, onPage: list.setPage }}
            minWidthClass="min-w-[52rem]"
          />
        </Card>
      )}
    </Container>
  );
}
