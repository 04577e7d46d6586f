/**
 * Stripe's test cards as the hosted pages read them: the card typed (number, expiry), its brand, and how it behaves.
 *
 *   4242 4242 4242 4242 (and any other number)  accepted, and so is every later charge
 *   4000 0000 0000 0002                         refused on the hosted pages: card_declined (generic_decline)
 *   4000 0000 0000 9995                         refused on the hosted pages: card_declined (insufficient_funds)
 *   4000 0000 0000 0341                         saved fine (checkout's first payment too), every later charge fails
 *
 * and the 3-D Secure cards of three-d-secure.ts (3184, 3155, 3178: the last one declined for insufficient funds once
 * authenticated).
 */
import { createHash } from 'node:crypto';
import { ApiError, type Json } from './params.ts';
import type { CardDetails, DeclineCode } from './store.ts';

export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
}

/** What the hosted pages show (French) and the API answers (English, as Stripe words them) for each decline. */
export const DECLINE_MESSAGES: Record<DeclineCode, { fr: string; en: string }> = {
  generic_decline: { fr: 'Votre carte a été refusée.', en: 'Your card was declined.' },
  insufficient_funds: { fr: 'Fonds insuffisants sur votre carte.', en: 'Your card has insufficient funds.' },
};

/** Refused as soon as they are typed on a hosted page (checkout, setup, invoice). */
const DECLINED_AT_ENTRY: Record<string, DeclineCode> = {
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
};

/** Accepted when saved, refused whenever charged afterwards. */
const DECLINED_WHEN_CHARGED: Record<string, DeclineCode> = {
  '4000000000000341': 'generic_decline',
  '4000008260003178': 'insufficient_funds',
};

export const DEFAULT_CARD = '4242424242424242';

/** The decline a hosted page answers at once for this number (0002, 9995), or null. */
export function entryDecline(card: CardInput): DeclineCode | null {
  return DECLINED_AT_ENTRY[card.number] ?? null;
}

/** How charges of a saved card end: null (paid) or the decline code (0341, and 0002/9995 if ever saved). */
export function chargeDecline(card: CardInput): DeclineCode | null {
  return DECLINED_WHEN_CHARGED[card.number] ?? DECLINED_AT_ENTRY[card.number] ?? null;
}

export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^35/.test(number)) return 'jcb';
  if (/^(36|30[0-5])/.test(number)) return 'diners';
  return 'unknown';
}

/**
 * Reads the hosted form's `card` and `exp` (MM/AA, MM/AAAA or MMAA). An empty card is 4242 4242 4242 4242 and an
 * empty expiry 12/34, as the form's defaults (scripts post only `card=`). Errors are French ApiErrors (param card/exp).
 */
export function readCard(rawNumber: string | undefined, rawExp: string | undefined, nowMs = Date.now()): CardInput {
  const number = (rawNumber ?? '').replace(/[\s-]/g, '') || DEFAULT_CARD;
  if (!/^\d{13,19}$/.test(number)) throw new ApiError(400, 'Votre numéro de carte est invalide.', 'card', 'invalid_number');
  const exp = (rawExp ?? '').replace(/\s/g, '') || '12/34';
  const m = exp.match(/^(\d{1,2})\/?(\d{2}|\d{4})$/);
  if (!m || exp.length === 3)
    throw new ApiError(400, "La date d'expiration de votre carte est invalide (MM/AA).", 'exp', 'invalid_expiry_month');
  const month = Number(m[1]);
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) throw new ApiError(400, "Le mois d'expiration de votre carte est invalide.", 'exp', 'invalid_expiry_month');
  const today = new Date(nowMs);
  if (year < today.getUTCFullYear() || (year === today.getUTCFullYear() && month < today.getUTCMonth() + 1)) {
    throw new ApiError(400, "La date d'expiration de votre carte est dépassée.", 'exp', 'expired_card');
  }
  if (year > today.getUTCFullYear() + 50)
    throw new ApiError(400, "L'année d'expiration de votre carte est invalide.", 'exp', 'invalid_expiry_year');
  return { number, exp_month: month, exp_year: year };
}

/** The stored card: brand, last 4 digits, expiry and a fingerprint (the same number always gets the same one). */
export function cardDetails(card: CardInput): CardDetails {
  const fingerprint = createHash('sha256')
    .update(`sandbox-card:${card.number}`)
    .digest('base64url')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 16);
  return {
    brand: brandOf(card.number),
    last4: card.number.slice(-4),
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    funding: 'credit',
    country: 'FR',
    fingerprint,
  };
}

/** Stripe's 402 card error (StripeCardError in the SDK), with its decline code. */
export function cardError(decline: DeclineCode, extra: Json = {}): ApiError {
  return new ApiError(402, DECLINE_MESSAGES[decline].en, undefined, 'card_declined', 'card_error', { decline_code: decline, ...extra });
}

/** Stripe's test PaymentMethod tokens accepted by POST /v1/payment_methods/:id/attach. */
export const TEST_TOKENS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeCustomerFail: '4000000000000341',
  pm_card_visa_chargeDeclined: '4000000000000002',
  pm_card_visa_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
};
