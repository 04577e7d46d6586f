import type { SiteStatus, SiteType, UserRole } from '../../api/generated/model';
import { Badge } from '../../components/ui/card';
import { SITE_STATUS_LABELS } from '../../lib/site-status';

/** The admin's words (signed-in areas spec §2): Business / Custom / Pro, Admin / Client; the statuses' are shared (lib/site-status). */
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
