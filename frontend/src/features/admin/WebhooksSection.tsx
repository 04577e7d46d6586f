import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useListWebhookDeliveries, useListWebhookEndpoints } from '../../api/generated/admin/admin';
import {
  WebhookDeliveryStatusFilter,
  WebhookEventType,
  type CreateWebhookEndpointDto,
  type WebhookDeliveryDto,
  type WebhookDeliveryStatus,
  type WebhookEndpointDto,
  type WebhookEndpointWithSecretDto,
} from '../../api/generated/model';
import { CopyOnce } from '../../components/copy-once';
import { Button } from '../../components/ui/button';
import { Alert, Badge, Card, type BadgeTone } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { queryStates } from '../../components/ui/query-state';
import { actionsColumn, DataTable, type Column } from '../../components/ui/data-table';
import { Field, Form, FormAlerts, Select, useApiForm } from '../../components/ui/form';
import { FiltersButton } from '../../components/ui/filters-button';
import { TitledDialog } from '../../components/ui/modal-dialog';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { CheckboxGroup } from '../../components/ui/checkbox-group';
import { useCreateWebhookEndpoint, useWebhookActions } from './api';

/** What each event means, in the words of the admin area. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.paid': 'Commande payée',
  'site.created': 'Site créé',
  'site.status_changed': 'Statut du site changé',
  'site.domain_changed': 'Domaine du site changé',
  'site.down': 'Site hors ligne',
  'site.up': 'Site de nouveau en ligne',
  'invoice.paid': 'Facture payée',
  'invoice.payment_failed': 'Paiement de facture échoué',
  'subscription.canceled': 'Abonnement terminé',
};
const EVENTS = Object.values(WebhookEventType);

export const DELIVERY_STATUS: Record<WebhookDeliveryStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: 'En attente', tone: 'neutral' },
  sending: { label: 'En cours', tone: 'brand' },
  succeeded: { label: 'Réussie', tone: 'success' },
  failed: { label: 'En échec', tone: 'warning' },
  abandoned: { label: 'Abandonnée', tone: 'danger' },
};

const DELIVERIES_PER_PAGE = 20;

function endpointState(e: WebhookEndpointDto): { label: string; tone: BadgeTone } {
  if (e.enabled) return e.failingSince ? { label: 'En échec', tone: 'warning' } : { label: 'Actif', tone: 'success' };
  return e.disabledReason === 'failing' ? { label: 'Désactivé (échecs)', tone: 'danger' } : { label: 'Désactivé', tone: 'neutral' };
}

type FormValues = { url: string; events: WebhookEventType[] };

/** The form that registers an endpoint; its secret is then shown once in a dialog. */
function CreateEndpointForm({ onCreated }: { onCreated: (created: WebhookEndpointWithSecretDto) => void }) {
  const create = useCreateWebhookEndpoint();
  const form = useApiForm<FormValues>({
    defaultValues: { url: '', events: [] },
    failureMessage: "Le point de terminaison n'a pas pu être ajouté. Réessayez dans un instant.",
    onSubmit: async (values, { reset }) => {
      const data: CreateWebhookEndpointDto = { url: values.url.trim(), events: values.events };
      onCreated(await create.mutateAsync({ data }));
      reset();
    },
  });
  const { register, errors, isSubmitting } = form;

  return (
    <Form form={form} aria-label="Nouveau point de terminaison" className="space-y-5">
      <FormAlerts form={form} />
      <Field
        label="URL du point de terminaison"
        type="url"
        inputMode="url"
        placeholder="https://exemple.fr/webhooks/vitrine"
        hint="Une adresse https publique : chaque événement y est envoyé en POST, en JSON signé."
        maxLength={2000}
        error={errors.url?.message}
        {...register('url', {
          validate: (value) => {
            const url = value.trim();
            if (!url) return "L'URL du point de terminaison est requise";
            return /^https?:\/\/\S+$/i.test(url) ? true : "L'URL doit commencer par https://";
          },
        })}
      />
      <CheckboxGroup
        legend="Événements"
        options={EVENTS}
        labels={WEBHOOK_EVENT_LABELS}
        error={errors.events?.message}
        registration={register('events', { validate: (value) => (value.length ? true : 'Choisissez au moins un événement') })}
      />
      <Button type="submit" loading={isSubmitting}>
        Ajouter le point de terminaison
      </Button>
    </Form>
  );
}

/** The signing secret, shown once (at creation or renewal), with a copy button. */
function SecretDialog({ shown, onClose }: { shown: WebhookEndpointWithSecretDto; onClose: () => void }) {
  const titleId = useId();
  return (
    <TitledDialog
      titleId={titleId}
      title="Secret de signature"
      description={`Pour ${shown.endpoint.url}. Copiez-le maintenant : il ne sera plus jamais affiché.`}
      width="w-[min(36rem,calc(100vw-1.5rem))]"
      onClose={onClose}
    >
      <div className="space-y-4 p-5 sm:p-6">
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Le récepteur s'en sert pour vérifier l'en-tête <code>Vitrine-Signature</code> de chaque envoi (HMAC-SHA256, schéma de Stripe).
        </p>
        <CopyOnce
          value={shown.secret}
          label="Secret de signature"
          copyLabel="Copier le secret"
          doneLabel="J'ai copié le secret"
          copiedText="Secret copié"
          failedText="Copie impossible : sélectionnez le secret et copiez-le."
          onDone={onClose}
          codeClassName="bg-slate-100 dark:bg-slate-800"
        />
      </div>
    </TitledDialog>
  );
}

type Pending = { kind: 'delete' | 'rotate'; endpoint: WebhookEndpointDto };

/** The 'Webhooks' section of 'Intégrations': endpoints (add, switch on/off, test, new secret, delete) and the delivery log. */
export function WebhooksSection() {
  const endpoints = useListWebhookEndpoints();
  const { update, remove, rotate, test, resend } = useWebhookActions();
  const [secret, setSecret] = useState<WebhookEndpointWithSecretDto | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WebhookDeliveryStatusFilter>('all');
  const [endpointId, setEndpointId] = useState('');
  // On a phone the filters fold behind 'Filtres (n)', as on the other admin lists, so that the first delivery shows.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersId = useId();
  const activeFilters = (status !== 'all' ? 1 : 0) + (endpointId ? 1 : 0);
  const deliveries = useListWebhookDeliveries(
    { page, limit: DELIVERIES_PER_PAGE, status, ...(endpointId ? { endpointId } : {}) },
    { query: { placeholderData: keepPreviousData } },
  );

  const act = async (work: () => Promise<unknown>, success: string, failure: string) => {
    setMessage(null);
    try {
      await work();
      setMessage({ tone: 'success', text: success });
    } catch {
      setMessage({ tone: 'error', text: failure });
    }
  };

  const toggle = (e: WebhookEndpointDto) =>
    act(
      () => update.mutateAsync({ id: e.id, data: { enabled: !e.enabled } }),
      e.enabled ? `${e.url} est désactivé : plus aucun événement ne lui est envoyé.` : `${e.url} est réactivé.`,
      `${e.url} n'a pas pu être ${e.enabled ? 'désactivé' : 'réactivé'}. Réessayez dans un instant.`,
    );
  const sendTest = (e: WebhookEndpointDto) =>
    act(
      () => test.mutateAsync({ id: e.id }),
      `Événement de test envoyé à ${e.url} : son résultat apparaît dans les livraisons.`,
      `L'événement de test n'a pas pu être envoyé à ${e.url}.`,
    );
  const confirmPending = async () => {
    if (!pending) return;
    const { kind, endpoint } = pending;
    if (kind === 'delete')
      await act(
        () => remove.mutateAsync({ id: endpoint.id }),
        `${endpoint.url} est supprimé.`,
        `${endpoint.url} n'a pas pu être supprimé. Réessayez dans un instant.`,
      );
    else
      await act(
        async () => setSecret(await rotate.mutateAsync({ id: endpoint.id })),
        `Nouveau secret de ${endpoint.url} en vigueur.`,
        `Le secret de ${endpoint.url} n'a pas pu être renouvelé.`,
      );
    setPending(null);
  };
  const resendOne = (d: WebhookDeliveryDto) =>
    act(
      () => resend.mutateAsync({ id: d.id }),
      `Livraison ${d.eventType} renvoyée à ${d.endpointUrl}.`,
      `La livraison n'a pas pu être renvoyée. Réessayez dans un instant.`,
    );

  const endpointColumns: Column<WebhookEndpointDto>[] = [
    {
      id: 'url',
      header: 'URL',
      // One line on a wide screen (the whole address in its title), the whole address on a phone's card.
      cell: (e) => (
        <span className="font-medium max-sm:break-all sm:block sm:max-w-64 sm:truncate" title={e.url}>
          {e.url}
        </span>
      ),
    },
    {
      id: 'events',
      header: 'Événements',
      cell: (e) => e.events.map((event) => WEBHOOK_EVENT_LABELS[event] ?? event).join(', '),
      className: 'min-w-48',
    },
    {
      id: 'state',
      header: 'État',
      cell: (e) => {
        const state = endpointState(e);
        return <Badge tone={state.tone}>{state.label}</Badge>;
      },
    },
    {
      id: 'last',
      header: 'Dernière livraison',
      cell: (e) =>
        e.lastDelivery ? (
          <span className="whitespace-nowrap tabular-nums">
            {DELIVERY_STATUS[e.lastDelivery.status].label}
            {e.lastDelivery.statusCode ? ` (${e.lastDelivery.statusCode})` : ''} · {formatDateTime(e.lastDelivery.at)}
          </span>
        ) : (
          'Aucune'
        ),
    },
    actionsColumn((e) => (
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void toggle(e)}
          aria-label={`${e.enabled ? 'Désactiver' : 'Activer'} ${e.url}`}
        >
          {e.enabled ? 'Désactiver' : 'Activer'}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => void sendTest(e)} aria-label={`Tester ${e.url}`}>
          Tester
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setPending({ kind: 'rotate', endpoint: e })}
          aria-label={`Nouveau secret pour ${e.url}`}
        >
          Nouveau secret
        </Button>
        <Button size="sm" variant="danger" onClick={() => setPending({ kind: 'delete', endpoint: e })} aria-label={`Supprimer ${e.url}`}>
          Supprimer
        </Button>
      </div>
    )),
  ];

  const deliveryColumns: Column<WebhookDeliveryDto>[] = [
    {
      id: 'date',
      header: 'Date',
      cell: (d) => formatDateTime(d.lastAttemptAt ?? d.createdAt),
      className: 'whitespace-nowrap tabular-nums',
    },
    { id: 'event', header: 'Événement', cell: (d) => <code className="text-xs">{d.eventType}</code> },
    {
      id: 'endpoint',
      header: 'Point de terminaison',
      cell: (d) => (
        <span className="max-sm:break-all sm:block sm:max-w-48 sm:truncate" title={d.endpointUrl}>
          {d.endpointUrl}
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Statut',
      cell: (d) => (
        <span title={d.lastError ?? undefined}>
          <Badge tone={DELIVERY_STATUS[d.status].tone}>{DELIVERY_STATUS[d.status].label}</Badge>
          {d.attempts > 1 ? <span className="ml-1 text-xs text-slate-500 dark:text-slate-400">{d.attempts} essais</span> : null}
        </span>
      ),
    },
    { id: 'code', header: 'Code', cell: (d) => d.statusCode ?? '—', className: 'tabular-nums' },
    {
      id: 'duration',
      header: 'Durée',
      cell: (d) => (d.durationMs === null ? '—' : `${d.durationMs} ms`),
      className: 'whitespace-nowrap tabular-nums',
    },
    {
      id: 'next',
      header: 'Prochain essai',
      cell: (d) => (d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : '—'),
      className: 'whitespace-nowrap tabular-nums',
    },
    actionsColumn((d) =>
      d.status === 'sending' ? null : (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void resendOne(d)}
          aria-label={`Renvoyer la livraison ${d.eventType} à ${d.endpointUrl}`}
        >
          Renvoyer
        </Button>
      ),
    ),
  ];

  const total = deliveries.data?.total ?? 0;
  return (
    <section aria-labelledby="webhooks-heading" className="space-y-6">
      <div>
        <h2 id="webhooks-heading" className="text-2xl font-semibold tracking-tight">
          Webhooks
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Les outils de l'agence apprennent ce qui se passe sans interroger l'API : chaque événement choisi leur est envoyé, signé, et
          renvoyé pendant 24 heures en cas d'échec.
        </p>
      </div>
      <Card>
        <h3 className="text-lg font-semibold">Nouveau point de terminaison</h3>
        <div className="mt-5">
          <CreateEndpointForm onCreated={setSecret} />
        </div>
      </Card>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <Card flush>
        <DataTable
          label="Points de terminaison"
          columns={endpointColumns}
          rows={endpoints.data?.endpoints}
          rowKey={(e) => e.id}
          {...queryStates(endpoints)}
          loadingText="Chargement des points de terminaison…"
          errorText="Les points de terminaison n'ont pas pu être chargés."
          emptyText="Aucun point de terminaison pour l'instant."
          minWidthClass="min-w-[60rem]"
        />
      </Card>
      <Card flush>
        <div className="flex flex-col gap-3 p-5 sm:flex-row sm:items-end sm:justify-between sm:p-6">
          <div className="flex items-center justify-between gap-3">
            <h3 className="text-lg font-semibold">Livraisons</h3>
            <FiltersButton
              active={activeFilters}
              open={filtersOpen}
              onToggle={() => setFiltersOpen((open) => !open)}
              controls={filtersId}
            />
          </div>
          <div id={filtersId} className={cn('grid gap-3 sm:grid-cols-2', !filtersOpen && 'max-sm:hidden')}>
            <Select
              label="Statut"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as WebhookDeliveryStatusFilter);
                setPage(1);
              }}
              options={Object.entries(DELIVERY_STATUS).map(([value, { label }]) => ({ value, label }))}
            >
              <option value="all">Tous</option>
            </Select>
            <Select
              label="Point de terminaison"
              value={endpointId}
              onChange={(event) => {
                setEndpointId(event.target.value);
                setPage(1);
              }}
              options={(endpoints.data?.endpoints ?? []).map((e) => ({ value: e.id, label: e.url }))}
            >
              <option value="">Tous</option>
            </Select>
          </div>
        </div>
        <DataTable
          label="Livraisons des webhooks"
          columns={deliveryColumns}
          rows={deliveries.data?.deliveries}
          rowKey={(d) => d.id}
          {...queryStates(deliveries)}
          loadingText="Chargement des livraisons…"
          errorText="Les livraisons n'ont pas pu être chargées."
          emptyText="Aucune livraison pour l'instant."
          minWidthClass="min-w-[60rem]"
          pagination={{ page, pageCount: Math.max(1, Math.ceil(total / DELIVERIES_PER_PAGE)), onPage: setPage }}
        />
      </Card>
      {secret ? <SecretDialog shown={secret} onClose={() => setSecret(null)} /> : null}
      {pending ? (
        <ConfirmDialog
          title={pending.kind === 'delete' ? 'Supprimer ce point de terminaison ?' : 'Renouveler le secret ?'}
          confirmLabel={pending.kind === 'delete' ? 'Supprimer' : 'Renouveler le secret'}
          tone={pending.kind === 'delete' ? 'danger' : 'primary'}
          busy={remove.isPending || rotate.isPending}
          onConfirm={() => void confirmPending()}
          onCancel={() => setPending(null)}
        >
          {pending.kind === 'delete'
            ? `${pending.endpoint.url} ne recevra plus rien, et son journal de livraisons est effacé. C'est définitif.`
            : `L'ancien secret de ${pending.endpoint.url} cesse aussitôt de signer : mettez le nouveau dans le récepteur.`}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
