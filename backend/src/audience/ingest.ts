import { BadRequestException, ForbiddenException } from '@nestjs/common';
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { isbot } from 'isbot';
import type { AudienceDevice, AudienceEventKind } from './audience.entities';

/**
 * The pure part of the ingest: reading an event sent by the script (or the no-JavaScript pixel), refusing what is
 * malformed with a French message per field, and deriving what is stored. Nothing here touches the IP address beyond
 * the visitor hash.
 */

export const MAX_BODY_BYTES = 2048;
export const MAX_PATH_LENGTH = 512;
const MAX_URL_LENGTH = 1536;
const MAX_UTM_LENGTH = 100;
const MAX_DURATION_MS = 24 * 3600_000;

/** An event as the script sends it: `k` site key, `t` p(ageview) or l(eave), `u` page URL, `r` referrer, `w` screen width, `l` language, `d` duration (ms). */
export interface SentEvent {
  k: string;
  t: 'p' | 'l';
  u: string;
  r?: string;
  w?: number;
  l?: string;
  d?: number;
}

export const MESSAGES = {
  malformed: 'Événement illisible : un objet JSON est attendu',
  key: 'Clé de site manquante ou invalide',
  kind: 'Type d’événement inconnu (p ou l attendu)',
  url: 'Adresse de la page manquante ou invalide',
  path: `Chemin de page trop long (${MAX_PATH_LENGTH} caractères au plus)`,
  referrer: 'Provenance invalide',
  width: 'Largeur d’écran invalide',
  language: 'Langue invalide',
  duration: 'Durée invalide (en millisecondes, 24 heures au plus)',
  unknownKey: 'Clé de site inconnue',
  origin: 'Origine non autorisée pour ce site',
} as const;

function refuse(errors: Record<string, string>): never {
  const [first] = Object.values(errors);
  throw new BadRequestException({ message: first, errors });
}

/** The event in `text` (the body, text/plain JSON from sendBeacon), or a 400 with the fields in error. */
export function parseEvent(text: unknown): SentEvent {
  let value: unknown;
  try {
    value = typeof text === 'string' ? JSON.parse(text) : text;
  } catch {
    refuse({ body: MESSAGES.malformed });
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) refuse({ body: MESSAGES.malformed });
  return checkEvent(value as Record<string, unknown>);
}

/** The fields of a sent event checked one by one (shared by the beacon and the pixel's query). */
export function checkEvent(raw: Record<string, unknown>): SentEvent {
  const errors: Record<string, string> = {};
  const { k, t, u, r, w, l, d } = raw;
  if (typeof k !== 'string' || !/^[A-Za-z0-9_-]{16,64}$/.test(k)) errors.k = MESSAGES.key;
  if (t !== 'p' && t !== 'l') errors.t = MESSAGES.kind;
  if (typeof u !== 'string' || u.length > MAX_URL_LENGTH || !pageUrl(u)) errors.u = MESSAGES.url;
  else if (pageUrl(u)!.pathname.length > MAX_PATH_LENGTH) errors.u = MESSAGES.path;
  if (r !== undefined && r !== '' && (typeof r !== 'string' || r.length > MAX_URL_LENGTH)) errors.r = MESSAGES.referrer;
  if (w !== undefined && (typeof w !== 'number' || !Number.isInteger(w) || w < 0 || w > 100_000)) errors.w = MESSAGES.width;
  if (l !== undefined && (typeof l !== 'string' || l.length > 35)) errors.l = MESSAGES.language;
  if (t === 'l' && (typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > MAX_DURATION_MS)) errors.d = MESSAGES.duration;
  if (Object.keys(errors).length) refuse(errors);
  return { k, t, u, r: r || undefined, w, l, d: t === 'l' ? d : undefined } as SentEvent;
}

function pageUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** A host without its `www.` and in lower case: `www.Boulangerie.fr` → `boulangerie.fr`. */
export const bareHost = (host: string): string => host.toLowerCase().replace(/^www\./, '');

/** Whether an origin (or a page's URL) is the site's own: its domain or www. of it, over http or https. */
export function isOwnOrigin(origin: string | undefined, domain: string): boolean {
  if (!origin) return false;
  const url = pageUrl(origin);
  return !!url && bareHost(url.host) === bareHost(domain.replace(/^https?:\/\//, '').replace(/\/.*$/, ''));
}

/** What the privacy signals and the request's nature say: measure it, or store nothing (answered 202 all the same). */
export function ignoredRequest(headers: Record<string, string | string[] | undefined>): 'dnt' | 'gpc' | 'prefetch' | 'bot' | null {
  const one = (name: string) => {
    const value = headers[name];
    return (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase();
  };
  if (one('dnt') === '1') return 'dnt';
  if (one('sec-gpc') === '1') return 'gpc';
  if (one('sec-purpose')?.includes('prefetch') || one('purpose') === 'prefetch' || one('x-moz') === 'prefetch') return 'prefetch';
  const ua = one('user-agent');
  if (!ua || isbot(ua) || /headless|phantomjs|electron|puppeteer|playwright|lighthouse/.test(ua)) return 'bot';
  return null;
}

/** The device class: from the screen width the script sends, else from the user agent. */
export function deviceClass(width: number | undefined, userAgent: string): AudienceDevice {
  if (width !== undefined && width > 0) return width < 768 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop';
  if (/iPad|Tablet|Android(?!.*Mobile)/i.test(userAgent)) return 'tablet';
  if (/Mobi|iPhone|Android/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The browser's family, never its version. */
export function browserFamily(userAgent: string): string {
  if (/Edg(A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/OPR\/|Opera/.test(userAgent)) return 'Opera';
  if (/SamsungBrowser\//.test(userAgent)) return 'Samsung Internet';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|CriOS\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Autre';
}

/** The primary language (`fr`), from Accept-Language first, else from what the script sent. */
export function primaryLanguage(acceptLanguage: string | undefined, sent: string | undefined): string | null {
  for (const candidate of [acceptLanguage?.split(',')[0], sent]) {
    const tag = candidate?.split(';')[0].trim().split('-')[0].toLowerCase();
    if (tag && /^[a-z]{2,3}$/.test(tag)) return tag;
  }
  return null;
}

/** The referrer's host, unless it is the site itself (a page of the site leading to another is no source). */
export function referrerHost(referrer: string | undefined, domain: string): string | null {
  if (!referrer) return null;
  const url = pageUrl(referrer);
  if (!url || !url.hostname) return null;
  const host = bareHost(url.hostname).slice(0, 253);
  return host === bareHost(domain) ? null : host;
}

export interface StoredEvent {
  siteId: string;
  day: string;
  visitor: Buffer;
  kind: AudienceEventKind;
  path: string;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  device: AudienceDevice;
  browser: string;
  language: string | null;
  durationMs: number | null;
}

/** The day's salt as a key, made once per salt: an HMAC keyed by a Buffer costs ten times one keyed by a KeyObject. */
let saltKey: { salt: Buffer; key: KeyObject } | null = null;

/** HMAC-SHA256(day salt, site id + IP + user agent): the IP is used here and never kept. */
export function visitorHash(salt: Buffer, siteId: string, ip: string, userAgent: string): Buffer {
  if (saltKey?.salt !== salt) saltKey = { salt, key: createSecretKey(salt) };
  return createHmac('sha256', saltKey.key).update(`${siteId}\n${ip}\n${userAgent}`).digest();
}

/** The row stored for a checked event (the URL's query reduced to its UTM parameters). */
export function storedEvent(
  sent: SentEvent,
  site: { id: string; domain: string },
  day: string,
  visitor: Buffer,
  headers: { userAgent: string; acceptLanguage?: string },
): StoredEvent {
  const url = new URL(sent.u);
  const utm = (name: string) => url.searchParams.get(name)?.trim().slice(0, MAX_UTM_LENGTH) || null;
  return {
    siteId: site.id,
    day,
    visitor,
    kind: sent.t === 'p' ? 'pageview' : 'leave',
    path: url.pathname,
    referrerHost: referrerHost(sent.r, site.domain),
    utmSource: utm('utm_source'),
    utmMedium: utm('utm_medium'),
    utmCampaign: utm('utm_campaign'),
    device: deviceClass(sent.w, headers.userAgent),
    browser: browserFamily(headers.userAgent),
    language: primaryLanguage(headers.acceptLanguage, sent.l),
    durationMs: sent.t === 'l' ? sent.d! : null,
  };
}

// Made once: building an Intl.DateTimeFormat took a tenth of the ingest's time per event (bench/audience.ts' profile).
const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The last hour's day: Paris is a whole number of hours from UTC, so its days change on UTC hours only. */
let parisHour: { hour: number; day: string } | null = null;

/** The day (Paris time) of an instant, as `YYYY-MM-DD` (formatted once per hour: a tenth of the event's work otherwise). */
export function parisDay(at: Date): string {
  const hour = Math.floor(at.getTime() / 3600_000);
  if (parisHour?.hour !== hour) parisHour = { hour, day: PARIS_DAY.format(at) };
  return parisHour.day;
}

/** The same refusal for a foreign origin everywhere. */
export const foreignOrigin = () => new ForbiddenException(MESSAGES.origin);
