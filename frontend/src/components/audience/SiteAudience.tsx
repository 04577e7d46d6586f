import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { exportSiteAudience, useGetSiteAudience } from '../../api/generated/sites/sites';
import type { AudienceResponseDto, AudienceRowDto } from '../../api/generated/model';
import { cn } from '../../lib/cn';
import { saveBlob } from '../../lib/download';
import { formatDate, formatNumber } from '../../lib/format';
import { Button } from '../ui/button';
import { Alert, Card } from '../ui/card';
import { QueryState } from '../ui/query-state';
import { ScrollArea } from '../ui/scroll-area';
import { AudienceChart } from './AudienceChart';
import { AudienceSnippetCard } from './AudienceSnippetCard';
import {
  AUDIENCE_PERIODS,
  type AudiencePeriodValue,
  deviceLabel,
  type FigureTile,
  figureTiles,
  languageLabel,
  SOURCE_GROUP_LABELS,
  sourceLabel,
} from './audience-format';

/** How often the page asks for the figures while no event has arrived yet (the roll-ups run every minute). */
const FIRST_VISIT_POLL_MS = 15_000;

/** 7 jours · 30 jours · 90 jours · 12 mois: radio buttons drawn as a segmented control. */
function PeriodSwitch({ value, onChange }: { value: AudiencePeriodValue; onChange: (period: AudiencePeriodValue) => void }) {
  const name = useId();
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Période</legend>
      <div className="inline-flex flex-wrap rounded-lg border border-slate-300 bg-slate-50 p-0.5 dark:border-slate-700 dark:bg-slate-800/60">
        {AUDIENCE_PERIODS.map((period) => (
          <label
            key={period.value}
            className={cn(
              'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
              value === period.value
                ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
            )}
          >
            <input
              type="radio"
              name={name}
              value={period.value}
              checked={value === period.value}
              onChange={() => onChange(period.value)}
              className="sr-only"
            />
            {period.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const TREND_TONE = {
  good: 'text-emerald-700 dark:text-emerald-400',
  bad: 'text-red-700 dark:text-red-400',
  neutral: 'text-slate-600 dark:text-slate-400',
};

function Tile({ tile }: { tile: FigureTile }) {
  const { trend } = tile.change;
  const tone = trend === 'same' || trend === 'new' ? 'neutral' : (trend === 'up') === tile.higherIsBetter ? 'good' : ('bad' as const);
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 px-4 py-3 dark:bg-slate-800/60">
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">{tile.label}</dt>
      <dd className="mt-1 text-xl font-bold tracking-tight break-words text-slate-900 tabular-nums dark:text-white">{tile.value}</dd>
      <dd className={cn('mt-0.5 text-xs font-medium', TREND_TONE[tone])}>
        {tile.change.text}
        <span className="sr-only"> par rapport à la période précédente</span>
      </dd>
    </div>
  );
}

/** One ranking (pages, sources, devices…) as a table of its values, visitors and page views. */
function Ranking({
  title,
  head,
  rows,
  label = (value) => value,
}: {
  title: string;
  head: string;
  rows: AudienceRowDto[];
  label?: (value: string) => ReactNode;
}) {
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{title}</h3>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Aucune donnée sur la période.</p>
      ) : (
        <ScrollArea label={title} className="mt-2">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="text-xs text-slate-600 dark:text-slate-400">
              <tr>
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  {head}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                  Visiteurs
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  Pages vues
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {rows.map((row) => (
                <tr key={row.value}>
                  <th scope="row" className="max-w-[14rem] py-1.5 pr-3 font-normal break-all">
                    {label(row.value)}
                  </th>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{formatNumber(row.visitors)}</td>
                  <td className="py-1.5 text-right tabular-nums">{formatNumber(row.pageviews)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      )}
    </div>
  );
}

/** The shares of the source groups (page views), as bars with their figures. */
function SourceGroups({ groups }: { groups: AudienceResponseDto['sourceGroups'] }) {
  const total = groups.reduce((sum, group) => sum + group.pageviews, 0);
  return (
    <div className="min-w-0">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Provenance des visites</h3>
      <ul className="mt-2 space-y-2 text-sm" aria-label="Provenance des visites">
        {groups.map((group) => {
          const share = total ? Math.round((group.pageviews / total) * 100) : 0;
          return (
            <li key={group.group}>
              <div className="flex items-baseline justify-between gap-3">
                <span>{SOURCE_GROUP_LABELS[group.group]}</span>
                <span className="tabular-nums text-slate-700 dark:text-slate-300">
                  {formatNumber(group.pageviews)} {group.pageviews > 1 ? 'pages vues' : 'page vue'} · {share} %
                </span>
              </div>
              <div className="mt-1 h-1.5 rounded-full bg-slate-200 dark:bg-slate-800" aria-hidden="true">
                <div className="h-1.5 rounded-full bg-brand-600 dark:bg-brand-400" style={{ width: `${share}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Figures({ data }: { data: AudienceResponseDto }) {
  return (
    <>
      <dl className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Chiffres de la période">
        {figureTiles(data.totals, data.previous).map((tile) => (
          <Tile key={tile.label} tile={tile} />
        ))}
      </dl>
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        Du {formatDate(data.from)} au {formatDate(data.to)}, comparé à la période précédente de même durée. Un visiteur n’est reconnu que le
        jour même : sur plusieurs jours, ce sont les visiteurs de chaque jour additionnés.
      </p>
      <div className="mt-6">
        <AudienceChart series={data.series} granularity={data.granularity} />
      </div>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Ranking title="Pages les plus vues" head="Page" rows={data.pages} />
        <SourceGroups groups={data.sourceGroups} />
        <Ranking title="Sites d’où viennent les visiteurs" head="Provenance" rows={data.sources} label={sourceLabel} />
        <Ranking title="Campagnes" head="Source / campagne" rows={data.campaigns} />
        <Ranking title="Appareils" head="Appareil" rows={data.devices} label={deviceLabel} />
        <Ranking title="Navigateurs" head="Navigateur" rows={data.browsers} />
        <Ranking title="Langues" head="Langue" rows={data.languages} label={languageLabel} />
      </div>
    </>
  );
}

/** 'Exporter en CSV': the period's figures, fetched with the session's token and saved from a Blob. */
function CsvExport({ siteId, period }: { siteId: string; period: AudiencePeriodValue }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const run = async () => {
    setBusy(true);
    setFailed(false);
    try {
      saveBlob(await exportSiteAudience(siteId, { period }), `statistiques-${period}-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col items-start gap-2">
      <Button size="sm" variant="secondary" loading={busy} onClick={() => void run()}>
        Exporter en CSV
      </Button>
      {failed ? <Alert tone="error">L’export a échoué. Réessayez.</Alert> : null}
    </div>
  );
}

/**
 * A site's audience (issue 37), on the client's site page and on the admin's: the period switcher, the five figures
 * against the previous period, the chart, the rankings, the CSV export; before the first visit, an empty state; and
 * the card to install the snippet, which says whether events arrive.
 */
export function SiteAudience({ siteId }: { siteId: string }) {
  const [period, setPeriod] = useState<AudiencePeriodValue>('30d');
  const audience = useGetSiteAudience(
    siteId,
    { period },
    {
      query: {
        placeholderData: keepPreviousData,
        // Before the first event, the page asks again on its own: the first visit shows without a reload.
        refetchInterval: (query) => (query.state.data?.lastEventAt === null ? FIRST_VISIT_POLL_MS : false),
      },
    },
  );
  const data = audience.data;
  const headingId = useId();
  const waitingFirstVisit = data ? data.lastEventAt === null && data.totals.pageviews === 0 : false;

  return (
    <div className="space-y-6">
      <Card>
        <section aria-labelledby={headingId}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id={headingId} className="text-lg font-semibold">
              Statistiques
            </h2>
            {data && !waitingFirstVisit ? <PeriodSwitch value={period} onChange={setPeriod} /> : null}
          </div>
          <QueryState
            query={audience}
            error={audience.isError && !data}
            loadingText="Chargement des statistiques..."
            errorText="Impossible de charger les statistiques."
            className="mt-4"
          />
          {data && waitingFirstVisit ? (
            <div className="mt-4 rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center dark:border-slate-700">
              <p className="font-medium text-slate-900 dark:text-white">Aucune visite mesurée pour l’instant</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Installez l’extrait ci-dessous dans les pages du site : la première visite apparaît ici en une minute environ.
              </p>
            </div>
          ) : null}
          {data && !waitingFirstVisit ? (
            <div aria-busy={audience.isFetching} className={cn(audience.isPlaceholderData && 'opacity-60')}>
              <Figures data={data} />
              <div className="mt-6">
                <CsvExport siteId={siteId} period={period} />
              </div>
            </div>
          ) : null}
        </section>
      </Card>
      {data ? <AudienceSnippetCard data={data} onCheck={() => void audience.refetch()} checking={audience.isFetching} /> : null}
    </div>
  );
}
