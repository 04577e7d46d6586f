import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links to one order photo (`/api/order-photos/<id>?exp=<unix seconds>&sig=<HMAC-SHA256>`): the
 * team's mail carries them (7 days), and the wizard shows photos through them (`url` of a photo). The key is
 * derived from the JWT secret, so a photo signature can never pass for anything else and the reverse.
 */
export class PhotoLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly appUrl: string,
  ) {
    this.key = createHmac('sha256', secret).update('vitrine:order-photo-links').digest();
  }

  private signature(photoId: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${photoId}.${exp}`).digest('base64url');
  }

  /** A path valid until `expiresAt` (absolute with `absolute: true`, for mail). */
  link(photoId: string, expiresAt: Date, absolute = false): string {
    const exp = Math.floor(expiresAt.getTime() / 1000);
    const path = `/api/order-photos/${photoId}?exp=${exp}&sig=${this.signature(photoId, exp)}`;
    return absolute ? `${this.appUrl}${path}` : path;
  }

  /** True for a signature of ours, not expired at `now`. */
  verify(photoId: string, exp: string | undefined, sig: string | undefined, now = new Date()): boolean {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
    const expires = Number(exp);
    if (expires * 1000 <= now.getTime()) return false;
    const expected = Buffer.from(this.signature(photoId, expires));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

/**
 * The expiry of the links the wizard shows: the end of the current hour plus `hours`, so the same photo keeps the
 * same URL for an hour (the browser's cache works) and a link is always valid at least `hours` hours.
 */
export function roundedExpiry(now: Date, hours: number): Date {
  const hour = 3600_000;
  return new Date(Math.ceil(now.getTime() / hour) * hour + hours * hour);
}
