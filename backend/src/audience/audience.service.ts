import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { SessionUser } from '../common/current-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AudienceClock } from './audience-clock';
import { AudienceRepository, type DailyFigures } from './audience.repository';
import type { AudienceDayDto, AudiencePeriod, AudienceResponseDto, AudienceTotalsDto } from './dto/audience.dto';
import { parisDay } from './ingest';

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

/** The figures a site's owner (or an admin) reads: from the roll-ups only, never the raw events. */
@Injectable()
export class AudienceService {
  constructor(
    private readonly repository: AudienceRepository,
    private readonly clock: AudienceClock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async figures(user: SessionUser, siteId: string, period: AudiencePeriod): Promise<AudienceResponseDto> {
    const site = await this.repository.site(siteId);
    if (!site || (user.role !== 'admin' && site.userId !== user.id)) throw new NotFoundException('Site introuvable');
    const days = PERIOD_DAYS[period];
    const to = parisDay(this.clock.now());
    const from = addDays(to, -(days - 1));
    const [current, previous, siteKey] = await Promise.all([
      this.repository.daily(siteId, from, to),
      this.repository.daily(siteId, addDays(from, -days), addDays(from, -1)),
      this.repository.keyOf(siteId),
    ]);
    const byDay = new Map(current.map((row) => [row.day, row]));
    const series: AudienceDayDto[] = [];
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const row = byDay.get(day);
      series.push({ day, visitors: row ? Number(row.visitors) : 0, pageviews: row ? Number(row.pageviews) : 0 });
    }
    return { period, from, to, totals: totals(current), previous: totals(previous), series, siteKey, snippet: this.snippet(siteKey) };
  }

  /** The lines the client puts in their pages. */
  snippet(siteKey: string): string {
    const base = this.config.appUrl.replace(/\/$/, '');
    return [
      `<script defer src="${base}/s.js" data-site="${siteKey}"></script>`,
      `<noscript><img src="${base}/api/a/p.gif?k=${siteKey}" alt="" width="1" height="1" style="position:absolute"></noscript>`,
    ].join('\n');
  }
}
