/**
 * The catalogue: the single source of truth for plans, add-ons and prices (in euro cents). The API serves it, the
 * frontend shows it, Stripe prices are found by their `lookupKey`.
 */
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

export interface Selection {
  planType: 'pro' | 'business';
  addOns: { logo?: boolean; googleBusiness?: boolean; trustpilot?: boolean; extraEmails?: string[] };
}

export interface RecapLine {
  code: PlanId | AddOnId;
  label: string;
  quantity: number;
  amountCents: number;
  recurring: boolean;
}

export interface Recap {
  lines: RecapLine[];
  firstMonthCents: number;
  monthlyCents: number;
}

const addOn = (id: AddOnId): AddOn => ADD_ONS.find((a) => a.id === id)!;

/**
 * The spec's recap rule: first month = plan + logo + options + e-mails; following months = plan + options + e-mails
 * (the logo is billed once). Google Business and Trustpilot count monthly, as the spec's recap does.
 */
export function computeRecap(selection: Selection): Recap {
  const plan = PLANS.find((p) => p.id === selection.planType);
  if (!plan || plan.monthlyPriceCents === null) throw new Error(`Formule sans prix : ${selection.planType}`);
  const lines: RecapLine[] = [
    { code: plan.id, label: `Formule ${plan.name}`, quantity: 1, amountCents: plan.monthlyPriceCents, recurring: true },
  ];
  const push = (id: AddOnId, quantity: number) => {
    if (quantity <= 0) return;
    const a = addOn(id);
    lines.push({ code: id, label: a.name, quantity, amountCents: a.priceCents * quantity, recurring: a.billing === 'monthly' });
  };
  if (selection.addOns.logo) push('logo', 1);
  if (selection.addOns.googleBusiness) push('googleBusiness', 1);
  if (selection.addOns.trustpilot) push('trustpilot', 1);
  push('extraEmail', (selection.addOns.extraEmails ?? []).filter((e) => e.trim() !== '').length);
  const firstMonthCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const monthlyCents = lines.filter((l) => l.recurring).reduce((sum, l) => sum + l.amountCents, 0);
  return { lines, firstMonthCents, monthlyCents };
}
