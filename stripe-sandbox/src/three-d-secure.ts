/**
 * Strong customer authentication (3-D Secure) in the sandbox, as Stripe's test cards behave
 * (https://docs.stripe.com/testing#authentication-and-setup):
 *
 *   4000 0027 6000 3184  authentication required on every payment, on-session and off-session
 *   4000 0025 0000 3155  authentication required unless the card was set up for off-session payments: Checkout's
 *                        subscription sets it up (authenticated once on the hosted page), later renewals go through
 *   4000 0082 6000 3178  authentication required, then declined with insufficient_funds once authenticated
 *
 * On a hosted page (checkout, hosted invoice page) the customer is on-session: every one of them shows Stripe's test
 * authentication page ("Authentification 3-D Secure", *Autoriser* / *Échouer*). Off-session (a renewal, invoices.pay
 * and subscription updates through the API) a payment needing authentication leaves the invoice open with its
 * PaymentIntent `requires_action` (events payment_intent.requires_action, invoice.payment_failed,
 * invoice.payment_action_required), to be completed by the customer on the hosted invoice page. Failing the
 * authentication leaves the payment unpaid, its PaymentIntent `requires_payment_method` with the error
 * `payment_intent_authentication_failure`.
 *
 * Subscription updates: `error_if_incomplete` answers 402 `subscription_payment_intent_requires_action` and changes
 * nothing; `pending_if_incomplete` keeps the subscription as it was with a `pending_update`, applied when its invoice is
 * paid (customer.subscription.pending_update_applied) or dropped 23 hours later at most, its invoice voided
 * (customer.subscription.pending_update_expired; the test control /test/subscriptions/:id/expire-pending-update).
 */
import type Stripe from 'stripe';
import { chargeDecline, DECLINE_MESSAGES, type CardInput } from './cards.ts';
import { formatEur, type EventRequest, type SandboxCore } from './core.ts';
import { ApiError, type Json } from './params.ts';
import { checkoutPage, esc, invoicePage, messagePage, page } from './pages.ts';
import { invoiceTotals, renderPaymentMethod } from './render.ts';
import {
  now,
  randomId,
  type AuthenticationRule,
  type EventRec,
  type InvoicePaymentRec,
  type InvoiceRec,
  type PaymentIntentRec,
  type PaymentMethodRec,
  type SessionRec,
  type SubscriptionRec,
} from './store.ts';
import type { Wire } from './wire.ts';

/** The test cards that ask for 3-D Secure, and how. */
export const AUTHENTICATION_CARDS: Record<string, AuthenticationRule> = {
  '4000002760003184': 'always',
  '4000002500003155': 'unless_set_up',
  '4000008260003178': 'always_then_declined',
};

/** Stripe's test PaymentMethod tokens of those cards (POST /v1/payment_methods/:token/attach). */
export const AUTHENTICATION_TOKENS: Record<string, string> = {
  pm_card_authenticationRequired: '4000002760003184',
  pm_card_authenticationRequiredOnSetup: '4000002500003155',
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: '4000008260003178',
};

/** A pending update lasts until the period ends, 23 hours at most (Stripe's pending updates reference). */
export const PENDING_UPDATE_SECONDS = 23 * 3600;

export const AUTHENTICATION_FAILURE_MESSAGE =
  'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.';

/** The French the hosted pages show. */
export const FR = {
  title: 'Authentification 3-D Secure',
  authorize: 'Autoriser',
  fail: 'Échouer',
  failed: "L'authentification 3-D Secure a échoué : le paiement n'a pas été effectué. Réessayez ou utilisez une autre carte.",
  required: 'Authentification requise : votre banque demande de confirmer ce paiement (3-D Secure).',
  confirm: 'Confirmer le paiement',
} as const;

export function authenticationOf(card: CardInput): AuthenticationRule | null {
  return AUTHENTICATION_CARDS[card.number] ?? null;
}

/**
 * Whether a payment with `pm` must be authenticated by the customer: on-session (a hosted page) every 3-D Secure card
 * asks; off-session all but a 3155 card set up for off-session payments.
 */
export function needsAuthentication(pm: PaymentMethodRec | undefined, offSession: boolean): boolean {
  const rule = pm?._authentication;
  if (!rule) return false;
  if (!offSession) return true;
  return !(rule === 'unless_set_up' && pm._set_up_off_session);
}

/** What a PaymentIntent awaiting authentication says to do (Stripe.js' 3-D Secure flow; here the hosted page). */
export function nextActionOf(pi: PaymentIntentRec, publicUrl: string): Wire<Stripe.PaymentIntent.NextAction> | null {
  if (pi.status !== 'requires_action') return null;
  const url = pi._invoice ? `${publicUrl}/invoices/${pi._invoice}` : `${publicUrl}/`;
  return { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url, source: pi.id } };
}

/** The open InvoicePayment of an invoice's PaymentIntent awaiting the customer (made by `requireAction`). */
export function openPaymentOf(core: SandboxCore, inv: InvoiceRec): InvoicePaymentRec | undefined {
  return Object.values(core.db.invoicePayments).find(
    (ip) => ip.invoice === inv.id && ip.status === 'open' && ip.payment_intent === inv._payment_intent,
  );
}

/**
 * An off-session attempt of an open invoice whose card needs authentication: no charge, the attempt counted, the
 * invoice's PaymentIntent `requires_action` (created at the first attempt) with an open InvoicePayment; events
 * payment_intent.requires_action, invoice.payment_failed and invoice.payment_action_required, as Stripe Billing sends them.
 */
export function requireAction(
  core: SandboxCore,
  inv: InvoiceRec,
  pm: PaymentMethodRec,
  amount: number,
  request: EventRequest,
  events: EventRec[],
): void {
  const pi = paymentIntentOf(core, inv, amount, request, events);
  pi.status = 'requires_action';
  pi.payment_method = pm.id;
  pi.last_payment_error = null;
  inv._payment_intent = pi.id;
  inv.attempt_count += 1;
  inv.next_payment_attempt = now() + 3 * 86400;
  if (!openPaymentOf(core, inv)) {
    const ip: InvoicePaymentRec = {
      id: randomId('inpay_'),
      object: 'invoice_payment',
      invoice: inv.id,
      amount_paid: 0,
      amount_requested: amount,
      currency: inv.currency,
      status: 'open',
      payment_intent: pi.id,
      paid_at: null,
      created: now(),
    };
    core.db.invoicePayments[ip.id] = ip;
  }
  events.push(core.emit('payment_intent.requires_action', core.paymentIntentJson(pi), request));
  events.push(core.emit('invoice.payment_failed', core.invoiceJson(inv), request));
  events.push(core.emit('invoice.payment_action_required', core.invoiceJson(inv), request));
}

/**
 * *Échouer* on the hosted invoice page: the payment stays unpaid, its PaymentIntent back to `requires_payment_method`
 * with `payment_intent_authentication_failure` (payment_intent.payment_failed, invoice.payment_failed).
 */
export function authenticationFailed(core: SandboxCore, inv: InvoiceRec, pm: PaymentMethodRec, request: EventRequest): EventRec[] {
  const events: EventRec[] = [];
  const pi = paymentIntentOf(
    core,
    inv,
    Math.max(
      0,
      inv._lines.reduce((sum, l) => sum + l.amount, 0),
    ),
    request,
    events,
  );
  pi.status = 'requires_payment_method';
  pi.payment_method = pm.id;
  pi.last_payment_error = { code: 'payment_intent_authentication_failure', payment_method: pm.id };
  events.push(core.emit('payment_intent.payment_failed', core.paymentIntentJson(pi), request));
  events.push(core.emit('invoice.payment_failed', core.invoiceJson(inv), request));
  core.save();
  return events;
}

/** The invoice's PaymentIntent, made at its first attempt (payment_intent.created) and reused by the next ones. */
function paymentIntentOf(core: SandboxCore, inv: InvoiceRec, amount: number, request: EventRequest, events: EventRec[]): PaymentIntentRec {
  const existing = inv._payment_intent ? core.db.paymentIntents[inv._payment_intent] : undefined;
  if (existing) return existing;
  const pi: PaymentIntentRec = {
    id: randomId('pi_'),
    object: 'payment_intent',
    amount,
    amount_received: 0,
    currency: inv.currency,
    status: 'requires_payment_method',
    customer: inv.customer,
    payment_method: null,
    latest_charge: null,
    created: now(),
    description:
      inv.billing_reason === 'subscription_cycle'
        ? 'Subscription cycle'
        : inv.billing_reason === 'manual'
          ? 'Payment for Invoice'
          : 'Subscription update',
    metadata: {},
    client_secret: '',
    last_payment_error: null,
    _invoice: inv.id,
  };
  pi.client_secret = `${pi.id}_secret_${randomId('', 25)}`;
  core.db.paymentIntents[pi.id] = pi;
  inv._payment_intent = pi.id;
  events.push(core.emit('payment_intent.created', core.paymentIntentJson(pi), request));
  return pi;
}

/** POST /v1/invoices/:id/pay with a card needing authentication: Stripe's 402, carrying the attempt's events. */
export function invoiceRequiresAction(events: EventRec[], paymentIntent: Json): ApiError {
  const err = new ApiError(
    402,
    'This payment requires additional user action before it can be completed successfully. Payment can be completed using the PaymentIntent associated with the invoice. For more details see: https://stripe.com/docs/billing/subscriptions/payment#handling-action-required',
    undefined,
    'invoice_payment_intent_requires_action',
    'card_error',
    { payment_intent: paymentIntent },
  );
  err.events = events;
  return err;
}

/** A subscription update with payment_behavior=error_if_incomplete whose charge needs authentication: nothing changed. */
export function subscriptionRequiresAction(): ApiError {
  return new ApiError(
    402,
    'Payment for this subscription requires additional user action before it can be completed successfully. Payment can be completed using the PaymentIntent associated with `subscription.latest_invoice`. Additional information is available here: https://stripe.com/docs/billing/subscriptions/overview#requires-action',
    undefined,
    'subscription_payment_intent_requires_action',
    'card_error',
  );
}

/** The subscription's pending update, as Stripe renders it (null when none). */
export function renderPendingUpdate(
  sub: SubscriptionRec,
  renderItem: (item: SubscriptionRec['_items'][number]) => Wire<Stripe.SubscriptionItem>,
): Wire<Stripe.Subscription.PendingUpdate> | null {
  const u = sub._pending_update;
  if (!u) return null;
  return {
    billing_cycle_anchor: null,
    cancel_at_period_end: null,
    discount: null,
    discounts: null,
    expires_at: u.expires_at,
    metadata: null,
    subscription_items: u.items.map(renderItem),
    trial_end: null,
    trial_from_plan: null,
  };
}

/**
 * The invoice of a pending update is paid: its items become the subscription's (customer.subscription.updated, then
 * customer.subscription.pending_update_applied).
 */
export function applyPendingUpdate(
  core: SandboxCore,
  sub: SubscriptionRec | undefined,
  inv: InvoiceRec,
  request: EventRequest,
): EventRec[] {
  if (!sub?._pending_update || sub._pending_update.invoice !== inv.id) return [];
  const before = core.subscriptionJson(sub);
  sub._items = sub._pending_update.items;
  sub._pending_update = null;
  const after = core.subscriptionJson(sub);
  return [
    core.emit('customer.subscription.updated', after, request, diff(before, after)),
    core.emit('customer.subscription.pending_update_applied', after, request),
  ];
}

/** The pending update is dropped, its invoice voided (invoice.voided, customer.subscription.pending_update_expired). */
export function expirePendingUpdate(core: SandboxCore, sub: SubscriptionRec): EventRec[] {
  const u = sub._pending_update;
  if (!u) throw new ApiError(400, `The subscription ${sub.id} has no pending update.`);
  const events: EventRec[] = [];
  const inv = core.db.invoices[u.invoice];
  if (inv?.status === 'open') {
    inv.status = 'void';
    events.push(core.emit('invoice.voided', core.invoiceJson(inv)));
  }
  const before = core.subscriptionJson(sub);
  sub._pending_update = null;
  const after = core.subscriptionJson(sub);
  events.push(core.emit('customer.subscription.updated', after, undefined, diff(before, after)));
  events.push(core.emit('customer.subscription.pending_update_expired', after));
  core.save();
  return events;
}

/** A pending update past its `expires_at` is dropped when the subscription is next read or changed. */
export function expireIfDue(core: SandboxCore, sub: SubscriptionRec): EventRec[] {
  return sub._pending_update && sub._pending_update.expires_at <= now() ? expirePendingUpdate(core, sub) : [];
}

function diff(before: Json, after: Json): Json {
  const prev: Json = {};
  for (const key of Object.keys(after)) if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) prev[key] = before[key];
  return prev;
}

// ---- the hosted pages' authentication step --------------------------------------------------------------------------

/**
 * Stripe's test authentication page: what is paid, and the two answers (*Autoriser*, *Échouer*) posted to `action`
 * with `result=authorize|fail`.
 */
export function authenticationPage(o: { action: string; amount: string; merchant: string; last4: string }): string {
  return page(
    FR.title,
    `<main class="single"><div class="card" role="dialog" aria-labelledby="auth-title">
<div class="muted">Page de test de votre banque</div>
<h1 id="auth-title">${esc(FR.title)}</h1>
<p>Confirmez le paiement de <strong>${esc(o.amount)}</strong> à ${esc(o.merchant)} avec la carte se terminant par ${esc(o.last4)}.</p>
<p class="muted">Mode test : choisissez la réponse de la banque.</p>
<form method="post" action="${esc(o.action)}">
<button class="btn" type="submit" name="result" value="authorize">${esc(FR.authorize)}</button>
<button class="btn secondary" type="submit" name="result" value="fail">${esc(FR.fail)}</button>
</form>
</div></main>`,
  );
}

/** What a hosted page answers: a page (status, HTML) or a redirect, after delivering the events. */
export type PageOutcome = { events: EventRec[] } & ({ status: number; html: string } | { redirect: string });

const merchant = 'Stripe sandbox';

/**
 * *Payer* on the checkout page with a 3-D Secure card (every one asks on-session): what was typed waits on the session
 * and the authentication page is shown; null for any other card (the page goes on as before).
 */
export function startCheckoutAuthentication(
  core: SandboxCore,
  session: SessionRec,
  typed: { email?: string; name?: string; card: CardInput },
): PageOutcome | null {
  if (!authenticationOf(typed.card) || session.mode === 'setup') return null;
  session._authenticating = { email: typed.email ?? null, name: typed.name ?? null, card: typed.card };
  core.save();
  return {
    events: [],
    status: 200,
    html: authenticationPage({
      action: `/checkout/${session.id}/authenticate`,
      amount: formatEur(session.amount_total ?? 0, session.currency ?? 'eur'),
      merchant,
      last4: typed.card.number.slice(-4),
    }),
  };
}

/**
 * The customer's answer on the checkout's authentication page: *Autoriser* completes the checkout (3178: declined for
 * insufficient funds, nothing made), *Échouer* leaves it unpaid and says so on the checkout page.
 */
export function answerCheckoutAuthentication(core: SandboxCore, session: SessionRec, result: string | undefined): PageOutcome {
  const typed = session._authenticating;
  session._authenticating = null;
  core.save();
  if (!typed || session.status !== 'open') return { events: [], status: 409, html: checkoutPage(core, session) };
  const form = { email: typed.email ?? undefined, name: typed.name ?? undefined, card: typed.card.number };
  if (result !== 'authorize') return { events: [], status: 402, html: checkoutPage(core, session, FR.failed, form) };
  const decline = chargeDecline(typed.card);
  if (decline) return { events: [], status: 402, html: checkoutPage(core, session, DECLINE_MESSAGES[decline].fr, form) };
  const events = core.completeCheckout(session, { email: form.email, name: form.name, card: typed.card });
  const url = session.success_url?.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id);
  return url
    ? { events, redirect: url }
    : { events, status: 200, html: messagePage('Paiement réussi', 'Merci ! Votre paiement a bien été effectué.') };
}

/**
 * The hosted invoice page's payment with `pm` needing authentication (a 3-D Secure card typed on the page, or
 * *Confirmer le paiement* of the card the PaymentIntent awaits authentication for): the authentication page.
 */
export function startInvoiceAuthentication(core: SandboxCore, inv: InvoiceRec, pm: PaymentMethodRec): PageOutcome {
  inv._authenticating = pm.id;
  core.save();
  return {
    events: [],
    status: 200,
    html: authenticationPage({
      action: `/invoices/${inv.id}/authenticate`,
      amount: formatEur(invoiceTotals(inv).remaining, inv.currency),
      merchant,
      last4: pm.card.last4,
    }),
  };
}

/**
 * The answer on the invoice's authentication page: *Autoriser* pays the invoice with the card (its events as for any
 * paid invoice; the card attached to the customer), 3178 then declined for insufficient funds; *Échouer* leaves it
 * unpaid (authenticationFailed).
 */
export function answerInvoiceAuthentication(core: SandboxCore, inv: InvoiceRec, result: string | undefined): PageOutcome {
  const pm = inv._authenticating ? core.db.paymentMethods[inv._authenticating] : undefined;
  inv._authenticating = null;
  core.save();
  if (!pm || inv.status !== 'open') return { events: [], status: 409, html: invoicePage(core, inv) };
  const request = { id: null, idempotency_key: null };
  if (result !== 'authorize') {
    const events = authenticationFailed(core, inv, pm, request);
    return { events, status: 402, html: invoicePage(core, inv, FR.failed) };
  }
  if (pm._charge_decline) {
    const events = core.failInvoiceAttempt(inv, pm, pm._charge_decline);
    return { events, status: 402, html: invoicePage(core, inv, DECLINE_MESSAGES[pm._charge_decline].fr) };
  }
  const events: EventRec[] = [];
  if (pm.customer !== inv.customer) {
    pm.customer = inv.customer;
    events.push(core.emit('payment_method.attached', renderPaymentMethod(pm)));
  }
  events.push(...core.payInvoice(inv, request, pm, { authenticated: true }));
  return { events, redirect: `/invoices/${inv.id}` };
}

/** On an open invoice whose payment awaits authentication: Stripe's notice and its *Confirmer le paiement* button. */
export function invoiceActionNotice(core: SandboxCore, inv: InvoiceRec): string {
  const pi = inv._payment_intent ? core.db.paymentIntents[inv._payment_intent] : undefined;
  if (inv.status !== 'open' || pi?.status !== 'requires_action') return '';
  return `<div class="pay"><p class="error" role="status">${esc(FR.required)}</p>
<form method="post" action="/invoices/${esc(inv.id)}/confirm"><button class="btn" type="submit">${esc(FR.confirm)}</button></form></div>`;
}

/** The card *Confirmer le paiement* authenticates: the one the PaymentIntent waits for. */
export function awaitedCard(core: SandboxCore, inv: InvoiceRec): PaymentMethodRec | undefined {
  const pi = inv._payment_intent ? core.db.paymentIntents[inv._payment_intent] : undefined;
  return pi?.status === 'requires_action' && pi.payment_method ? core.db.paymentMethods[pi.payment_method] : undefined;
}
