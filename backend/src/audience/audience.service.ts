import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { SessionUser } from '../common/current-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AudienceClock } from './audience-clock';
import { CSV_BOM, csvLine } from '../admin/csv';
import type { AudienceDimension } from './audience.entities';
import { AUDIENCE_TOP_VALUES, AudienceRepository, type DailyFigures, type DimensionFigures } from './audience.repository';
import type {
  AdminAudienceDto,
  AudienceDayDto,
  AudiencePeriod,
  AudienceResponseDto,
  AudienceRowDto,
  AudienceTotalsDto,
} from './dto/audience.dto';
import { parisDay } from './ingest';
import { SOURCE_GROUPS, type SourceGroup, sourceGroup } from './sources';

const PERIOD_DAYS: Record<AudiencePeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '12m': 365 };

/** `YYYY-MM-DD` moved by `days` (calendar arithmetic, no time zone). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function totals(rows: DailyFigures[]): AudienceTotalsDto {
  const sum = (key: keyof Omit<DailyFigures, 'day'>) => rows.reduce((total, row) => total + Number(row[key]), 0);
  const visits = sum('visits');
  return {
    visitors: sum('visitors'),
    pageviews: sum('pageviews'),
    visits,
    bounceRate: visits ? Math.round((sum('bounces') / visits) * 1000) / 1000 : 0,
    averageVisitSeconds: visits ? Math.round(sum('durationSeconds') / visits) : 0,
  };
}

/** How many values of a ranking the views show. */
export const AUDIENCE_RANKING_SIZE = 10;

/** The path of the visitors' information and opt-out page (under /api: a public route of the audience module). */
export const AUDIENCE_OPT_OUT_PATH = '/a/opt-out';

/** The days of a period, the chart's points (a point a month over 12 months) and the figures of each day. */
function seriesOf(from: string, to: string, rows: DailyFigures[], granularity: 'day' | 'month'): AudienceDayDto[] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const points: AudienceDayDto[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    const last = points.at(-1);
    if (granularity === 'month' && last && last.day.slice(0, 7) === day.slice(0, 7)) {
      last.visitors += row ? Number(row.visitors) : 0;
      last.pageviews += row ? Number(row.pageviews) : 0;
    } else points.push({ day, visitors: row ? Number(row.visitors) : 0, pageviews: row ? Number(row.pageviews) : 0 });
  }
  return points;
}

const rowOf = ({ value, visitors, pageviews }: DimensionFigures): AudienceRowDto => ({ value, visitors, pageviews });

/** The figures a site's owner (or an admin) reads: from the roll-ups only, never the raw events. */
@Injectable()
export class AudienceService {
  constructor(
    private readonly repository: AudienceRepository,
    private readonly clock: AudienceClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The period's first and last days (Paris time, today last) and the previous period's. */
  private range(period: AudiencePeriod): { from: string; to: string; previousFrom: string; previousTo: string } {
    const days = PERIOD_DAYS[period];
    const to = parisDay(this.clock.now());
    const from = addDays(to, -(days - 1));
    return { from, to, previousFrom: addDays(from, -days), previousTo: addDays(from, -1) };
  }

  /** The site, if the user may read its figures (its owner, or the team); else 404, as for a site that does not exist. */
  private async readable(user: SessionUser, siteId: string) {
    const site = await this.repository.site(siteId);
    if (!site || (user.role !== 'admin' && site.userId !== user.id)) throw new NotFoundException('Site introuvable');
    return site;
  }

  async figures(user: SessionUser, siteId: string, period: AudiencePeriod): Promise<AudienceResponseDto> {
    await this.readable(user, siteId);
    const { from, to, previousFrom, previousTo } = this.range(period);
    const [current, previous, dimensions, siteKey, lastEventAt] = await Promise.all([
      this.repository.daily(siteId, from, to),
      this.repository.daily(siteId, previousFrom, previousTo),
      this.repository.dimensions(siteId, from, to, AUDIENCE_RANKING_SIZE),
      this.repository.keyOf(siteId),
      this.repository.lastEventAt(siteId),
    ]);
    const of = (dimension: AudienceDimension) => dimensions.filter((row) => row.dimension === dimension);
    const sources = of('source').map((row) => ({ ...rowOf(row), group: sourceGroup(row.value) }));
    const groups = SOURCE_GROUPS.map((group) => {
      const rows = group === 'campaign' ? of('campaign') : sources.filter((row) => row.group === group);
      return { group, visitors: rows.reduce((n, r) => n + r.visitors, 0), pageviews: rows.reduce((n, r) => n + r.pageviews, 0) };
    });
    const granularity = period === '12m' ? 'month' : 'day';
    return {
      period,
      from,
      to,
      totals: totals(current),
      previous: totals(previous),
      series: seriesOf(from, to, current, granularity),
      granularity,
      pages: of('page').map(rowOf),
      sourceGroups: groups,
      sources: sources.slice(0, AUDIENCE_RANKING_SIZE),
      campaigns: of('campaign').map(rowOf),
      devices: of('device').map(rowOf),
      browsers: of('browser').map(rowOf),
      languages: of('language').map(rowOf),
      lastEventAt: lastEventAt ? lastEventAt.toISOString() : null,
      siteKey,
      snippet: this.snippet(siteKey),
      optOutUrl: this.optOutUrl(siteKey),
      legalNotice: this.legalNotice(siteKey),
    };
  }

  /**
   * The period's figures as CSV for French Excel (UTF-8 with BOM, `;`): one line a day, then each ranking (the same
   * figures as the view, with every source).
   */
  async csv(user: SessionUser, siteId: string, period: AudiencePeriod): Promise<{ filename: string; body: string }> {
    const site = await this.readable(user, siteId);
    const { from, to } = this.range(period);
    const [rows, dimensions] = await Promise.all([
      this.repository.daily(siteId, from, to),
      this.repository.dimensions(siteId, from, to, AUDIENCE_TOP_VALUES),
    ]);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    const lines = [csvLine(['Jour', 'Visiteurs', 'Pages vues', 'Visites', 'Visites d’une page', 'Durée totale des visites (s)'])];
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const row = byDay.get(day);
      lines.push(
        csvLine([
          day.split('-').reverse().join('/'),
          Number(row?.visitors ?? 0),
          Number(row?.pageviews ?? 0),
          Number(row?.visits ?? 0),
          Number(row?.bounces ?? 0),
          Number(row?.durationSeconds ?? 0),
        ]),
      );
    }
    lines.push('\r\n', csvLine(['Classement', 'Valeur', 'Groupe', 'Visiteurs', 'Pages vues']));
    for (const dimension of ['page', 'source', 'campaign', 'device', 'browser', 'language'] as const) {
      for (const row of dimensions.filter((r) => r.dimension === dimension)) {
        const group = dimension === 'source' ? SOURCE_GROUP_LABELS[sourceGroup(row.value)] : dimension === 'campaign' ? 'Campagnes' : '';
        lines.push(csvLine([DIMENSION_LABELS[dimension], row.value, group, row.visitors, row.pageviews]));
      }
    }
    const name = (site.domain ?? 'site').replace(/[^a-z0-9.-]+/gi, '-');
    return { filename: `statistiques-${name}-${period}-${to}.csv`, body: CSV_BOM + lines.join('') };
  }

  /** All sites together (the admin's dashboard): totals against the previous period, and the most visited sites. */
  async allSites(period: AudiencePeriod): Promise<AdminAudienceDto> {
    const { from, to, previousFrom, previousTo } = this.range(period);
    const [current, previous, sites] = await Promise.all([
      this.repository.dailyAll(from, to),
      this.repository.dailyAll(previousFrom, previousTo),
      this.repository.topSites(from, to, 5),
    ]);
    return { period, from, to, totals: totals(current), previous: totals(previous), measuredSites: sites.measured, topSites: sites.top };
  }

  /** The lines the client puts in their pages. */
  snippet(siteKey: string): string {
    const base = this.config.appUrl.replace(/\/$/, '');
    return [
      `<script defer src="${base}/s.js" data-site="${siteKey}"></script>`,
      `<noscript><img src="${base}/api/a/p.gif?k=${siteKey}" alt="" width="1" height="1" style="position:absolute"></noscript>`,
    ].join('\n');
  }

  /** The page telling the site's visitors what is measured, with their ways to object. */
  optOutUrl(siteKey: string): string {
    return `${this.config.appUrl.replace(/\/$/, '')}/api${AUDIENCE_OPT_OUT_PATH}?k=${siteKey}`;
  }

  /** The paragraph the product suggests for the site's legal notice (docs/audience.md). */
  legalNotice(siteKey: string): string {
    return [
      'Mesure d’audience',
      'Ce site mesure sa fréquentation pour son seul éditeur, sans cookie ni stockage dans votre navigateur : pages vues, ' +
        'site d’où vous venez, type d’appareil, famille du navigateur et langue. Votre adresse IP n’est jamais enregistrée ; ' +
        'un visiteur n’est reconnu que le jour même, par une empreinte calculée avec une clé renouvelée puis détruite chaque ' +
        'jour. Les données brutes sont supprimées après 48 heures, les statistiques anonymes après 25 mois ; elles ne sont ni ' +
        'partagées ni croisées avec d’autres données. Cette mesure est dispensée de consentement (article 82 de la loi ' +
        'Informatique et Libertés, lignes directrices de la CNIL). Les réglages « Ne pas me pister » (Do Not Track) et ' +
        'Global Privacy Control de votre navigateur sont respectés.',
      `Pour vous opposer à cette mesure : ${this.optOutUrl(siteKey)}`,
    ].join('\n\n');
  }
}

const DIMENSION_LABELS: Record<AudienceDimension, string> = {
  page: 'Pages',
  source: 'Provenances',
  campaign: 'Campagnes',
  device: 'Appareils',
  browser: 'Navigateurs',
  language: 'Langues',
};

const SOURCE_GROUP_LABELS: Record<SourceGroup, string> = {
  search: 'Moteurs de recherche',
  social: 'Réseaux sociaux',
  direct: 'Accès direct',
  website: 'Autres sites',
  campaign: 'Campagnes',
};
