import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  getGetAgencySettingsQueryKey,
  getListAdminAuditLogQueryKey,
  useGetAgencySettings,
  useUpdateAgencySettings,
} from '../../api/generated/admin/admin';
import { getGetAgencyQueryKey } from '../../api/generated/agency/agency';
import type { AgencySettingsDto, UpdateAgencySettingsDto } from '../../api/generated/model';
import { Button, ButtonLink } from '../../components/ui/button';
import { Alert, Card, Container } from '../../components/ui/card';
import { Field, selectClasses } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { applyApiFieldErrors } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { AGENCY_SETTINGS_SECTIONS } from './agency-settings-fields';

export const agencySettingsMessages = {
  title: "Paramètres de l'agence",
  saved: 'Paramètres enregistrés.',
  failed: "Erreur lors de l'enregistrement. Veuillez réessayer.",
  save: 'Enregistrer',
  loading: 'Chargement des paramètres...',
  loadFailed: "Impossible de charger les paramètres de l'agence.",
  neverSaved:
    "Jamais enregistrés : ce sont les valeurs de l'environnement (variables AGENCY_* et TEAM_EMAIL). Le premier enregistrement les remplace.",
} as const;

const valuesOf = ({ savedAt: _savedAt, ...values }: AgencySettingsDto): UpdateAgencySettingsDto => values;

function SettingsForm({ settings }: { settings: AgencySettingsDto }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const update = useUpdateAgencySettings();
  const form = useForm<UpdateAgencySettingsDto>({ defaultValues: valuesOf(settings) });
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    try {
      const next = await update.mutateAsync({ data: values });
      queryClient.setQueryData(getGetAgencySettingsQueryKey(), next);
      // The public pages of this visit (footer, contact, legal notice) read the identity once: read it again.
      void queryClient.invalidateQueries({ queryKey: getGetAgencyQueryKey() });
      void queryClient.invalidateQueries({ queryKey: getListAdminAuditLogQueryKey() });
      reset(valuesOf(next));
      setSaved(true);
    } catch (error) {
      if (!applyApiFieldErrors(form, error)) setError('root.server', { type: 'server', message: agencySettingsMessages.failed });
    }
  });

  return (
    <form onSubmit={onSubmit} className="mt-8 space-y-6" noValidate aria-label={agencySettingsMessages.title}>
      {AGENCY_SETTINGS_SECTIONS.map((section) => (
        <Card key={section.title}>
          <h2 className="text-lg font-semibold">{section.title}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{section.description}</p>
          <div className="mt-5 grid gap-5 sm:grid-cols-2">
            {section.fields.map((field) =>
              field.options ? (
                <div key={field.name} className={cn('min-w-0', field.wide && 'sm:col-span-2')}>
                  <label htmlFor={`agency-${field.name}`} className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200">
                    {field.label}
                  </label>
                  <select
                    id={`agency-${field.name}`}
                    className={selectClasses}
                    aria-describedby={field.hint ? `agency-${field.name}-hint` : undefined}
                    {...register(field.name)}
                  >
                    {field.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                  {field.hint ? (
                    <p id={`agency-${field.name}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                      {field.hint}
                    </p>
                  ) : null}
                  {errors[field.name]?.message ? (
                    <p className="mt-1 text-sm text-red-700 dark:text-red-400" role="alert">
                      {errors[field.name]?.message}
                    </p>
                  ) : null}
                </div>
              ) : (
                <Field
                  key={field.name}
                  id={`agency-${field.name}`}
                  label={field.label}
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete ?? 'off'}
                  spellCheck={field.type ? false : undefined}
                  hint={field.hint}
                  error={errors[field.name]?.message}
                  className={cn('min-w-0', field.wide && 'sm:col-span-2')}
                  {...register(field.name)}
                />
              ),
            )}
          </div>
        </Card>
      ))}
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Button type="submit" loading={isSubmitting} className="sm:shrink-0">
          {agencySettingsMessages.save}
        </Button>
        <div className="min-w-0 flex-1" aria-live="polite">
          {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
          {saved ? <Alert tone="success">{agencySettingsMessages.saved}</Alert> : null}
        </div>
      </div>
    </form>
  );
}

/** /admin/settings: the agency's identity, legal mentions, contact details and team address, as the public pages and the mails show them. */
export function AdminAgencySettingsPage() {
  const settings = useGetAgencySettings();
  const data = settings.data;

  return (
    <Container className="py-10 sm:py-12">
      <PageHeader
        eyebrow="Administration"
        title={agencySettingsMessages.title}
        description="Ce que le pied de page, la page Contact, les mentions légales, les CGV et les e-mails affichent de l'agence, et l'adresse où l'équipe reçoit ses e-mails."
        actions={
          <ButtonLink to={paths.admin.root} variant="secondary">
            Retour à l'administration
          </ButtonLink>
        }
      />
      <div className="mt-8">
        <QueryState
          loading={settings.isPending}
          error={settings.isError}
          loadingText={agencySettingsMessages.loading}
          errorText={agencySettingsMessages.loadFailed}
          onRetry={() => void settings.refetch()}
        />
      </div>
      {data ? (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {data.savedAt ? `Dernier enregistrement le ${formatDateTime(data.savedAt)}.` : agencySettingsMessages.neverSaved}
          </p>
          <SettingsForm settings={data} />
        </>
      ) : null}
    </Container>
  );
}
