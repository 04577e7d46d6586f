import { Link } from 'react-router';
import { useGetAdminAudience } from '../../api/generated/admin/admin';
import { changeOf } from '../../components/audience/audience-format';
import { Card } from '../../components/ui/card';
import { QueryState } from '../../components/ui/query-state';
import { paths } from '../../config/paths';
import { formatCount, formatNumber } from '../../lib/format';
import { rowLinkClass } from './labels';

/** The admin's dashboard: the audience of every site together over the last 30 days, and the most visited sites. */
export function AdminAudienceCard() {
  const audience = useGetAdminAudience();
  const data = audience.data;
  return (
    <Card>
      <section aria-labelledby="admin-audience">
        <h2 id="admin-audience" className="text-lg font-semibold">
          Audience des sites
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">30 derniers jours, tous les sites</p>
        <QueryState
          query={audience}
          loadingText="Chargement de l’audience..."
          errorText="Impossible de charger l’audience."
          className="mt-3"
        />
        {data ? (
          <>
            <dl className="mt-4 grid grid-cols-3 gap-3 text-center">
              {(
                [
                  ['Visiteurs', data.totals.visitors, data.previous.visitors],
                  ['Pages vues', data.totals.pageviews, data.previous.pageviews],
                  ['Visites', data.totals.visits, data.previous.visits],
                ] as const
              ).map(([label, value, previous]) => (
                <div key={label} className="min-w-0 rounded-lg bg-slate-50 px-2 py-3 dark:bg-slate-800/60">
                  <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{label}</dt>
                  <dd className="mt-1 text-xl font-bold tabular-nums">{formatNumber(value)}</dd>
                  <dd className="text-xs text-slate-600 dark:text-slate-400">
                    {changeOf(value, previous).text}
                    <span className="sr-only"> par rapport aux 30 jours précédents</span>
                  </dd>
                </div>
              ))}
            </dl>
            <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
              {data.measuredSites === 0 ? 'Aucun site n’a reçu de visite.' : `${formatCount(data.measuredSites, 'site')} avec des visites.`}
            </p>
            {data.topSites.length ? (
              <ol className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800" aria-label="Sites les plus visités">
                {data.topSites.map((site) => (
                  <li key={site.siteId} className="flex items-center justify-between gap-3 py-2">
                    <Link to={paths.admin.site(site.siteId)} className={`${rowLinkClass} min-w-0 truncate`}>
                      {site.siteName}
                    </Link>
                    <span className="shrink-0 tabular-nums text-slate-700 dark:text-slate-300">
                      {formatNumber(site.visitors)} {site.visitors >= 2 ? 'visiteurs' : 'visiteur'}
                    </span>
                  </li>
                ))}
              </ol>
            ) : null}
          </>
        ) : null}
      </section>
    </Card>
  );
}
