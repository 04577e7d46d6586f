import { PROMISES } from '@vitrine/domain';
import type { ReactNode } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { Alert } from '../../../components/ui/card';
import { EMPTY_VALUE, formatCount, formatEuros } from '../../../lib/format';
import { ChoiceCard, ChoiceGroup } from '../form-controls';
import { addressesAt, extraEmailsOf, type OrderFormValues, type Recap } from '../order-wizard';
import { domainOf, type Choice } from './DesignStep';

const labelOf = (choices: Choice[], value: string | null) =>
  value ? (choices.find((c) => c.value === value)?.label ?? value) : EMPTY_VALUE;

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-3 sm:gap-4">
      <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
      <dd className="min-w-0 font-medium break-words text-slate-900 sm:col-span-2 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** The price recap: one line per item, then the first month and the following months (fr-FR euros). */
export function RecapTable({ recap }: { recap: Recap | null }) {
  if (!recap) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400" role="status">
        Calcul du récapitulatif...
      </p>
    );
  }
  return (
    <div>
      <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
        {recap.lines.map((line) => (
          <li key={line.code} className="flex items-baseline justify-between gap-4 py-2.5">
            <span className="min-w-0 text-slate-700 dark:text-slate-300">
              {line.label}
              {line.quantity > 1 ? ` × ${line.quantity}` : ''}
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {line.recurring ? 'Chaque mois' : 'Une seule fois, le premier mois'}
              </span>
            </span>
            <span className="shrink-0 font-medium text-slate-900 tabular-nums dark:text-white">{formatEuros(line.amountCents)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-slate-300 pt-4 dark:border-slate-700">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="font-semibold text-slate-900 dark:text-white">Premier mois</dt>
          <dd className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white" data-testid="recap-first-month">
            {formatEuros(recap.firstMonthCents)}
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-slate-600 dark:text-slate-300">Puis chaque mois</dt>
          <dd className="font-semibold text-slate-900 tabular-nums dark:text-white" data-testid="recap-monthly">
            {formatEuros(recap.monthlyCents)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-slate-500 dark:text-slate-400">
        Sans engagement : résiliable à tout moment depuis votre espace client.
      </p>
    </div>
  );
}

/** Step 4: the plan (the business toggle again, for those who chose the call), the configuration and the price. */
export function RecapStep({
  recap,
  prefersCall,
  photoCount,
  plans,
  colors,
  styles,
  businessFeatures,
}: {
  recap: Recap | null;
  prefersCall: boolean | null;
  photoCount: number;
  plans: { pro?: { name: string; monthlyPriceCents: number | null }; business?: { name: string; monthlyPriceCents: number | null } };
  colors: Choice[];
  styles: Choice[];
  businessFeatures: Choice[];
}) {
  const { control } = useFormContext<OrderFormValues>();
  const values = useWatch({ control }) as OrderFormValues;
  const services = values.services.map((s) => s.value.trim()).filter(Boolean);
  const extras = extraEmailsOf(values.extraEmails);
  const domain = domainOf(values);
  const logo = { have: "J'ai déjà un logo", none: 'Pas de logo', create: 'Création de logo' }[values.logoOption];
  const options = [values.includeGoogleBusiness && 'Fiche Google Business', values.includeTrustpilot && 'Profil Trustpilot']
    .filter(Boolean)
    .join(', ');
  const price = (plan?: { monthlyPriceCents: number | null }) =>
    plan?.monthlyPriceCents != null ? `${formatEuros(plan.monthlyPriceCents)}/mois` : undefined;

  return (
    <div className="space-y-8">
      {prefersCall ? (
        <Alert tone="info">
          Vous avez choisi de réserver un appel : un conseiller vous appelle sous {PROMISES.callback} pour un échange de 30 minutes et
          prépare le contenu de votre site avec vous.
        </Alert>
      ) : null}

      <Controller
        control={control}
        name="planType"
        render={({ field }) => (
          <ChoiceGroup legend="Votre formule">
            <div className="grid gap-3 sm:grid-cols-2">
              <ChoiceCard
                type="radio"
                name="order-plan"
                checked={field.value === 'pro'}
                onChange={() => field.onChange('pro')}
                title={plans.pro?.name ?? 'Pro'}
                description="Le site vitrine complet."
                aside={price(plans.pro)}
              />
              <ChoiceCard
                type="radio"
                name="order-plan"
                checked={field.value === 'business'}
                onChange={() => field.onChange('business')}
                title={plans.business?.name ?? 'Business'}
                description="Avec les fonctionnalités métier."
                aside={price(plans.business)}
              />
            </div>
          </ChoiceGroup>
        )}
      />

      <div className="grid gap-8 lg:grid-cols-5">
        <section aria-labelledby="order-config-title" className="lg:col-span-3">
          <h3 id="order-config-title" className="text-base font-semibold text-slate-900 dark:text-white">
            Votre configuration
          </h3>
          <dl className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-800">
            <Row term="Nom du site">{values.siteName.trim() || EMPTY_VALUE}</Row>
            <Row term="Nom de domaine">
              {values.domainName.trim() ? domain : values.domainChoice === 'new' ? 'À définir ensemble' : EMPTY_VALUE}
            </Row>
            <Row term="E-mail">{values.currentEmail.trim() || EMPTY_VALUE}</Row>
            {values.phone.trim() ? <Row term="Téléphone">{values.phone.trim()}</Row> : null}
            {prefersCall ? null : (
              <>
                <Row term="Services">{services.length ? services.join(', ') : EMPTY_VALUE}</Row>
                <Row term="Photos">{photoCount ? formatCount(photoCount, 'photo') : 'Aucune'}</Row>
                <Row term="Couleur dominante">{labelOf(colors, values.dominantColor)}</Row>
                <Row term="Style">
                  {values.stylePreferences.length ? values.stylePreferences.map((s) => labelOf(styles, s)).join(', ') : EMPTY_VALUE}
                </Row>
                {values.planType === 'business' && values.businessFeatures.length ? (
                  <Row term="Fonctionnalités Business">{values.businessFeatures.map((f) => labelOf(businessFeatures, f)).join(', ')}</Row>
                ) : null}
                <Row term="Logo">{logo}</Row>
                <Row term="Options">{options || 'Aucune'}</Row>
                <Row term="Adresses supplémentaires">{extras.length ? addressesAt(extras, domain) : 'Aucune'}</Row>
              </>
            )}
          </dl>
        </section>

        <section
          aria-labelledby="order-recap-title"
          className="self-start rounded-xl border border-slate-200 bg-slate-50 p-5 lg:col-span-2 dark:border-slate-800 dark:bg-slate-950/40"
        >
          <h3 id="order-recap-title" className="text-base font-semibold text-slate-900 dark:text-white">
            Récapitulatif du prix
          </h3>
          <div className="mt-2">
            <RecapTable recap={recap} />
          </div>
        </section>
      </div>
    </div>
  );
}
