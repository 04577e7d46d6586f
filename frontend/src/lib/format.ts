/**
 * The one place for fr-FR formatting: dates, date-times, euros, day counts. Features never build their own
 * Intl formatter; a missing or invalid date shows as '—'. Every date and time is shown in Paris time, whatever the
 * browser's zone: the server decides them (invoices, payments, statuses, audit) and its documents read in Paris time,
 * so an invoice issued at 00:10 in Paris shows the same day in the lists as on its PDF.
 */

/** The zone every date and time is shown in: the agency's, the documents'. */
export const DISPLAY_TIME_ZONE = 'Europe/Paris';

/** Shown for a missing or invalid value. */
export const EMPTY_VALUE = '—';

const DAY_MS = 24 * 60 * 60 * 1000;

const dateFormat = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: DISPLAY_TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: DISPLAY_TIME_ZONE,
});
const timeFormat = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', timeZone: DISPLAY_TIME_ZONE });
/** A day in Paris as its parts, to count calendar days there */
const parisDay = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: DISPLAY_TIME_ZONE });
const monthShort = new Intl.DateTimeFormat('fr-FR', { month: 'short', timeZone: 'UTC' });
const monthLong = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const relativeDays = new Intl.RelativeTimeFormat('fr-FR', { numeric: 'auto' });
const wholeEuros = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const numberFormat = new Intl.NumberFormat('fr-FR');
const megabytes = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const compactEuros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', notation: 'compact', maximumFractionDigits: 1 });
const euroCents = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export type DateInput = string | number | Date | null | undefined;

/** The input as a valid Date, or null (missing, empty or unparsable). */
export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '14/03/2025' (the day in Paris) */
export function formatDate(value: DateInput): string {
  const date = toDate(value);
  return date ? dateFormat.format(date) : EMPTY_VALUE;
}

/** '14/03/2025 10:05' (Paris time) */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  return date ? dateTimeFormat.format(date) : EMPTY_VALUE;
}

/** '10:05' (Paris time) */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  return date ? timeFormat.format(date) : EMPTY_VALUE;
}

/**
 * Euros from an amount in cents: 2900 → '29 €', 2999 → '29,99 €' (no decimals for whole euros).
 * `{ cents: true }` always shows two decimals (revenue, invoices): 2900 → '29,00 €'.
 */
export function formatEuros(amountCents: number, { cents = false }: { cents?: boolean } = {}): string {
  return (cents || amountCents % 100 !== 0 ? euroCents : wholeEuros).format(amountCents / 100);
}

/** Whole days elapsed since a date, rounded up (a member since this morning: 1 day); null for a missing date. */
export function daysSince(value: DateInput, now: DateInput = new Date()): number | null {
  const from = toDate(value);
  const to = toDate(now);
  if (!from || !to) return null;
  return Math.max(0, Math.ceil((to.getTime() - from.getTime()) / DAY_MS));
}

/** The calendar day of an instant in Paris, as a UTC midnight (for differences in whole days). */
function parisMidnight(date: Date): number {
  const part = (type: string) => Number(parisDay.formatToParts(date).find((p) => p.type === type)!.value);
  return Date.UTC(part('year'), part('month') - 1, part('day'));
}

/** Calendar days between two dates (Paris time), e.g. yesterday 23:59 → today 00:01 is 1. */
function calendarDaysBetween(from: Date, to: Date): number {
  return Math.round((parisMidnight(to) - parisMidnight(from)) / DAY_MS);
}

/** 'aujourd’hui', 'hier', 'il y a 3 jours' (calendar days, Paris time); '—' for a missing date. */
export function formatDaysAgo(value: DateInput, now: DateInput = new Date()): string {
  const from = toDate(value);
  const to = toDate(now);
  if (!from || !to) return EMPTY_VALUE;
  return relativeDays.format(-Math.max(0, calendarDaysBetween(from, to)), 'day');
}

/** '1 e-mail', '0 e-mail', '3 e-mails' (French: the plural starts at 2). */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${Math.abs(count) >= 2 ? plural : singular}`;
}

/**
 * A calendar month given as 'YYYY-MM': 'nov.' (short, for a chart's axis) or 'novembre 2026' (long); '—' when it
 * does not read as a month.
 */
export function formatMonth(month: string, style: 'short' | 'long' = 'long'): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match || Number(match[2]) < 1 || Number(match[2]) > 12) return EMPTY_VALUE;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return (style === 'short' ? monthShort : monthLong).format(date);
}

/** '1 234' (fr-FR grouping, narrow no-break space) for counts shown alone (tiles, totals). */
export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** Short euros for a chart's labels: 2900 → '29 €', 1234500 → '12,3 k€'. */
export function formatEurosCompact(amountCents: number): string {
  return compactEuros.format(amountCents / 100).replace(/\s(?=k|M|Md)/, '\u202f');
}

const NBSP = '\u00a0';

/**
 * A duration in seconds, in words and to its two largest units: '45 s', '3 min', '2 h 5 min', '3 j 4 h' (a no-break
 * space between each number and its unit); '—' for a missing, negative or infinite one.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return EMPTY_VALUE;
  const unit = (n: number, name: string) => `${n}${NBSP}${name}`;
  const total = Math.floor(seconds);
  if (total < 60) return unit(total, 's');
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return unit(minutes, 'min');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${unit(hours, 'h')} ${unit(minutes % 60, 'min')}` : unit(hours, 'h');
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${unit(days, 'j')} ${unit(hours % 24, 'h')}` : unit(days, 'j');
}

/** A file's size: '340 Ko', '2,4 Mo'. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} Ko`;
  return `${megabytes.format(bytes / (1024 * 1024))} Mo`;
}
