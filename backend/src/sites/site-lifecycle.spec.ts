import type { PaymentState, SiteStatus } from './site.entity';
import { type LifeEvent, type LifeState, paymentStateOf, transition } from './site-lifecycle';

const S = (status: SiteStatus, paymentState: PaymentState = 'current', before: 'pending' | 'active' | null = null): LifeState => ({
  status,
  statusBeforeSuspension: before,
  paymentState,
});
const sub = (stripeStatus: string, byClient = false): LifeEvent => ({ type: 'subscription', stripeStatus, byClient });

/** state × event → next state, cause, mails: the whole table of a site's life. */
const TABLE: Array<[string, LifeState, LifeEvent, LifeState, string, string[]]> = [
  // A renewal fails: the site stays online, its payment state says so; the failure mail is the invoice's.
  ['active, payment fails', S('active'), sub('past_due'), S('active', 'past_due'), 'payment', []],
  ['pending, payment fails', S('pending'), sub('past_due'), S('pending', 'past_due'), 'payment', []],
  ['past due, fails again (same state)', S('active', 'past_due'), sub('past_due'), S('active', 'past_due'), 'payment', []],
  // Stripe gives up: suspended, its status kept to give back.
  [
    'past due, Stripe gives up',
    S('active', 'past_due'),
    sub('unpaid'),
    S('suspended', 'unpaid', 'active'),
    'payment',
    ['payment-suspended'],
  ],
  [
    'pending past due, Stripe gives up',
    S('pending', 'past_due'),
    sub('unpaid'),
    S('suspended', 'unpaid', 'pending'),
    'payment',
    ['payment-suspended'],
  ],
  [
    'admin-suspended, Stripe gives up',
    S('suspended', 'past_due'),
    sub('unpaid'),
    S('suspended', 'unpaid'),
    'payment',
    ['payment-suspended'],
  ],
  ['unpaid, replayed', S('suspended', 'unpaid', 'active'), sub('unpaid'), S('suspended', 'unpaid', 'active'), 'payment', []],
  // Paid again.
  ['past due, paid', S('active', 'past_due'), sub('active'), S('active'), 'payment', ['payment-restored']],
  ['unpaid, paid: status given back', S('suspended', 'unpaid', 'active'), sub('active'), S('active'), 'payment', ['payment-restored']],
  ['unpaid pending, paid', S('suspended', 'unpaid', 'pending'), sub('active'), S('pending'), 'payment', ['payment-restored']],
  [
    'admin-suspended then unpaid, paid: stays suspended',
    S('suspended', 'unpaid'),
    sub('active'),
    S('suspended'),
    'payment',
    ['payment-restored'],
  ],
  ['current, paid again (renewal, replay)', S('active'), sub('active'), S('active'), 'payment', []],
  ['current, trialing', S('active'), sub('trialing'), S('active'), 'payment', []],
  // The end.
  [
    'cancellation ends by the client',
    S('active'),
    sub('canceled', true),
    S('suspended', 'ended', 'active'),
    'client',
    ['subscription-ended'],
  ],
  [
    'unpaid ends',
    S('suspended', 'unpaid', 'active'),
    sub('canceled'),
    S('suspended', 'ended', 'active'),
    'payment',
    ['subscription-ended'],
  ],
  [
    'first payment never completed',
    S('pending'),
    sub('incomplete_expired'),
    S('suspended', 'ended', 'pending'),
    'payment',
    ['subscription-ended'],
  ],
  ['ended, replayed', S('suspended', 'ended', 'active'), sub('canceled', true), S('suspended', 'ended', 'active'), 'payment', []],
  // Late events about an ended subscription never bring it back.
  ['ended, late active', S('suspended', 'ended', 'active'), sub('active'), S('suspended', 'ended', 'active'), 'payment', []],
  ['ended, late past_due', S('suspended', 'ended', 'active'), sub('past_due'), S('suspended', 'ended', 'active'), 'payment', []],
  ['ended, late unpaid', S('suspended', 'ended', 'active'), sub('unpaid'), S('suspended', 'ended', 'active'), 'payment', []],
  // Statuses Stripe has that change nothing here.
  ['incomplete', S('pending'), sub('incomplete'), S('pending'), 'payment', []],
  ['paused', S('active'), sub('paused'), S('active'), 'payment', []],
  // Out of order: unpaid read before past_due was ever seen.
  ['current, straight to unpaid', S('active'), sub('unpaid'), S('suspended', 'unpaid', 'active'), 'payment', ['payment-suspended']],
  ['current, straight to ended', S('pending'), sub('canceled'), S('suspended', 'ended', 'pending'), 'payment', ['subscription-ended']],
  // A restart: a new subscription pays for the site.
  ['ended, restarted', S('suspended', 'ended', 'active'), { type: 'restarted' }, S('active'), 'payment', ['restarted']],
  ['ended pending, restarted', S('suspended', 'ended', 'pending'), { type: 'restarted' }, S('pending'), 'payment', ['restarted']],
  ['ended, admin-suspended, restarted', S('suspended', 'ended'), { type: 'restarted' }, S('pending'), 'payment', ['restarted']],
  ['ended, admin set active, restarted', S('active', 'ended'), { type: 'restarted' }, S('active'), 'payment', ['restarted']],
  // Upgrade.
  ['active, upgraded', S('active'), { type: 'upgraded' }, S('pending'), 'client', ['upgraded']],
  ['pending, upgraded', S('pending'), { type: 'upgraded' }, S('pending'), 'client', ['upgraded']],
  // Admin.
  ['admin suspends', S('active'), { type: 'admin', status: 'suspended' }, S('suspended'), 'admin', []],
  [
    'admin activates an unpaid site: nothing to give back later',
    S('suspended', 'unpaid', 'active'),
    { type: 'admin', status: 'active' },
    S('active', 'unpaid'),
    'admin',
    [],
  ],
  ['admin sets pending', S('active', 'past_due'), { type: 'admin', status: 'pending' }, S('pending', 'past_due'), 'admin', []],
];

describe('site lifecycle', () => {
  it.each(TABLE)('%s', (_name, state, event, next, cause, mails) => {
    const t = transition(state, event);
    expect(t.next).toEqual(next);
    if (t.next.status !== state.status) expect(t.cause).toBe(cause);
    expect(t.mails).toEqual(mails);
  });

  it('is idempotent: applying the same payment event twice mails once', () => {
    for (const [, state, event] of TABLE) {
      if (event.type !== 'subscription') continue;
      const once = transition(state, event);
      const twice = transition(once.next, event);
      expect(twice.next).toEqual(once.next);
      expect(twice.mails).toEqual([]);
    }
  });

  it('reads every Stripe status', () => {
    expect(
      ['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete_expired', 'incomplete', 'paused'].map(paymentStateOf),
    ).toEqual(['current', 'current', 'past_due', 'unpaid', 'ended', 'ended', null, null]);
  });
});
