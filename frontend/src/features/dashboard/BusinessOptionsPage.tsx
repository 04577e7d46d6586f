import { useState } from 'react';
import type { RegisterOptions } from 'react-hook-form';
import { useParams } from 'react-router';
import { useGetBusinessOptions } from '../../api/generated/sites/sites';
import type { BusinessOptionsResponseDto } from '../../api/generated/model';
import { isApiError } from '../../api/http';
import { Button, ButtonLink } from '../../components/ui/button';
import { Alert, Card, Container, LoadingScreen } from '../../components/ui/card';
import { Field, Form, FormAlerts, Select, Textarea, useApiForm } from '../../components/ui/form';
import { PageHeader } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { formatDateTime } from '../../lib/format';
import { EMAIL_PATTERN } from '../../lib/validation';
import { useSaveBusinessOptions } from './api';

export type BusinessOptionsValues = Omit<BusinessOptionsResponseDto, 'savedAt'>;

export const BUSINESS_TYPES = [
  { value: 'restaurant', label: 'Restaurant' },
  { value: 'retail', label: 'Commerce' },
  { value: 'service', label: 'Services' },
  { value: 'professionnel', label: 'Profession libérale' },
  { value: 'ecommerce', label: 'E-commerce' },
  { value: 'autre', label: 'Autre' },
] as const;

/** The required fields of spec §5, with the server's messages. */
export const BUSINESS_MESSAGES = {
  businessName: "Le nom de l'entreprise est requis",
  businessType: "Le type d'activité est requis",
  industry: "Le secteur d'activité est requis",
  keyServices: 'Les services principaux sont requis',
  businessGoals: 'Les objectifs sont requis',
  emailRequired: "L'email est requis",
  emailInvalid: "Format d'email invalide",
  saved: 'Vos informations ont été enregistrées.',
  failed: "Erreur lors de l'envoi du formulaire. Veuillez réessayer.",
} as const;

/** Required after trimming, with the given message. */
const required = (message: string) => ({ validate: (v: unknown) => (typeof v === 'string' && v.trim() !== '') || message });

/** The questionnaire's text areas: three rows, the id given (the server names the fields so). */
function TextArea(props: { id: string; label: string; error?: string } & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <Textarea rows={3} textareaClassName="py-2" {...props} />;
}

/** /dashboard/sites/{id}/business-options: the business questionnaire, stored and editable later. */
export function BusinessOptionsPage() {
  const { id = '' } = useParams();
  const query = useGetBusinessOptions(id);
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) {
    return (
      <Container className="py-10 sm:py-12">
        <Alert tone="error">{isApiError(query.error) && query.error.status === 404 ? 'Site introuvable' : 'Erreur de chargement.'}</Alert>
      </Container>
    );
  }
  return <BusinessOptionsForm key={id} siteId={id} initial={query.data} />;
}

export function BusinessOptionsForm({ siteId, initial }: { siteId: string; initial: BusinessOptionsResponseDto }) {
  const { savedAt, ...defaults } = initial;
  const save = useSaveBusinessOptions();
  const [savedNow, setSavedNow] = useState<string>();
  const form = useApiForm<BusinessOptionsValues>({
    defaultValues: defaults,
    failureMessage: BUSINESS_MESSAGES.failed,
    onSubmit: async (values) => {
      const saved = await save.mutateAsync({
        id: siteId,
        data: { ...values, businessType: values.businessType as Exclude<typeof values.businessType, ''> },
      });
      setSavedNow(saved.savedAt ?? undefined);
    },
  });
  const { errors } = form;

  const text = (
    name: 'businessName' | 'industry' | 'budget' | 'timeline',
    label: string,
    rules?: RegisterOptions<BusinessOptionsValues, typeof name>,
  ) => <Field label={label} error={errors[name]?.message as string | undefined} {...form.register(name, rules)} />;

  return (
    <Container className="py-10 sm:py-12">
      <ButtonLink to={paths.dashboard.site(siteId)} variant="ghost" size="sm" className="-ml-3">
        ← Retour au site
      </ButtonLink>
      <PageHeader
        eyebrow="Espace client"
        title="Options Business"
        description="Parlez-nous de votre activité : nous construisons votre site à partir de ces informations."
      />
      {savedAt ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Dernier enregistrement : {formatDateTime(savedNow ?? savedAt)}</p>
      ) : null}
      <Form form={form} className="mt-8 space-y-6">
        <Card className="space-y-4">
          <h2 className="text-lg font-semibold">Votre entreprise</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('businessName', "Nom de l'entreprise", required(BUSINESS_MESSAGES.businessName))}
            <Select
              id="businessType"
              label="Type d'activité"
              options={BUSINESS_TYPES}
              error={errors.businessType?.message}
              {...form.register('businessType', required(BUSINESS_MESSAGES.businessType))}
            >
              <option value="">Choisir…</option>
            </Select>
            {text('industry', "Secteur d'activité", required(BUSINESS_MESSAGES.industry))}
            {text('budget', 'Budget')}
          </div>
          <TextArea
            id="keyServices"
            label="Services principaux"
            error={errors.keyServices?.message}
            {...form.register('keyServices', required(BUSINESS_MESSAGES.keyServices))}
          />
          <TextArea
            id="businessGoals"
            label="Objectifs"
            error={errors.businessGoals?.message}
            {...form.register('businessGoals', required(BUSINESS_MESSAGES.businessGoals))}
          />
          <TextArea id="targetAudience" label="Public cible" {...form.register('targetAudience')} />
        </Card>

        <Card className="space-y-4">
          <h2 className="text-lg font-semibold">Coordonnées</h2>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="E-mail"
              type="email"
              autoComplete="email"
              error={errors.contactInfo?.email?.message}
              {...form.register('contactInfo.email', {
                validate: (v) =>
                  v.trim() === '' ? BUSINESS_MESSAGES.emailRequired : EMAIL_PATTERN.test(v.trim()) || BUSINESS_MESSAGES.emailInvalid,
              })}
            />
            <Field label="Téléphone" type="tel" autoComplete="tel" {...form.register('contactInfo.phone')} />
            <Field label="Adresse" autoComplete="street-address" {...form.register('contactInfo.address')} />
            <Field label="Ville" autoComplete="address-level2" {...form.register('contactInfo.city')} />
            <Field label="Code postal" autoComplete="postal-code" {...form.register('contactInfo.postalCode')} />
            <Field label="Pays" autoComplete="country-name" {...form.register('contactInfo.country')} />
          </div>
        </Card>

        <Card className="space-y-4">
          <h2 className="text-lg font-semibold">Votre site</h2>
          <TextArea id="designPreferences" label="Préférences de design" {...form.register('designPreferences')} />
          <TextArea id="specialRequirements" label="Demandes particulières" {...form.register('specialRequirements')} />
          <TextArea id="competitors" label="Concurrents" {...form.register('competitors')} />
          {text('timeline', 'Délais')}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Facebook" {...form.register('socialMedia.facebook')} />
            <Field label="Instagram" {...form.register('socialMedia.instagram')} />
            <Field label="LinkedIn" {...form.register('socialMedia.linkedin')} />
            <Field label="Twitter" {...form.register('socialMedia.twitter')} />
          </div>
        </Card>

        <FormAlerts form={form} success={BUSINESS_MESSAGES.saved} />
        <Button type="submit" loading={save.isPending}>
          Enregistrer
        </Button>
      </Form>
    </Container>
  );
}
