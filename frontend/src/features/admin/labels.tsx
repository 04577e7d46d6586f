import { ROLE_LABELS, SITE_STATUS_LABELS, SITE_TYPE_LABELS } from '@vitrine/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { SiteStatus, SiteType, UserRole } from '../../api/generated/model';
import { ButtonLink } from '../../components/ui/button';
import { Badge } from '../../components/ui/card';
import { paths } from '../../config/paths';
import { formatDate } from '../../lib/format';

/** The admin's words: Business / Teams / Pro, Admin / Client, from @vitrine/domain (one name per plan, issue 38). */
export { SITE_TYPE_LABELS };
const STATUS_TONES: Record<SiteStatus, 'success' | 'warning' | 'neutral'> = { active: 'success', pending: 'warning', suspended: 'neutral' };

export function SiteStatusBadge({ status }: { status: SiteStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{SITE_STATUS_LABELS[status] ?? SITE_STATUS_LABELS.pending}</Badge>;
}

export function SiteTypeBadge({ type }: { type: SiteType }) {
  return <Badge tone={type === 'pro' ? 'neutral' : 'brand'}>{SITE_TYPE_LABELS[type]}</Badge>;
}

export function RoleBadge({ role }: { role: UserRole }) {
  return <Badge tone={role === 'admin' ? 'brand' : 'neutral'}>{ROLE_LABELS[role]}</Badge>;
}

/** An account as the admin's pages name it: a closed one is 'Compte fermé le …', never its old name or address. */
export function accountName(account: { name: string; email: string; closedAt?: string | null }): string {
  return account.closedAt ? `Compte fermé le ${formatDate(account.closedAt)}` : account.name || account.email;
}

/** The address shown beside an account: none once it is closed. */
export function accountEmail(account: { email: string; closedAt?: string | null }): string {
  return account.closedAt ? '' : account.email;
}

/** A row's main link (a site's or a client's name) in the admin's lists. */
export const rowLinkClass = 'font-medium text-slate-900 hover:text-brand-700 hover:underline dark:text-white dark:hover:text-brand-300';

/** A site in a short admin list (the newest sites, a client's sites): its name, a line about it, its status and plan. */
export function SiteRow({
  site,
  detail,
}: {
  site: { id: string; siteName: string; status: SiteStatus; type: SiteType };
  detail: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-6 py-3">
      <div className="min-w-0">
        <Link to={paths.admin.site(site.id)} className={`${rowLinkClass} block truncate`}>
          {site.siteName}
        </Link>
        <p className="truncate text-sm text-slate-600 dark:text-slate-400">{detail}</p>
      </div>
      <div className="flex shrink-0 gap-2">
        <SiteStatusBadge status={site.status} />
        <SiteTypeBadge type={site.type} />
      </div>
    </li>
  );
}

/** The page header's way back to /admin. */
export function BackToAdmin() {
  return (
    <ButtonLink to={paths.admin.root} variant="secondary">
      Retour à l'administration
    </ButtonLink>
  );
}
