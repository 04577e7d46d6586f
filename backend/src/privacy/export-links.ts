import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The one-time link of a data archive: `/dashboard/data-export?export=<id>&token=<nonce>.<signature>`. The signature
 * (HMAC-SHA256, a key derived from the JWT secret for this use only) binds the token to the archive, its account and
 * its end, so a token is worth nothing for another archive, another account or past its 24 hours; the token's SHA-256
 * is also stored, and the download marks it used, so it works once.
 */
export class ExportLinks {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('vitrine:data-export-links').digest();
  }

  private signature(exportId: string, userId: string, expiresAt: Date, nonce: string): string {
    return createHmac('sha256', this.key)
      .update(`${exportId}.${userId}.${Math.floor(expiresAt.getTime() / 1000)}.${nonce}`)
      .digest('base64url');
  }

  /** A new token for this archive of this account, valid until `expiresAt`. */
  token(exportId: string, userId: string, expiresAt: Date): string {
    const nonce = randomBytes(24).toString('base64url');
    return `${nonce}.${this.signature(exportId, userId, expiresAt, nonce)}`;
  }

  /** Whether the token was signed for this archive, account and end. */
  verify(token: string, exportId: string, userId: string, expiresAt: Date): boolean {
    const dot = token.indexOf('.');
    if (dot <= 0) return false;
    const expected = Buffer.from(this.signature(exportId, userId, expiresAt, token.slice(0, dot)));
    const given = Buffer.from(token.slice(dot + 1));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
