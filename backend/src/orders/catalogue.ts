/**
 * The catalogue: the single source of truth for plans, add-ons and prices (in euro cents). The API serves it, the
 * frontend shows it, Stripe prices are found by their `lookupKey`.
 */
import { type Recap as RecapOf, recapAt, type RecapSelection } from './order-rules';

export type PlanId = 'pro' | 'business' | 'teams';
export type AddOnId = 'logo' | 'googleBusiness' | 'trustpilot' | 'extraEmail';

export interface Plan {
  id: PlanId;
  name: string;
  /** null: on quote (Teams) */
  monthlyPriceCents: number | null;
  lookupKey: string | null;
  description: string;
  features: string[];
}

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

export const PLANS: readonly Plan[] = [
  {
    id: 'pro',
    name: 'Pro',
    monthlyPriceCents: 2900,
    lookupKey: 'plan_pro_monthly',
    description: 'Le site vitrine complet pour être visible en ligne.',
    features: ['Nom de domaine et hébergement', 'Certificat SSL', 'Modifications gratuites', 'Support téléphonique', 'Sauvegardes'],
  },
  {
    id: 'business',
    name: 'Business',
    monthlyPriceCents: 5900,
    lookupKey: 'plan_business_monthly',
    description: 'Des fonctionnalités avancées pour développer votre activité.',
    features: ['Tout le plan Pro', 'Fonctionnalités métier (réservation, devis, catalogue…)', 'Accompagnement prioritaire'],
  },
  {
    id: 'teams',
    name: 'Teams',
    monthlyPriceCents: null,
    lookupKey: null,
    description: 'Un projet sur mesure pour les besoins spécifiques.',
    features: ['Design sur mesure', 'Intégrations avancées', 'Interlocuteur dédié', 'Devis sous 24h'],
  },
];

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

/** The landing page's all-inclusive offer ("à partir de 29,99 €/mois, sans engagement, 30 minutes de modifications"). */
export const OFFER = { fromMonthlyPriceCents: 2999, includedChangeMinutes: 30, commitment: false } as const;

export type { RecapSelection } from './order-rules';
/** A recap whose lines are the catalogue's plans and add-ons. */
export type Recap = RecapOf<PlanId | AddOnId>;

/**
 * The spec's recap rule at the catalogue's prices (order-rules.ts, shared with the browser): first month = plan +
 * logo + options + e-mails; following months = plan + options + e-mails (the logo is billed once).
 */
export function computeRecap(selection: RecapSelection): Recap {
  const recap = recapAt({ plans: PLANS, addOns: ADD_ONS }, selection);
  if (!recap) throw new Error(`Formule sans prix : ${selection.planType}`);
  return recap;
}
