import type { AudienceSourceGroup, AudienceTotalsDto } from '../../api/generated/model';
import { formatDuration, formatNumber } from '../../lib/format';

export const AUDIENCE_PERIODS = [
  { value: '7d', label: '7 jours' },
  { value: '30d', label: '30 jours' },
  { value: '90d', label: '90 jours' },
  { value: '12m', label: '12 mois' },
] as const;
export type AudiencePeriodValue = (typeof AUDIENCE_PERIODS)[number]['value'];

export const SOURCE_GROUP_LABELS: Record<AudienceSourceGroup, string> = {
  search: 'Moteurs de recherche',
  social: 'Réseaux sociaux',
  direct: 'Accès direct',
  website: 'Autres sites',
  campaign: 'Campagnes',
};

const DEVICE_LABELS: Record<string, string> = { mobile: 'Mobile', tablet: 'Tablette', desktop: 'Ordinateur' };
export const deviceLabel = (value: string) => DEVICE_LABELS[value] ?? value;

const languageNames = (() => {
  try {
    return new Intl.DisplayNames(['fr'], { type: 'language' });
  } catch {
    return null;
  }
})();

/** 'fr' → 'français'; '(inconnue)' → 'Inconnue'. */
export function languageLabel(code: string): string {
  if (code === '(inconnue)') return 'Inconnue';
  try {
    const name = languageNames?.of(code);
    return name && name !== code ? name.charAt(0).toUpperCase() + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** A source's value as shown: '(direct)' → 'Accès direct', a host as it is. */
export const sourceLabel = (value: string) => (value === '(direct)' ? 'Accès direct' : value);

const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 });
const signedPercent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' });
const signedNumber = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0, signDisplay: 'exceptZero' });

export type Trend = 'up' | 'down' | 'same' | 'new';

/** A figure's change against the previous period, in words: '+25 %', '−10 %', 'stable', 'nouveau' (nothing before). */
export function changeOf(current: number, previous: number): { text: string; trend: Trend } {
  if (previous === 0) return current === 0 ? { text: 'stable', trend: 'same' } : { text: 'nouveau', trend: 'new' };
  const ratio = (current - previous) / previous;
  if (Math.abs(ratio) < 0.005) return { text: 'stable', trend: 'same' };
  return { text: signedPercent.format(ratio).replace('-', '−'), trend: ratio > 0 ? 'up' : 'down' };
}

/** A rate's change in percentage points: '+5 pts', '−12 pts', 'stable'. */
export function pointsChangeOf(current: number, previous: number): { text: string; trend: Trend } {
  const points = Math.round((current - previous) * 100);
  if (points === 0) return { text: 'stable', trend: 'same' };
  return { text: `${signedNumber.format(points).replace('-', '−')} pts`, trend: points > 0 ? 'up' : 'down' };
}

export interface FigureTile {
  label: string;
  value: string;
  change: { text: string; trend: Trend };
  /** Whether a rise is good news (a bounce rate's rise is not). */
  higherIsBetter: boolean;
}

/** The five figures of a period, each with its change against the previous one. */
export function figureTiles(totals: AudienceTotalsDto, previous: AudienceTotalsDto): FigureTile[] {
  return [
    {
      label: 'Visiteurs',
      value: formatNumber(totals.visitors),
      change: changeOf(totals.visitors, previous.visitors),
      higherIsBetter: true,
    },
    {
      label: 'Pages vues',
      value: formatNumber(totals.pageviews),
      change: changeOf(totals.pageviews, previous.pageviews),
      higherIsBetter: true,
    },
    { label: 'Visites', value: formatNumber(totals.visits), change: changeOf(totals.visits, previous.visits), higherIsBetter: true },
    {
      label: 'Durée moyenne d’une visite',
      value: totals.visits ? formatDuration(totals.averageVisitSeconds) : '—',
      change: changeOf(totals.averageVisitSeconds, previous.averageVisitSeconds),
      higherIsBetter: true,
    },
    {
      label: 'Taux de rebond',
      value: totals.visits ? percent.format(totals.bounceRate) : '—',
      change: previous.visits && totals.visits ? pointsChangeOf(totals.bounceRate, previous.bounceRate) : { text: 'stable', trend: 'same' },
      higherIsBetter: false,
    },
  ];
}

const dayShort = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayLong = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat('fr-FR', { month: 'short', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A chart point's label: '10 mars' (a day) or 'mars' (a month); long for the screen readers' table. */
export function pointLabel(day: string, granularity: 'day' | 'month', style: 'short' | 'long'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  if (granularity === 'month') return (style === 'short' ? monthShort : monthLong).format(date);
  return (style === 'short' ? dayShort : dayLong).format(date);
}
