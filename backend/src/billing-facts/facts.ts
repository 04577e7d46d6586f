/**
 * What a payment does, as facts. Billing reads Stripe, records its own copy (subscriptions, invoices, refunds,
 * events), then publishes these facts in the same transaction; the module that owns each reaction subscribes to it
 * (`BillingFacts.on`). `HANDLERS` below is the readable index: for each fact, who reacts, in order.
 *
 * The payload types are billing's copy of Stripe in our words (cents, Unix seconds). This folder imports no feature
 * module, so that billing and every subscriber can import it.
 */

import type { PaidPlanId } from '@vitrine/domain';

/** A plan a customer pays for. */
export type PaidPlanType = PaidPlanId;

/** A line of a Stripe invoice, as the legal invoice needs it (amounts including tax, in cents). */
export interface StripeLineFacts {
  priceId: string | null;
  /** The catalogue's name of its price, filled by StripeReader.label before any transaction */
  label?: string | null;
  description: string | null;
  amountCents: number;
  quantity: number;
  periodStart: number | null;
  periodEnd: number | null;
  proration: boolean;
}

/** A postal address as Stripe gives it (a customer's, an invoice's `customer_address`). */
export interface StripeAddressFacts {
  line1: string | null;
  line2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
}

/**
 * What a paid Stripe invoice says that a legal invoice needs: when it was paid, and its lines; who Stripe says the
 * customer is (name, e-mail, the billing address it had when the invoice was finalized), for an account without a
 * billing identity.
 */
export interface StripeInvoiceFacts {
  number: string | null;
  /** subscription_create (a checkout's first invoice), subscription_cycle, subscription_update… */
  billingReason: string | null;
  paidAt: number | null;
  lines: StripeLineFacts[];
  customerName: string | null;
  customerEmail: string | null;
  customerAddress: StripeAddressFacts | null;
}

export interface SubscriptionRow {
  id: string;
  customerId: string;
  userId: string | null;
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number | null;
  priceId: string | null;
  plan: string | null;
  metadata: Record<string, string>;
  /** Stripe's `created` */
  startedAt: number | null;
  /** Stripe's `ended_at`, once canceled */
  endedAt: number | null;
  syncedAt: Date;
}

export type SubscriptionFromStripe = SubscriptionRow & { cancellationReason: string | null };

export interface InvoiceRow {
  id: string;
  customerId: string;
  userId: string | null;
  subscriptionId: string | null;
  number: string | null;
  created: number;
  amountCents: number;
  currency: string;
  status: string | null;
  description: string | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
  /** Its payment is failing now (open, at least one attempt): the first time is kept for the reminders */
  paymentFailed: boolean;
  /** Its payment waits for the client to authenticate it (3-D Secure: its PaymentIntent `requires_action`) */
  actionRequired?: boolean;
  syncedAt: Date;
}

/** An invoice as read from Stripe: our row, what is still due, and (read from Stripe) what a legal invoice needs. */
export type InvoiceFromStripe = InvoiceRow & { amountDue: number; facts?: StripeInvoiceFacts };

/** A Stripe refund as read from Stripe, in our columns. Times in Unix seconds, as Stripe gives them. */
export interface RefundRow {
  id: string;
  /** The Stripe invoice the refunded payment paid (null: a payment of no invoice) */
  invoiceId: string | null;
  chargeId: string | null;
  paymentIntentId: string | null;
  customerId: string | null;
  amountCents: number;
  currency: string;
  /** pending | requires_action | succeeded | failed | canceled */
  status: string;
  reason: string | null;
  /** Stripe's `created` */
  created: number;
  syncedAt: Date;
}

/** A completed checkout of an order, as read from Stripe before the transaction (its metadata: what was paid). */
export interface PaidCheckout {
  sessionId: string;
  draftId: string;
  planType: PaidPlanType;
  addOns: { logo: boolean; googleBusiness: boolean; trustpilot: boolean; extraEmailCount: number };
  subscriptionId: string | null;
  /** The e-mail and name the buyer paid with */
  email: string | null;
  name: string | null;
}

/** A paid restart of an ended subscription's site (a session opened by SubscriptionsService.restart). */
export interface PaidRestart {
  sessionId: string;
  siteId: string;
  planType: PaidPlanType;
  subscriptionId: string;
  /** The account that opened it */
  userId: string;
}

/** The invoice at stake in a payment (its first invoice), to record a duplicate or say what was paid. */
export interface PaymentRef {
  id: string;
  amountCents: number;
  hostedUrl: string | null;
}

// ---- Facts billing publishes -------------------------------------------------------------------------------------

/** A checkout opened for an order was paid (checkout.session.completed, paid). */
export interface OrderPaid {
  customerId: string;
  checkout: PaidCheckout;
  /** The e-mail Stripe has for the customer (the buyer is found by the order's own e-mail first) */
  email: string | null;
  /** The checkout's first invoice */
  invoice: PaymentRef | null;
}

/**
 * A checkout opened for an order completed by a delayed payment method (SEPA Direct Debit) whose debit is processing
 * (the order received, not provisioned: OrderPaid follows once the bank confirms it) or failed (the buyer told, the
 * order payable again). Stripe's current state, whichever of its events brought it.
 */
export interface OrderDebit {
  customerId: string;
  checkout: PaidCheckout;
  state: 'processing' | 'failed';
  /** The checkout's first invoice (still open) */
  invoice: PaymentRef | null;
}

/** A Stripe customer was seen in an event that is not an order's payment: its account, if any, is found by e-mail. */
export interface CustomerSeen {
  customerId: string;
  email: string | null;
}

/** A restart of an ended site was paid (a new subscription for the same site). */
export interface RestartPaid {
  restart: PaidRestart;
  customerId: string;
  /** The account the customer belongs to, as billing's rows know it after linking */
  userId: string | null;
  invoice: PaymentRef | null;
}

/**
 * Our copy of a subscription changed (any event about it, or the client's own action through the API). What the
 * site's lifecycle needs is read by billing: the paid invoice of this change, the open invoice whose payment fails.
 */
export interface SubscriptionChanged {
  subscription: SubscriptionFromStripe;
  /** The client asked for it (cancel, reactivate, upgrade) */
  byClient: boolean;
  /** A paid invoice of this subscription among the change's */
  paidInvoice: { id: string; amountCents: number; hostedUrl: string | null } | null;
  /** The open invoice of this subscription whose payment failed, if any */
  openFailedInvoice: { id: string; amountCents: number; paymentFailedAt: Date | null; hostedUrl: string | null } | null;
}

/** An invoice is paid (each time billing records it so; the reactions are once per invoice). */
export interface InvoicePaid {
  invoice: InvoiceRow;
  userId: string | null;
}

/** The payment of an invoice is failing now (open, attempted, its subscription past due or unpaid). */
export interface PaymentFailed {
  invoice: InvoiceFromStripe;
  customerId: string;
  /** The e-mail Stripe has for the customer, for a customer with no account */
  email: string | null;
  userId: string | null;
}

/**
 * The payment of an invoice waits for the client to authenticate it (3-D Secure, off-session: Stripe's
 * `invoice.payment_action_required`): the client is sent to the hosted invoice page, where the bank asks.
 */
export interface PaymentActionRequired {
  invoice: InvoiceFromStripe;
  customerId: string;
  /** The e-mail Stripe has for the customer, for a customer with no account */
  email: string | null;
  userId: string | null;
}

/** A subscription is over (canceled at Stripe). */
export interface SubscriptionEnded {
  subscription: SubscriptionFromStripe;
  userId: string | null;
  siteId: string | null;
}

/** A new card was saved for a site's subscription (a setup-mode checkout), already its default at Stripe. */
export interface PaymentMethodChanged {
  sessionId: string;
  siteId: string;
  subscriptionId: string;
  last4: string | null;
}

/**
 * Stripe collected an amount (a paid invoice of more than zero), published once every account, site and subscription
 * of the batch is in place: the legal invoice is due. `owner` is the account and site billing's rows give it.
 */
export interface PaymentCollected {
  invoice: InvoiceFromStripe & { facts: StripeInvoiceFacts };
  owner: { userId: string | null; siteId: string | null } | null;
  /**
   * Told by the event of the Checkout session that opened this payment: an order's (its first invoice is made out to
   * the order's frozen billing identity, handed over by the order's provisioning in this transaction) or a restart's
   */
  checkout: 'order' | 'restart' | null;
  /** The e-mail Stripe has for the customer */
  email: string | null;
}

/** The refunds of a Stripe invoice as billing has recorded them, to credit (a credit note per succeeded one, once). */
export interface RefundRecorded {
  stripeInvoiceId: string;
  refunds: Array<{ id: string; status: string; amountCents: number; refundedAt: Date }>;
}

/**
 * Why a payment is given back: a second payment of something already paid, one that completed for an account already
 * closed, for an order that no longer exists (erased with its account), or of an invoice of a subscription Stripe had
 * already ended for failed payments (its site ended; the client restarts it with a new subscription), or a consumer's
 * order withdrawn within 14 days (L221-18: the subscription ended, the payment refunded less what is due, if anything).
 */
export type GivenBackCause = 'duplicate' | 'account-closed' | 'unknown-order' | 'subscription-ended' | 'withdrawal';

/** What the payment given back paid: an order's checkout, a restart's checkout, or an invoice (no checkout). */
export type GivenBackKind = 'order' | 'restart' | 'invoice';

/**
 * A payment to give back, never provisioned (see GivenBackCause). Billing records it, then cancels and refunds it.
 */
export interface DuplicatePaymentFound {
  kind: GivenBackKind;
  /** Absent: 'duplicate' */
  cause?: GivenBackCause;
  /** The order draft, the restarted site, or (an invoice's payment) the site its subscription paid for */
  referenceId: string;
  /** The site it was for, if there is one */
  siteId: string | null;
  /** The paid Checkout session (null: the payment of an invoice, kind 'invoice') */
  checkoutSessionId: string | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  customerId: string | null;
  userId: string | null;
  amountCents: number;
  /** What to give back when it is not the whole payment (a withdrawal: the paid amount less what is due); absent: all */
  refundCents?: number;
  reason: string;
}

/** A duplicate payment was cancelled and refunded (its subscription canceled, its payment refunded at Stripe). */
export interface DuplicatePaymentRefunded {
  duplicateId: string;
  /** Why it was given back (the client's mail says it) */
  cause: GivenBackCause;
  siteId: string | null;
  refundedCents: number;
  /** When the duplicate was paid (recorded) */
  paidAt: Date;
}

/** An invoice's payment keeps failing: the reminder of this step (days after the first failure) is due, once. */
export interface PaymentReminderDue {
  invoiceId: string;
  userId: string;
  amountCents: number;
  failedAt: Date;
  days: number;
  hostedUrl: string | null;
}

// ---- Facts billing hears back (its own rows follow) ---------------------------------------------------------------

/** A Stripe customer belongs to this account: billing's rows of the customer get their owner. */
export interface CustomerLinked {
  customerId: string;
  userId: string;
}

/** A site is paid for by this subscription (a new order's site, a restarted one). */
export interface SitePaidFor {
  subscriptionId: string;
  siteId: string;
}

/** The legal invoice of a Stripe invoice was issued: its refunds already recorded are credited now. */
export interface LegalInvoiceIssued {
  stripeInvoiceId: string;
}

export interface BillingFactMap {
  'order.paid': OrderPaid;
  'order.debit': OrderDebit;
  'customer.seen': CustomerSeen;
  'customer.linked': CustomerLinked;
  'site.paid-for': SitePaidFor;
  'duplicate-payment.found': DuplicatePaymentFound;
  'restart.paid': RestartPaid;
  'subscription.changed': SubscriptionChanged;
  'invoice.paid': InvoicePaid;
  'payment.failed': PaymentFailed;
  'payment.action-required': PaymentActionRequired;
  'subscription.ended': SubscriptionEnded;
  'payment-method.changed': PaymentMethodChanged;
  'payment.collected': PaymentCollected;
  'legal-invoice.issued': LegalInvoiceIssued;
  'refund.recorded': RefundRecorded;
  'duplicate-payment.refunded': DuplicatePaymentRefunded;
  'payment.reminder-due': PaymentReminderDue;
}

/**
 * Who reacts to each fact, in order: the index of what a payment does. For one Stripe event, billing publishes (after
 * recording its rows) in this order: order.paid or customer.seen (then order.debit), restart.paid, subscription.changed,
 * invoice.paid, payment.failed or payment.action-required, subscription.ended, payment-method.changed; then, once every
 * event of the batch is applied,
 * payment.collected; then refund.recorded. The other facts are the owners' answers to billing.
 */
export const HANDLERS = {
  /**
   * The order as its paid session froze it; the buyer's account (the order's, or the address's if it existed when the
   * payment opened, else a new one), the customer linked to it, the first invoice's buyer frozen, the site, the order
   * marked paid, the billing identity, the invitation, the receipt and the team's copy, integrators told. A payment for
   * a closed account or an erased order: refused (duplicate-payment.found, refunded)
   */
  'order.paid': ['orders.provision'],
  /** The order's payment pending (a SEPA debit processing: recorded, nothing provisioned) or failed (the buyer mailed once, the order payable again) */
  'order.debit': ['orders.debit'],
  /** The customer linked to the account of its e-mail, if any */
  'customer.seen': ['auth.link-customer'],
  'customer.linked': ['billing.attach-customer'],
  'site.paid-for': ['billing.link-site'],
  /**
   * A payment to give back (a duplicate, paid for a closed account, or an ended subscription's invoice paid after its
   * end): recorded once per session or invoice, the team told; refunded by DuplicatePayments' job
   */
  'duplicate-payment.found': ['billing.record-duplicate', 'mail.duplicate-found-team-notice'],
  /** The client (and the team) told, when something was refunded */
  'duplicate-payment.refunded': ['sites.duplicate-refunded-mail'],
  /** The account holder reminded (PaymentReminders' job, once per step) */
  'payment.reminder-due': ['auth.payment-reminder-mail'],
  /** The site gets its status back, paid by the new subscription (or the payment is a duplicate, or the account closed: refunded) */
  'restart.paid': ['sites.restart'],
  /** The site follows its subscription: dunning, suspended, ended, restored (site lifecycle, its mails) */
  'subscription.changed': ['sites.lifecycle'],
  /** Integrators told (invoice.paid) */
  'invoice.paid': ['outbound-webhooks.invoice-paid'],
  /** Integrators told (invoice.payment_failed), then the client mailed */
  'payment.failed': ['outbound-webhooks.payment-failed', 'auth.payment-failed-mail'],
  /** The client mailed the link to authenticate the payment (the hosted invoice page), once per invoice */
  'payment.action-required': ['auth.payment-action-required-mail'],
  /** Integrators told (subscription.canceled); a closed account whose last subscription ended is erased now */
  'subscription.ended': ['outbound-webhooks.subscription-canceled', 'privacy.erase-when-ended'],
  /** The client mailed that their site's card changed */
  'payment-method.changed': ['sites.card-updated-mail'],
  /** The legal invoice issued (numbered in this transaction); an order's first one to the order's frozen buyer only */
  'payment.collected': ['invoicing.issue-invoice'],
  'legal-invoice.issued': ['billing.credit-refunds'],
  /** A credit note per succeeded refund not yet credited */
  'refund.recorded': ['invoicing.credit-notes'],
} as const satisfies { [K in keyof BillingFactMap]: readonly string[] };
