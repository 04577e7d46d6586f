import { keepPreviousData } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { downloadAdminLegalInvoice, exportAccounting, exportFec, useListAdminLegalInvoices } from '../../api/generated/admin/admin';
import type { LegalInvoiceDto } from '../../api/generated/model';
import { Button } from '../../components/ui/button';
import { Badge, Card } from '../../components/ui/card';
import type { Column } from '../../components/ui/data-table';
import { Field, FilterSelect, Form, FormAlerts, optionsOf, useApiForm } from '../../components/ui/form';
import { paths } from '../../config/paths';
import { saveBlob } from '../../lib/download';
import { formatCount, formatDate, formatEuros } from '../../lib/format';
import { useAgency } from '../../lib/site-info';
import { bindFilter, usePagedSearch } from '../../lib/use-paged-search';
import { AdminListPage } from './AdminListPage';

const PAGE_SIZE = 20;
const linkClass = 'font-medium text-brand-700 hover:underline disabled:opacity-60 dark:text-brand-300';

export const LEGAL_KIND_LABELS: Record<LegalInvoiceDto['kind'], string> = { invoice: 'Facture', credit_note: 'Avoir' };

/** 'Télécharger' a document's Factur-X file, fetched with the admin's token and saved from a Blob. */
export function LegalInvoiceDownload({ doc }: { doc: Pick<LegalInvoiceDto, 'id' | 'number' | 'kind'> }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={linkClass}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => {
          setBusy(true);
          setFailed(false);
          downloadAdminLegalInvoice(doc.id)
            .then((blob) => saveBlob(blob, `${doc.number}.pdf`))
            .catch(() => setFailed(true))
            .finally(() => setBusy(false));
        }}
      >
        {/* The name starts with the visible word (WCAG 2.5.3, label in name), then says which document. */}
        PDF<span className="sr-only"> : télécharger {`${LEGAL_KIND_LABELS[doc.kind].toLowerCase()} ${doc.number}`}</span>
      </button>
      {failed ? (
        <span role="alert" className="text-sm text-red-700 dark:text-red-300">
          Échec, réessayez.
        </span>
      ) : null}
    </span>
  );
}

export const legalInvoiceColumns = (withClient: boolean): Column<LegalInvoiceDto>[] => [
  {
    id: 'number',
    header: 'Numéro',
    cell: (d) => (
      <Link to={paths.admin.invoice(d.id)} className={`${linkClass} whitespace-nowrap`}>
        {d.number}
      </Link>
    ),
  },
  {
    id: 'kind',
    header: 'Type',
    cell: (d) => (
      <Badge tone={d.kind === 'invoice' ? 'neutral' : 'warning'}>
        {d.replacesNumber ? `Facture rectificative de ${d.replacesNumber}` : LEGAL_KIND_LABELS[d.kind]}
        {d.creditedNumber ? ` sur ${d.creditedNumber}` : ''}
      </Badge>
    ),
  },
  { id: 'date', header: 'Émise le', cell: (d) => formatDate(d.issuedAt), className: 'whitespace-nowrap' },
  ...(withClient
    ? [
        {
          id: 'client',
          header: 'Client',
          cell: (d: LegalInvoiceDto) =>
            d.userId ? (
              <Link to={paths.admin.client(d.userId)} className={linkClass}>
                {d.buyerName}
              </Link>
            ) : (
              d.buyerName
            ),
          className: 'max-w-56 truncate',
        },
      ]
    : []),
  {
    id: 'excl',
    header: 'HT',
    align: 'right',
    cell: (d) => formatEuros(d.totalExclCents, { cents: true }),
    className: 'whitespace-nowrap tabular-nums',
  },
  {
    id: 'vat',
    header: 'TVA',
    align: 'right',
    cell: (d) => formatEuros(d.vatCents, { cents: true }),
    className: 'whitespace-nowrap tabular-nums',
  },
  {
    id: 'incl',
    header: 'TTC',
    align: 'right',
    cell: (d) => formatEuros(d.totalInclCents, { cents: true }),
    className: 'whitespace-nowrap tabular-nums',
  },
  { id: 'file', header: 'Factur-X', cell: (d) => <LegalInvoiceDownload doc={d} /> },
];

interface ExportValues {
  from: string;
  to: string;
}

const firstOfMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getFullYear(), now.getMonth(), 1)).toISOString().slice(0, 10);
};

/**
 * The accountant's exports of a period: a ZIP of its Factur-X files, the sales journal (CSV) and the FEC; or the FEC
 * alone (SIRENFECAAAAMMJJ.txt), the two buttons submitting the same period.
 */
export function AccountingExportForm() {
  // Which button sent the form: read by the submit (a ref: the click's state update may not have rendered yet), shown by the buttons.
  const targetRef = useRef<'zip' | 'fec'>('zip');
  const [target, setTarget] = useState<'zip' | 'fec'>('zip');
  const choose = (next: 'zip' | 'fec') => {
    targetRef.current = next;
    setTarget(next);
  };
  const siren = (useAgency().data?.siret ?? '').replace(/\D/g, '').slice(0, 9);
  const form = useApiForm<ExportValues>({
    defaultValues: { from: firstOfMonth(), to: new Date().toISOString().slice(0, 10) },
    failureMessage: "L'export a échoué. Réessayez.",
    onSubmit: async ({ from, to }) =>
      targetRef.current === 'fec'
        ? saveBlob(await exportFec({ from, to }), `${siren}FEC${to.replace(/-/g, '')}.txt`)
        : saveBlob(await exportAccounting({ from, to }), `vitrine-comptabilite-${from}-${to}.zip`),
  });
  const { register, errors, isSubmitting } = form;
  return (
    <Card>
      <h2 className="text-lg font-semibold">Export pour le comptable</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Un fichier ZIP : les factures et avoirs Factur-X de la période, le journal des ventes (CSV, séparateur « ; ») et le fichier des
        écritures comptables (FEC). Ou le FEC seul : journal des ventes et encaissements Stripe, au format de l'administration fiscale.
      </p>
      <Form form={form} className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-end" aria-label="Export pour le comptable">
        <Field label="Du" type="date" error={errors.from?.message} {...register('from')} />
        <Field label="Au (inclus)" type="date" error={errors.to?.message} {...register('to')} />
        <Button
          type="submit"
          loading={isSubmitting && target === 'zip'}
          disabled={isSubmitting}
          onClick={() => choose('zip')}
          className="sm:shrink-0"
        >
          Exporter (ZIP)
        </Button>
        <Button
          type="submit"
          variant="secondary"
          loading={isSubmitting && target === 'fec'}
          disabled={isSubmitting}
          onClick={() => choose('fec')}
          className="sm:shrink-0"
        >
          Télécharger le FEC
        </Button>
      </Form>
      <FormAlerts form={form} className="mt-4" />
    </Card>
  );
}

const KIND_FILTERS = ['invoice', 'credit_note'] as const;

/** /admin/invoices: every invoice and credit note issued, newest first, and the accountant's export. */
export function AdminLegalInvoicesPage() {
  const list = usePagedSearch({ filters: { kind: '' as '' | (typeof KIND_FILTERS)[number] }, filterValues: { kind: [...KIND_FILTERS] } });
  const query = useListAdminLegalInvoices(
    { page: list.page, limit: PAGE_SIZE, kind: list.filters.kind || 'all' },
    { query: { placeholderData: keepPreviousData } },
  );
  return (
    <AdminListPage
      title="Factures et avoirs"
      description="Les factures émises pour chaque paiement encaissé et les avoirs de chaque remboursement, numérotés sans trou, au format Factur-X."
      query={query}
      rows={query.data?.legalInvoices}
      list={list}
      pageSize={PAGE_SIZE}
      count={(n) => formatCount(n, 'document', 'documents')}
      toolbar={
        <FilterSelect
          label="Type de document"
          hideLabel
          allLabel="Factures et avoirs"
          {...bindFilter(list, 'kind')}
          options={optionsOf(KIND_FILTERS, { invoice: 'Factures', credit_note: 'Avoirs' })}
        />
      }
      loadingText="Chargement des factures..."
      errorText="Impossible de charger les factures."
      emptyText="Aucune facture émise"
      table={{ label: 'Factures et avoirs', columns: legalInvoiceColumns(true), rowKey: (d) => d.id, minWidthClass: 'min-w-[60rem]' }}
      after={
        <div className="mt-6">
          <AccountingExportForm />
        </div>
      }
    />
  );
}
