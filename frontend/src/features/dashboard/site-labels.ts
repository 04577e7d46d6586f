/** Texts of the client's site pages (signed-in-areas §2–§4, §8). */

export const SITE_TYPE_LABELS: Record<string, string> = { pro: 'Pro (29€)', business: 'Business (59€)', custom: 'Custom' };

/** The five build steps, in order. */
export const PROGRESSION_STEPS = [
  { key: 'started', label: 'Démarré' },
  { key: 'designOk', label: 'Design OK' },
  { key: 'devOk', label: 'Développement OK' },
  { key: 'seoOk', label: 'SEO OK' },
  { key: 'technoReview', label: 'Review technique' },
] as const;

export const STATUS_CAUSE_LABELS: Record<string, string> = { payment: 'Paiement', admin: 'Équipe', client: 'Votre action' };
export const SITE_STATUS_LABELS: Record<string, string> = { pending: 'En attente', active: 'Actif', suspended: 'Suspendu' };

export type SiteOrigin = 'dashboard' | 'sites';
