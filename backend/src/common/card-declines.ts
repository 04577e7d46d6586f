/**
 * A card refused by the client's bank (the Stripe SDK's StripeCardError, recognised by its shape so that common/ imports
 * no SDK): a failure the client can fix (another card, funds, authentication), answered 402 with the French sentence of
 * the decline, never a 5xx. Stripe's codes: https://docs.stripe.com/declines/codes
 */
export interface CardDecline {
  message: string;
  /** Stripe's code and decline_code, for the log line */
  reason: string;
}

const CHANGE_CARD = 'Enregistrez une autre carte puis réessayez.';
const LATER_OR_CHANGE = 'Réessayez plus tard ou enregistrez une autre carte.';
const CVC = `Carte refusée : code de sécurité (CVC) incorrect. ${CHANGE_CARD}`;
const NUMBER = `Carte refusée : numéro de carte incorrect. ${CHANGE_CARD}`;
const LIMIT = `Carte refusée : plafond de la carte atteint. ${LATER_OR_CHANGE}`;
const AUTHENTICATE =
  'Authentification requise : votre banque demande de confirmer ce paiement (3-D Secure). Confirmez-le sur la page de la facture.';

/** The French sentence of each decline Stripe names (by decline_code, else by code); any other: card refused. */
const SENTENCES: Record<string, string> = {
  insufficient_funds: `Carte refusée : fonds insuffisants. ${LATER_OR_CHANGE}`,
  expired_card: `Carte refusée : carte expirée. ${CHANGE_CARD}`,
  incorrect_cvc: CVC,
  invalid_cvc: CVC,
  incorrect_number: NUMBER,
  invalid_number: NUMBER,
  authentication_required: 'Carte refusée : authentification requise par votre banque (3-D Secure) pour ce paiement.',
  // The payment waits for the client: Stripe's answers when it must be authenticated on-session (3-D Secure).
  invoice_payment_intent_requires_action: AUTHENTICATE,
  subscription_payment_intent_requires_action: AUTHENTICATE,
  card_velocity_exceeded: LIMIT,
  withdrawal_count_limit_exceeded: LIMIT,
  processing_error: 'Carte refusée : erreur de traitement chez votre banque. Réessayez dans quelques instants.',
};
const REFUSED = `Carte refusée par votre banque. ${CHANGE_CARD}`;

export function cardDecline(error: unknown): CardDecline | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { type, code, decline_code: declineCode } = error as { type?: unknown; code?: unknown; decline_code?: unknown };
  if (type !== 'StripeCardError') return undefined;
  const decline = typeof declineCode === 'string' ? declineCode : undefined;
  const named = typeof code === 'string' ? code : undefined;
  return {
    message: (decline && SENTENCES[decline]) ?? (named && SENTENCES[named]) ?? REFUSED,
    reason: [named, decline].filter(Boolean).join('/') || 'card_error',
  };
}
