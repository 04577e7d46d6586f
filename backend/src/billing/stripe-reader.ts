import { Injectable } from '@nestjs/common';
import type Stripe from 'stripe';
import { isPaidPlanId, planOf } from '@vitrine/domain';
import type {
  InvoiceFromStripe,
  InvoiceRow,
  PaidCheckout,
  PaidRestart,
  RefundRow,
  StripeAddressFacts,
  StripeInvoiceFacts,
  SubscriptionFromStripe,
} from '../billing-facts/facts';
import type { ReceivedEvent } from './billing.repository';
import { fromUnix, shortDate } from '../common/format';
import { PriceBook } from './price-book.service';
import { StripeProvider, isMissingAtStripe } from './stripe.provider';

/** What an event changes, read from Stripe before the transaction opens. */
export type { PaidRestart, StripeInvoiceFacts, StripeLineFacts, SubscriptionFromStripe } from '../billing-facts/facts';

export interface Effects {
  customerId?: string;
  email?: string | null;
  subscription?: SubscriptionFromStripe;
  invoices: InvoiceFromStripe[];
  /** Chosen from the current state read from Stripe, never from the event's name */
  mail?: 'payment-failed' | 'payment-action-required';
  /** A paid order to provision (checkout.session.completed of a session opened for an order draft) */
  paidOrder?: PaidCheckout;
  /** A paid restart of an ended subscription's site (a session opened by SubscriptionsService.restart) */
  restart?: PaidRestart;
  /** A new card saved for a site's subscription (a setup-mode session), already made its default at Stripe */
  cardChange?: { sessionId: string; siteId: string; subscriptionId: string; last4: string | null };
  /**
   * Every refund of a refunded charge as Stripe has it now (a refund made in Stripe's dashboard, or a duplicate's), each
   * with the Stripe invoice its payment paid: recorded, and each succeeded one credited once (RefundCredits).
   */
  refunds?: RefundRow[];
  /** Set when the event is acknowledged without effect */
  ignored?: string;
}

/**
 * The mail the current state calls for: an invoice whose payment is failing now (the site's own changes, suspension,
 * restoration, end, are the site lifecycle's mails).
 */
export function mailFor(
  subscription: SubscriptionFromStripe | undefined,
  invoice: (InvoiceRow & { amountDue: number }) | undefined,
): Effects['mail'] {
  if (invoice?.paymentFailed && (!subscription || subscription.status === 'past_due' || subscription.status === 'unpaid'))
    return invoice.actionRequired ? 'payment-action-required' : 'payment-failed';
  return undefined;
}

export const idOf = (value: string | { id: string } | null | undefined): string | undefined =>
  typeof value === 'string' ? value : value?.id;

/**
 * What an invoice is for, in French: a proration says so and names its period ('Ajustement au prorata : passage en
 * Business du 24/11/2026 au 24/12/2026'); a plan's first and monthly invoices name the plan ('Abonnement Formule Pro');
 * any other keeps Stripe's description or its first line's.
 */
export function invoiceDescription(inv: Stripe.Invoice, planName?: string): string | null {
  const lines = inv.lines?.data ?? [];
  const prorations = lines.filter(
    (l) =>
      (l.parent as { subscription_item_details?: { proration?: boolean } } | null)?.subscription_item_details?.proration ||
      (l as unknown as { proration?: boolean }).proration,
  );
  if (inv.billing_reason === 'subscription_update' && prorations.length) {
    const debit = prorations.find((l) => l.amount > 0) ?? prorations[0];
    const period = debit.period ? ` du ${shortDate(fromUnix(debit.period.start))} au ${shortDate(fromUnix(debit.period.end))}` : '';
    return `Ajustement au prorata : passage en ${planName ?? 'nouvelle formule'}${period}`;
  }
  // A plan's own invoices say which plan (the site is named beside it, from the subscription's site).
  if (planName && (inv.billing_reason === 'subscription_create' || inv.billing_reason === 'subscription_cycle'))
    return `Abonnement Formule ${planName}`;
  return inv.description ?? lines[0]?.description ?? null;
}

function addressFacts(a: Stripe.Address | null | undefined): StripeAddressFacts | null {
  if (!a || !(a.line1 || a.line2 || a.postal_code || a.city)) return null;
  return {
    line1: a.line1 ?? null,
    line2: a.line2 ?? null,
    postalCode: a.postal_code ?? null,
    city: a.city ?? null,
    country: a.country ?? null,
  };
}

export function invoiceFacts(inv: Stripe.Invoice): StripeInvoiceFacts {
  return {
    number: inv.number ?? null,
    billingReason: inv.billing_reason ?? null,
    paidAt: inv.status_transitions?.paid_at ?? null,
    customerName: inv.customer_name ?? null,
    customerEmail: inv.customer_email ?? null,
    customerAddress: addressFacts(inv.customer_address),
    lines: (inv.lines?.data ?? []).map((l) => {
      const line = l as unknown as {
        pricing?: { price_details?: { price?: string | { id: string } } };
        price?: { id: string } | null;
        proration?: boolean;
      };
      const parent = l.parent as {
        subscription_item_details?: { proration?: boolean };
        invoice_item_details?: { proration?: boolean };
      } | null;
      return {
        priceId: idOf(line.pricing?.price_details?.price) ?? line.price?.id ?? null,
        description: l.description ?? null,
        amountCents: l.amount,
        quantity: l.quantity ?? 1,
        periodStart: l.period?.start ?? null,
        periodEnd: l.period?.end ?? null,
        proration: Boolean(parent?.subscription_item_details?.proration || parent?.invoice_item_details?.proration || line.proration),
      };
    }),
  };
}

export function toInvoiceRow(
  inv: Stripe.Invoice,
  syncedAt: Date,
  planName?: string,
): InvoiceRow & { amountDue: number; facts: StripeInvoiceFacts } {
  return {
    facts: invoiceFacts(inv),
    id: inv.id!,
    customerId: idOf(inv.customer)!,
    userId: null,
    subscriptionId: idOf(inv.parent?.subscription_details?.subscription as string | { id: string } | null | undefined) ?? null,
    number: inv.number,
    created: inv.created,
    amountCents: inv.total,
    amountDue: inv.amount_due,
    currency: inv.currency,
    status: inv.status,
    description: invoiceDescription(inv, planName),
    hostedUrl: inv.hosted_invoice_url ?? null,
    pdfUrl: inv.invoice_pdf ?? null,
    paymentFailed: inv.status === 'open' && (inv.attempt_count ?? 0) > 0,
    actionRequired: inv.status === 'open' && awaitsAuthentication(inv),
    syncedAt,
  };
}

/**
 * An open invoice whose payment waits for the client's authentication (3-D Secure): its PaymentIntent, read through the
 * invoice's payments (`expand: ['payments.data.payment.payment_intent']`), is `requires_action`.
 */
export function awaitsAuthentication(inv: Stripe.Invoice): boolean {
  return (inv.payments?.data ?? []).some((p) => {
    const pi = p.payment?.payment_intent;
    return p.status === 'open' && typeof pi === 'object' && pi !== null && pi.status === 'requires_action';
  });
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order a completed, paid checkout session was opened for (its metadata, written by CheckoutService). */
export function paidOrderOf(session: Stripe.Checkout.Session): PaidCheckout | undefined {
  const m = session.metadata ?? {};
  if (!m.draftId || !UUID.test(m.draftId) || session.payment_status === 'unpaid' || !isPaidPlanId(m.planType)) return undefined;
  const count = Number(m.extraEmailCount);
  return {
    sessionId: session.id,
    draftId: m.draftId,
    planType: m.planType,
    addOns: {
      logo: m.logo === 'true',
      googleBusiness: m.googleBusiness === 'true',
      trustpilot: m.trustpilot === 'true',
      extraEmailCount: Number.isInteger(count) && count > 0 ? count : 0,
    },
    subscriptionId: idOf(session.subscription as string | { id: string } | null) ?? null,
    email: session.customer_details?.email ?? session.customer_email ?? null,
    name: session.customer_details?.name ?? null,
  };
}

/**
 * The event types the product acts on, by the Stripe object each one is about (read back from Stripe). A refund, made
 * by the product or in Stripe's dashboard, full or partial, is reported by Stripe as `refund.created` and
 * `charge.refunded` (then `refund.updated`, `refund.failed`, `charge.refund.updated` when its status changes): each
 * reads all the charge's refunds, so any one of them, in any order, is enough.
 */
export const OBJECT_OF_TYPE: Record<string, 'checkout' | 'subscription' | 'invoice' | 'charge' | 'refund'> = {
  'checkout.session.completed': 'checkout',
  'customer.subscription.created': 'subscription',
  'customer.subscription.updated': 'subscription',
  'customer.subscription.deleted': 'subscription',
  'invoice.paid': 'invoice',
  'invoice.payment_failed': 'invoice',
  'invoice.voided': 'invoice',
  'invoice.payment_action_required': 'invoice',
  'charge.refunded': 'charge',
  'refund.created': 'refund',
  'refund.updated': 'refund',
  'refund.failed': 'refund',
  'charge.refund.updated': 'refund',
};

/**
 * An invoice with every one of its lines. Stripe embeds only the first 10 (`lines.has_more` beyond them); the others
 * are read through the invoice's lines endpoint, all pages, so that an invoice never loses a line (its legal invoice
 * lists them all).
 */
export async function withAllLines<T extends Stripe.Invoice | null | undefined>(client: Stripe, invoice: T): Promise<T> {
  if (!invoice || !invoice.lines?.has_more || !invoice.id) return invoice;
  const data: Stripe.InvoiceLineItem[] = [];
  for await (const line of client.invoices.listLineItems(invoice.id, { limit: 100 })) data.push(line);
  return { ...invoice, lines: { ...invoice.lines, data, has_more: false } };
}

/** Stripe's answer to paying an invoice that is already paid (a race with another payment of it). */
export const isAlreadyPaid = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'invoice_already_paid';

/** A Stripe refund in our columns, with the Stripe invoice its payment paid (if any). */
export function toRefundRow(refund: Stripe.Refund, invoiceId: string | null, syncedAt: Date): RefundRow {
  return {
    id: refund.id,
    invoiceId,
    chargeId: idOf(refund.charge as string | { id: string } | null) ?? null,
    paymentIntentId: idOf(refund.payment_intent as string | { id: string } | null) ?? null,
    customerId: idOf(refund.customer as string | { id: string } | null) ?? null,
    amountCents: refund.amount,
    currency: refund.currency,
    status: refund.status ?? 'pending',
    reason: refund.reason ?? null,
    created: refund.created,
    syncedAt,
  };
}

/** Objects of one batch that several groups read at most once each (same id: same promise). */
export class BatchReader {
  private readonly reads = new Map<string, Promise<unknown>>();
  constructor(private readonly client: Stripe) {}

  private once<T>(key: string, read: () => Promise<T>): Promise<T> {
    let pending = this.reads.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = read();
      this.reads.set(key, pending);
    }
    return pending;
  }

  session = (id: string) =>
    this.once(`cs:${id}`, async () => {
      const session = await this.client.checkout.sessions.retrieve(id, { expand: ['subscription', 'invoice'] });
      if (typeof session.invoice === 'object' && session.invoice) session.invoice = await withAllLines(this.client, session.invoice);
      return session;
    });
  subscription = (id: string) => this.once(`sub:${id}`, () => this.client.subscriptions.retrieve(id));
  customer = (id: string) => this.once(`cus:${id}`, () => this.client.customers.retrieve(id));
  /** An invoice with its payments' PaymentIntents (whether its payment awaits the client's authentication). */
  invoice = (id: string) =>
    this.once(`in:${id}`, async () =>
      withAllLines(this.client, await this.client.invoices.retrieve(id, { expand: ['payments.data.payment.payment_intent'] })),
    );
  refund = (id: string) => this.once(`re:${id}`, () => this.client.refunds.retrieve(id));
  /** Every refund of a charge, newest first (all pages). */
  refundsOfCharge = (chargeId: string) =>
    this.once(`re-of:${chargeId}`, async () => {
      const all: Stripe.Refund[] = [];
      for await (const refund of this.client.refunds.list({ charge: chargeId, limit: 100 })) all.push(refund);
      return all;
    });
  /** The Stripe invoice a PaymentIntent paid, if any (its invoice payment). */
  invoiceOfPayment = (paymentIntentId: string) =>
    this.once(`inpay:${paymentIntentId}`, async () => {
      const payments = await this.client.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntentId },
        limit: 10,
      });
      const payment = payments.data.find((p) => p.status === 'paid') ?? payments.data[0];
      return idOf(payment?.invoice as string | { id: string } | undefined) ?? null;
    });
}

/**
 * Reading Stripe, the second part of the webhook (after receiving and storing the event, before applying it): an
 * event's object read back in its current state, and what it calls for (Effects), outside any transaction. The only
 * Stripe writes here are those a completed card change calls for (idempotent), before anything is applied.
 */
@Injectable()
export class StripeReader {
  constructor(
    private readonly stripe: StripeProvider,
    private readonly prices: PriceBook,
  ) {}

  /** A reader for one batch: each object read at most once. */
  batch(): BatchReader {
    return new BatchReader(this.stripe.client);
  }

  async load(event: ReceivedEvent, reader: BatchReader): Promise<Effects> {
    try {
      const effects = await this.read(event, reader);
      await this.label(effects.invoices);
      return effects;
    } catch (error) {
      if (isMissingAtStripe(error)) return { invoices: [], ignored: `objet introuvable chez Stripe (${(error as Error).message})` };
      throw error;
    }
  }

  private async read(event: ReceivedEvent, reader: BatchReader): Promise<Effects> {
    const syncedAt = new Date();
    const objectId = event.objectId!;
    switch (OBJECT_OF_TYPE[event.type]) {
      case 'checkout': {
        const session = await reader.session(objectId);
        if (session.mode === 'setup') return this.readCardChange(session, reader, syncedAt);
        const subscription = typeof session.subscription === 'object' && session.subscription ? session.subscription : undefined;
        const invoice = typeof session.invoice === 'object' && session.invoice ? session.invoice : undefined;
        const row = subscription ? await this.toSubscriptionRow(subscription, syncedAt) : undefined;
        const invoices = invoice ? [toInvoiceRow(invoice, syncedAt, planNameOf(row?.plan))] : [];
        const restart = restartOf(session);
        return {
          customerId: idOf(session.customer),
          email: session.customer_details?.email ?? session.customer_email,
          subscription: row,
          invoices,
          paidOrder: restart ? undefined : paidOrderOf(session),
          restart,
          mail: mailFor(row, invoices[0]),
        };
      }
      case 'subscription': {
        const subscription = await reader.subscription(objectId);
        const customerId = idOf(subscription.customer)!;
        const customer = await reader.customer(customerId);
        const row = await this.toSubscriptionRow(subscription, syncedAt);
        return {
          customerId,
          email: 'deleted' in customer && customer.deleted ? null : (customer as Stripe.Customer).email,
          subscription: row,
          invoices: [],
        };
      }
      case 'invoice': {
        const invoice = await reader.invoice(objectId);
        const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription as string | { id: string } | null | undefined);
        // The subscription's current state too: the site and the mails follow it, whatever the event says.
        const subscription = subscriptionId ? await this.toSubscriptionRow(await reader.subscription(subscriptionId), syncedAt) : undefined;
        const row = toInvoiceRow(invoice, syncedAt, planNameOf(subscription?.plan));
        return {
          customerId: idOf(invoice.customer),
          email: invoice.customer_email,
          subscription,
          invoices: [row],
          mail: mailFor(subscription, row),
        };
      }
      case 'charge':
        return this.readRefunds(objectId, null, reader, syncedAt);
      case 'refund': {
        const refund = await reader.refund(objectId);
        const chargeId = idOf(refund.charge as string | { id: string } | null);
        return this.readRefunds(chargeId ?? null, refund, reader, syncedAt);
      }
      default:
        return { invoices: [], ignored: 'type d’événement non traité' };
    }
  }

  /**
   * A refunded charge: every one of its refunds in its current state (a refund without charge: itself), each with the
   * Stripe invoice the refunded payment paid.
   */
  private async readRefunds(chargeId: string | null, refund: Stripe.Refund | null, reader: BatchReader, syncedAt: Date): Promise<Effects> {
    const refunds = chargeId ? await reader.refundsOfCharge(chargeId) : refund ? [refund] : [];
    if (!refunds.length) return { invoices: [], ignored: 'aucun remboursement sur ce paiement' };
    const rows: RefundRow[] = [];
    for (const r of refunds) {
      const paymentIntentId = idOf(r.payment_intent as string | { id: string } | null);
      const invoiceId = paymentIntentId ? await reader.invoiceOfPayment(paymentIntentId) : null;
      rows.push(toRefundRow(r, invoiceId, syncedAt));
    }
    return { invoices: [], refunds: rows };
  }

  /** Names each invoice line after the catalogue (the price book is read now, outside any transaction). */
  async label(invoices: Array<{ facts?: StripeInvoiceFacts }>): Promise<void> {
    for (const invoice of invoices)
      for (const line of invoice.facts?.lines ?? []) line.label = await this.prices.labelOfPrice(line.priceId);
  }

  /** Reads a subscription from Stripe in our columns. */
  async readSubscription(id: string): Promise<SubscriptionFromStripe> {
    return this.toSubscriptionRow(await this.stripe.client.subscriptions.retrieve(id), new Date());
  }

  async toSubscriptionRow(sub: Stripe.Subscription, syncedAt: Date): Promise<SubscriptionFromStripe> {
    const items = sub.items.data;
    let planItem = items[0];
    let plan = 'teams';
    for (const item of items) {
      const p = await this.prices.planOfPrice(item.price.id);
      if (p !== 'teams') {
        planItem = item;
        plan = p;
        break;
      }
    }
    return {
      id: sub.id,
      customerId: idOf(sub.customer)!,
      userId: null,
      status: sub.status,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      currentPeriodEnd: planItem?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end ?? null,
      priceId: planItem?.price.id ?? null,
      plan: items.length ? plan : null,
      metadata: sub.metadata ?? {},
      startedAt: sub.created ?? null,
      endedAt: sub.ended_at ?? (sub.status === 'canceled' ? sub.canceled_at : null) ?? null,
      syncedAt,
      cancellationReason: sub.cancellation_details?.reason ?? null,
    };
  }

  /**
   * A completed setup-mode session: the card it saved becomes its subscription's default_payment_method (a Stripe call,
   * idempotent, before the transaction) — that subscription's only: the customer's other subscriptions keep each their
   * own card, as Checkout saved it on each; a renewal that was failing is tried again at once with it.
   */
  private async readCardChange(session: Stripe.Checkout.Session, reader: BatchReader, syncedAt: Date): Promise<Effects> {
    const m = session.metadata ?? {};
    const customerId = idOf(session.customer);
    const setupIntentId = idOf(session.setup_intent as string | { id: string } | null);
    if (
      session.status !== 'complete' ||
      !customerId ||
      !setupIntentId ||
      !m.cardForSiteId ||
      !UUID.test(m.cardForSiteId) ||
      !m.subscriptionId
    ) {
      return { invoices: [], ignored: 'changement de carte inachevé ou inconnu' };
    }
    const client = this.stripe.client;
    const intent = await client.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] });
    const pm = typeof intent.payment_method === 'object' && intent.payment_method ? intent.payment_method : null;
    const subscription = await reader.subscription(m.subscriptionId);
    if (!pm || idOf(subscription.customer) !== customerId) return { invoices: [], ignored: 'carte ou abonnement d’un autre client' };
    let updated = await client.subscriptions.update(
      m.subscriptionId,
      { default_payment_method: pm.id },
      { idempotencyKey: `card:${session.id}:subscription` },
    );
    const invoices: Stripe.Invoice[] = [];
    const latestId = idOf(updated.latest_invoice as string | { id: string } | null);
    if ((updated.status === 'past_due' || updated.status === 'unpaid') && latestId) {
      const latest = await client.invoices.retrieve(latestId);
      if (latest.status === 'open') {
        try {
          invoices.push(await withAllLines(client, await client.invoices.pay(latestId, {}, { idempotencyKey: `card:${session.id}:pay` })));
        } catch (error) {
          // Paid meanwhile (Stripe's own retry, the client on the hosted page): its current state is what counts.
          if (isAlreadyPaid(error)) invoices.push(await withAllLines(client, await client.invoices.retrieve(latestId)));
          // The new card is refused too: it stays the card of the next attempts; the invoice stays open.
          else if ((error as { statusCode?: number }).statusCode !== 402) throw error;
        }
        updated = await client.subscriptions.retrieve(m.subscriptionId);
      }
    }
    const row = await this.toSubscriptionRow(updated, syncedAt);
    return {
      customerId,
      subscription: row,
      invoices: invoices.map((i) => toInvoiceRow(i, syncedAt, planNameOf(row.plan))),
      cardChange: { sessionId: session.id, siteId: m.cardForSiteId, subscriptionId: m.subscriptionId, last4: pm.card?.last4 ?? null },
    };
  }
}

/** 'Pro', 'Business' (a plan id as its name in the catalogue), or undefined. */
export function planNameOf(plan: string | null | undefined): string | undefined {
  return isPaidPlanId(plan) ? planOf(plan).name : undefined;
}

/** The site restart a completed, paid checkout session was opened for (its metadata, written by CheckoutService.restart). */
export function restartOf(session: Stripe.Checkout.Session): PaidRestart | undefined {
  const m = session.metadata ?? {};
  const subscriptionId = idOf(session.subscription as string | { id: string } | null);
  if (
    !m.restartSiteId ||
    !UUID.test(m.restartSiteId) ||
    !m.userId ||
    !UUID.test(m.userId) ||
    !subscriptionId ||
    session.payment_status === 'unpaid' ||
    !isPaidPlanId(m.planType)
  )
    return undefined;
  return {
    sessionId: session.id,
    siteId: m.restartSiteId,
    planType: m.planType,
    subscriptionId,
    userId: m.userId,
  };
}
