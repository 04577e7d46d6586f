/** The sandbox's state: plain JSON records (Stripe's shapes, internal fields prefixed with `_`), saved atomically. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type Stripe from 'stripe';
import type { Json } from './params.ts';
import type { Wire } from './wire.ts';

export type Metadata = Record<string, string>;

/** A postal address as Stripe holds it (a customer's `address`, an invoice's `customer_address`). */
export interface AddressRec {
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
}

export interface CustomerRec {
  id: string;
  object: 'customer';
  created: number;
  email: string | null;
  name: string | null;
  phone: string | null;
  description: string | null;
  metadata: Metadata;
  preferred_locales: string[];
  /** The billing address (absent in files written before addresses existed). */
  address?: AddressRec | null;
  deleted?: true;
  /** invoice_settings.default_payment_method (absent in files written before cards existed). */
  _default_payment_method?: string | null;
  /** The test clock it belongs to (clocks.ts; absent: none). */
  test_clock?: string | null;
}

export interface ProductRec {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  updated: number;
  name: string;
  description: string | null;
  metadata: Metadata;
}

export interface PriceRec {
  id: string;
  object: 'price';
  active: boolean;
  created: number;
  currency: string;
  unit_amount: number;
  type: 'recurring' | 'one_time';
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number } | null;
  lookup_key: string | null;
  nickname: string | null;
  product: string;
  metadata: Metadata;
  tax_behavior: 'exclusive' | 'inclusive' | 'unspecified';
}

export interface SessionLine {
  id: string;
  price: string;
  quantity: number;
}

export interface SessionRec {
  id: string;
  object: 'checkout.session';
  created: number;
  expires_at: number;
  mode: 'subscription' | 'payment' | 'setup';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  currency: string | null;
  customer: string | null;
  customer_email: string | null;
  customer_details: Wire<Stripe.Checkout.Session.CustomerDetails> | null;
  subscription: string | null;
  invoice: string | null;
  metadata: Metadata;
  client_reference_id: string | null;
  success_url: string | null;
  cancel_url: string | null;
  locale: string | null;
  amount_subtotal: number | null;
  amount_total: number | null;
  /** The payment-mode session's PaymentIntent once paid (absent in older files). */
  payment_intent?: string | null;
  /** The setup-mode session's SetupIntent once completed (absent in older files). */
  setup_intent?: string | null;
  _lines: SessionLine[];
  /** The payment method types it offers (absent: card only, as sessions before SEPA debits). */
  _payment_method_types?: ('card' | 'sepa_debit')[];
  /** Its allowed_payment_method_types, as given (null: not given). */
  _allowed_payment_method_types?: string[] | null;
  _subscription_data: { metadata: Metadata; description: string | null };
  _setup_intent_data?: { metadata: Metadata; description: string | null };
  _completed_at?: number;
  /** What the hosted page's customer typed, waiting for their 3-D Secure answer (three-d-secure.ts). */
  _authenticating?: { email: string | null; name: string | null; card: { number: string; exp_month: number; exp_year: number } } | null;
}

export interface SubItemRec {
  id: string;
  price: string;
  quantity: number;
  created: number;
  metadata: Metadata;
  current_period_start: number;
  current_period_end: number;
}

export interface PendingProration {
  description: string;
  amount: number;
  price: string;
  quantity: number;
  subscription_item: string;
  period: { start: number; end: number };
  /** Its invoice item (absent in older files: a new id when invoiced). */
  invoice_item?: string;
}

export interface SubscriptionRec {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete' | 'unpaid';
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  created: number;
  start_date: number;
  billing_cycle_anchor: number;
  currency: string;
  description: string | null;
  metadata: Metadata;
  latest_invoice: string | null;
  cancellation_reason: 'cancellation_requested' | 'payment_failed' | null;
  /** Absent in files written before these existed: read as null. */
  cancellation_comment?: string | null;
  cancellation_feedback?: Wire<Stripe.Subscription.CancellationDetails.Feedback> | null;
  default_payment_method?: string | null;
  _items: SubItemRec[];
  _cycle: number;
  _pending: PendingProration[];
  /** A change made with payment_behavior=pending_if_incomplete, applied once its invoice is paid (three-d-secure.ts). */
  _pending_update?: PendingUpdateRec | null;
}

/** Stripe's `pending_update`: the items the subscription gets once `latest_invoice` is paid, until `expires_at`. */
export interface PendingUpdateRec {
  expires_at: number;
  items: SubItemRec[];
  /** The invoice whose payment applies it. */
  invoice: string;
}

export interface InvoiceLineRec {
  id: string;
  description: string;
  amount: number;
  currency: string;
  quantity: number;
  price: string;
  product: string;
  period: { start: number; end: number };
  proration: boolean;
  subscription_item: string | null;
  invoice_item: string | null;
}

export interface InvoiceRec {
  id: string;
  object: 'invoice';
  number: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  /** The customer's address when the invoice was made (absent in files written before addresses existed). */
  customer_address?: AddressRec | null;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  created: number;
  period_start: number;
  period_end: number;
  description: string | null;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
  currency: string;
  subscription: string | null;
  metadata: Metadata;
  attempt_count: number;
  paid_at: number | null;
  /** When it was finalized (absent in older files: its creation). */
  finalized_at?: number;
  /** Stripe's next automatic retry of an open invoice, null once paid (absent in older files). */
  next_payment_attempt?: number | null;
  /** False once Stripe stops collecting it (its subscription canceled, or voided); absent: true while open. */
  auto_advance?: boolean;
  /** When it was voided (absent: never). */
  voided_at?: number | null;
  _lines: InvoiceLineRec[];
  /** The PaymentIntent of its payment attempts (created at the first, reused by the next). */
  _payment_intent?: string;
  /** The card awaiting the customer's 3-D Secure answer on the hosted invoice page (three-d-secure.ts). */
  _authenticating?: string | null;
}

/** Why a test card is refused: at entry on the hosted pages, or only when charged later (4000 0000 0000 0341). */
export type DeclineCode = 'generic_decline' | 'insufficient_funds';

export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: 'credit';
  country: 'FR';
  fingerprint: string;
}

/** A SEPA Direct Debit bank account as Stripe shows it (sepa.ts): never the whole IBAN. */
export interface SepaDetails {
  bank_code: string | null;
  branch_code: string | null;
  country: string | null;
  fingerprint: string;
  last4: string;
}

/** How the debits of a test IBAN end (sepa.ts): `now` right after the events that start them, `later` on /test/debits/settle. */
export interface DebitOutcome {
  result: 'succeeded' | 'failed';
  when: 'now' | 'later';
}

export interface PaymentMethodRec {
  id: string;
  object: 'payment_method';
  /** Absent in older files: card. */
  type: 'card' | 'sepa_debit';
  /** A card's details (absent for a SEPA debit). */
  card?: CardDetails;
  /** A SEPA debit's bank account, its mandate and how its debits end (sepa.ts). */
  sepa_debit?: SepaDetails & { mandate: string; outcome: DebitOutcome };
  customer: string | null;
  created: number;
  billing_details: { name: string | null; email: string | null };
  metadata: Metadata;
  /** Every charge of this card fails with this decline code (null: charges succeed). */
  _charge_decline: DeclineCode | null;
  /** When the card asks for 3-D Secure (three-d-secure.ts; absent: never). */
  _authentication?: AuthenticationRule | null;
  /** Authenticated once for later off-session payments (Checkout's subscription setup): 3155 then pays off-session. */
  _set_up_off_session?: boolean;
}

/** Stripe's 3-D Secure test cards: 3184 always, 3155 unless set up for off-session, 3178 always then insufficient funds. */
export type AuthenticationRule = 'always' | 'unless_set_up' | 'always_then_declined';

export interface PaymentIntentRec {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  /** processing: a SEPA debit on its way (sepa.ts); requires_action: awaiting 3-D Secure (three-d-secure.ts) */
  status: 'succeeded' | 'requires_payment_method' | 'requires_action' | 'processing';
  customer: string | null;
  payment_method: string | null;
  latest_charge: string | null;
  /** Why the last attempt failed (absent in older files). */
  last_payment_error?:
    | { charge: string; decline_code: DeclineCode; payment_method: string | null; code?: undefined; debit?: true }
    | {
        code: 'payment_intent_authentication_failure';
        payment_method: string | null;
        charge?: undefined;
        decline_code?: undefined;
        debit?: undefined;
      }
    | null;
  created: number;
  description: string | null;
  metadata: Metadata;
  client_secret: string;
  /** The invoice this PaymentIntent paid, if any. */
  _invoice: string | null;
}

export interface ChargeRec {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  customer: string | null;
  description: string | null;
  payment_intent: string;
  payment_method: string | null;
  created: number;
  metadata: Metadata;
  /** Absent in older files: succeeded. pending: a SEPA debit not settled yet. */
  status?: 'succeeded' | 'failed' | 'pending';
  /** A failed charge's decline. */
  _decline?: DeclineCode | null;
  /** The card charged, as it was then (null: no card on file, a pre-cards record). */
  _card: CardDetails | null;
  /** The bank account debited and its mandate (a SEPA debit's charge). */
  _sepa?: SepaDetails & { mandate: string };
  _billing: { name: string | null; email: string | null };
}

export interface RefundRec {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  charge: string;
  payment_intent: string;
  payment_method: string | null;
  customer: string | null;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  status: 'succeeded';
  metadata: Metadata;
  created: number;
}

export interface SetupIntentRec {
  id: string;
  object: 'setup_intent';
  status: 'requires_payment_method' | 'succeeded';
  customer: string;
  payment_method: string | null;
  usage: 'off_session';
  description: string | null;
  metadata: Metadata;
  created: number;
  client_secret: string;
}

export interface InvoicePaymentRec {
  id: string;
  object: 'invoice_payment';
  invoice: string;
  amount_paid: number;
  amount_requested: number;
  currency: string;
  /** open: its PaymentIntent awaits the customer (3-D Secure), or its payment (a SEPA debit) is on its way */
  status: 'paid' | 'open';
  payment_intent: string;
  paid_at: number | null;
  created: number;
}

/** A SEPA Direct Debit mandate, accepted on the hosted checkout (sepa.ts). */
export interface MandateRec {
  id: string;
  object: 'mandate';
  payment_method: string;
  reference: string;
  accepted_at: number;
  created: number;
}

export interface DeliveryAttempt {
  at: number;
  status_code: number | null;
  error: string | null;
}

export interface EventRec {
  event: Json & { id: string; type: string; created: number };
  delivery: {
    status: 'pending' | 'delivered' | 'failed' | 'no_endpoint';
    attempts: DeliveryAttempt[];
    delivered_at: number | null;
  };
}

export interface IdempotencyRec {
  method: string;
  path: string;
  fingerprint: string;
  status: number;
  body: string;
  created: number;
}

export interface Db {
  version: 1;
  invoiceSeq: number;
  customers: Record<string, CustomerRec>;
  products: Record<string, ProductRec>;
  prices: Record<string, PriceRec>;
  sessions: Record<string, SessionRec>;
  subscriptions: Record<string, SubscriptionRec>;
  invoices: Record<string, InvoiceRec>;
  paymentMethods: Record<string, PaymentMethodRec>;
  paymentIntents: Record<string, PaymentIntentRec>;
  charges: Record<string, ChargeRec>;
  refunds: Record<string, RefundRec>;
  setupIntents: Record<string, SetupIntentRec>;
  invoicePayments: Record<string, InvoicePaymentRec>;
  /** Absent in files written before SEPA debits existed (load fills it). */
  mandates: Record<string, MandateRec>;
  events: Record<string, EventRec>;
  idempotency: Record<string, IdempotencyRec>;
  /** Test clocks (clocks.ts; absent in older files). */
  testClocks?: Record<string, TestClockRec>;
}

/** A test clock (clocks.ts): the frozen time of its customers' objects, moved forward by `advance`. */
export interface TestClockRec {
  id: string;
  object: 'test_helpers.test_clock';
  created: number;
  deletes_after: number;
  frozen_time: number;
  name: string | null;
  status: 'ready' | 'advancing';
  /** While advancing: the frozen_time it is advancing to. */
  target_frozen_time?: number;
  deleted?: true;
}

export function emptyDb(): Db {
  return {
    version: 1,
    invoiceSeq: 0,
    customers: {},
    products: {},
    prices: {},
    sessions: {},
    subscriptions: {},
    invoices: {},
    paymentMethods: {},
    paymentIntents: {},
    charges: {},
    refunds: {},
    setupIntents: {},
    invoicePayments: {},
    mandates: {},
    events: {},
    idempotency: {},
    testClocks: {},
  };
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    if (bytes[i] < 248) out += BASE62[bytes[i] % 62]; // 248 = 4 * 62: no modulo bias
  }
  while (out.length < length) out += BASE62[randomBytes(1)[0] % 62];
  return prefix + out;
}

/** The time of the test clock whose objects are being worked on (atFrozenTime), null: the real time. */
let frozenTime: number | null = null;

/** Now, in seconds: the real time, or within `atFrozenTime` the frozen time of the test clock worked on (clocks.ts). */
export const now = (): number => frozenTime ?? Math.floor(Date.now() / 1000);

/**
 * Runs `fn` (synchronous) with `now()` answering `time`: what a clocked customer's objects are made and changed at
 * (`created`, periods, `paid_at`…). null runs it at the real time.
 */
export function atFrozenTime<T>(time: number | null, fn: () => T): T {
  const previous = frozenTime;
  frozenTime = time;
  try {
    return fn();
  } finally {
    frozenTime = previous;
  }
}

/** `anchor` plus `months` calendar months (UTC), the day clamped to the month's length, as Stripe bills monthly. */
export function addMonths(anchor: number, months: number): number {
  const d = new Date(anchor * 1000);
  const day = d.getUTCDate();
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** Period end for a price's interval from an anchor after `cycles` periods. */
export function addInterval(anchor: number, interval: string, count: number, cycles: number): number {
  const n = count * cycles;
  switch (interval) {
    case 'day':
      return anchor + n * 86400;
    case 'week':
      return anchor + n * 7 * 86400;
    case 'year':
      return addMonths(anchor, 12 * n);
    default:
      return addMonths(anchor, n);
  }
}

export class Persistence {
  private readonly file?: string;

  constructor(file?: string) {
    this.file = file;
  }

  load(): Db {
    if (!this.file || !existsSync(this.file)) return emptyDb();
    const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as Partial<Db>;
    return { ...emptyDb(), ...parsed, version: 1 };
  }

  save(db: Db): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(db));
    renameSync(tmp, this.file);
  }
}
