import { Injectable, NotFoundException } from '@nestjs/common';
import { tooManyRequests } from '../common/errors';
import { AudienceClock } from './audience-clock';
import { AudienceRepository, type KeyedSite } from './audience.repository';
import { EventBuffer } from './event-buffer';
import { MESSAGES, foreignOrigin, ignoredRequest, isOwnOrigin, parisDay, storedEvent, visitorHash, type SentEvent } from './ingest';

const SITE_CACHE_MS = 60_000;
const MAX_CACHED = 10_000;

export interface IngestRequest {
  sent: SentEvent;
  /** The page's origin: the Origin header (beacon) or the Referer (pixel) */
  origin: string | undefined;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface IngestLimits {
  /** Events of one source (IP address) for one site, per minute */
  perSourcePerMinute: number;
  /** Events of one site per second, on this instance */
  perSitePerSecond: number;
}

/** Counters held before their ended windows are swept (at most once a second: a sweep reads every counter). */
const SWEEP_AT = 100_000;
const SWEEP_EVERY_MS = 1000;

/** Fixed-window counters in memory: a database write per event would cost as much as the event itself. */
export class Windows {
  private readonly counts = new Map<string, { start: number; hits: number }>();
  private sweptAt = -Infinity;
  get size(): number {
    return this.counts.size;
  }
  hit(key: string, limit: number, windowMs: number, now: number): number | null {
    let entry = this.counts.get(key);
    if (!entry || now - entry.start >= windowMs) {
      // Beyond SWEEP_AT counters still in their window (a minute of many sources), sweeping at every new key read them
      // all per event: the sweep waits a second, while counters pile up by one second's events at most.
      if (this.counts.size >= SWEEP_AT && now - this.sweptAt >= SWEEP_EVERY_MS) {
        this.sweptAt = now;
        for (const [k, e] of this.counts) if (now - e.start >= windowMs) this.counts.delete(k);
      }
      entry = { start: now, hits: 0 };
      this.counts.set(key, entry);
    }
    entry.hits += 1;
    return entry.hits > limit ? Math.ceil((entry.start + windowMs - now) / 1000) : null;
  }
}

/**
 * POST /api/a/e and the pixel: privacy signals and robots first (nothing stored, 202), then the event checked, its
 * site known by its key and its origin the site's own, the limits per source and per site, and the event hashed and
 * queued for the next batch. The IP address is read for the hash and the per-source limit only, never kept.
 */
@Injectable()
export class AudienceIngest {
  private readonly sites = new Map<string, { site: KeyedSite | null; until: number }>();
  private salt: { day: string; salt: Buffer } | null = null;
  private readonly windows = new Windows();
  limits: IngestLimits = { perSourcePerMinute: 120, perSitePerSecond: 1000 };

  constructor(
    private readonly repository: AudienceRepository,
    private readonly buffer: EventBuffer,
    private readonly clock: AudienceClock,
  ) {}

  /** Whether the request is one not to measure (DNT, GPC, prefetch, robot): answered 202, nothing stored. */
  ignored(headers: IngestRequest['headers']): boolean {
    return ignoredRequest(headers) !== null;
  }

  /** The site of a key (cached a minute, unknown keys too), or a 404. */
  async siteOf(key: string): Promise<KeyedSite & { domain: string }> {
    const now = Date.now();
    let cached = this.sites.get(key);
    if (!cached || cached.until < now) {
      if (this.sites.size >= MAX_CACHED) this.sites.clear();
      cached = { site: await this.repository.siteOfKey(key), until: now + SITE_CACHE_MS };
      this.sites.set(key, cached);
    }
    if (!cached.site || !cached.site.domain) throw new NotFoundException(MESSAGES.unknownKey);
    return cached.site as KeyedSite & { domain: string };
  }

  /** Checks, limits, hashes and queues one event; answers the origin to allow (CORS) */
  async ingest(request: IngestRequest): Promise<void> {
    const { sent, origin, ip, headers } = request;
    const site = await this.siteOf(sent.k);
    if (!isOwnOrigin(origin, site.domain) || !isOwnOrigin(sent.u, site.domain)) throw foreignOrigin();
    const at = this.clock.now();
    const ms = at.getTime();
    const overSource = this.windows.hit(`${site.id}:${ip}`, this.limits.perSourcePerMinute, 60_000, ms);
    const overSite = this.windows.hit(site.id, this.limits.perSitePerSecond, 1000, ms);
    const wait = overSource ?? overSite;
    if (wait !== null) throw tooManyRequests('Trop d’événements pour ce site, réessayez plus tard', wait);
    const day = parisDay(at);
    const userAgent = String(headers['user-agent'] ?? '');
    const visitor = visitorHash(await this.saltOf(day), site.id, ip, userAgent);
    const acceptLanguage = headers['accept-language'];
    this.buffer.push(
      storedEvent(sent, site, day, visitor, {
        userAgent,
        acceptLanguage: Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage,
      }),
      at,
    );
  }

  /** Today's salt (kept in memory for the day; another day's is never reused). */
  private async saltOf(day: string): Promise<Buffer> {
    if (this.salt?.day !== day) this.salt = { day, salt: await this.repository.saltOf(day) };
    return this.salt.salt;
  }
}
