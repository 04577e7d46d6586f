import { PROMISES } from '@vitrine/domain';
import type { PaidPlanId } from '@vitrine/domain';
import { useEffect, useRef, useState } from 'react';
import type { PlanDto } from '../../../api/generated/model';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Alert, Card } from '../../../components/ui/card';
import { CloseButton } from '../../../components/ui/modal-dialog';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { Icon } from '../components/icons';
import { SectionContent, SectionFrame } from '../components/Section';
import { LazyQuoteForm, loadQuoteForm } from '../quote/LazyQuoteForm';
import { useAgency, useCatalogue } from '../../../lib/site-info';
import { formatEuros } from '../../../lib/format';

/** The order URL per plan (spec: Pro 'Commencer' → plan=basic, Business 'Commencer' → plan=business). */
export const orderLinks: Record<PaidPlanId, string> = {
  pro: `${paths.order}?plan=basic`,
  business: `${paths.order}?plan=business`,
};

function PlanCard({ plan, quoteOpen, onToggleQuote }: { plan: PlanDto; quoteOpen: boolean; onToggleQuote: () => void }) {
  const highlighted = plan.id === 'business';
  return (
    <Card
      className={cn(
        'relative flex h-full flex-col',
        highlighted && 'border-brand-500 ring-2 ring-brand-500 dark:border-brand-400 dark:ring-brand-400',
      )}
    >
      {highlighted ? (
        <span className="absolute -top-3 left-6 rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold text-white">Le plus choisi</span>
      ) : null}
      <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{plan.name}</h3>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1">
        {plan.monthlyPriceCents === null ? (
          <span className="text-4xl font-extrabold tracking-tight">Sur devis</span>
        ) : (
          <>
            <span className="text-4xl font-extrabold tracking-tight">{formatEuros(plan.monthlyPriceCents)}</span>
            <span className="text-sm text-slate-500 dark:text-slate-400">/mois</span>
          </>
        )}
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Icon name="check" className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-400" strokeWidth={2.4} />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      {plan.id === 'teams' ? (
        <Button
          variant="secondary"
          className="mt-8 w-full"
          aria-expanded={quoteOpen}
          aria-controls="devis-sur-mesure"
          onClick={onToggleQuote}
          onPointerEnter={() => void loadQuoteForm()}
          onFocus={() => void loadQuoteForm()}
        >
          {quoteOpen ? 'Fermer le formulaire' : 'Demander un devis'}
        </Button>
      ) : (
        <ButtonLink
          to={orderLinks[plan.id]}
          variant={highlighted ? 'primary' : 'secondary'}
          className="mt-8 w-full"
          aria-label={`Commencer avec la formule ${plan.name}`}
        >
          Commencer
        </ButtonLink>
      )}
    </Card>
  );
}

function PlanSkeleton() {
  return (
    <Card className="flex h-full flex-col" aria-hidden="true">
      <div className="h-6 w-24 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-3 h-4 w-full animate-pulse rounded bg-slate-100 dark:bg-slate-800/70" />
      <div className="mt-6 h-10 w-32 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-6 space-y-3">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-4 w-4/5 animate-pulse rounded bg-slate-100 dark:bg-slate-800/70" />
        ))}
      </div>
      <div className="mt-8 h-11 w-full animate-pulse rounded-lg bg-slate-200 dark:bg-slate-800" />
    </Card>
  );
}

/** Holds the add-ons' place while the catalogue loads, so the page below (portfolio, FAQ) does not jump. */
function AddOnsSkeleton() {
  return (
    <div className="mt-12" aria-hidden="true">
      <div className="mx-auto h-7 w-44 animate-pulse rounded bg-slate-200 dark:bg-slate-800" />
      <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div
            key={i}
            className="h-32 animate-pulse rounded-xl border border-slate-200 bg-white lg:h-44 dark:border-slate-800 dark:bg-slate-900"
          />
        ))}
      </div>
    </div>
  );
}

function QuotePanel({ onClose }: { onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' });
  }, []);
  return (
    <div ref={ref} id="devis-sur-mesure" role="region" aria-labelledby="devis-titre" className="mt-8 scroll-mt-24">
      <Card className="p-6 sm:p-8">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h3 id="devis-titre" className="text-xl font-semibold text-slate-900 dark:text-white">
              Demande de devis sur mesure
            </h3>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              Décrivez votre projet : un conseiller vous rappelle dans les {PROMISES.callback} sur le créneau de votre choix.
            </p>
          </div>
          <CloseButton onClick={onClose} label="Fermer le formulaire de devis" />
        </div>
        <div className="mt-6">
          <LazyQuoteForm idPrefix="teams" />
        </div>
      </Card>
    </div>
  );
}

/** Pricing and contact (anchor: features): plans and options from GET /api/catalogue, the Teams quote panel. */
export function PricingContent() {
  const catalogue = useCatalogue();
  const agency = useAgency().data;
  const [quoteOpen, setQuoteOpen] = useState(false);

  return (
    <SectionContent
      id="features"
      eyebrow="Tarifs"
      title="Des formules simples, tout compris"
      intro="Nom de domaine, hébergement, SSL, modifications et support inclus. Sans engagement, sans frais de création."
    >
      {catalogue.isError ? (
        <Alert tone="error" className="mx-auto mt-12 max-w-2xl text-center">
          <p className="font-semibold">Les tarifs sont momentanément indisponibles.</p>
          <p className="mt-1">
            Réessayez dans un instant
            {agency ? (
              <>
                {' '}
                ou appelez-nous au{' '}
                <a href={agency.phoneHref} className="font-semibold underline">
                  {agency.phone}
                </a>
              </>
            ) : null}
            .
          </p>
          <Button size="sm" variant="secondary" className="mt-3" onClick={() => void catalogue.refetch()}>
            Réessayer
          </Button>
        </Alert>
      ) : (
        <div className="mt-12 grid gap-6 lg:grid-cols-3" aria-busy={catalogue.isPending}>
          {catalogue.isPending
            ? [0, 1, 2].map((i) => <PlanSkeleton key={i} />)
            : catalogue.data.plans.map((plan) => (
                <PlanCard key={plan.id} plan={plan} quoteOpen={quoteOpen} onToggleQuote={() => setQuoteOpen((open) => !open)} />
              ))}
        </div>
      )}

      {quoteOpen ? <QuotePanel onClose={() => setQuoteOpen(false)} /> : null}

      {catalogue.data ? (
        <div className="mt-12">
          <h3 className="text-center text-lg font-semibold text-slate-900 dark:text-white">Options à la carte</h3>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {catalogue.data.addOns.map((addOn) => (
              <li key={addOn.id} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
                <p className="font-medium text-slate-900 dark:text-white">{addOn.name}</p>
                <p className="mt-1 text-sm font-semibold text-brand-700 dark:text-brand-300">
                  {formatEuros(addOn.priceCents)}
                  {addOn.billing === 'monthly' ? (addOn.perUnit ? ' /mois par adresse' : ' /mois') : ' une seule fois'}
                </p>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{addOn.description}</p>
              </li>
            ))}
          </ul>
        </div>
      ) : catalogue.isPending ? (
        <AddOnsSkeleton />
      ) : null}

      <div className="mt-12 flex flex-col items-center justify-between gap-6 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8 md:flex-row dark:border-slate-800 dark:bg-slate-900">
        <div className="text-center md:text-left">
          <h3 className="text-lg font-semibold text-slate-900 dark:text-white">Une question avant de vous lancer ?</h3>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Du lundi au samedi, 9h00-17h00. Réponse garantie en {PROMISES.supportReply.long}, même le week-end.
          </p>
        </div>
        <div className="flex w-full shrink-0 flex-col gap-3 whitespace-nowrap sm:w-auto sm:flex-row">
          <a
            href={agency?.phoneHref ?? paths.contact}
            className="inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
          >
            <Icon name="phone" className="size-4" />
            {agency?.phone ?? 'Nous appeler'}
          </a>
          <ButtonLink to={paths.contact} variant="secondary">
            <Icon name="mail" className="size-4" />
            Nous écrire
          </ButtonLink>
        </div>
      </div>
    </SectionContent>
  );
}

/**
 * Pricing and contact (anchor: features). The section's element and its content apart: the public pages' light entry hydrates the content on the
 * visitor's first interaction with it (app/public/island.tsx).
 */
export function Pricing() {
  return (
    <SectionFrame id="features" tinted>
      <PricingContent />
    </SectionFrame>
  );
}
