import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SiteListResponseDto } from '../../api/generated/model';
import { ClientPaymentBadge } from '../../components/payment-state-badge';
import { Badge } from '../../components/ui/card';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { clientSiteStatus } from '../../lib/site-status';
import { sitePlanLabel, type SiteOrigin } from './site-labels';

/** The list's look on each page that shows it (the page is also the way back from a site). */
const LAYOUTS = {
  // The dashboard's card: a bordered list under the card's title, without the plans.
  dashboard: {
    state: 'mt-4',
    list: 'mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-800 dark:border-slate-800',
    link: 'flex flex-col gap-2 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between sm:gap-4 dark:hover:bg-slate-800/40',
    badges: 'flex flex-wrap items-center gap-2 sm:shrink-0 sm:justify-end',
    withPlan: false,
  },
  // /dashboard/sites: the whole card, each site with its plan.
  sites: {
    state: 'p-6',
    list: 'divide-y divide-slate-200 dark:divide-slate-800',
    link: 'flex flex-wrap items-center justify-between gap-3 px-6 py-4 hover:bg-slate-50 dark:hover:bg-slate-800/40',
    badges: 'flex flex-wrap items-center gap-2',
    withPlan: true,
  },
} satisfies Record<SiteOrigin, unknown>;

/**
 * The client's sites (GET /api/sites), each a link to its page: name, domain or 'Aucun domaine', status and payment
 * badges; the loading, error ('Réessayer') and empty states in their place.
 */
export function SiteLinks({ sites, origin }: { sites: UseQueryResult<SiteListResponseDto, unknown>; origin: SiteOrigin }) {
  const layout = LAYOUTS[origin];
  if (sites.isPending || sites.isError) {
    return (
      <div className={layout.state}>
        <QueryState query={sites} loadingText="Chargement des sites..." errorText="Impossible de charger vos sites." />
      </div>
    );
  }
  if (sites.data.sites.length === 0)
    return <p className={cn(layout.state, 'text-sm text-slate-600 dark:text-slate-400')}>Aucun site créé</p>;
  return (
    <ul className={layout.list} aria-label="Mes sites">
      {sites.data.sites.map((site) => {
        const status = clientSiteStatus(site.status);
        return (
          <li key={site.id}>
            <Link to={paths.dashboard.site(site.id)} state={{ origin }} className={layout.link}>
              <span className="min-w-0">
                <span className="block truncate font-medium text-slate-900 dark:text-white">{site.siteName}</span>
                <span className="block truncate text-sm text-slate-600 dark:text-slate-400">{site.domain ?? 'Aucun domaine'}</span>
              </span>
              <span className={layout.badges}>
                {layout.withPlan ? <Badge tone="brand">{sitePlanLabel(site.type)}</Badge> : null}
                <Badge tone={status.tone}>{status.label}</Badge>
                <ClientPaymentBadge state={site.paymentState} />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
