import type Stripe from 'stripe';
import type { SubscriptionFromStripe } from '../billing-facts/facts';
import { awaitsAuthentication, mailFor, toInvoiceRow } from './stripe-reader';

/** An open invoice attempted once, whose payment (its PaymentIntent) is in `status`. */
const openInvoice = (status: string, paymentStatus = 'open'): Stripe.Invoice =>
  ({
    id: 'in_1',
    customer: 'cus_1',
    parent: { subscription_details: { subscription: 'sub_1' } },
    number: 'F-1',
    created: 1_800_000_000,
    total: 2900,
    amount_due: 2900,
    currency: 'eur',
    status: 'open',
    attempt_count: 1,
    billing_reason: 'subscription_cycle',
    hosted_invoice_url: 'https://stripe.example/in_1',
    invoice_pdf: null,
    lines: { data: [] },
    status_transitions: { paid_at: null },
    payments: { data: [{ status: paymentStatus, payment: { type: 'payment_intent', payment_intent: { id: 'pi_1', status } } }] },
  }) as unknown as Stripe.Invoice;

const pastDue = { status: 'past_due' } as SubscriptionFromStripe;

describe('StripeReader: a payment waiting for the client’s authentication', () => {
  it('reads it from the invoice’s open payment whose PaymentIntent requires action', () => {
    expect(awaitsAuthentication(openInvoice('requires_action'))).toBe(true);
    expect(awaitsAuthentication(openInvoice('requires_payment_method'))).toBe(false);
    expect(awaitsAuthentication(openInvoice('requires_action', 'paid'))).toBe(false);
    expect(awaitsAuthentication({ ...openInvoice('requires_action'), payments: undefined } as unknown as Stripe.Invoice)).toBe(false);
  });

  it('calls for the authentication mail instead of the failure’s, only while the subscription is in arrears', () => {
    const waiting = toInvoiceRow(openInvoice('requires_action'), new Date());
    expect(waiting.actionRequired).toBe(true);
    expect(mailFor(pastDue, waiting)).toBe('payment-action-required');
    expect(mailFor(pastDue, toInvoiceRow(openInvoice('requires_payment_method'), new Date()))).toBe('payment-failed');
    // An upgrade's pending update waits with the subscription still active: the client is in the dialog, not mailed.
    expect(mailFor({ status: 'active' } as SubscriptionFromStripe, waiting)).toBeUndefined();
  });
});
