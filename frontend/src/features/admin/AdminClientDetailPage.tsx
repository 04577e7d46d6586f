import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useLocation, useParams } from 'react-router';
import { useGetAdminUser, useListAdminLegalInvoices } from '../../api/generated/admin/admin';
import type { AdminUserDetailDto, SendAdminEmailDto } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { type ClientViewReturn, clientViewTexts } from '../../components/client-view-banner';
import { Button } from '../../components/ui/button';
import { Alert, Card } from '../../components/ui/card';
import { DataTable } from '../../components/ui/data-table';
import { Field, Form, FormAlerts, optionsOf, Select, Textarea, useApiForm } from '../../components/ui/form';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format';
import { useAgency } from '../../lib/site-info';
import { usePagedSearch } from '../../lib/use-paged-search';
import { useSendAdminUserEmail } from './api';
import { CONTACT_TEMPLATE_LABELS, CONTACT_TEMPLATES, type ContactTemplate, contactTemplate, siteForMessage } from './contact-templates';
import { type AdminDetailQuery, AdminDetailPage } from './AdminDetailPage';
import { ClientViewCard, ClosureCard, CloseClientCard } from './ClientDataRights';
import { accountName, RoleBadge, SiteRow } from './labels';
import { legalInvoiceColumns } from './legal-invoices';

export const clientMessages = {
  sent: 'Message envoyé',
  failed: "Le message n'a pas pu être envoyé. Réessayez.",
  notFound: 'Client introuvable',
} as const;

function ContactForm({ detail }: { detail: AdminUserDetailDto }) {
  const agencyName = useAgency().data?.name ?? 'Vitrine';
  const send = useSendAdminUserEmail();
  const context = { client: detail.user, site: siteForMessage(detail.sites), agencyName };
  const [template, setTemplate] = useState<ContactTemplate>('custom');
  const form = useApiForm<SendAdminEmailDto>({
    defaultValues: contactTemplate('custom', context),
    failureMessage: (error) => (isApiError(error) && error.status === 404 ? clientMessages.notFound : clientMessages.failed),
    onSubmit: (values) => send.mutateAsync({ id: detail.user.id, data: { subject: values.subject.trim(), message: values.message } }),
  });
  const { register, reset, control, setSucceeded, errors, isSubmitting } = form;
  const subject = useWatch({ control, name: 'subject' });
  const message = useWatch({ control, name: 'message' });
  const empty = !subject?.trim() || !message?.trim();

  const choose = (next: ContactTemplate) => {
    setTemplate(next);
    setSucceeded(false);
    reset(contactTemplate(next, context));
  };

  return (
    <Card>
      <h2 className="text-lg font-semibold">Contacter le client</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Le message part à {detail.user.email} et figure au{' '}
        <Link to={paths.admin.emails} className="font-semibold text-brand-700 hover:underline dark:text-brand-300">
          journal des e-mails
        </Link>
        .
      </p>
      <Form form={form} className="mt-5 space-y-5">
        <Select
          id="contact-template"
          label="Modèle"
          value={template}
          onChange={(e) => choose(e.target.value as ContactTemplate)}
          options={optionsOf(CONTACT_TEMPLATES, CONTACT_TEMPLATE_LABELS)}
        />
        <Field
          label="Objet"
          maxLength={200}
          error={errors.subject?.message}
          {...register('subject', { onChange: () => setSucceeded(false) })}
        />
        <Textarea
          id="contact-message"
          label="Message"
          rows={10}
          maxLength={10000}
          textareaClassName="py-2 leading-relaxed"
          error={errors.message?.message}
          {...register('message', { onChange: () => setSucceeded(false) })}
        />
        <FormAlerts form={form} success={clientMessages.sent} />
        <Button type="submit" disabled={isSubmitting || empty} loading={isSubmitting}>
          {isSubmitting ? 'Envoi...' : 'Envoyer'}
        </Button>
      </Form>
    </Card>
  );
}

/** The client's invoices and credit notes (newest first, 10 at a time), each downloadable. */
function ClientLegalInvoices({ userId }: { userId: string }) {
  const list = usePagedSearch({ prefix: 'invoices' });
  const query = useListAdminLegalInvoices({ userId, page: list.page, limit: 10 }, { query: { placeholderData: keepPreviousData } });
  const pageCount = Math.max(1, Math.ceil((query.data?.total ?? 0) / 10));
  return (
    <Card flush className="min-w-0 overflow-hidden">
      <h2 className="px-6 pt-6 text-lg font-semibold">Factures et avoirs</h2>
      <div className="mt-3">
        <DataTable
          label="Factures et avoirs du client"
          columns={legalInvoiceColumns(false)}
          rows={query.data?.legalInvoices}
          rowKey={(d) => d.id}
          loading={query.isPending || query.isPlaceholderData}
          error={query.isError}
          onRetry={() => void query.refetch()}
          emptyText="Aucune facture émise"
          pagination={{ page: list.page, pageCount, onPage: list.setPage }}
          minWidthClass="min-w-[44rem]"
        />
      </div>
    </Card>
  );
}

/**
 * /admin/clients/{id}: an account, its sites, its invoices and credit notes, the contact form, 'Voir comme le client'
 * and the closure on the client's request; a closed account shows as such ('Compte fermé le …'), with its closure and
 * its kept invoices, never its old personal data.
 */
export function AdminClientDetailPage() {
  const { id = '' } = useParams();
  const detail = useGetAdminUser(id);
  const viewEnded = (useLocation().state as ClientViewReturn | null)?.clientViewEnded;

  return (
    <>
      {viewEnded ? (
        <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
          <Alert tone="info">{viewEnded === 'expired' ? clientViewTexts.expired : clientViewTexts.left}</Alert>
        </div>
      ) : null}
      <ClientDetail id={id} detail={detail} />
    </>
  );
}

function ClientDetail({ id, detail }: { id: string; detail: AdminDetailQuery<AdminUserDetailDto> }) {
  return (
    <AdminDetailPage
      key={id}
      query={detail}
      kind="Client"
      title={(data) => accountName(data.user)}
      description={(data) => (data?.user.closedAt ? 'Nom, adresse e-mail et mot de passe retirés du compte.' : data?.user.email)}
      back={{ to: paths.admin.clients, label: 'Retour aux clients' }}
      notFound={{ title: clientMessages.notFound, text: "Ce compte n'existe pas ou a été supprimé." }}
      loadingText="Chargement du client..."
      errorText="Impossible de charger le client."
      main={(data) => (
        <>
          <Card flush className="min-w-0 overflow-hidden">
            <h2 className="px-6 pt-6 text-lg font-semibold">Sites</h2>
            {data.sites.length === 0 ? (
              <p className="px-6 pt-3 pb-6 text-sm text-slate-600 dark:text-slate-400">Aucun site créé</p>
            ) : (
              <ul
                className="mt-3 divide-y divide-slate-200 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800"
                aria-label="Sites du client"
              >
                {data.sites.map((site) => (
                  <SiteRow key={site.id} site={site} detail={site.domain ?? 'Aucun domaine'} />
                ))}
              </ul>
            )}
          </Card>
          {data.user.closedAt ? <ClosureCard userId={data.user.id} /> : null}
          <ClientLegalInvoices userId={data.user.id} />
          {data.user.closedAt ? null : <ContactForm key={data.user.id} detail={data} />}
        </>
      )}
      aside={(data) => (
        <div className="grid gap-6">
          <Card>
            <h2 className="text-lg font-semibold">Compte</h2>
            <dl className="mt-3 space-y-3 text-sm">
              {data.user.closedAt ? (
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">État</dt>
                  <dd className="font-medium">{accountName(data.user)}</dd>
                </div>
              ) : (
                <>
                  <div>
                    <dt className="text-slate-600 dark:text-slate-400">Nom</dt>
                    <dd className="font-medium">{data.user.name || '—'}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600 dark:text-slate-400">E-mail</dt>
                    <dd className="break-all">
                      <a href={`mailto:${data.user.email}`} className="text-brand-700 hover:underline dark:text-brand-300">
                        {data.user.email}
                      </a>
                    </dd>
                  </div>
                </>
              )}
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Rôle</dt>
                <dd className="mt-1">
                  <RoleBadge role={data.user.role} />
                </dd>
              </div>
              <div>
                <dt className="text-slate-600 dark:text-slate-400">Inscription</dt>
                <dd>{formatDate(data.user.createdAt)}</dd>
              </div>
            </dl>
          </Card>
          {data.user.role === 'client' && !data.user.closedAt ? (
            <>
              <ClientViewCard user={data.user} />
              <CloseClientCard user={data.user} />
            </>
          ) : null}
        </div>
      )}
    />
  );
}
