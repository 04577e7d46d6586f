import type { PaymentState, SiteStatus } from './site.entity';
import type { StatusCause } from './site-status-history.entity';

/**
 * A site's life, as one table: its state (status, the status a payment suspension keeps to give back, how its
 * subscription stands) × what happens → its next state, the cause recorded when its status changes, and the mails it
 * calls for. The only code that decides a site's status (SitesService.apply writes what it answers); pure, so the
 * whole table is tested as such (site-lifecycle.spec.ts).
 *
 * Payment events carry the subscription's *current* state read from Stripe, never the event's name: a replayed, late
 * or out-of-order event finds the site already in that state and changes nothing (no second mail either).
 */
export interface LifeState {
  status: SiteStatus;
  /** Set while its payments keep it suspended: what a payment, or a restart, gives back */
  statusBeforeSuspension: 'pending' | 'active' | null;
  paymentState: PaymentState;
}

export type LifeEvent =
  /** The paying subscription's state at Stripe; `byClient`: it ended by the client's own cancellation */
  | { type: 'subscription'; stripeStatus: string; byClient?: boolean }
  /** Pro → Business paid: the team updates the site (pending) */
  | { type: 'upgraded' }
  /** A new subscription now pays for the site (after the previous one ended) */
  | { type: 'restarted' }
  /** An admin sets the status by hand */
  | { type: 'admin'; status: SiteStatus };

export type LifeMail = 'payment-suspended' | 'payment-restored' | 'subscription-ended' | 'restarted' | 'upgraded';

export interface Transition {
  next: LifeState;
  /** Recorded in the history when the status changes */
  cause: StatusCause;
  /** Mails to the client and the team, in order */
  mails: LifeMail[];
}

/** The payment state a Stripe subscription status means; null: none we act on (incomplete, paused). */
export function paymentStateOf(stripeStatus: string): PaymentState | null {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
      return 'current';
    case 'past_due':
      return 'past_due';
    case 'unpaid':
      return 'unpaid';
    case 'canceled':
    case 'incomplete_expired':
      return 'ended';
    default:
      return null;
  }
}

const suspend = (s: LifeState, paymentState: PaymentState): LifeState =>
  s.status === 'suspended' ? { ...s, paymentState } : { status: 'suspended', statusBeforeSuspension: s.status, paymentState };

/** A site its payments suspended gets its earlier status back; one an admin suspended stays so. */
const giveBack = (s: LifeState): LifeState =>
  s.status === 'suspended' && s.statusBeforeSuspension
    ? { status: s.statusBeforeSuspension, statusBeforeSuspension: null, paymentState: 'current' }
    : { ...s, paymentState: 'current' };

export function transition(state: LifeState, event: LifeEvent): Transition {
  const same: Transition = { next: state, cause: 'payment', mails: [] };
  switch (event.type) {
    case 'subscription': {
      const target = paymentStateOf(event.stripeStatus);
      // Nothing new; and an ended subscription stays ended (only a restart, with a new subscription, brings it back).
      if (target === null || target === state.paymentState || state.paymentState === 'ended') return same;
      switch (target) {
        case 'past_due':
          // Dunning: the site stays online; the failure mail is the invoice's own (one per failed invoice).
          return { next: { ...state, paymentState: 'past_due' }, cause: 'payment', mails: [] };
        case 'unpaid':
          return { next: suspend(state, 'unpaid'), cause: 'payment', mails: ['payment-suspended'] };
        case 'ended':
          return { next: suspend(state, 'ended'), cause: event.byClient ? 'client' : 'payment', mails: ['subscription-ended'] };
        case 'current':
          return { next: giveBack(state), cause: 'payment', mails: ['payment-restored'] };
      }
      return same;
    }
    case 'upgraded':
      // Paid now: pending until the team has updated it, and no earlier status to give back any more.
      return {
        next: {
          status: state.status === 'suspended' ? 'suspended' : 'pending',
          statusBeforeSuspension: state.status === 'suspended' ? state.statusBeforeSuspension : null,
          paymentState: state.paymentState,
        },
        cause: 'client',
        mails: ['upgraded'],
      };
    case 'restarted': {
      const back = state.status !== 'suspended' ? state.status : (state.statusBeforeSuspension ?? 'pending');
      return { next: { status: back, statusBeforeSuspension: null, paymentState: 'current' }, cause: 'payment', mails: ['restarted'] };
    }
    case 'admin':
      // An admin's decision: no payment gives an earlier status back over it.
      return { next: { ...state, status: event.status, statusBeforeSuspension: null }, cause: 'admin', mails: [] };
  }
}
