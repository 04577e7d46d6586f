/** Turns stored records into the JSON Stripe returns for API version 2026-10-28.endive, and resolves `expand[]`. */
import type Stripe from 'stripe';
import { DECLINE_MESSAGES } from './cards.ts';
import { ApiError, type Json } from './params.ts';
import { renderMandate, renderSepaPaymentMethod, sepaChargeDetails, sessionMethods } from './sepa.ts';
import type {
  CardDetails,
  ChargeRec,
  CustomerRec,
  Db,
  InvoiceLineRec,
  InvoicePaymentRec,
  InvoiceRec,
  PaymentIntentRec,
  PaymentMethodRec,
  PriceRec,
  ProductRec,
  RefundRec,
  SessionRec,
  SetupIntentRec,
  SubscriptionRec,
} from './store.ts';
import { AUTHENTICATION_FAILURE_MESSAGE, nextActionOf, renderPendingUpdate } from './three-d-secure.ts';
import type { Wire } from './wire.ts';

export interface RenderContext {
  db: Db;
  publicUrl: () => string;
}

export function renderCustomer(c: CustomerRec): Wire<Stripe.Customer> | Wire<Stripe.DeletedCustomer> {
  if (c.deleted) return { id: c.id, object: 'customer', deleted: true };
  return renderLiveCustomer(c);
}

/** A customer not deleted (a deleted one answers only its id and `deleted: true`). */
export function renderLiveCustomer(c: CustomerRec): Wire<Stripe.Customer> {
  return {
    id: c.id,
    object: 'customer',
    address: c.address ?? null,
    balance: 0,
    created: c.created,
    currency: null,
    default_source: null,
    delinquent: false,
    description: c.description,
    discount: null,
    email: c.email,
    invoice_prefix: 'SBX',
    invoice_settings: {
      custom_fields: null,
      default_payment_method: c._default_payment_method ?? null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: c.metadata,
    name: c.name,
    next_invoice_sequence: 1,
    phone: c.phone,
    preferred_locales: c.preferred_locales,
    shipping: null,
    tax_exempt: 'none',
    test_clock: c.test_clock ?? null,
  };
}

export function renderProduct(p: ProductRec): Wire<Stripe.Product> {
  return {
    id: p.id,
    object: 'product',
    active: p.active,
    created: p.created,
    default_price: null,
    description: p.description,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: p.metadata,
    name: p.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: p.updated,
    url: null,
  };
}

export function renderPrice(p: PriceRec): Wire<Stripe.Price> {
  return {
    id: p.id,
    object: 'price',
    active: p.active,
    billing_scheme: 'per_unit',
    created: p.created,
    currency: p.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: p.lookup_key,
    metadata: p.metadata,
    nickname: p.nickname,
    product: p.product,
    recurring: p.recurring
      ? {
          interval: p.recurring.interval,
          interval_count: p.recurring.interval_count,
          meter: null,
          trial_period_days: null,
          usage_type: 'licensed',
        }
      : null,
    tax_behavior: p.tax_behavior,
    tiers_mode: null,
    transform_quantity: null,
    type: p.type,
    unit_amount: p.unit_amount,
    unit_amount_decimal: String(p.unit_amount),
  };
}

function renderPlan(p: PriceRec): Wire<Stripe.Plan> {
  return {
    id: p.id,
    object: 'plan',
    active: p.active,
    amount: p.unit_amount,
    amount_decimal: String(p.unit_amount),
    billing_scheme: 'per_unit',
    created: p.created,
    currency: p.currency,
    interval: p.recurring?.interval ?? 'month',
    interval_count: p.recurring?.interval_count ?? 1,
    livemode: false,
    metadata: p.metadata,
    meter: null,
    nickname: p.nickname,
    product: p.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function renderSession(s: SessionRec, publicUrl: string): Wire<Stripe.Checkout.Session> {
  return {
    id: s.id,
    object: 'checkout.session',
    adaptive_pricing: { enabled: false },
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: s._allowed_payment_method_types ?? null,
    amount_subtotal: s.amount_subtotal,
    amount_total: s.amount_total,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: s.cancel_url,
    client_reference_id: s.client_reference_id,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: s.created,
    currency: s.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: s.customer,
    customer_account: null,
    customer_creation: s.mode === 'payment' ? 'if_required' : null,
    customer_details: s.customer_details,
    customer_email: s.customer_email,
    discounts: [],
    expires_at: s.expires_at,
    integration_identifier: null,
    invoice: s.invoice,
    invoice_creation: null,
    livemode: false,
    locale: s.locale as Wire<Stripe.Checkout.Session.Locale> | null,
    managed_payments: null,
    metadata: s.metadata,
    mode: s.mode,
    origin_context: null,
    payment_intent: s.payment_intent ?? null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_configuration_details: null,
    payment_method_options:
      s.mode === 'setup'
        ? null
        : { card: { request_three_d_secure: 'automatic' }, ...(sessionMethods(s).includes('sepa_debit') ? { sepa_debit: {} } : {}) },
    payment_method_types: sessionMethods(s),
    payment_status: s.payment_status,
    permissions: null,
    phone_number_collection: { enabled: false },
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: s.setup_intent ?? null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: s.status,
    submit_type: null,
    subscription: s.subscription,
    success_url: s.success_url,
    total_details: s.mode === 'setup' ? null : { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: s.status === 'open' ? `${publicUrl}/checkout/${s.id}` : null,
    wallet_options: null,
  };
}

export function renderSessionLineItems(db: Db, s: SessionRec): Wire<Stripe.ApiList<Stripe.LineItem>> {
  const data = s._lines.map((l) => {
    const price = db.prices[l.price];
    const amount = price.unit_amount * l.quantity;
    return {
      id: l.id,
      object: 'item' as const,
      adjustable_quantity: null,
      amount_discount: 0,
      amount_subtotal: amount,
      amount_tax: 0,
      amount_total: amount,
      currency: price.currency,
      description: db.products[price.product]?.name ?? null,
      metadata: {},
      price: renderPrice(price),
      quantity: l.quantity,
    };
  });
  return { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${s.id}/line_items` };
}

export function renderSubscription(db: Db, s: SubscriptionRec): Wire<Stripe.Subscription> {
  const renderItem = (i: SubscriptionRec['_items'][number]): Wire<Stripe.SubscriptionItem> => ({
    id: i.id,
    object: 'subscription_item' as const,
    billing_thresholds: null,
    created: i.created,
    current_trial: null,
    current_period_end: i.current_period_end,
    current_period_start: i.current_period_start,
    discounts: [],
    metadata: i.metadata,
    plan: renderPlan(db.prices[i.price]),
    price: renderPrice(db.prices[i.price]),
    quantity: i.quantity,
    subscription: s.id,
    tax_rates: [],
  });
  const items = s._items.map(renderItem);
  return {
    id: s.id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: s.billing_cycle_anchor,
    billing_cycle_anchor_config: null,
    billing_mode: { type: 'flexible', flexible: { proration_discounts: 'included' }, updated_at: s.created },
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: s.cancel_at,
    cancel_at_period_end: s.cancel_at_period_end,
    canceled_at: s.canceled_at,
    cancellation_details: {
      comment: s.cancellation_comment ?? null,
      feedback: s.cancellation_feedback ?? null,
      feedback_option: null,
      reason: s.cancellation_reason,
    },
    collection_method: 'charge_automatically',
    created: s.created,
    currency: s.currency,
    customer: s.customer,
    customer_account: null,
    days_until_due: null,
    default_payment_method: s.default_payment_method ?? null,
    default_source: null,
    default_tax_rates: [],
    description: s.description,
    discounts: [],
    ended_at: s.ended_at,
    invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: 'self' } },
    items: embeddedList(items, `/v1/subscription_items?subscription=${s.id}`),
    latest_invoice: s.latest_invoice,
    livemode: false,
    managed_payments: null,
    metadata: s.metadata,
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'off' },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: renderPendingUpdate(s, renderItem),
    schedule: null,
    start_date: s.start_date,
    status: s.status,
    test_clock: db.customers[s.customer]?.test_clock ?? null,
    transfer_data: null,
    trial_end: null,
    trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: 'create_invoice' } },
    trial_start: null,
  };
}

/**
 * A list embedded in an object (a subscription's items, an invoice's lines), as Stripe embeds it: the first 10, and
 * `has_more` when there are more, to be read through the list's own endpoint (its `url`).
 */
export const EMBEDDED_LIST_LIMIT = 10;

export function embeddedList<T>(all: T[], url: string): { object: 'list'; data: T[]; has_more: boolean; url: string } {
  return { object: 'list', data: all.slice(0, EMBEDDED_LIST_LIMIT), has_more: all.length > EMBEDDED_LIST_LIMIT, url };
}

export function invoiceTotals(inv: InvoiceRec): { total: number; due: number; paid: number; remaining: number } {
  const total = inv._lines.reduce((sum, l) => sum + l.amount, 0);
  const due = Math.max(0, total);
  const paid = inv.status === 'paid' ? due : 0;
  return { total, due, paid, remaining: inv.status === 'paid' || inv.status === 'void' ? 0 : due - paid };
}

/**
 * A proration as the invoice item Stripe makes of it (pending: `invoice` null until an invoice takes it), what
 * invoiceitem.created carries.
 */
export function renderProrationItem(sub: SubscriptionRec, p: InvoiceLineRec, created: number): Wire<Stripe.InvoiceItem> {
  return {
    id: p.invoice_item ?? '',
    object: 'invoiceitem',
    amount: p.amount,
    currency: p.currency,
    customer: sub.customer,
    customer_account: null,
    date: created,
    description: p.description,
    discountable: false,
    discounts: [],
    invoice: null,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: sub.id, subscription_item: p.subscription_item ?? undefined },
    },
    period: p.period,
    pricing: {
      type: 'price_details',
      price_details: { price: p.price, product: p.product },
      unit_amount_decimal: String(p.quantity ? Math.round(p.amount / p.quantity) : p.amount),
    },
    proration: true,
    proration_details: { credited_items: null, discount_amounts: [] },
    quantity: p.quantity,
    quantity_decimal: String(p.quantity),
    tax_rates: [],
    test_clock: null,
  };
}

/** Every line of an invoice (its `lines` embeds the first 10; GET /v1/invoices/:id/lines pages through all). */
export function invoiceLineItems(inv: InvoiceRec): Wire<Stripe.InvoiceLineItem>[] {
  return inv._lines.map((l) => ({
    id: l.id,
    object: 'line_item',
    amount: l.amount,
    currency: l.currency,
    description: l.description,
    discount_amounts: [],
    discountable: !l.proration,
    discounts: [],
    invoice: inv.id,
    livemode: false,
    metadata: {},
    parent: l.subscription_item
      ? {
          type: 'subscription_item_details',
          invoice_item_details: null,
          subscription_item_details: {
            invoice_item: l.invoice_item,
            proration: l.proration,
            proration_details: { credited_items: null },
            subscription: inv.subscription,
            subscription_item: l.subscription_item,
          },
        }
      : {
          type: 'invoice_item_details',
          invoice_item_details: {
            invoice_item: l.invoice_item ?? '',
            proration: l.proration,
            proration_details: { credited_items: null },
            subscription: inv.subscription,
          },
          subscription_item_details: null,
        },
    period: l.period,
    pretax_credit_amounts: [],
    pricing: {
      type: 'price_details',
      price_details: { price: l.price, product: l.product },
      unit_amount_decimal: String(l.quantity ? Math.round(l.amount / l.quantity) : l.amount),
    },
    quantity: l.quantity,
    quantity_decimal: String(l.quantity),
    subscription: inv.subscription,
    subtotal: l.amount,
    taxes: [],
  }));
}

export function renderInvoice(db: Db, inv: InvoiceRec, publicUrl: string): Wire<Stripe.Invoice> {
  const t = invoiceTotals(inv);
  // A draft has no number, no page and no PDF yet: they come with its finalization.
  const draft = inv.status === 'draft';
  const finalizedAt = draft ? null : (inv.finalized_at ?? inv.created);
  const sub = inv.subscription ? db.subscriptions[inv.subscription] : undefined;
  return {
    id: inv.id,
    object: 'invoice',
    account_country: 'FR',
    account_name: 'Stripe sandbox',
    account_tax_ids: null,
    amount_due: t.due,
    amount_overpaid: 0,
    amount_paid: t.paid,
    amount_remaining: t.remaining,
    amount_shipping: 0,
    application: null,
    attempt_count: inv.attempt_count,
    attempted: inv.attempt_count > 0,
    auto_advance: draft || (inv.status === 'open' && inv.auto_advance !== false),
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: inv.billing_reason,
    collection_method: 'charge_automatically',
    created: inv.created,
    currency: inv.currency,
    custom_fields: null,
    customer: inv.customer,
    customer_account: null,
    customer_address: inv.customer_address ?? null,
    customer_email: inv.customer_email,
    customer_name: inv.customer_name,
    customer_phone: null,
    customer_shipping: null,
    customer_tax_exempt: 'none',
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description: inv.description,
    discounts: [],
    due_date: null,
    effective_at: finalizedAt,
    ending_balance: Math.min(0, t.total),
    footer: null,
    from_invoice: null,
    hosted_invoice_url: draft ? null : `${publicUrl}/invoices/${inv.id}`,
    invoice_pdf: draft ? null : `${publicUrl}/invoices/${inv.id}/pdf`,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: embeddedList(invoiceLineItems(inv), `/v1/invoices/${inv.id}/lines`),
    livemode: false,
    metadata: inv.metadata,
    next_payment_attempt:
      inv.status !== 'open' || inv.auto_advance === false
        ? null
        : // null after a failed attempt: the retries are used up (clocks.ts); never attempted (or an older file): in 3 days.
          inv.attempt_count > 0 && inv.next_payment_attempt !== undefined
          ? inv.next_payment_attempt
          : (inv.next_payment_attempt ?? inv.created + 3 * 86400),
    number: draft ? null : inv.number,
    on_behalf_of: null,
    parent: inv.subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: sub?.metadata ?? {}, subscription: inv.subscription },
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: inv.period_end,
    period_start: inv.period_start,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: inv.status,
    status_transitions: {
      finalized_at: finalizedAt,
      marked_uncollectible_at: null,
      paid_at: inv.paid_at,
      voided_at: inv.voided_at ?? null,
    },
    subtotal: t.total,
    subtotal_excluding_tax: t.total,
    test_clock: db.customers[inv.customer]?.test_clock ?? null,
    total: t.total,
    total_discount_amounts: [],
    total_excluding_tax: t.total,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: inv.created,
  };
}

const NULL_ADDRESS = { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };

function billingDetails(b: { name: string | null; email: string | null }): Wire<Stripe.PaymentMethod.BillingDetails> {
  return { address: NULL_ADDRESS, email: b.email, name: b.name, phone: null, tax_id: null };
}

export function renderPaymentMethod(pm: PaymentMethodRec): Wire<Stripe.PaymentMethod> {
  if (pm.type === 'sepa_debit') return renderSepaPaymentMethod(pm);
  const c = pm.card!;
  return {
    id: pm.id,
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: billingDetails(pm.billing_details),
    card: {
      brand: c.brand,
      checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
      country: c.country,
      display_brand: c.brand,
      exp_month: c.exp_month,
      exp_year: c.exp_year,
      fingerprint: c.fingerprint,
      funding: c.funding,
      generated_from: null,
      last4: c.last4,
      networks: { available: [c.brand], preferred: null },
      regulated_status: 'unregulated',
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
    created: pm.created,
    customer: pm.customer,
    customer_account: null,
    livemode: false,
    metadata: pm.metadata,
    type: 'card',
  };
}

export function renderPaymentIntent(pi: PaymentIntentRec, db: Db, publicUrl = ''): Wire<Stripe.PaymentIntent> {
  const error = pi.last_payment_error;
  const errorPm = error?.payment_method ? db.paymentMethods[error.payment_method] : undefined;
  const declined = error && error.code === undefined && error.debit !== true ? error : undefined;
  const debit = pi.payment_method ? db.paymentMethods[pi.payment_method]?.type === 'sepa_debit' : false;
  return {
    id: pi.id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: pi.amount,
    amount_capturable: 0,
    amount_details: { tip: {} },
    amount_received: pi.amount_received,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: pi.client_secret,
    confirmation_method: 'automatic',
    created: pi.created,
    currency: pi.currency,
    customer: pi.customer,
    customer_account: null,
    description: pi.description,
    excluded_payment_method_types: null,
    last_payment_error:
      error?.debit === true
        ? {
            charge: error.charge,
            code: 'insufficient_funds',
            doc_url: 'https://stripe.com/docs/error-codes/insufficient-funds',
            message: "The customer's account has insufficient funds to cover this payment.",
            ...(errorPm ? { payment_method: renderPaymentMethod(errorPm) } : {}),
            type: 'invalid_request_error',
          }
        : declined
          ? {
              charge: declined.charge,
              code: 'card_declined',
              decline_code: declined.decline_code,
              doc_url: 'https://stripe.com/docs/error-codes/card-declined',
              message: DECLINE_MESSAGES[declined.decline_code].en,
              ...(errorPm ? { payment_method: renderPaymentMethod(errorPm) } : {}),
              type: 'card_error',
            }
          : error
            ? {
                code: error.code,
                doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
                message: AUTHENTICATION_FAILURE_MESSAGE,
                ...(errorPm ? { payment_method: renderPaymentMethod(errorPm) } : {}),
                type: 'invalid_request_error',
              }
            : null,
    latest_charge: pi.latest_charge,
    livemode: false,
    managed_payments: null,
    metadata: pi.metadata,
    next_action: nextActionOf(pi, publicUrl),
    on_behalf_of: null,
    payment_method: pi.payment_method,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
      ...(debit ? { sepa_debit: {} } : {}),
    },
    payment_method_types: debit ? ['card', 'sepa_debit'] : ['card'],
    payment_record: null,
    processing: null,
    receipt_email: null,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: pi.status,
    transfer_data: null,
    transfer_group: null,
  };
}

function chargeCard(c: CardDetails): Wire<Stripe.Charge.PaymentMethodDetails.Card> {
  return {
    amount_authorized: null,
    authorization_code: null,
    brand: c.brand,
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: c.country,
    electronic_commerce_indicator: null,
    exp_month: c.exp_month,
    exp_year: c.exp_year,
    fingerprint: c.fingerprint,
    funding: c.funding,
    installments: null,
    last4: c.last4,
    mandate: null,
    network: c.brand,
    network_token: { used: false },
    network_transaction_id: null,
    regulated_status: 'unregulated',
    three_d_secure: null,
    transaction_link_id: null,
    wallet: null,
  };
}

export function renderCharge(ch: ChargeRec): Wire<Stripe.Charge> {
  const failed = ch.status === 'failed';
  // A SEPA debit's charge is pending until it settles; a failed one is returned by the bank, not declined by a card issuer.
  const pending = ch.status === 'pending';
  const debitFailure =
    failed && ch._sepa
      ? { code: 'insufficient_funds', message: "The customer's account has insufficient funds to cover this payment." }
      : null;
  const decline = ch._decline ?? 'generic_decline';
  return {
    id: ch.id,
    object: 'charge',
    amount: ch.amount,
    amount_captured: failed ? 0 : ch.amount,
    amount_refunded: ch.amount_refunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: billingDetails(ch._billing),
    calculated_statement_descriptor: 'STRIPE SANDBOX',
    captured: !failed,
    created: ch.created,
    currency: ch.currency,
    customer: ch.customer,
    description: ch.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: debitFailure ? debitFailure.code : failed ? 'card_declined' : null,
    failure_message: debitFailure ? debitFailure.message : failed ? DECLINE_MESSAGES[decline].en : null,
    fraud_details: {},
    livemode: false,
    metadata: ch.metadata,
    on_behalf_of: null,
    outcome: pending
      ? null
      : {
          advice_code: null,
          network_advice_code: null,
          network_decline_code: null,
          network_status: failed ? 'declined_by_network' : 'approved_by_network',
          reason: failed ? decline : null,
          risk_level: 'normal',
          risk_score: 20,
          seller_message: failed ? 'The bank did not return any further details with this decline.' : 'Payment complete.',
          type: failed ? 'issuer_declined' : 'authorized',
        },
    paid: !failed && !pending,
    payment_intent: ch.payment_intent,
    payment_method: ch.payment_method,
    payment_method_details: ch._sepa ? sepaChargeDetails(ch) : ch._card ? { card: chargeCard(ch._card), type: 'card' } : null,
    receipt_email: null,
    receipt_number: null,
    receipt_url: null,
    refunded: ch.refunded,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: ch.status ?? 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

export function renderRefund(r: RefundRec): Wire<Stripe.Refund> {
  return {
    id: r.id,
    object: 'refund',
    amount: r.amount,
    balance_transaction: null,
    charge: r.charge,
    created: r.created,
    currency: r.currency,
    customer: r.customer,
    customer_account: null,
    destination_details: {
      card: { reference_status: 'pending', reference_type: 'acquirer_reference_number', type: 'refund' },
      type: 'card',
    },
    metadata: r.metadata,
    payment_intent: r.payment_intent,
    payment_method: r.payment_method,
    reason: r.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: r.status,
    transfer_reversal: null,
  };
}

export function renderSetupIntent(si: SetupIntentRec): Wire<Stripe.SetupIntent> {
  return {
    id: si.id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: si.client_secret,
    created: si.created,
    customer: si.customer,
    customer_account: null,
    description: si.description,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: si.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: si.payment_method,
    payment_method_configuration_details: null,
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: ['card'],
    single_use_mandate: null,
    status: si.status,
    usage: si.usage,
  };
}

export function renderInvoicePayment(ip: InvoicePaymentRec): Wire<Stripe.InvoicePayment> {
  return {
    id: ip.id,
    object: 'invoice_payment',
    amount_paid: ip.amount_paid,
    amount_requested: ip.amount_requested,
    created: ip.created,
    currency: ip.currency,
    invoice: ip.invoice,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: ip.payment_intent },
    status: ip.status,
    status_transitions: { canceled_at: null, paid_at: ip.paid_at },
  };
}

/** The invoice's payments (newest first), the list `expand[]=payments` includes. */
export function renderInvoicePayments(db: Db, invoiceId: string): Wire<Stripe.ApiList<Stripe.InvoicePayment>> {
  const data = Object.values(db.invoicePayments)
    .filter((ip) => ip.invoice === invoiceId)
    .reverse()
    .map(renderInvoicePayment);
  return { object: 'list', data, has_more: false, url: `/v1/invoice_payments?invoice=${invoiceId}` };
}

/** The current JSON of any stored object by id (what `expand` substitutes), or undefined. */
export function lookupById(ctx: RenderContext, id: string): Json | undefined {
  const { db } = ctx;
  if (id.startsWith('cus_')) return db.customers[id] && renderCustomer(db.customers[id]);
  if (id.startsWith('prod_') || db.products[id]) return db.products[id] && renderProduct(db.products[id]);
  if (id.startsWith('price_')) return db.prices[id] && renderPrice(db.prices[id]);
  if (id.startsWith('cs_')) return db.sessions[id] && renderSession(db.sessions[id], ctx.publicUrl());
  if (id.startsWith('sub_')) return db.subscriptions[id] && renderSubscription(db, db.subscriptions[id]);
  if (id.startsWith('in_')) return db.invoices[id] && renderInvoice(db, db.invoices[id], ctx.publicUrl());
  if (id.startsWith('pm_')) return db.paymentMethods[id] && renderPaymentMethod(db.paymentMethods[id]);
  if (id.startsWith('pi_')) return db.paymentIntents[id] && renderPaymentIntent(db.paymentIntents[id], db, ctx.publicUrl());
  if (id.startsWith('ch_')) return db.charges[id] && renderCharge(db.charges[id]);
  if (id.startsWith('re_')) return db.refunds[id] && renderRefund(db.refunds[id]);
  if (id.startsWith('seti_')) return db.setupIntents[id] && renderSetupIntent(db.setupIntents[id]);
  if (id.startsWith('mandate_')) return db.mandates?.[id] && renderMandate(db.mandates[id], ctx.publicUrl());
  if (id.startsWith('inpay_')) return db.invoicePayments[id] && renderInvoicePayment(db.invoicePayments[id]);
  return undefined;
}

/**
 * Applies `expand[]` paths in place: each path walks the JSON (lists through `data`) and replaces the id found at the
 * end by the object. Paths Stripe could expand but the sandbox does not know are reported as Stripe reports them.
 */
export function applyExpand(ctx: RenderContext, root: Json, paths: string[]): Json {
  for (const path of paths) {
    const parts = path.split('.');
    if (parts.length > 4) throw new ApiError(400, `You cannot expand more than 4 levels of a property. Property: ${path}`, 'expand');
    walk(ctx, root, parts, path);
  }
  return root;
}

function walk(ctx: RenderContext, node: unknown, parts: string[], full: string): void {
  if (Array.isArray(node)) {
    for (const el of node) walk(ctx, el, parts, full);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const obj = node as Json;
  const [head, ...rest] = parts;
  if (!(head in obj)) {
    if (obj.object === 'checkout.session' && head === 'line_items') {
      const s = ctx.db.sessions[obj.id as string];
      obj.line_items = s ? renderSessionLineItems(ctx.db, s) : null;
    } else if (obj.object === 'invoice' && head === 'payments') {
      // Includable (Stripe 2025+): only there when asked for.
      obj.payments = renderInvoicePayments(ctx.db, obj.id as string);
    } else {
      throw new ApiError(400, `This property cannot be expanded (${head}).`, 'expand');
    }
  }
  if (rest.length === 0) {
    const v = obj[head];
    if (typeof v === 'string') {
      const found = lookupById(ctx, v);
      if (!found) throw new ApiError(400, `This property cannot be expanded (${head}).`, 'expand');
      obj[head] = found;
    }
    return;
  }
  let child = obj[head];
  if (typeof child === 'string') {
    child = lookupById(ctx, child);
    obj[head] = child;
  }
  walk(ctx, child, rest, full);
}
