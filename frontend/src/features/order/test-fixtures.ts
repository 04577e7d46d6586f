// Fixtures of the order tests: the catalogue as GET /api/catalogue serves it, and a draft.
import served from '../../test/fixtures/catalogue.json';
import { formForApi, type DraftSnapshot } from './draft-model';
import { defaultOrderValues, type PlanType } from './order-wizard';
import type { OrderCatalogue } from './OrderWizard';

export const catalogue: OrderCatalogue = {
  plans: [
    { id: 'pro', name: 'Pro', monthlyPriceCents: 2900, features: ['Nom de domaine et hébergement', 'Certificat SSL'] },
    { id: 'business', name: 'Business', monthlyPriceCents: 5900, features: ['Tout le plan Pro'] },
    { id: 'teams', name: 'Teams', monthlyPriceCents: null, features: [] },
  ],
  addOns: [
    { id: 'logo', name: 'Création de logo', priceCents: 1500, billing: 'one_time' },
    { id: 'googleBusiness', name: 'Fiche Google Business', priceCents: 1000, billing: 'monthly' },
    { id: 'trustpilot', name: 'Profil Trustpilot', priceCents: 1000, billing: 'monthly' },
    { id: 'extraEmail', name: 'Adresse e-mail professionnelle supplémentaire', priceCents: 100, billing: 'monthly' },
  ],
  // The order options as the server serves them (colours, styles, extensions, photo rules), with two Business features.
  orderOptions: {
    ...(served.orderOptions as NonNullable<OrderCatalogue['orderOptions']>),
    businessFeatures: [
      { value: 'quote-form', label: 'Formulaire de devis' },
      { value: 'booking', label: 'Réservation en ligne' },
    ],
  },
};

export function makeDraft(overrides: Partial<DraftSnapshot> = {}): DraftSnapshot {
  const planType: PlanType = overrides.planType ?? 'pro';
  return {
    id: 'draft-1',
    planType,
    prefersCall: null,
    currentStep: '1',
    data: formForApi(defaultOrderValues(planType)),
    photos: [],
    ...overrides,
  };
}
