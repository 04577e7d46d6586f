import type { ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { formatEuros } from '../../../lib/format';
import { cn } from '../../../lib/cn';
import { Optional, Textarea } from '../../../components/ui/form';
import { CheckIcon, ChoiceCard, ChoiceGroup, RadioCards, SubHeading, Switch } from '../form-controls';
import { DOMAIN_TO_BE_DEFINED, FORM_LIMITS, MAX_LENGTHS, rules, type OrderFormValues } from '../order-wizard';
import { ListField } from './ListField';

export interface Choice {
  value: string;
  label: string;
}

/** The prices the step shows beside the options, in cents (from the catalogue); undefined while it loads. */
export interface OptionPrices {
  businessExtraCents?: number;
  logoCents?: number;
  googleBusinessCents?: number;
  trustpilotCents?: number;
  extraEmailCents?: number;
}

const perMonth = (cents: number | undefined) => (cents === undefined ? undefined : `+${formatEuros(cents)}/mois`);
const once = (cents: number | undefined) => (cents === undefined ? undefined : `+${formatEuros(cents)}`);

/** The domain typed at step 1 (with its extension when a new one is asked for), or null when none was given. */
export function domainOf(values: Pick<OrderFormValues, 'domainName' | 'domainTld' | 'domainChoice'>): string | null {
  const name = values.domainName
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/.*$/, '');
  if (!name) return null;
  return values.domainChoice === 'new' && !name.includes('.') ? `${name}${values.domainTld}` : name;
}

/** Step 3, 'Design et options': photos, colour and style, the Business option and its features, paid options. */
export function DesignStep({
  photos,
  colors,
  styles,
  businessFeatures,
  prices,
}: {
  photos: ReactNode;
  colors: Choice[];
  styles: Choice[];
  businessFeatures: Choice[];
  prices: OptionPrices;
}) {
  const { register, control } = useFormContext<OrderFormValues>();
  const [planType, domainName, domainTld, domainChoice] = useWatch({
    control,
    name: ['planType', 'domainName', 'domainTld', 'domainChoice'],
  });

  return (
    <div className="space-y-8">
      {photos}

      <Controller
        control={control}
        name="dominantColor"
        render={({ field }) => (
          <ChoiceGroup
            legend={
              <>
                Couleur dominante
                <Optional />
              </>
            }
          >
            <div className="grid grid-cols-4 gap-3 sm:grid-cols-8">
              {colors.map((color) => (
                <label
                  key={color.value}
                  className="group flex cursor-pointer flex-col items-center gap-1.5 text-xs text-slate-700 dark:text-slate-300"
                >
                  <input
                    type="radio"
                    name={field.name}
                    value={color.value}
                    checked={field.value === color.value}
                    onChange={() => field.onChange(color.value)}
                    onBlur={field.onBlur}
                    className="peer sr-only"
                  />
                  <span
                    aria-hidden="true"
                    className="flex size-11 items-center justify-center rounded-full text-white ring-offset-2 ring-offset-white peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-brand-500 dark:ring-offset-slate-900 dark:peer-checked:ring-white"
                    style={{ backgroundColor: color.value }}
                  >
                    {field.value === color.value ? <CheckIcon className="size-5" /> : null}
                  </span>
                  <span className={cn(field.value === color.value && 'font-semibold text-slate-900 dark:text-white')}>{color.label}</span>
                </label>
              ))}
            </div>
          </ChoiceGroup>
        )}
      />

      <ChoiceGroup
        legend={
          <>
            Style souhaité
            <Optional />
          </>
        }
        hint="Plusieurs choix possibles."
      >
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {styles.map((style) => (
            <ChoiceCard key={style.value} type="checkbox" value={style.value} title={style.label} {...register('stylePreferences')} />
          ))}
        </div>
      </ChoiceGroup>

      <div className="space-y-4">
        <Controller
          control={control}
          name="planType"
          render={({ field }) => (
            <Switch
              checked={field.value === 'business'}
              onChange={(on) => field.onChange(on ? 'business' : 'pro')}
              label="Formule Business"
              description="Des fonctionnalités métier pour développer votre activité : réservation, devis, boutique…"
              aside={perMonth(prices.businessExtraCents)}
            />
          )}
        />
        {planType === 'business' ? (
          <ChoiceGroup
            legend="Fonctionnalités Business souhaitées"
            hint="Choisissez celles dont vous avez besoin ; nous en reparlons avec vous."
          >
            <div className="grid grid-cols-2 gap-2 lg:grid-cols-3">
              {businessFeatures.map((feature) => (
                <ChoiceCard
                  key={feature.value}
                  type="checkbox"
                  value={feature.value}
                  title={feature.label}
                  cardClassName="gap-2! p-3!"
                  {...register('businessFeatures')}
                />
              ))}
            </div>
          </ChoiceGroup>
        ) : null}
      </div>

      <div className="space-y-4">
        <SubHeading description="À ajouter à votre abonnement si vous le souhaitez.">Options</SubHeading>
        <RadioCards
          legend="Logo"
          gridClassName="grid gap-3 xl:grid-cols-3"
          options={[
            { value: 'have', title: "J'ai déjà un logo", description: "Vous nous l'enverrez." },
            { value: 'none', title: 'Pas de logo', description: 'Le nom de votre site en titre.' },
            {
              value: 'create',
              title: 'Création de logo',
              description: 'Facturée une fois, le premier mois.',
              aside: once(prices.logoCents),
            },
          ]}
          {...register('logoOption')}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <ChoiceCard
            type="checkbox"
            title="Fiche Google Business"
            description="Création et suivi de votre fiche."
            aside={perMonth(prices.googleBusinessCents)}
            {...register('includeGoogleBusiness')}
          />
          <ChoiceCard
            type="checkbox"
            title="Profil Trustpilot"
            description="Création et suivi de votre profil."
            aside={perMonth(prices.trustpilotCents)}
            {...register('includeTrustpilot')}
          />
        </div>
        <ListField
          name="extraEmails"
          legend="Adresses e-mail supplémentaires"
          hint={`Une adresse professionnelle est incluse ; chaque adresse en plus ${prices.extraEmailCents === undefined ? 'est facturée' : `coûte ${formatEuros(prices.extraEmailCents)}`} par mois.`}
          itemLabel={(n) => `Adresse supplémentaire ${n}`}
          addLabel="Ajouter une adresse"
          placeholder="devis"
          maxLength={MAX_LENGTHS.extraEmail}
          suffix={`@${domainOf({ domainName, domainTld, domainChoice }) ?? DOMAIN_TO_BE_DEFINED}`}
          minRows={0}
          maxRows={FORM_LIMITS.extraEmails}
          validateItem={rules.extraEmail}
        />
      </div>

      <Textarea
        label="Demandes particulières"
        optional
        rows={3}
        maxLength={MAX_LENGTHS.specialRequirements}
        placeholder="Une page en anglais, un plan d'accès, une couleur à éviter…"
        {...register('specialRequirements')}
      />
    </div>
  );
}
