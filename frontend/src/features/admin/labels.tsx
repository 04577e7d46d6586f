import type { SiteStatus, SiteType, UserRole } from '../../api/generated/model';
import { Badge } from '../../components/ui/card';

/** The admin's words (signed-in areas spec §2): Actif / Suspendu / En attente, Business / Custom / Pro, Admin / Client. */
export const SITE_STATUS_LABELS: Record<SiteStatus, string> = { active: 'Actif', suspended: 'Suspendu', pending: 'En attente' };
export const SITE_TYPE_LABELS: Record<SiteType, string> = { business: 'Business', custom: 'Custom', pro: 'Pro' };
const STATUS_TONES: Record<SiteStatus, 'success' | 'warning' | 'neutral'> = { active: 'success', pending: 'warning', suspended: 'neutral' };

export function SiteStatusBadge({ status }: { status: SiteStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{SITE_STATUS_LABELS[status] ?? SITE_STATUS_LABELS.pending}</Badge>;
}

export function SiteTypeBadge({ type }: { type: SiteType }) {
  return <Badge tone={type === 'pro' ? 'neutral' : 'brand'}>{SITE_TYPE_LABELS[type] ?? SITE_TYPE_LABELS.pro}</Badge>;
}

export function RoleBadge({ role }: { role: UserRole }) {
  return <Badge tone={role === 'admin' ? 'brand' : 'neutral'}>{role === 'admin' ? 'Admin' : 'Client'}</Badge>;
}

/** The five build steps in order (spec §4), with their French names. */
export const PROGRESSION_STEPS = [
  { key: 'started', label: 'Démarré' },
  { key: 'designOk', label: 'Design OK' },
  { key: 'devOk', label: 'Développement OK' },
  { key: 'seoOk', label: 'SEO OK' },
  { key: 'technoReview', label: 'Review technique' },
] as const;

/** Percentage of steps done: true steps / 5 × 100. */
export function progressionPercent(progression: Record<(typeof PROGRESSION_STEPS)[number]['key'], boolean>): number {
  return (PROGRESSION_STEPS.filter((step) => progression[step.key]).length / PROGRESSION_STEPS.length) * 100;
}
