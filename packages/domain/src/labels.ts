/**
 * The French words both sides show for the domain's states: site statuses, site types and plans, roles, invoice
 * statuses (signed-in areas spec §2 and §4). The admin's exports, the client's pages and the admin's pages read them here.
 */
import { PLANS, type PlanId, planOfSiteType, SITE_TYPES, siteTypeName, type SiteType } from './catalogue.ts';

export const SITE_STATUSES = ['pending', 'active', 'suspended'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

export const USER_ROLES = ['client', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A site's status in the team's words: Actif / En attente / Suspendu. */
export const SITE_STATUS_LABELS: Record<SiteStatus, string> = { active: 'Actif', pending: 'En attente', suspended: 'Suspendu' };

/** A site's type by its plan's name: Pro / Business / Teams (one name per plan, public pages and signed-in areas alike). */
export const SITE_TYPE_LABELS = Object.fromEntries(SITE_TYPES.map((type) => [type, siteTypeName(type)])) as Record<SiteType, string>;

/** A plan by its name: Pro / Business / Teams. */
export const PLAN_LABELS = Object.fromEntries(PLANS.map((p) => [p.id, p.name])) as Record<PlanId, string>;

/**
 * A monthly price as every page writes it: '29 €/mois', '29,99 €/mois' (a no-break space before the euro sign), or
 * 'sur devis' for the plan sold on quote.
 */
export function perMonth(monthlyPriceCents: number | null): string {
  if (monthlyPriceCents === null) return 'sur devis';
  return `${String(monthlyPriceCents / 100).replace('.', ',')}\u00a0€/mois`;
}

/** A site's plan as its client reads it: 'Pro (29 €/mois)', 'Business (59 €/mois)', 'Teams (sur devis)'. */
export function sitePlanLabel(type: SiteType): string {
  const plan = planOfSiteType(type);
  return `${siteTypeName(type)} (${perMonth(plan.monthlyPriceCents)})`;
}

/** The five build steps of a site, in order, in French (signed-in areas §4). */
export const PROGRESSION_STEP_LABELS = {
  started: 'Démarré',
  designOk: 'Design OK',
  devOk: 'Développement OK',
  seoOk: 'SEO OK',
  technoReview: 'Revue technique',
} as const;

export const ROLE_LABELS: Record<UserRole, string> = { admin: 'Admin', client: 'Client' };

/** paid = Payée, open = En attente, void = Annulée, anything else Échouée */
export const INVOICE_STATUS_LABELS: Record<string, string> = { paid: 'Payée', open: 'En attente', void: 'Annulée', failed: 'Échouée' };
