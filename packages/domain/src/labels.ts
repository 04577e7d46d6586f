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

/** A site's type in the admin's words: Pro / Business / Custom. */
export const SITE_TYPE_LABELS = Object.fromEntries(SITE_TYPES.map((type) => [type, siteTypeName(type)])) as Record<SiteType, string>;

/** A plan by its name: Pro / Business / Teams. */
export const PLAN_LABELS = Object.fromEntries(PLANS.map((p) => [p.id, p.name])) as Record<PlanId, string>;

/** A site's plan as its client reads it (signed-in-areas §2): 'Pro (29€)', 'Business (59€)', 'Custom'. */
export function sitePlanLabel(type: SiteType): string {
  const plan = planOfSiteType(type);
  return plan.monthlyPriceCents === null ? siteTypeName(type) : `${plan.name} (${plan.monthlyPriceCents / 100}€)`;
}

export const ROLE_LABELS: Record<UserRole, string> = { admin: 'Admin', client: 'Client' };

/** paid = Payée, open = En attente, void = Annulée, anything else Échouée */
export const INVOICE_STATUS_LABELS: Record<string, string> = { paid: 'Payée', open: 'En attente', void: 'Annulée', failed: 'Échouée' };
