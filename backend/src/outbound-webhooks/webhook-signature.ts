import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The header that carries the signature of every delivery. */
export const SIGNATURE_HEADER = 'Vitrine-Signature';

/** A new signing secret: `whsec_` and 32 random bytes in base64url (the whole string is the HMAC key, as at Stripe). */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. The timestamp is signed with the
 * body, so a receiver refusing old timestamps refuses a replayed delivery.
 */
export function signatureHeader(secret: string, rawBody: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * The receiver's check, as docs/integrators.md documents it (used by the tests): a `v1` matching in constant time, and a timestamp
 * within `toleranceSeconds` of `now`.
 */
export function verifySignature(rawBody: string, header: string, secret: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const parts = header.split(',').map((part) => part.split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  if (!t || !/^\d+$/.test(t) || Math.abs(now / 1000 - Number(t)) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return parts.some(
    ([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? '') && timingSafeEqual(Buffer.from(value, 'hex'), expected),
  );
}
