/**
 * The catalogue: the one source for plans, add-ons and prices (in euro cents), on the server, in the browser and in
 * the Stripe sandbox. The API serves it, Stripe prices are found by their `lookupKey`, a plan becomes a site of its
 * `siteType`. Every plan id, paid plan id and site type is derived from these entries: a new plan is a new entry here
 * (and a migration widening the database's checks), nothing else names the plans.
 */
import { type Recap, recapAt, type RecapSelection } from './order-rules.ts';
import { PROMISES } from './promises.ts';

interface PlanEntry {
  name: string;
  /** null: on quote (Teams) */
  monthlyPriceCents: number | null;
  lookupKey: string | null;
  /** The site a subscription to this plan builds (the admin filters sites by it) */
  siteType: string;
  /** The site type's name, where it differs from the plan's */
  siteTypeName?: string;
  description: string;
  features: readonly string[];
}

const PLAN_ENTRIES = {
  pro: {
    name: 'Pro',
    monthlyPriceCents: 2900,
    lookupKey: 'plan_pro_monthly',
    siteType: 'pro',
    description: 'Le site vitrine complet pour être visible en ligne.',
    features: ['Nom de domaine et hébergement', 'Certificat SSL', 'Modifications gratuites', 'Support téléphonique', 'Sauvegardes'],
  },
  business: {
    name: 'Business',
    monthlyPriceCents: 5900,
    lookupKey: 'plan_business_monthly',
    siteType: 'business',
    description: 'Des fonctionnalités avancées pour développer votre activité.',
    features: ['Tout le plan Pro', 'Fonctionnalités métier (réservation, devis, catalogue…)', 'Accompagnement prioritaire'],
  },
  teams: {
    name: 'Teams',
    monthlyPriceCents: null,
    lookupKey: null,
    // The site type keeps its stored value 'custom'; its name is the plan's, Teams, everywhere (issue 38).
    siteType: 'custom',
    description: 'Un projet sur mesure pour les besoins spécifiques.',
    features: ['Design sur mesure', 'Intégrations avancées', 'Interlocuteur dédié', `Devis sous ${PROMISES.callback}`],
  },
} as const satisfies Record<string, PlanEntry>;

type Entries = typeof PLAN_ENTRIES;
/** Every plan of the catalogue. */
export type PlanId = keyof Entries;
/** A plan bought by card (a monthly price): what an order, a subscription and a site restart take. */
export type PaidPlanId = { [K in PlanId]: Entries[K]['monthlyPriceCents'] extends number ? K : never }[PlanId];
/** A site's type: the `siteType` of the plan it was built for. */
export type SiteType = Entries[PlanId]['siteType'];

export interface Plan {
  id: PlanId;
  name: string;
  monthlyPriceCents: number | null;
  lookupKey: string | null;
  siteType: SiteType;
  description: string;
  features: string[];
}

export const PLANS: readonly Plan[] = (Object.keys(PLAN_ENTRIES) as PlanId[]).map((id) => {
  const { name, monthlyPriceCents, lookupKey, siteType, description, features } = PLAN_ENTRIES[id];
  return { id, name, monthlyPriceCents, lookupKey, siteType, description, features: [...features] };
});

export const PLAN_IDS: readonly PlanId[] = PLANS.map((p) => p.id);
/** The plan sold on quote (no monthly price): any subscription whose price is not a catalogue plan's. */
export type QuotePlanId = Exclude<PlanId, PaidPlanId>;
export const QUOTE_PLAN_ID = PLANS.find((p) => p.monthlyPriceCents === null)!.id as QuotePlanId;
export const PAID_PLAN_IDS = PLANS.filter((p) => p.monthlyPriceCents !== null).map((p) => p.id) as readonly PaidPlanId[];
export const SITE_TYPES = [...new Set(PLANS.map((p) => p.siteType))] as readonly SiteType[];

export const isPlanId = (value: unknown): value is PlanId => PLAN_IDS.includes(value as PlanId);
export const isPaidPlanId = (value: unknown): value is PaidPlanId => PAID_PLAN_IDS.includes(value as PaidPlanId);

/** A plan's entry (every id has one). */
export function planOf(id: PlanId): Plan {
  return PLANS.find((p) => p.id === id)!;
}

/** A paid plan's monthly price in cents. */
export function monthlyPriceOf(id: PaidPlanId): number {
  return PLAN_ENTRIES[id].monthlyPriceCents;
}

/** The plan a site of this type was built for. */
export function planOfSiteType(type: SiteType): Plan {
  return PLANS.find((p) => p.siteType === type)!;
}

/** Whether a site of this type has the Business options form (its business features, filled by the client). */
export function hasBusinessOptions(type: SiteType): boolean {
  switch (type) {
    case 'business':
      return true;
    case 'pro':
    case 'custom':
      return false;
    default:
      return type satisfies never;
  }
}

/** 'Pro', 'Business', 'Custom': a site type's name. */
export function siteTypeName(type: SiteType): string {
  const entry: PlanEntry = PLAN_ENTRIES[planOfSiteType(type).id];
  return entry.siteTypeName ?? entry.name;
}

export type AddOnId = 'logo' | 'googleBusiness' | 'trustpilot' | 'extraEmail';

export interface AddOn {
  id: AddOnId;
  name: string;
  priceCents: number;
  /** one_time: first month only; monthly: every month (per unit for e-mails) */
  billing: 'one_time' | 'monthly';
  perUnit: boolean;
  lookupKey: string;
  description: string;
}

export const ADD_ONS: readonly AddOn[] = [
  {
    id: 'logo',
    name: 'Création de logo',
    priceCents: 1500,
    billing: 'one_time',
    perUnit: false,
    lookupKey: 'addon_logo_once',
    description: 'Un logo professionnel, facturé une fois le premier mois.',
  },
  {
    id: 'googleBusiness',
    name: 'Fiche Google Business',
    priceCents: 1000,
    billing: 'monthly',
    perUnit: false,
    lookupKey: 'addon_google_business_monthly',
    description: 'Création et suivi de votre fiche Google Business.',
  },
  {
    id: 'trustpilot',
    name: 'Profil Trustpilot',
    priceCents: 1000,
    billing: 'monthly',
    perUnit: false,
    lookupKey: 'addon_trustpilot_monthly',
    description: 'Création et suivi de votre profil Trustpilot.',
  },
  {
    id: 'extraEmail',
    name: 'Adresse e-mail professionnelle supplémentaire',
    priceCents: 100,
    billing: 'monthly',
    perUnit: true,
    lookupKey: 'addon_extra_email_monthly',
    description: 'Chaque adresse en plus sur votre domaine.',
  },
];

/** An add-on's entry (every id has one). */
export function addOnOf(id: AddOnId): AddOn {
  return ADD_ONS.find((a) => a.id === id)!;
}

/** The landing page's all-inclusive offer ("à partir de 29,99 €/mois, sans engagement, 30 minutes de modifications"). */
export const OFFER = { fromMonthlyPriceCents: 2999, includedChangeMinutes: 30, commitment: false } as const;

/** A recap whose lines are the catalogue's plans and add-ons. */
export type CatalogueRecap = Recap<PlanId | AddOnId>;

/**
 * The recap rule (order-rules.ts) at the catalogue's prices: first month = plan + logo + options + e-mails; following
 * months = plan + options + e-mails (the logo is billed once).
 */
export function computeRecap(selection: RecapSelection<PaidPlanId>): CatalogueRecap {
  const recap = recapAt<PlanId | AddOnId>({ plans: PLANS, addOns: ADD_ONS }, selection);
  if (!recap) throw new Error(`Formule sans prix : ${selection.planType}`);
  return recap;
}

/** '29 €', '29,99 €', '1 €': a price in whole euros when it is one, as the public texts write it. */
export function euros(cents: number): string {
  const value = cents / 100;
  return `${value.toLocaleString('fr-FR', { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 })} €`;
}
