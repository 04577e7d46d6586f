import { useGetAgencySettings } from '../../api/generated/admin/admin';
import type { AgencySettingsDto, UpdateAgencySettingsDto } from '../../api/generated/model';
import { Button } from '../../components/ui/button';
import { Card, Container } from '../../components/ui/card';
import { Field, Form, FormAlerts, Select, useApiForm } from '../../components/ui/form';
import { PageHeader } from '../../components/ui/page';
import { QueryState } from '../../components/ui/query-state';
import { cn } from '../../lib/cn';
import { formatDateTime } from '../../lib/format';
import { AGENCY_SETTINGS_SECTIONS } from './agency-settings-fields';
import { useUpdateAgencySettings } from './api';
import { BackToAdmin } from './labels';

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
  const update = useUpdateAgencySettings();
  const form = useApiForm<UpdateAgencySettingsDto>({
    defaultValues: valuesOf(settings),
    failureMessage: agencySettingsMessages.failed,
    onSubmit: async (values, { reset }) => reset(valuesOf(await update.mutateAsync({ data: values }))),
  });
  const { register, errors, isSubmitting } = form;

  return (
    <Form form={form} className="mt-8 space-y-6" aria-label={agencySettingsMessages.title}>
      {AGENCY_SETTINGS_SECTIONS.map((section) => (
        <Card key={section.title}>
          <h2 className="text-lg font-semibold">{section.title}</h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{section.description}</p>
          <div className="mt-5 grid gap-5 sm:grid-cols-2">
            {section.fields.map((field) =>
              field.options ? (
                <Select
                  key={field.name}
                  id={`agency-${field.name}`}
                  label={field.label}
                  options={field.options}
                  hint={field.hint}
                  error={errors[field.name]?.message}
                  className={cn('min-w-0', field.wide && 'sm:col-span-2')}
                  {...register(field.name)}
                />
              ) : (
                <Field
                  key={field.name}
                  id={`agency-${field.name}`}
                  label={field.label}
                  type={field.type ?? 'text'}
                  autoComplete={field.autoComplete ?? 'off'}
                  spellCheck={field.type ? false : undefined}
                  hint={field.hint}
                  optional={field.optional}
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
          <FormAlerts form={form} success={agencySettingsMessages.saved} />
        </div>
      </div>
    </Form>
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
        actions={<BackToAdmin />}
      />
      <div className="mt-8">
        <QueryState query={settings} loadingText={agencySettingsMessages.loading} errorText={agencySettingsMessages.loadFailed} />
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
