/**
 * How a site's payments read, for its client and for the team (one copy: the dashboard and the admin both use it).
 * The server says the state (SiteDto.paymentState): current, past_due (Stripe retries, the site stays online), unpaid
 * (Stripe gave up, the site is suspended), ended (the subscription is over).
 */
import type { AdminSitePaymentFilter, SitePaymentState } from '../api/generated/model';
import { formatDate, toDate } from './format';

export type PaymentTone = 'success' | 'warning' | 'danger' | 'neutral';

export const PAYMENT_STATE_LABELS: Record<SitePaymentState, string> = {
  current: 'À jour',
  past_due: 'Paiement en retard',
  unpaid: 'Suspendu pour impayé',
  ended: 'Abonnement terminé',
};

const PAYMENT_STATE_TONES: Record<SitePaymentState, PaymentTone> = {
  current: 'success',
  past_due: 'warning',
  unpaid: 'danger',
  ended: 'neutral',
};

export interface PaymentStateView {
  label: string;
  tone: PaymentTone;
}

/**
 * The client's badge for payment trouble, beside the site's status: null when the payments are up to date (or the
 * state is unknown), so a healthy site shows nothing more.
 */
export function clientPaymentBadge(state: SitePaymentState | null | undefined): PaymentStateView | null {
  if (!state || state === 'current' || !(state in PAYMENT_STATE_LABELS)) return null;
  return { label: PAYMENT_STATE_LABELS[state], tone: PAYMENT_STATE_TONES[state] };
}

/** The team's reading, always shown: 'À jour', 'Paiement en retard depuis le 12/11/2026', 'Suspendu pour impayé', 'Abonnement terminé'. */
export function adminPaymentState(state: SitePaymentState | null | undefined, since?: string | null): PaymentStateView {
  const known: SitePaymentState = state && state in PAYMENT_STATE_LABELS ? state : 'current';
  const label = known === 'past_due' && toDate(since) ? `Paiement en retard depuis le ${formatDate(since)}` : PAYMENT_STATE_LABELS[known];
  return { label, tone: PAYMENT_STATE_TONES[known] };
}

/** The admin site list's 'Paiements' filter, in its order ('' = all). */
export const ADMIN_PAYMENT_FILTERS: { value: Exclude<AdminSitePaymentFilter, 'all'>; label: string }[] = [
  { value: 'arrears', label: 'En impayé' },
  { value: 'past_due', label: 'Paiement en retard' },
  { value: 'unpaid', label: 'Suspendus pour impayé' },
  { value: 'ended', label: 'Abonnements terminés' },
];
export const ADMIN_PAYMENT_FILTER_ALL = 'Tous';
