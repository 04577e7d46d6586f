import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useGetAdminLegalInvoice } from '../../api/generated/admin/admin';
import type { InvoiceCorrectionDto, LegalDocumentRefDto, LegalInvoiceDetailDto } from '../../api/generated/model';
import { companyRows } from '../../components/form-fields';
import { Button, ButtonLink } from '../../components/ui/button';
import { Alert, Card } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { formatDate, formatEuros } from '../../lib/format';
import { AdminDetailPage } from './AdminDetailPage';
import { CorrectInvoiceDialog } from './CorrectInvoiceDialog';
import { LEGAL_KIND_LABELS, LegalInvoiceDownload } from './legal-invoices';

const linkClass = 'font-medium text-brand-700 hover:underline dark:text-brand-300';
const euros = (cents: number) => formatEuros(cents, { cents: true });
const rate = (percent: string) => `${percent.replace('.', ',')} %`;

/** A link to another document's page: 'Avoir AV-2026-000001'. */
function DocLink({ doc }: { doc: LegalDocumentRefDto }) {
  return (
    <Link to={paths.admin.invoice(doc.id)} className={linkClass}>
      {LEGAL_KIND_LABELS[doc.kind]} {doc.number}
    </Link>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

function Lines({ doc }: { doc: LegalInvoiceDetailDto }) {
  return (
    <Card flush className="min-w-0 overflow-hidden">
      <h2 className="px-6 pt-6 text-lg font-semibold">Lignes</h2>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">Lignes du document {doc.number}</caption>
          <thead className="bg-slate-50 text-left text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
            <tr>
              <th scope="col" className="px-6 py-2 font-medium">
                Désignation
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Qté
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                PU HT
              </th>
              <th scope="col" className="px-6 py-2 text-right font-medium">
                Total HT
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {doc.lines.map((l, i) => (
              <tr key={i}>
                <td className="px-6 py-3">
                  <div className="font-medium">{l.label}</div>
                  {l.detail || (l.periodStart && l.periodEnd) ? (
                    <div className="text-slate-600 dark:text-slate-400">
                      {[l.detail, l.periodStart && l.periodEnd ? `du ${formatDate(l.periodStart)} au ${formatDate(l.periodEnd)}` : null]
                        .filter(Boolean)
                        .join(' — ')}
                    </div>
                  ) : null}
                </td>
                <td className="px-3 py-3 text-right tabular-nums">{l.quantity}</td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">{euros(l.unitPriceExclCents)}</td>
                <td className="px-6 py-3 text-right whitespace-nowrap tabular-nums">{euros(l.totalExclCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="grid gap-1 border-t border-slate-200 px-6 py-4 text-sm dark:border-slate-800">
        <div className="flex justify-between gap-4">
          <dt>Total HT</dt>
          <dd className="tabular-nums">{euros(doc.totalExclCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt>{doc.vatExemption ?? `TVA ${rate(doc.vatRatePercent)}`}</dt>
          <dd className="tabular-nums">{euros(doc.vatCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 font-semibold">
          <dt>Total TTC</dt>
          <dd className="tabular-nums">{euros(doc.totalInclCents)}</dd>
        </div>
      </dl>
    </Card>
  );
}

/** 'Corriger la facture': what it does, the button and its dialog, then what was issued. */
function Correction({ doc }: { doc: LegalInvoiceDetailDto }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<InvoiceCorrectionDto | null>(null);
  return (
    <Card>
      <h2 className="text-lg font-semibold">Correction</h2>
      {done ? (
        <Alert tone="success" className="mt-3">
          Facture corrigée : l'avoir <DocLink doc={done.creditNote} /> l'annule et la facture rectificative <DocLink doc={done.invoice} />{' '}
          la remplace. Le client les a reçus par e-mail.
        </Alert>
      ) : null}
      {doc.notCorrectable ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{doc.notCorrectable}</p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
            Un acheteur ou des lignes erronés : un avoir annule la facture et une facture rectificative, avec un nouveau numéro, la
            remplace.
          </p>
          <Button className="mt-4" onClick={() => setOpen(true)}>
            Corriger la facture
          </Button>
        </>
      )}
      {open ? (
        <CorrectInvoiceDialog
          doc={doc}
          onClose={() => setOpen(false)}
          onCorrected={(result) => {
            setOpen(false);
            setDone(result);
          }}
        />
      ) : null}
    </Card>
  );
}

/** Who the document is made out to: a company's name, the person (its contact), its identifiers, the address. */
function BuyerCard({ doc }: { doc: LegalInvoiceDetailDto }) {
  const company = doc.buyer.type === 'company' ? companyRows(doc.buyer) : null;
  return (
    <Card>
      <h2 className="text-lg font-semibold">Acheteur</h2>
      <dl className="mt-3 space-y-3 text-sm">
        {company ? <Row label={company.name.label}>{company.name.value}</Row> : null}
        <Row label={company ? 'Contact' : 'Nom'}>{doc.buyer.name}</Row>
        {company?.identifiers.map((r) => (
          <Row key={r.key} label={r.label}>
            {r.value}
          </Row>
        ))}
        <Row label="Adresse">
          {[doc.buyer.address, `${doc.buyer.postalCode} ${doc.buyer.city}`.trim()].filter(Boolean).join(', ') || '—'}
        </Row>
        <Row label="E-mail">{doc.buyer.email || '—'}</Row>
      </dl>
      {doc.userId ? (
        <ButtonLink to={paths.admin.client(doc.userId)} variant="secondary" size="sm" className="mt-4 w-full">
          Voir le client
        </ButtonLink>
      ) : null}
    </Card>
  );
}

/** /admin/invoices/{id}: an invoice or a credit note as issued, its related documents, and the correction of an invoice. */
export function AdminLegalInvoicePage() {
  const { id = '' } = useParams();
  const query = useGetAdminLegalInvoice(id);
  return (
    <AdminDetailPage
      key={id}
      query={query}
      kind="Facture"
      title={(d) => `${LEGAL_KIND_LABELS[d.kind]} ${d.number}`}
      description={(d) => (d ? `${d.buyerName} — émise le ${formatDate(d.issueDate)}` : undefined)}
      back={{ to: paths.admin.invoices, label: 'Retour aux factures' }}
      notFound={{ title: 'Facture introuvable', text: "Ce document n'existe pas." }}
      loadingText="Chargement de la facture..."
      errorText="Impossible de charger la facture."
      main={(d) => (
        <>
          <Lines doc={d} />
          {d.kind === 'invoice' ? <Correction doc={d} /> : null}
          <Card>
            <h2 className="text-lg font-semibold">Mentions</h2>
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
              {d.mentions.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </Card>
        </>
      )}
      aside={(d) => (
        <div className="grid gap-6">
          <BuyerCard doc={d} />
          <Card>
            <h2 className="text-lg font-semibold">Document</h2>
            <dl className="mt-3 space-y-3 text-sm">
              <Row label="Émis le">{formatDate(d.issueDate)}</Row>
              <Row label={d.kind === 'invoice' ? 'Payée le' : 'Remboursé le'}>{d.paymentDate ? formatDate(d.paymentDate) : '—'}</Row>
              {d.refersTo ? (
                <Row label={d.kind === 'invoice' ? 'Remplace' : 'Sur la facture'}>
                  <DocLink doc={d.refersTo} />
                </Row>
              ) : null}
              {d.replacedBy ? (
                <Row label="Remplacée par">
                  <DocLink doc={d.replacedBy} />
                </Row>
              ) : null}
              {d.creditNotes.length ? (
                <Row label="Avoirs">
                  <ul>
                    {d.creditNotes.map((c) => (
                      <li key={c.id}>
                        <DocLink doc={c} />
                      </li>
                    ))}
                  </ul>
                </Row>
              ) : null}
              <Row label="Factur-X">
                <LegalInvoiceDownload doc={d} />
              </Row>
            </dl>
          </Card>
        </div>
      )}
    />
  );
}
