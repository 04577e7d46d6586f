import { useFormContext, useWatch } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/form';
import { FORM_LIMITS, MAX_LENGTHS, MIN_ABOUT_LENGTH, rules, type OrderFormValues } from '../order-wizard';
import { ListField } from './ListField';

/** Step 2, 'Contenu de votre site': the texts of the site, its services and its social links. */
export function ContentStep() {
  const {
    register,
    control,
    formState: { errors, touchedFields },
  } = useFormContext<OrderFormValues>();
  const [about, services] = useWatch({ control, name: ['about', 'services'] });
  const aboutLength = about.trim().length;
  // The list's own rule shows once a service row was left (like the other fields' messages).
  const servicesTouched = Array.isArray(touchedFields.services) && touchedFields.services.some((row) => row?.value);
  const servicesRule = rules.services(services);
  const servicesError = servicesTouched && servicesRule !== true ? servicesRule : undefined;

  return (
    <div className="space-y-6">
      <Field
        label="Slogan (facultatif)"
        placeholder="Le bon pain, tout simplement"
        maxLength={MAX_LENGTHS.tagline}
        {...register('tagline')}
      />

      <Textarea
        label="Présentation de votre activité"
        rows={5}
        maxLength={MAX_LENGTHS.about}
        placeholder="Qui êtes-vous, depuis quand, ce qui vous distingue…"
        hint={aboutLength < MIN_ABOUT_LENGTH ? `${aboutLength} / ${MIN_ABOUT_LENGTH} caractères minimum` : `${aboutLength} caractères`}
        error={errors.about?.message}
        {...register('about', { validate: rules.about })}
      />

      <ListField
        name="services"
        legend="Vos services ou produits"
        hint="Un service par ligne : ils deviennent les rubriques de votre site."
        itemLabel={(n) => `Service ${n}`}
        addLabel="Ajouter un service"
        placeholder="Pain au levain"
        maxLength={MAX_LENGTHS.service}
        error={servicesError}
        maxRows={FORM_LIMITS.services}
      />

      <Textarea
        label="Horaires d'ouverture"
        optional
        rows={3}
        maxLength={MAX_LENGTHS.openingHours}
        placeholder={'Du mardi au samedi, 7h-19h\nDimanche, 7h-13h'}
        {...register('openingHours')}
      />

      <ListField
        name="socialLinks"
        legend="Réseaux sociaux (facultatif)"
        hint="Liens complets, commençant par https://"
        itemLabel={(n) => `Lien ${n}`}
        addLabel="Ajouter un lien"
        placeholder="https://www.instagram.com/…"
        maxLength={MAX_LENGTHS.socialLink}
        inputType="url"
        validateItem={rules.socialLink}
        maxRows={FORM_LIMITS.socialLinks}
      />
    </div>
  );
}
