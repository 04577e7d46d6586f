import { createHmac, timingSafeEqual } from 'node:crypto';

/** Which picture of a photo a link gives: the stored photo, or its thumbnail. */
export const PHOTO_SIZES = ['full', 'thumb'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/**
 * Signed, expiring links to one order photo (`/api/order-photos/<id>?exp=<unix seconds>&sig=<HMAC-SHA256>`, plus
 * `&size=thumb` for its thumbnail): the team's mail carries them (7 days), and the wizard and the admin's page show
 * photos through them (`url` and `thumbnailUrl` of a photo). The key is derived from the JWT secret, so a photo
 * signature can never pass for anything else and the reverse.
 *
 * The signature covers the size: a thumbnail's link cannot be edited into the full photo's. Every holder of a
 * thumbnail link also holds the full one today, so this guards no secret; it keeps a link meaning exactly what was
 * signed, whoever it is given to later. The full photo's signed text is unchanged (`<id>.<exp>`), so the links of
 * mails sent before thumbnails existed still work.
 */
export class PhotoLinks {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly appUrl: string,
  ) {
    this.key = createHmac('sha256', secret).update('vitrine:order-photo-links').digest();
  }

  private signature(photoId: string, exp: number, size: PhotoSize): string {
    const text = size === 'full' ? `${photoId}.${exp}` : `${photoId}.${exp}.${size}`;
    return createHmac('sha256', this.key).update(text).digest('base64url');
  }

  /** A path valid until `expiresAt` (absolute with `absolute: true`, for mail), to the photo or its thumbnail. */
  link(photoId: string, expiresAt: Date, options: { absolute?: boolean; size?: PhotoSize } = {}): string {
    const size = options.size ?? 'full';
    const exp = Math.floor(expiresAt.getTime() / 1000);
    const path = `/api/order-photos/${photoId}?exp=${exp}${size === 'full' ? '' : `&size=${size}`}&sig=${this.signature(photoId, exp, size)}`;
    return options.absolute ? `${this.appUrl}${path}` : path;
  }

  /**
   * The link's expiry when the signature is ours for this size and it has not expired at `now`; null otherwise.
   * `size`: the query's value, absent meaning the full photo; any other value than ours is refused.
   */
  verify(photoId: string, exp: string | undefined, sig: string | undefined, size?: string, now = new Date()): Date | null {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return null;
    const variant = size === undefined ? 'full' : PHOTO_SIZES.find((s) => s === size);
    if (!variant) return null;
    const expires = Number(exp);
    if (expires * 1000 <= now.getTime()) return null;
    const expected = Buffer.from(this.signature(photoId, expires, variant));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected) ? new Date(expires * 1000) : null;
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
