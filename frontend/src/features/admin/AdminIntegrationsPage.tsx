import { useState } from 'react';
import { useListApiKeys } from '../../api/generated/admin/admin';
import { ApiKeyScope, type ApiKeyDto, type CreateApiKeyDto, type CreatedApiKeyDto } from '../../api/generated/model';
import { CopyOnce } from '../../components/copy-once';
import { Button } from '../../components/ui/button';
import { Alert, Badge, Card, Container, type BadgeTone } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { queryStates } from '../../components/ui/query-state';
import { DataTable, type Column } from '../../components/ui/data-table';
import { Field, Form, FormAlerts, useApiForm } from '../../components/ui/form';
import { PageHeader } from '../../components/ui/page';
import { formatDate, formatDateTime } from '../../lib/format';
import { WebhooksSection } from './WebhooksSection';
import { apiKeyUseCountColumn } from './api-key-usage';
import { useCreateApiKey, useRevokeApiKey } from './api';
import { CheckboxGroup } from '../../components/ui/checkbox-group';

/** What each scope lets a key do, in the words of the admin area. */
export const API_KEY_SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'sites:read': 'Lire les sites',
  'sites:write': 'Modifier les sites (domaine, statut, avancement)',
  'clients:read': 'Lire les clients',
  'invoices:read': 'Lire les factures et avoirs',
  'quotes:read': 'Lire les demandes de devis',
  'stats:read': 'Lire les statistiques des sites (audience, disponibilité)',
};
const SCOPES = Object.values(ApiKeyScope);

const STATUS: Record<ApiKeyDto['status'], { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expirée', tone: 'warning' },
  revoked: { label: 'Révoquée', tone: 'danger' },
};

type FormValues = { name: string; scopes: ApiKeyScope[]; expiresOn: string };

/** The form that creates a key; the key it answers is shown once, above the list. */
function CreateKeyForm({ onCreated }: { onCreated: (created: CreatedApiKeyDto) => void }) {
  const create = useCreateApiKey();
  const form = useApiForm<FormValues>({
    defaultValues: { name: '', scopes: [], expiresOn: '' },
    failureMessage: "La clé n'a pas pu être créée. Réessayez dans un instant.",
    onSubmit: async (values, { reset }) => {
      const data: CreateApiKeyDto = {
        name: values.name,
        scopes: values.scopes,
        ...(values.expiresOn ? { expiresOn: values.expiresOn } : {}),
      };
      onCreated(await create.mutateAsync({ data }));
      reset();
    },
  });
  const { register, errors, isSubmitting } = form;

  return (
    <Card>
      <h2 className="text-lg font-semibold">Nouvelle clé d'API</h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Une clé donne à un outil (CRM, comptabilité…) l'accès aux seules données de ses portées, sans mot de passe.
      </p>
      <Form form={form} aria-label="Nouvelle clé d'API" className="mt-5 space-y-5">
        <FormAlerts form={form} />
        <Field
          label="Nom"
          hint="Pour la reconnaître, par exemple « CRM de l'agence »"
          maxLength={100}
          error={errors.name?.message}
          {...register('name', {
            validate: (value) => (value.trim() ? true : 'Le nom de la clé est requis'),
            maxLength: { value: 100, message: 'Le nom ne doit pas dépasser 100 caractères' },
          })}
        />
        <CheckboxGroup
          legend="Portées"
          options={SCOPES}
          labels={API_KEY_SCOPE_LABELS}
          error={errors.scopes?.message}
          registration={register('scopes', { validate: (value) => (value.length ? true : 'Choisissez au moins une portée') })}
        />
        <Field
          label="Dernier jour de validité (facultatif)"
          type="date"
          hint="Sans date, la clé reste valable jusqu'à sa révocation."
          error={errors.expiresOn?.message}
          {...register('expiresOn')}
        />
        <Button type="submit" loading={isSubmitting}>
          Créer la clé
        </Button>
      </Form>
    </Card>
  );
}

/** The key just created: shown once, with a copy button. */
function NewKey({ created, onDone }: { created: CreatedApiKeyDto; onDone: () => void }) {
  return (
    <Alert tone="success">
      <p className="font-semibold">Clé « {created.apiKey.name} » créée</p>
      <p className="mt-1">Copiez-la maintenant : elle ne sera plus jamais affichée. Seule son empreinte est conservée.</p>
      <CopyOnce
        value={created.key}
        label="Clé d'API"
        copyLabel="Copier la clé"
        doneLabel="J'ai copié la clé"
        copiedText="Clé copiée"
        failedText="Copie impossible : sélectionnez la clé et copiez-la."
        onDone={onDone}
        codeClassName="mt-3 bg-white/70 dark:bg-slate-900/60"
        actionsClassName="mt-3"
      />
    </Alert>
  );
}

/** /admin/integrations, 'Intégrations': the integrators' API keys (create, show once, list, revoke). */
export function AdminIntegrationsPage() {
  const keys = useListApiKeys();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const [revokeError, setRevokeError] = useState<string | null>(null);

  const confirmRevoke = async () => {
    if (!revoking) return;
    setRevokeError(null);
    try {
      await revoke.mutateAsync({ id: revoking.id });
    } catch {
      setRevokeError(`La clé « ${revoking.name} » n'a pas pu être révoquée. Réessayez dans un instant.`);
    }
    setRevoking(null);
  };

  const columns: Column<ApiKeyDto>[] = [
    {
      id: 'name',
      header: 'Clé',
      cell: (k) => (
        <>
          <span className="block font-medium">{k.name}</span>
          <code className="text-xs text-slate-500 dark:text-slate-400">{k.prefix}…</code>
        </>
      ),
    },
    { id: 'scopes', header: 'Portées', cell: (k) => k.scopes.join(', '), className: 'min-w-28' },
    { id: 'status', header: 'État', cell: (k) => <Badge tone={STATUS[k.status].tone}>{STATUS[k.status].label}</Badge> },
    { id: 'creator', header: 'Créée par', cell: (k) => k.creatorName || k.creatorEmail || '—', className: 'max-w-48 truncate' },
    {
      id: 'lastUsed',
      header: 'Dernière utilisation',
      cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Jamais'),
      className: 'whitespace-nowrap tabular-nums',
    },
    apiKeyUseCountColumn,
    {
      id: 'expires',
      header: 'Expiration',
      cell: (k) => (k.expiresAt ? formatDate(k.expiresAt) : 'Aucune'),
      className: 'whitespace-nowrap tabular-nums',
    },
    {
      id: 'actions',
      header: 'Actions',
      align: 'right',
      cell: (k) =>
        k.status === 'revoked' ? null : (
          <Button size="sm" variant="secondary" onClick={() => setRevoking(k)} aria-label={`Révoquer la clé ${k.name}`}>
            Révoquer
          </Button>
        ),
    },
  ];

  return (
    <Container className="py-10">
      <PageHeader
        eyebrow="Administration"
        title="Intégrations"
        description="Les clés d'API des outils de l'agence, chacune limitée aux routes de ses portées, et les webhooks qui les préviennent de ce qui change."
      />
      <div className="mt-8 space-y-6">
        {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
        <CreateKeyForm onCreated={setCreated} />
        {revokeError ? <Alert tone="error">{revokeError}</Alert> : null}
        <Card flush>
          <DataTable
            label="Clés d'API"
            columns={columns}
            rows={keys.data?.apiKeys}
            rowKey={(k) => k.id}
            {...queryStates(keys)}
            loadingText="Chargement des clés…"
            errorText="Les clés d'API n'ont pas pu être chargées."
            minWidthClass="min-w-[52rem]"
            emptyText="Aucune clé d'API pour l'instant."
          />
        </Card>
        <WebhooksSection />
      </div>
      {revoking ? (
        <ConfirmDialog
          title="Révoquer cette clé ?"
          confirmLabel="Révoquer la clé"
          tone="danger"
          busy={revoke.isPending}
          onConfirm={() => void confirmRevoke()}
          onCancel={() => setRevoking(null)}
        >
          La clé « {revoking.name} » ({revoking.prefix}…) sera refusée dès maintenant, par tous les outils qui l'utilisent. C'est définitif.
        </ConfirmDialog>
      ) : null}
    </Container>
  );
}
