import { useFormContext, useWatch } from 'react-hook-form';
import { EmailInput } from '../../../components/form-fields';
import { Field, selectClasses } from '../../../components/ui/field';
import { hintClass, labelClass, Optional } from '../../../components/ui/form';
import { RadioCards, type RadioOption } from '../form-controls';
import { cn } from '../../../lib/cn';
import { DOMAIN_TLDS, DOMAIN_TO_BE_DEFINED, MAX_LENGTHS, rules, type DomainTld, type OrderFormValues } from '../order-wizard';
import { domainOf } from './DesignStep';

const DOMAIN_CHOICES: RadioOption[] = [
  { value: 'existing', title: "J'ai déjà un nom de domaine", description: 'Nous relions votre site à votre adresse actuelle.' },
  { value: 'new', title: 'Je veux un nouveau nom de domaine', description: 'Inclus dans votre abonnement.' },
];

const DISPLAY_EMAIL_CHOICES: RadioOption[] = [
  { value: 'pro', title: 'Une adresse professionnelle', description: 'Sur votre domaine, incluse.' },
  { value: 'personal', title: 'Mon adresse actuelle', description: 'Celle indiquée ci-dessus.' },
];

/** Step 1: the business, its domain and how to reach it. */
export function GeneralStep({ emailLocked, tlds = DOMAIN_TLDS }: { emailLocked: boolean; tlds?: readonly DomainTld[] }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<OrderFormValues>();
  const [domainChoice, displayEmailChoice, domainName, domainTld] = useWatch({
    control,
    name: ['domainChoice', 'displayEmailChoice', 'domainName', 'domainTld'],
  });
  const domainShown = domainOf({ domainName, domainTld, domainChoice }) ?? DOMAIN_TO_BE_DEFINED;

  return (
    <div className="space-y-6">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Nom du site"
          autoComplete="organization"
          placeholder="Boulangerie Martin"
          maxLength={MAX_LENGTHS.siteName}
          error={errors.siteName?.message}
          {...register('siteName', { validate: rules.siteName })}
        />
        <Field
          label="Secteur d'activité (facultatif)"
          placeholder="Boulangerie, plomberie, coiffure…"
          maxLength={MAX_LENGTHS.businessSector}
          error={errors.businessSector?.message}
          {...register('businessSector')}
        />
      </div>

      <RadioCards legend="Nom de domaine" options={DOMAIN_CHOICES} {...register('domainChoice')} />

      {domainChoice === 'new' ? (
        <div>
          <label htmlFor="order-domain-name" className={labelClass}>
            Nom de domaine souhaité
            <Optional />
          </label>
          <div className="flex gap-2">
            <input
              id="order-domain-name"
              placeholder="boulangerie-martin"
              maxLength={MAX_LENGTHS.domainName}
              autoCapitalize="none"
              spellCheck={false}
              className={cn(selectClasses, 'w-auto! min-w-0 flex-1')}
              aria-describedby="order-domain-name-hint"
              {...register('domainName')}
            />
            <label htmlFor="order-domain-tld" className="sr-only">
              Extension
            </label>
            <select id="order-domain-tld" className={cn(selectClasses, 'w-24! shrink-0')} {...register('domainTld')}>
              {tlds.map((tld) => (
                <option key={tld} value={tld}>
                  {tld}
                </option>
              ))}
            </select>
          </div>
          <p id="order-domain-name-hint" className={hintClass}>
            Nous vérifions sa disponibilité et vous proposons une alternative si besoin.
          </p>
        </div>
      ) : (
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label="Votre nom de domaine (facultatif)"
            placeholder="boulangerie-martin.fr"
            maxLength={MAX_LENGTHS.domainName}
            autoCapitalize="none"
            spellCheck={false}
            {...register('domainName')}
          />
          <Field
            label="Adresse du site actuel (facultatif)"
            type="url"
            placeholder="https://www.boulangerie-martin.fr"
            maxLength={MAX_LENGTHS.oldWebsiteUrl}
            autoCapitalize="none"
            spellCheck={false}
            {...register('oldWebsiteUrl')}
          />
        </div>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <EmailInput
          readOnly={emailLocked}
          maxLength={MAX_LENGTHS.email}
          hint={emailLocked ? "L'adresse de votre compte." : 'Pour vous envoyer la confirmation et vos accès.'}
          error={errors.currentEmail?.message}
          {...register('currentEmail', { validate: rules.email })}
        />
        <Field
          label="Téléphone (facultatif)"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          placeholder="06 12 34 56 78"
          maxLength={MAX_LENGTHS.phone}
          error={errors.phone?.message}
          {...register('phone', { validate: rules.phone })}
        />
      </div>

      <RadioCards legend="Adresse e-mail affichée sur le site" options={DISPLAY_EMAIL_CHOICES} {...register('displayEmailChoice')} />

      {displayEmailChoice === 'pro' ? (
        <div>
          <label htmlFor="order-pro-email" className={labelClass}>
            Adresse professionnelle
          </label>
          <div className="flex min-w-0 items-center gap-2">
            <input
              id="order-pro-email"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={MAX_LENGTHS.proEmailLocalPart}
              className={cn(selectClasses, 'w-40! shrink-0')}
              aria-describedby="order-pro-email-domain"
              {...register('proEmailLocalPart')}
            />
            <span id="order-pro-email-domain" className="min-w-0 flex-1 truncate text-sm text-slate-600 dark:text-slate-300">
              @{domainShown}
            </span>
          </div>
        </div>
      ) : null}

      <Field
        label="Adresse de l'entreprise (facultatif)"
        autoComplete="street-address"
        placeholder="12 rue de la République, 69002 Lyon"
        maxLength={MAX_LENGTHS.companyAddress}
        {...register('companyAddress')}
      />
    </div>
  );
}
