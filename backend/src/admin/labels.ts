import type { UserRole } from '../common/current-user';
import type { SiteStatus, SiteType } from '../sites/site.entity';

/** The admin's French words for statuses, plans and roles (signed-in areas spec §2 and §4). */
export const SITE_STATUS_LABELS: Record<SiteStatus, string> = { active: 'Actif', pending: 'En attente', suspended: 'Suspendu' };
export const SITE_TYPE_LABELS: Record<SiteType, string> = { pro: 'Pro', business: 'Business', custom: 'Custom' };
export const ROLE_LABELS: Record<UserRole, string> = { admin: 'Admin', client: 'Client' };
/** paid = Payée, open = En attente, void = Annulée, anything else Échouée */
export const INVOICE_STATUS_LABELS: Record<string, string> = { paid: 'Payée', open: 'En attente', void: 'Annulée', failed: 'Échouée' };
