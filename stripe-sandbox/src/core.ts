/** State and billing behaviour: checkout completion, subscriptions, invoices, prorations, cards, payments, events. */
import { cardDetails, cardError, chargeDecline, readCard, type CardInput } from './cards.ts';
import { ApiError, applyMetadata, noSuch, type Json } from './params.ts';
import {
  invoiceTotals,
  lookupById,
  renderCharge,
  renderCustomer,
  renderLiveCustomer,
  renderInvoice,
  renderInvoicePayment,
  renderPaymentIntent,
  renderProrationItem,
  renderPaymentMethod,
  renderRefund,
  renderSession,
  renderSetupIntent,
  renderSubscription,
  type RenderContext,
} from './render.ts';
import {
  addInterval,
  now,
  randomId,
  type ChargeRec,
  type CustomerRec,
  type Db,
  type DeclineCode,
  type EventRec,
  type InvoiceLineRec,
  type InvoicePaymentRec,
  type InvoiceRec,
  type PaymentIntentRec,
  type PaymentMethodRec,
  type Persistence,
  type PriceRec,
  type RefundRec,
  type SessionRec,
  type SetupIntentRec,
  type SubItemRec,
  type SubscriptionRec,
} from './store.ts';
import { createSepaPaymentMethod, debitedAccount, processingDebitOf, settleIfImmediate, startDebit, type SepaInput } from './sepa.ts';
import { DEFAULT_DUNNING, nextRetryAt, type DunningSettings } from './clocks.ts';
import {
  applyPendingUpdate,
  authenticationOf,
  invoiceRequiresAction,
  needsAuthentication,
  openPaymentOf,
  PENDING_UPDATE_SECONDS,
  requireAction,
  subscriptionRequiresAction,
} from './three-d-secure.ts';
import type { WebhookDeliverer } from './webhooks.ts';
import type { Wire } from './wire.ts';
import type Stripe from 'stripe';

export const API_VERSION = '2026-10-28.endive';

/** The object an event of type K carries, as the SDK types it for this API version. */
type EventObject<K extends Stripe.Event.Type> = Wire<Extract<Stripe.Event, { type: K }>['data']['object']>;

export interface EventRequest {
  id: string | null;
  idempotency_key: string | null;
}

const NO_REQUEST: EventRequest = { id: null, idempotency_key: null };

export function formatEur(cents: number, currency = 'eur'): string {
  return new Intl.NumberFormat('fr-FR', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

export function formatDate(ts: number): string {
  return new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(
    new Date(ts * 1000),
  );
}

export function intervalLabel(price: PriceRec): string {
  if (!price.recurring) return '';
  const { interval, interval_count: n } = price.recurring;
  const names: Record<string, [string, string]> = {
    day: ['jour', 'jours'],
    week: ['semaine', 'semaines'],
    month: ['mois', 'mois'],
    year: ['an', 'ans'],
  };
  const [one, many] = names[interval];
  return n === 1 ? `/${one}` : `tous les ${n} ${many}`;
}

export class SandboxCore implements RenderContext {
  db: Db;
  private readonly persistence: Persistence;
  readonly publicUrl: () => string;
  readonly webhooks: WebhookDeliverer;
  readonly log: (line: string) => void;
  /** Sees each event as it is made (the conformance capture). */
  observeEvent?: (event: EventRec['event']) => void;
  /** How failing invoices are retried and how dunning ends (clocks.ts). */
  dunning: DunningSettings = DEFAULT_DUNNING;

  constructor(db: Db, persistence: Persistence, publicUrl: () => string, webhooks: WebhookDeliverer, log: (line: string) => void) {
    this.db = db;
    this.persistence = persistence;
    this.publicUrl = publicUrl;
    this.webhooks = webhooks;
    this.log = log;
  }

  save(): void {
    this.persistence.save(this.db);
  }

  lookup(id: string): Json | undefined {
    return lookupById(this, id);
  }

  price(id: string, param = 'price', status = 404): PriceRec {
    const p = this.db.prices[id];
    if (!p) throw new ApiError(status, `No such price: '${id}'`, param, 'resource_missing');
    return p;
  }

  productName(price: PriceRec): string {
    return this.db.products[price.product]?.name ?? price.nickname ?? price.id;
  }

  // ---- events ---------------------------------------------------------------------------------------------------

  /**
   * Records an event of `type` about `object`, which must be the object Stripe's type for that event carries (the
   * compiler checks it against the SDK's `Stripe.Event` union). Delivery is the caller's (WebhookDeliverer).
   */
  emit<K extends Stripe.Event.Type>(type: K, object: EventObject<K>, request: EventRequest = NO_REQUEST, previous?: Json): EventRec {
    const data: Json = { object };
    if (previous && Object.keys(previous).length > 0) data.previous_attributes = previous;
    const event = {
      id: randomId('evt_'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data,
      livemode: false,
      pending_webhooks: 1,
      request,
      type,
    };
    const rec: EventRec = { event, delivery: { status: 'pending', attempts: [], delivered_at: null } };
    this.db.events[event.id] = rec;
    this.observeEvent?.(event);
    return rec;
  }

  subscriptionJson(sub: SubscriptionRec): Wire<Stripe.Subscription> {
    return renderSubscription(this.db, sub);
  }

  invoiceJson(inv: InvoiceRec): Wire<Stripe.Invoice> {
    return renderInvoice(this.db, inv, this.publicUrl());
  }

  paymentIntentJson(pi: PaymentIntentRec): Wire<Stripe.PaymentIntent> {
    return renderPaymentIntent(pi, this.db, this.publicUrl());
  }

  /** Top-level keys whose value changed, with their previous value (Stripe's data.previous_attributes). */
  static diff(before: Json, after: Json): Json {
    const prev: Json = {};
    for (const key of Object.keys(after)) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) prev[key] = before[key];
    }
    return prev;
  }

  // ---- customers ------------------------------------------------------------------------------------------------

  createCustomer(fields: { email: string | null; name: string | null; metadata?: Record<string, string> }): CustomerRec {
    const c: CustomerRec = {
      id: randomId('cus_', 14),
      object: 'customer',
      created: now(),
      email: fields.email,
      name: fields.name,
      phone: null,
      description: null,
      metadata: fields.metadata ?? {},
      preferred_locales: [],
    };
    this.db.customers[c.id] = c;
    return c;
  }

  // ---- payment methods and payments -----------------------------------------------------------------------------

  /** A card PaymentMethod from the card typed on a hosted page (or a test token), attached to `customer` if given. */
  createPaymentMethod(card: CardInput, customer: string | null, billing: { name: string | null; email: string | null }): PaymentMethodRec {
    const pm: PaymentMethodRec = {
      id: randomId('pm_'),
      object: 'payment_method',
      type: 'card',
      card: cardDetails(card),
      customer,
      created: now(),
      billing_details: { name: billing.name, email: billing.email },
      metadata: {},
      _charge_decline: chargeDecline(card),
      _authentication: authenticationOf(card),
    };
    this.db.paymentMethods[pm.id] = pm;
    return pm;
  }

  paymentMethod(id: string, param = 'id', status = 404): PaymentMethodRec {
    const pm = this.db.paymentMethods[id];
    if (!pm) throw new ApiError(status, `No such PaymentMethod: '${id}'`, param, 'resource_missing');
    return pm;
  }

  /** A PaymentMethod that must be attached to `customerId` (default_payment_method parameters). */
  attachedPaymentMethod(customerId: string, id: string, param: string): PaymentMethodRec {
    const pm = this.paymentMethod(id, param, 400);
    if (pm.customer !== customerId) {
      throw new ApiError(
        400,
        `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
        param,
        'resource_missing',
      );
    }
    return pm;
  }

  /** The card an invoice is charged to: the subscription's default_payment_method, else the customer's default. */
  cardFor(customerId: string, sub?: SubscriptionRec): PaymentMethodRec | undefined {
    const id = sub?.default_payment_method ?? this.db.customers[customerId]?._default_payment_method ?? null;
    return id ? this.db.paymentMethods[id] : undefined;
  }

  /**
   * One card payment attempt, as Stripe makes it: a PaymentIntent (created at the first attempt — payment_intent.created
   * — and reused by the next attempts, as an invoice's is) and a Charge of the card, succeeded (charge.succeeded,
   * payment_intent.succeeded) or declined with `decline` (charge.failed, payment_intent.payment_failed). Without a card
   * on file (records written before the sandbox had cards) the payment succeeds, with payment_method null.
   */
  attemptPayment(o: {
    amount: number;
    currency: string;
    customer: string | null;
    pm: PaymentMethodRec | undefined;
    description: string | null;
    invoice: string | null;
    pi?: PaymentIntentRec;
    decline: DeclineCode | null;
    request: EventRequest;
    events: EventRec[];
  }): { pi: PaymentIntentRec; charge: ChargeRec } {
    // A SEPA debit is not charged at once: it starts, and settles later (sepa.ts).
    if (o.pm?.type === 'sepa_debit' && !o.decline) return startDebit(this, { ...o, pm: o.pm });
    const t = now();
    const pi = o.pi ?? this.newPaymentIntent(o, t);
    const ch: ChargeRec = {
      id: randomId('ch_'),
      object: 'charge',
      amount: o.amount,
      amount_refunded: 0,
      refunded: false,
      currency: o.currency,
      customer: o.customer,
      description: o.description,
      payment_intent: pi.id,
      payment_method: o.pm?.id ?? null,
      created: t,
      metadata: {},
      status: o.decline ? 'failed' : 'succeeded',
      _decline: o.decline,
      _card: o.pm?.card ? { ...o.pm.card } : null,
      ...(o.pm?.sepa_debit ? { _sepa: debitedAccount(o.pm)! } : {}),
      _billing: o.pm ? { ...o.pm.billing_details } : { name: null, email: null },
    };
    this.db.charges[ch.id] = ch;
    pi.latest_charge = ch.id;
    pi.payment_method = o.pm?.id ?? null;
    if (o.decline) {
      pi.status = 'requires_payment_method';
      pi.last_payment_error = { charge: ch.id, decline_code: o.decline, payment_method: o.pm?.id ?? null };
      o.events.push(this.emit('charge.failed', renderCharge(ch), o.request));
      o.events.push(this.emit('payment_intent.payment_failed', this.paymentIntentJson(pi), o.request));
    } else {
      pi.status = 'succeeded';
      pi.amount_received = o.amount;
      pi.last_payment_error = null;
      o.events.push(this.emit('charge.succeeded', renderCharge(ch), o.request));
      o.events.push(this.emit('payment_intent.succeeded', this.paymentIntentJson(pi), o.request));
    }
    return { pi, charge: ch };
  }

  /** A new PaymentIntent of a payment about to be attempted (payment_intent.created), the first attempt's. */
  newPaymentIntent(
    o: {
      amount: number;
      currency: string;
      customer: string | null;
      description: string | null;
      invoice: string | null;
      request: EventRequest;
      events: EventRec[];
    },
    t = now(),
  ): PaymentIntentRec {
    const pi: PaymentIntentRec = {
      id: randomId('pi_'),
      object: 'payment_intent',
      amount: o.amount,
      amount_received: 0,
      currency: o.currency,
      status: 'requires_payment_method',
      customer: o.customer,
      payment_method: null,
      latest_charge: null,
      created: t,
      description: o.description,
      metadata: {},
      client_secret: '',
      last_payment_error: null,
      _invoice: o.invoice,
    };
    pi.client_secret = `${pi.id}_secret_${randomId('', 25)}`;
    this.db.paymentIntents[pi.id] = pi;
    o.events.push(this.emit('payment_intent.created', this.paymentIntentJson(pi), o.request));
    return pi;
  }

  /**
   * One payment attempt of an open invoice with `pm` (default: the card to use — the subscription's, else the
   * customer's): attempt_count + 1, then paid (invoice.paid, invoice.payment_succeeded, invoice_payment.paid; an
   * InvoicePayment) or, when the card declines (or `forceDecline`), still open (invoice.payment_failed). Returns the
   * decline, null when paid.
   */
  attemptInvoice(
    inv: InvoiceRec,
    request: EventRequest,
    events: EventRec[],
    opts: { pm?: PaymentMethodRec; forceDecline?: DeclineCode; authenticated?: boolean } = {},
  ): { decline: DeclineCode | null; charge: ChargeRec | null; requiresAction?: boolean; processing?: true } {
    const sub = inv.subscription ? this.db.subscriptions[inv.subscription] : undefined;
    const pm = opts.pm ?? this.cardFor(inv.customer, sub);
    const { due } = invoiceTotals(inv);
    // Off-session, a 3-D Secure card waits for its customer (three-d-secure.ts): no charge, the invoice stays open.
    if (due > 0 && pm && !opts.forceDecline && !opts.authenticated && needsAuthentication(pm, true)) {
      requireAction(this, inv, pm, due, request, events);
      return { decline: null, charge: null, requiresAction: true };
    }
    const decline = due > 0 ? (opts.forceDecline ?? pm?._charge_decline ?? null) : null;
    inv.attempt_count += 1;
    let charge: ChargeRec | null = null;
    if (due > 0) {
      const description =
        inv.billing_reason === 'subscription_create'
          ? 'Subscription creation'
          : inv.billing_reason === 'manual'
            ? 'Payment for Invoice'
            : inv.billing_reason === 'subscription_cycle'
              ? 'Subscription cycle'
              : 'Subscription update';
      const existing = inv._payment_intent ? this.db.paymentIntents[inv._payment_intent] : undefined;
      const paid = this.attemptPayment({
        amount: due,
        currency: inv.currency,
        customer: inv.customer,
        pm,
        description,
        invoice: inv.id,
        pi: existing,
        decline,
        request,
        events,
      });
      inv._payment_intent = paid.pi.id;
      charge = paid.charge;
      // A SEPA debit on its way: the invoice stays open until it settles (sepa.ts).
      if (paid.pi.status === 'processing') return { decline: null, charge, processing: true };
    }
    if (decline) {
      inv.next_payment_attempt = nextRetryAt(this.dunning, inv);
      events.push(this.emit('invoice.payment_failed', this.invoiceJson(inv), request));
      return { decline, charge };
    }
    const t = now();
    inv.status = 'paid';
    inv.paid_at = t;
    inv.next_payment_attempt = null;
    let ip: InvoicePaymentRec | undefined = openPaymentOf(this, inv);
    if (ip) Object.assign(ip, { status: 'paid', amount_paid: due, paid_at: t });
    else if (due > 0) {
      ip = {
        id: randomId('inpay_'),
        object: 'invoice_payment',
        invoice: inv.id,
        amount_paid: due,
        amount_requested: due,
        currency: inv.currency,
        status: 'paid',
        payment_intent: inv._payment_intent!,
        paid_at: t,
        created: t,
      };
      this.db.invoicePayments[ip.id] = ip;
    }
    events.push(this.emit('invoice.paid', this.invoiceJson(inv), request));
    events.push(this.emit('invoice.payment_succeeded', this.invoiceJson(inv), request));
    if (ip) events.push(this.emit('invoice_payment.paid', renderInvoicePayment(ip), request));
    return { decline: null, charge };
  }

  /** One more failed attempt on an open invoice with a card typed on its hosted page, declined: the attempt's events. */
  failInvoiceAttempt(
    inv: InvoiceRec,
    pm: PaymentMethodRec | undefined,
    decline: DeclineCode,
    request: EventRequest = NO_REQUEST,
  ): EventRec[] {
    const events: EventRec[] = [];
    this.attemptInvoice(inv, request, events, { pm, forceDecline: decline });
    this.save();
    return events;
  }

  // ---- invoices -------------------------------------------------------------------------------------------------

  /**
   * A subscription's invoice: created as a draft (invoice.created), then finalized (invoice.finalized: numbered, open,
   * payable). Its payment is the caller's (attemptInvoice).
   */
  private createInvoice(
    sub: SubscriptionRec,
    reason: InvoiceRec['billing_reason'],
    lines: InvoiceLineRec[],
    period: { start: number; end: number },
    request: EventRequest,
    events: EventRec[],
  ): InvoiceRec {
    const customer = this.db.customers[sub.customer];
    this.db.invoiceSeq += 1;
    const t = now();
    const inv: InvoiceRec = {
      id: randomId('in_'),
      object: 'invoice',
      number: `SBX-${String(this.db.invoiceSeq).padStart(4, '0')}`,
      customer: sub.customer,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      customer_address: customer?.address ? { ...customer.address } : null,
      status: 'draft',
      created: t,
      period_start: period.start,
      period_end: period.end,
      // Stripe leaves an invoice's description null unless one is given (the subscription's is not copied).
      description: null,
      billing_reason: reason,
      currency: sub.currency,
      subscription: sub.id,
      metadata: {},
      attempt_count: 0,
      paid_at: null,
      next_payment_attempt: null,
      _lines: lines,
    };
    this.db.invoices[inv.id] = inv;
    sub.latest_invoice = inv.id;
    events.push(this.emit('invoice.created', this.invoiceJson(inv), request));
    inv.status = 'open';
    inv.finalized_at = t;
    events.push(this.emit('invoice.finalized', this.invoiceJson(inv), request));
    return inv;
  }

  private recurringLine(sub: SubscriptionRec, item: SubItemRec): InvoiceLineRec {
    const price = this.db.prices[item.price];
    return {
      id: randomId('il_'),
      description: `${item.quantity} × ${this.productName(price)} (à ${formatEur(price.unit_amount, price.currency)} ${intervalLabel(price)})`,
      amount: price.unit_amount * item.quantity,
      currency: price.currency,
      quantity: item.quantity,
      price: price.id,
      product: price.product,
      period: { start: item.current_period_start, end: item.current_period_end },
      proration: false,
      subscription_item: item.id,
      invoice_item: null,
    };
  }

  // ---- checkout -------------------------------------------------------------------------------------------------

  /** A session can be completed once: paid, set up or expired, it answers Stripe's error. */
  private assertSessionOpen(session: SessionRec): void {
    if (session.status !== 'open')
      throw new ApiError(
        400,
        `This Checkout Session is no longer active (status: ${session.status}).`,
        undefined,
        'checkout_session_inactive',
      );
  }

  /**
   * The hosted page's "Payer", as Stripe Checkout does it: the customer (created if the session has none:
   * customer.created), the card typed (a PaymentMethod; in subscription mode attached to the customer —
   * payment_method.attached — and made the new subscription's default_payment_method, the customer's own default left
   * as it was), the subscription (created incomplete, active once its first invoice is paid with that card), or in
   * payment mode the session's own PaymentIntent; the session completed last. Every event in Stripe's order.
   */
  completeCheckout(session: SessionRec, form: { email?: string; name?: string; card?: CardInput; sepa?: SepaInput }): EventRec[] {
    this.assertSessionOpen(session);
    if (session.mode === 'setup') return this.completeSetup(session, form);
    let customer = session.customer ? this.db.customers[session.customer] : undefined;
    const email = customer?.email ?? session.customer_email ?? form.email?.trim() ?? null;
    if (!email) throw new ApiError(400, 'Adresse e-mail requise.', 'email', 'parameter_missing');
    const name = form.name?.trim() || customer?.name || null;
    const t = now();
    const events: EventRec[] = [];
    if (!customer && session.mode === 'subscription') {
      customer = this.createCustomer({ email, name });
      events.push(this.emit('customer.created', renderLiveCustomer(customer)));
    }
    const saved = session.mode === 'subscription' && customer ? customer : undefined;
    const pm = form.sepa
      ? createSepaPaymentMethod(this, form.sepa, saved?.id ?? null, { email })
      : this.createPaymentMethod(form.card ?? readCard(undefined, undefined), saved?.id ?? null, { name, email });
    let processing: PaymentIntentRec | undefined;
    if (saved) events.push(this.emit('payment_method.attached', renderPaymentMethod(pm)));

    if (session.mode === 'subscription' && customer) {
      const recurring = session._lines.filter((l) => this.db.prices[l.price].type === 'recurring');
      const oneTime = session._lines.filter((l) => this.db.prices[l.price].type === 'one_time');
      const sub: SubscriptionRec = {
        id: randomId('sub_'),
        object: 'subscription',
        customer: customer.id,
        status: 'incomplete',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        ended_at: null,
        created: t,
        start_date: t,
        billing_cycle_anchor: t,
        currency: session.currency ?? 'eur',
        description: session._subscription_data.description,
        metadata: { ...session._subscription_data.metadata },
        latest_invoice: null,
        cancellation_reason: null,
        default_payment_method: pm.id,
        _items: [],
        _cycle: 1,
        _pending: [],
      };
      for (const l of recurring) {
        const price = this.db.prices[l.price];
        sub._items.push({
          id: randomId('si_', 14),
          price: price.id,
          quantity: l.quantity,
          created: t,
          metadata: {},
          current_period_start: t,
          current_period_end: addInterval(t, price.recurring!.interval, price.recurring!.interval_count, 1),
        });
      }
      this.db.subscriptions[sub.id] = sub;
      const lines = sub._items.map((i) => this.recurringLine(sub, i));
      for (const l of oneTime) {
        const price = this.db.prices[l.price];
        lines.push({
          id: randomId('il_'),
          description: this.productName(price),
          amount: price.unit_amount * l.quantity,
          currency: price.currency,
          quantity: l.quantity,
          price: price.id,
          product: price.product,
          period: { start: t, end: t },
          proration: false,
          subscription_item: null,
          invoice_item: randomId('ii_'),
        });
      }
      events.push(this.emit('customer.subscription.created', this.subscriptionJson(sub)));
      const inv = this.createInvoice(sub, 'subscription_create', lines, { start: t, end: t }, NO_REQUEST, events);
      const before = this.subscriptionJson(sub);
      // The card was accepted (and authenticated) on the page: Checkout completes only once the first payment went
      // through, and sets the card up for the subscription's off-session renewals (a 3155 card then renews alone).
      if (pm._authentication) pm._set_up_off_session = true;
      this.attemptInvoice(inv, NO_REQUEST, events, { pm: { ...pm, _charge_decline: null }, authenticated: true });
      processing = processingDebitOf(this, inv);
      // Paid, or (a SEPA debit) processing: active either way, as Stripe makes it.
      sub.status = 'active';
      const after = this.subscriptionJson(sub);
      events.push(this.emit('customer.subscription.updated', after, NO_REQUEST, SandboxCore.diff(before, after)));
      session.subscription = sub.id;
      session.invoice = inv.id;
    }
    if (session.mode === 'payment') {
      const paid = this.attemptPayment({
        amount: session.amount_total ?? 0,
        currency: session.currency ?? 'eur',
        customer: customer?.id ?? null,
        pm,
        description: null,
        invoice: null,
        decline: null,
        request: NO_REQUEST,
        events,
      }).pi;
      session.payment_intent = paid.id;
      if (paid.status === 'processing') processing = paid;
    }
    session.status = 'complete';
    // A delayed payment method (SEPA debit): complete, unpaid until its debit settles (checkout.session.async_payment_*).
    session.payment_status = processing ? 'unpaid' : 'paid';
    session.customer = customer?.id ?? null;
    session.customer_details = customerDetails(email, name);
    session._completed_at = t;
    events.push(this.emit('checkout.session.completed', renderSession(session, this.publicUrl())));
    this.save();
    events.push(...settleIfImmediate(this, processing));
    return events;
  }

  /**
   * A setup-mode session's "Enregistrer la carte": the card becomes a PaymentMethod attached to the session's customer
   * (not its default, as with Stripe), a succeeded SetupIntent; setup_intent.succeeded then checkout.session.completed.
   */
  completeSetup(session: SessionRec, form: { name?: string; card?: CardInput }): EventRec[] {
    this.assertSessionOpen(session);
    const customer = session.customer ? this.db.customers[session.customer] : undefined;
    if (!customer || customer.deleted) throw new ApiError(400, 'Client introuvable pour cette session.', 'customer', 'resource_missing');
    const name = form.name?.trim() || customer.name || null;
    const t = now();
    const si: SetupIntentRec = {
      id: randomId('seti_'),
      object: 'setup_intent',
      status: 'requires_payment_method',
      customer: customer.id,
      payment_method: null,
      usage: 'off_session',
      description: session._setup_intent_data?.description ?? null,
      metadata: { ...(session._setup_intent_data?.metadata ?? {}) },
      created: t,
      client_secret: '',
    };
    si.client_secret = `${si.id}_secret_${randomId('', 25)}`;
    this.db.setupIntents[si.id] = si;
    const events = [this.emit('setup_intent.created', renderSetupIntent(si))];
    const pm = this.createPaymentMethod(form.card ?? readCard(undefined, undefined), customer.id, { name, email: customer.email });
    events.push(this.emit('payment_method.attached', renderPaymentMethod(pm)));
    si.payment_method = pm.id;
    si.status = 'succeeded';
    session.setup_intent = si.id;
    session.status = 'complete';
    session.payment_status = 'no_payment_required';
    session.customer_details = customerDetails(customer.email, name);
    session._completed_at = t;
    events.push(this.emit('setup_intent.succeeded', renderSetupIntent(si)));
    events.push(this.emit('checkout.session.completed', renderSession(session, this.publicUrl())));
    this.save();
    return events;
  }

  // ---- subscriptions --------------------------------------------------------------------------------------------

  subscription(id: string): SubscriptionRec {
    const s = this.db.subscriptions[id];
    if (!s) throw new ApiError(404, `No such subscription: '${id}'`, 'id', 'resource_missing');
    return s;
  }

  private periodOf(sub: SubscriptionRec): { start: number; end: number } {
    const first = sub._items[0];
    return first ? { start: first.current_period_start, end: first.current_period_end } : { start: sub.start_date, end: sub.start_date };
  }

  /** Moves every item to the next period; returns the period that just ended. */
  private advancePeriod(sub: SubscriptionRec): { start: number; end: number } {
    const previous = this.periodOf(sub);
    sub._cycle += 1;
    for (const item of sub._items) {
      const price = this.db.prices[item.price];
      const { interval, interval_count } = price.recurring!;
      item.current_period_start = item.current_period_end;
      item.current_period_end = addInterval(sub.billing_cycle_anchor, interval, interval_count, sub._cycle);
    }
    return previous;
  }

  /** The period ends: the subscription moves to the next one (customer.subscription.updated), and its invoice is made. */
  private cycleInvoice(sub: SubscriptionRec, events: EventRec[]): InvoiceRec {
    const before = this.subscriptionJson(sub);
    const previous = this.advancePeriod(sub);
    const moved = this.subscriptionJson(sub);
    events.push(this.emit('customer.subscription.updated', moved, NO_REQUEST, SandboxCore.diff(before, moved)));
    const lines = sub._items.map((i) => this.recurringLine(sub, i));
    for (const p of sub._pending) {
      const price = this.db.prices[p.price];
      lines.push({
        id: randomId('il_'),
        description: p.description,
        amount: p.amount,
        currency: price.currency,
        quantity: p.quantity,
        price: p.price,
        product: price.product,
        period: p.period,
        proration: true,
        subscription_item: p.subscription_item,
        invoice_item: p.invoice_item ?? randomId('ii_'),
      });
    }
    sub._pending = [];
    return this.createInvoice(sub, 'subscription_cycle', lines, previous, NO_REQUEST, events);
  }

  private openInvoice(sub: SubscriptionRec): InvoiceRec | undefined {
    const inv = sub.latest_invoice ? this.db.invoices[sub.latest_invoice] : undefined;
    return inv?.status === 'open' ? inv : undefined;
  }

  private assertNotCanceled(sub: SubscriptionRec): void {
    if (sub.status === 'canceled') throw new ApiError(400, `The subscription ${sub.id} is canceled.`, undefined, 'subscription_canceled');
  }

  /**
   * Test control: the period ends and the renewal is charged to the card to use (subscription's default, else the
   * customer's): paid, or when past_due the open invoice's retry paid. A failing card (0341…) fails it as failPayment.
   */
  renew(sub: SubscriptionRec): EventRec[] {
    this.assertNotCanceled(sub);
    if (sub.cancel_at_period_end)
      throw new ApiError(400, `The subscription ${sub.id} is set to cancel at period end; use /test/subscriptions/${sub.id}/end-period.`);
    return this.chargeRenewal(sub);
  }

  /** Test control: the renewal payment fails (a new open invoice, or one more failed attempt on the open one). */
  failPayment(sub: SubscriptionRec): EventRec[] {
    this.assertNotCanceled(sub);
    return this.chargeRenewal(sub, 'generic_decline');
  }

  /**
   * A renewal attempt: the open invoice tried again, or (none open, or `periodEnds`: a test clock reached the period's
   * end) the period ends and the next invoice is made and tried. Paid, the subscription is active; declined, past_due (an unpaid one stays unpaid). Events as Stripe sends
   * them: the period change, the invoice's creation and finalization, the payment, the subscription's status.
   */
  chargeRenewal(sub: SubscriptionRec, forceDecline?: DeclineCode, periodEnds = false): EventRec[] {
    const events: EventRec[] = [];
    const inv = (periodEnds ? undefined : this.openInvoice(sub)) ?? this.cycleInvoice(sub, events);
    const before = this.subscriptionJson(sub);
    const { decline, requiresAction, processing } = this.attemptInvoice(inv, NO_REQUEST, events, { forceDecline });
    // A SEPA debit processing changes nothing yet: it settles later (sepa.ts).
    if (!processing) sub.status = !decline && !requiresAction ? 'active' : sub.status === 'unpaid' ? 'unpaid' : 'past_due';
    const after = this.subscriptionJson(sub);
    const previous = SandboxCore.diff(before, after);
    // A further failed attempt on the same open invoice changes nothing on the subscription: no update event then.
    if (Object.keys(previous).length > 0) events.push(this.emit('customer.subscription.updated', after, NO_REQUEST, previous));
    this.save();
    if (processing) events.push(...settleIfImmediate(this, processingDebitOf(this, inv)));
    return events;
  }

  /**
   * Test control: Stripe gives up after the last failed retry, as the account's "Manage failed payments" setting says.
   * `cancel` (Stripe's default): the subscription is canceled with `cancellation_details.reason = 'payment_failed'`
   * (customer.subscription.deleted) and Stripe stops collecting its open invoices (`auto_advance` false), which stay
   * open: payable on their hosted page until voided. `unpaid`: the subscription is marked unpaid (an open invoice stays).
   */
  giveUp(sub: SubscriptionRec, then: 'cancel' | 'unpaid' = 'cancel'): EventRec[] {
    this.assertNotCanceled(sub);
    if (!this.openInvoice(sub))
      throw new ApiError(400, `The subscription ${sub.id} has no open invoice; use /test/subscriptions/${sub.id}/fail-payment first.`);
    if (then === 'cancel') {
      const t = now();
      sub.status = 'canceled';
      sub.canceled_at = t;
      sub.ended_at = t;
      sub.cancellation_reason = 'payment_failed';
      sub._pending = [];
      for (const inv of Object.values(this.db.invoices)) {
        if (inv.subscription === sub.id && inv.status === 'open') {
          inv.auto_advance = false;
          inv.next_payment_attempt = null;
        }
      }
      const events = [this.emit('customer.subscription.deleted', this.subscriptionJson(sub))];
      this.save();
      return events;
    }
    const before = this.subscriptionJson(sub);
    sub.status = 'unpaid';
    const after = this.subscriptionJson(sub);
    const events = [this.emit('customer.subscription.updated', after, NO_REQUEST, SandboxCore.diff(before, after))];
    this.save();
    return events;
  }

  /**
   * POST /v1/invoices/:id/void — an open (or uncollectible) invoice is voided: never payable again (invoice.voided, then
   * invoice.updated). Stripe refuses any other status.
   */
  voidInvoice(inv: InvoiceRec, request: EventRequest): EventRec[] {
    if (inv.status !== 'open' && inv.status !== 'uncollectible')
      throw new ApiError(
        400,
        `You can only void an open or uncollectible invoice. This invoice is ${inv.status}.`,
        undefined,
        'invoice_not_editable',
      );
    const before = this.invoiceJson(inv);
    inv.status = 'void';
    inv.voided_at = now();
    inv.auto_advance = false;
    inv.next_payment_attempt = null;
    const after = this.invoiceJson(inv);
    const events = [
      this.emit('invoice.voided', after, request),
      this.emit('invoice.updated', after, request, SandboxCore.diff(before, after)),
    ];
    this.save();
    return events;
  }

  assertPayable(inv: InvoiceRec): void {
    if (inv.status === 'paid') throw new ApiError(400, 'Invoice is already paid', undefined, 'invoice_already_paid');
    if (inv.status === 'open' && processingDebitOf(this, inv))
      throw new ApiError(
        400,
        'This invoice cannot be paid while a payment is processing.',
        undefined,
        'invoice_payment_intent_requires_action',
      );
    if (inv.status !== 'open')
      throw new ApiError(400, `You can only pay an open invoice. This invoice is ${inv.status}.`, undefined, 'invoice_not_editable');
  }

  /**
   * POST /v1/invoices/:id/pay (and the hosted invoice page) — an open invoice charged to `pm`, by default the card to
   * use (subscription's default, else the customer's). A failing card counts one more attempt (invoice.payment_failed)
   * and throws Stripe's 402 card error carrying that event; otherwise the invoice is paid and its subscription,
   * past_due or unpaid, becomes active again.
   */
  payInvoice(inv: InvoiceRec, request: EventRequest, pm?: PaymentMethodRec, opts: { authenticated?: boolean } = {}): EventRec[] {
    this.assertPayable(inv);
    const sub = inv.subscription ? this.db.subscriptions[inv.subscription] : undefined;
    const card = pm ?? this.cardFor(inv.customer, sub);
    const before = sub ? this.subscriptionJson(sub) : undefined;
    const events: EventRec[] = [];
    const { decline, charge, requiresAction, processing } = this.attemptInvoice(inv, request, events, {
      pm: card,
      authenticated: opts.authenticated,
    });
    if (requiresAction) {
      this.save();
      throw invoiceRequiresAction(events, this.paymentIntentJson(this.db.paymentIntents[inv._payment_intent!]));
    }
    if (processing) {
      this.save();
      return [...events, ...settleIfImmediate(this, processingDebitOf(this, inv))];
    }
    if (decline) {
      this.save();
      const err = cardError(decline, { charge: charge?.id, ...(card ? { payment_method: renderPaymentMethod(card) } : {}) });
      err.events = events;
      throw err;
    }
    if (
      sub &&
      before &&
      sub.status !== 'canceled' &&
      (sub.status === 'past_due' || sub.status === 'unpaid') &&
      sub.latest_invoice === inv.id
    ) {
      sub.status = 'active';
      const after = this.subscriptionJson(sub);
      events.push(this.emit('customer.subscription.updated', after, request, SandboxCore.diff(before, after)));
    }
    events.push(...applyPendingUpdate(this, sub, inv, request));
    this.save();
    return events;
  }

  /** Test control: the current period ends; a subscription set to cancel ends, any other one renews. */
  endPeriod(sub: SubscriptionRec): EventRec[] {
    this.assertNotCanceled(sub);
    if (!sub.cancel_at_period_end) return this.renew(sub);
    sub.status = 'canceled';
    sub.ended_at = now();
    sub._pending = [];
    const events = [this.emit('customer.subscription.deleted', this.subscriptionJson(sub))];
    this.save();
    return events;
  }

  /** DELETE /v1/subscriptions/:id — ends any subscription not yet canceled, now (pending prorations are dropped). */
  cancelNow(
    sub: SubscriptionRec,
    request: EventRequest,
    details: { comment?: string | null; feedback?: SubscriptionRec['cancellation_feedback'] } = {},
  ): EventRec[] {
    if (sub.status === 'canceled') throw new ApiError(404, `No such subscription: '${sub.id}'`, 'id', 'resource_missing');
    const t = now();
    sub.status = 'canceled';
    sub.canceled_at = t;
    sub.ended_at = t;
    sub.cancellation_reason = 'cancellation_requested';
    if (details.comment !== undefined) sub.cancellation_comment = details.comment;
    if (details.feedback !== undefined) sub.cancellation_feedback = details.feedback;
    sub._pending = [];
    const events = [this.emit('customer.subscription.deleted', this.subscriptionJson(sub), request)];
    this.save();
    return events;
  }

  /**
   * POST /v1/subscriptions/:id — items (price swap, quantity, add, delete), proration_behavior, cancel_at_period_end,
   * metadata, description. Returns the events (customer.subscription.updated, then invoice.paid with always_invoice).
   */
  updateSubscription(
    sub: SubscriptionRec,
    changes: {
      items?: { id?: string; price?: string; quantity?: number; deleted?: boolean; param: string }[];
      proration: 'create_prorations' | 'always_invoice' | 'none';
      cancelAtPeriodEnd?: boolean;
      clearCancelAt?: boolean;
      metadata?: Record<string, string | null> | null;
      description?: string | null;
      defaultPaymentMethod?: string | null;
      cancellationDetails?: { comment?: string | null; feedback?: SubscriptionRec['cancellation_feedback'] };
      /**
       * How a failing card, or one needing authentication, ends an always_invoice charge: allow_incomplete (default: the
       * update stands, past_due), error_if_incomplete (402, nothing changes) or pending_if_incomplete (a pending update).
       */
      paymentBehavior?: 'allow_incomplete' | 'error_if_incomplete' | 'pending_if_incomplete';
    },
    request: EventRequest,
  ): EventRec[] {
    if (
      sub.status === 'canceled' &&
      (changes.items || changes.cancelAtPeriodEnd !== undefined || changes.clearCancelAt || changes.defaultPaymentMethod !== undefined)
    ) {
      throw new ApiError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
    }
    if (changes.defaultPaymentMethod) this.attachedPaymentMethod(sub.customer, changes.defaultPaymentMethod, 'default_payment_method');
    sub.default_payment_method ??= null;
    const snapshot = structuredClone(sub); // restored as it was if an error_if_incomplete charge fails
    const before = this.subscriptionJson(sub);
    const t = now();
    const prorations: InvoiceLineRec[] = [];
    const period = this.periodOf(sub);
    const fraction = period.end > period.start ? Math.min(1, Math.max(0, (period.end - t) / (period.end - period.start))) : 0;
    const dateLabel = formatDate(t);

    // The unused time of an item's old price is credited, the remaining time of its new price debited.
    const prorate = (item: SubItemRec, price: PriceRec, sign: 1 | -1): void => {
      prorations.push({
        id: randomId('il_'),
        description: `${sign < 0 ? 'Temps inutilisé' : 'Temps restant'} sur ${item.quantity} × ${this.productName(price)} après le ${dateLabel}`,
        amount: sign * Math.round(price.unit_amount * item.quantity * fraction),
        currency: price.currency,
        quantity: item.quantity,
        price: price.id,
        product: price.product,
        period: { start: t, end: period.end },
        proration: true,
        subscription_item: item.id,
        invoice_item: randomId('ii_'),
      });
    };
    const credit = (item: SubItemRec, price: PriceRec): void => prorate(item, price, -1);
    const debit = (item: SubItemRec, price: PriceRec): void => prorate(item, price, 1);

    // Validate everything before changing anything.
    const plan = (changes.items ?? []).map((change) => {
      const item = change.id ? sub._items.find((i) => i.id === change.id) : undefined;
      if (change.id && !item)
        throw new ApiError(400, `No such subscription item: '${change.id}'`, `${change.param}[id]`, 'resource_missing');
      const price = change.price ? this.price(change.price, `${change.param}[price]`, 400) : undefined;
      if (price && price.type !== 'recurring') {
        throw new ApiError(
          400,
          'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
          `${change.param}[price]`,
        );
      }
      if (price && !price.active)
        throw new ApiError(400, `The price specified is inactive. This field only accepts active prices.`, `${change.param}[price]`);
      const current = item ? this.db.prices[item.price] : sub._items[0] ? this.db.prices[sub._items[0].price] : undefined;
      if (
        price &&
        current?.recurring &&
        (price.recurring!.interval !== current.recurring.interval || price.recurring!.interval_count !== current.recurring.interval_count)
      ) {
        throw new ApiError(
          400,
          'Stripe sandbox: changing the billing interval of a subscription is not supported.',
          `${change.param}[price]`,
        );
      }
      if (!item && !price && !change.deleted)
        throw new ApiError(400, 'Missing required param: price.', `${change.param}[price]`, 'parameter_missing');
      return { change, item, price };
    });

    for (const { change, item, price } of plan) {
      if (item && change.deleted) {
        credit(item, this.db.prices[item.price]);
        sub._items = sub._items.filter((i) => i !== item);
      } else if (item) {
        const oldPrice = this.db.prices[item.price];
        const newPrice = price ?? oldPrice;
        const newQty = change.quantity ?? item.quantity;
        if (newPrice.id !== oldPrice.id || newQty !== item.quantity) {
          credit(item, oldPrice);
          item.price = newPrice.id;
          item.quantity = newQty;
          debit(item, newPrice);
        }
      } else if (price) {
        const added: SubItemRec = {
          id: randomId('si_', 14),
          price: price.id,
          quantity: change.quantity ?? 1,
          created: t,
          metadata: {},
          current_period_start: period.start,
          current_period_end: period.end,
        };
        sub._items.push(added);
        debit(added, price);
      }
    }
    if (sub._items.length === 0) throw new ApiError(400, 'A subscription must have at least one active plan.');

    if (changes.cancelAtPeriodEnd !== undefined) {
      sub.cancel_at_period_end = changes.cancelAtPeriodEnd;
      sub.cancel_at = changes.cancelAtPeriodEnd ? this.periodOf(sub).end : null;
      sub.canceled_at = changes.cancelAtPeriodEnd ? t : null;
      sub.cancellation_reason = changes.cancelAtPeriodEnd ? 'cancellation_requested' : null;
    }
    if (changes.clearCancelAt) {
      sub.cancel_at_period_end = false;
      sub.cancel_at = null;
      sub.canceled_at = null;
      sub.cancellation_reason = null;
    }
    sub.metadata = applyMetadata(sub.metadata, changes.metadata);
    if (changes.description !== undefined) sub.description = changes.description;
    if (changes.defaultPaymentMethod !== undefined) sub.default_payment_method = changes.defaultPaymentMethod;
    if (changes.cancellationDetails?.comment !== undefined) sub.cancellation_comment = changes.cancellationDetails.comment;
    if (changes.cancellationDetails?.feedback !== undefined) sub.cancellation_feedback = changes.cancellationDetails.feedback;

    let invoice: InvoiceRec | undefined;
    const invoiceEvents: EventRec[] = [];
    const nonZero = prorations.filter((p) => p.amount !== 0);
    if (changes.proration === 'always_invoice' && (nonZero.length > 0 || sub._pending.length > 0)) {
      const lines = [
        ...sub._pending.map((p) => ({
          id: randomId('il_'),
          description: p.description,
          amount: p.amount,
          currency: sub.currency,
          quantity: p.quantity,
          price: p.price,
          product: this.db.prices[p.price].product,
          period: p.period,
          proration: true,
          subscription_item: p.subscription_item,
          invoice_item: p.invoice_item ?? randomId('ii_'),
        })),
        ...nonZero,
      ];
      const payable = lines.reduce((sum, l) => sum + l.amount, 0) > 0;
      const card = this.cardFor(sub.customer, sub);
      const decline = payable ? card?._charge_decline : undefined;
      const needsAction = payable && needsAuthentication(card, true);
      if ((decline || needsAction) && changes.paymentBehavior === 'error_if_incomplete') {
        // Stripe: the charge failed or waits for the customer, so the update is not applied at all (402, no event).
        Object.assign(sub, snapshot);
        throw needsAction ? subscriptionRequiresAction() : cardError(decline!);
      }
      if ((decline || needsAction) && changes.paymentBehavior === 'pending_if_incomplete') {
        // The subscription stays as it was; the change waits in pending_update for its invoice's payment (23 h at most).
        const items = sub._items;
        Object.assign(sub, snapshot);
        sub._pending = [];
        invoice = this.createInvoice(sub, 'subscription_update', lines, { start: t, end: t }, request, invoiceEvents);
        sub._pending_update = { expires_at: Math.min(period.end, t + PENDING_UPDATE_SECONDS), items, invoice: invoice.id };
        this.attemptInvoice(invoice, request, invoiceEvents);
      } else {
        sub._pending = [];
        // allow_incomplete: the update stands, its invoice stays open and the subscription becomes past_due.
        invoice = this.createInvoice(sub, 'subscription_update', lines, { start: t, end: t }, request, invoiceEvents);
        const attempt = this.attemptInvoice(invoice, request, invoiceEvents);
        if (attempt.decline || attempt.requiresAction) sub.status = 'past_due';
      }
    } else if (changes.proration === 'create_prorations') {
      for (const p of nonZero)
        sub._pending.push({
          description: p.description,
          amount: p.amount,
          price: p.price,
          quantity: p.quantity,
          subscription_item: p.subscription_item!,
          period: p.period,
          invoice_item: p.invoice_item!,
        });
    }

    const after = this.subscriptionJson(sub);
    const previous = SandboxCore.diff(before, after);
    const events: EventRec[] = [];
    // Each proration is an invoice item (invoiceitem.created), pending until an invoice takes it.
    if (changes.proration !== 'none')
      for (const p of nonZero) events.push(this.emit('invoiceitem.created', renderProrationItem(sub, p, t), request));
    if (Object.keys(previous).length > 0) events.push(this.emit('customer.subscription.updated', after, request, previous));
    events.push(...invoiceEvents);
    this.save();
    if (invoice) events.push(...settleIfImmediate(this, processingDebitOf(this, invoice)));
    return events;
  }

  // ---- refunds --------------------------------------------------------------------------------------------------

  /**
   * POST /v1/refunds — of a PaymentIntent's charge or of a charge: `amount` (default: what is left to refund), at most
   * what is left; the charge's amount_refunded/refunded follow. Events refund.created then charge.refunded.
   */
  refund(
    target: { charge?: string; payment_intent?: string },
    fields: { amount?: number; reason: RefundRec['reason']; metadata: Record<string, string> },
    request: EventRequest,
  ): { refund: RefundRec; events: EventRec[] } {
    let ch: ChargeRec;
    if (target.payment_intent) {
      const pi = this.db.paymentIntents[target.payment_intent];
      if (!pi) throw noSuch('payment_intent', target.payment_intent, 'payment_intent', 400);
      const latest = pi.latest_charge ? this.db.charges[pi.latest_charge] : undefined;
      if (!latest || latest.status === 'failed')
        throw new ApiError(400, `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, 'payment_intent');
      ch = latest;
      if (target.charge && target.charge !== ch.id)
        throw new ApiError(400, `Charge ${target.charge} does not belong to PaymentIntent ${pi.id}.`, 'charge');
    } else if (target.charge) {
      const found = this.db.charges[target.charge];
      if (!found) throw noSuch('charge', target.charge, 'charge', 400);
      ch = found;
    } else {
      throw new ApiError(
        400,
        'One of the following params should be provided for this request: payment_intent or charge.',
        undefined,
        'parameter_missing',
      );
    }
    const left = ch.amount - ch.amount_refunded;
    if (left <= 0) throw new ApiError(400, `Charge ${ch.id} has already been refunded.`, undefined, 'charge_already_refunded');
    const amount = fields.amount ?? left;
    if (amount > left) {
      throw new ApiError(
        400,
        `Refund amount (${formatEur(amount, ch.currency)}) is greater than unrefunded amount on charge (${formatEur(left, ch.currency)})`,
        'amount',
        'amount_too_large',
      );
    }
    const r: RefundRec = {
      id: randomId('re_'),
      object: 'refund',
      amount,
      currency: ch.currency,
      charge: ch.id,
      payment_intent: ch.payment_intent,
      payment_method: ch.payment_method,
      customer: ch.customer,
      reason: fields.reason,
      status: 'succeeded',
      metadata: fields.metadata,
      created: now(),
    };
    this.db.refunds[r.id] = r;
    const before = renderCharge(ch);
    ch.amount_refunded += amount;
    ch.refunded = ch.amount_refunded >= ch.amount;
    const after = renderCharge(ch);
    const events = [
      this.emit('refund.created', renderRefund(r), request),
      this.emit('charge.refunded', after, request, SandboxCore.diff(before, after)),
    ];
    this.save();
    return { refund: r, events };
  }

  customerJson(c: CustomerRec): Json {
    return renderCustomer(c);
  }
}

/** A completed session's `customer_details`, as Stripe fills them from the hosted page. */
function customerDetails(email: string | null, name: string | null): Wire<Stripe.Checkout.Session.CustomerDetails> {
  return { address: null, business_name: null, email, individual_name: null, name, phone: null, tax_exempt: 'none', tax_ids: [] };
}
