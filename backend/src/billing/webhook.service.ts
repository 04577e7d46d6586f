import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { UsersService } from '../auth/users.service';
import { Coalescer } from '../common/coalescer';
import { retryDelaySeconds } from '../common/retry';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import type { StatusCause } from '../sites/site-status-history.entity';
import { SitesService } from '../sites/sites.service';
import { BillingRepository, type ClaimedEvent, type InvoiceRow, type ReceivedEvent, type SubscriptionRow } from './billing.repository';
import { OrderProvisioning, type PaidCheckout } from './order-provisioning.service';
import { PriceBook } from './price-book.service';
import { StripeProvider, isMissingAtStripe } from './stripe.provider';

/** What an event changes, read from Stripe before the transaction opens. */
export interface Effects {
  customerId?: string;
  email?: string | null;
  subscription?: SubscriptionFromStripe;
  invoices: Array<InvoiceRow & { amountDue: number }>;
  /** Chosen from the current state read from Stripe, never from the event's name */
  mail?: 'payment-failed' | 'subscription-canceled';
  /** A paid order to provision (checkout.session.completed of a session opened for an order draft) */
  paidOrder?: PaidCheckout;
  /** Set when the event is acknowledged without effect */
  ignored?: string;
}

export type SubscriptionFromStripe = SubscriptionRow & { cancellationReason: string | null };

/** What a subscription's current state means for its site: Stripe gave up or it ended, it is paid, or neither (dunning). */
export function paymentStateOf(status: string): 'paid' | 'lapsed' | 'unchanged' {
  if (status === 'canceled' || status === 'unpaid' || status === 'incomplete_expired') return 'lapsed';
  if (status === 'active' || status === 'trialing') return 'paid';
  return 'unchanged';
}

/** The mail the current state calls for: an ended subscription, or an invoice whose payment is failing now. */
export function mailFor(subscription: SubscriptionFromStripe | undefined, invoice: (InvoiceRow & { amountDue: number }) | undefined): Effects['mail'] {
  if (subscription?.status === 'canceled') return 'subscription-canceled';
  if (invoice?.paymentFailed && (!subscription || subscription.status === 'past_due' || subscription.status === 'unpaid')) return 'payment-failed';
  return undefined;
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined => (typeof value === 'string' ? value : value?.id);
const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const frDate = (date: Date) => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(date);

export function toInvoiceRow(inv: Stripe.Invoice, syncedAt: Date): InvoiceRow & { amountDue: number } {
  return {
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
    description: inv.description ?? inv.lines?.data?.[0]?.description ?? null,
    hostedUrl: inv.hosted_invoice_url ?? null,
    pdfUrl: inv.invoice_pdf ?? null,
    paymentFailed: inv.status === 'open' && (inv.attempt_count ?? 0) > 0,
    syncedAt,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order a completed, paid checkout session was opened for (its metadata, written by CheckoutService). */
export function paidOrderOf(session: Stripe.Checkout.Session): PaidCheckout | undefined {
  const m = session.metadata ?? {};
  if (!m.draftId || !UUID.test(m.draftId) || session.payment_status === 'unpaid') return undefined;
  const count = Number(m.extraEmailCount);
  return {
    sessionId: session.id,
    draftId: m.draftId,
    planType: m.planType === 'business' ? 'business' : 'pro',
    addOns: { logo: m.logo === 'true', googleBusiness: m.googleBusiness === 'true', trustpilot: m.trustpilot === 'true', extraEmailCount: Number.isInteger(count) && count > 0 ? count : 0 },
    subscriptionId: idOf(session.subscription as string | { id: string } | null) ?? null,
    email: session.customer_details?.email ?? session.customer_email ?? null,
    name: session.customer_details?.name ?? null,
  };
}

/** The event types the product acts on, by the Stripe object each one is about (read back from Stripe). */
const OBJECT_OF_TYPE: Record<string, 'checkout' | 'subscription' | 'invoice'> = {
  'checkout.session.completed': 'checkout',
  'customer.subscription.created': 'subscription',
  'customer.subscription.updated': 'subscription',
  'customer.subscription.deleted': 'subscription',
  'invoice.paid': 'invoice',
  'invoice.payment_failed': 'invoice',
};

/** Objects of one batch that several groups read at most once each (same id: same promise). */
class BatchReader {
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

  session = (id: string) => this.once(`cs:${id}`, () => this.client.checkout.sessions.retrieve(id, { expand: ['subscription', 'invoice'] }));
  subscription = (id: string) => this.once(`sub:${id}`, () => this.client.subscriptions.retrieve(id));
  customer = (id: string) => this.once(`cus:${id}`, () => this.client.customers.retrieve(id));
  invoice = (id: string) => this.once(`in:${id}`, () => this.client.invoices.retrieve(id));
}

/** At most `limit` of `items` handled at once. */
async function forEachLimit<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  }));
}

/** Stripe reads of one batch in flight at once. */
const READ_CONCURRENCY = 8;

/** The events of one batch about one object, and what that object's current state calls for. */
interface Loaded {
  group: ClaimedEvent[];
  effects: Effects;
}

const ids = (group: ClaimedEvent[]) => group.map((e) => e.id);

/** A received event as the inbox stores it, with the reason it is ignored (null: for the worker). */
interface StoredEvent {
  event: ReceivedEvent;
  ignored: string | null;
}

/**
 * The webhook inbox. The webhook only checks the signature and stores the event (its id once: a replay, even two
 * copies at the same moment, finds it and is answered as a duplicate), then answers; Stripe never waits on our work.
 * The inbox worker (webhook-inbox.ts) hands batches of stored events to `processBatch`: each event's object is read
 * back from Stripe (its current state, not the event's snapshot; the plan of each price) outside any transaction, then
 * its effects are written in one short transaction with no network call, the same that takes the event out of the
 * inbox. Events of one batch about the same object are applied once, from one read. A copy read earlier never
 * overwrites one read later, so the local rows end up the same whatever order events arrive in. An event whose object
 * Stripe does not know is recorded as ignored; any other failure puts the event back in line (exponential backoff),
 * until `WEBHOOK_MAX_ATTEMPTS`.
 */
@Injectable()
export class WebhookService {
  private readonly logger = new Logger('Billing');
  /** Webhooks received at the same moment are stored by one INSERT (see `store`). */
  private readonly inbox = new Coalescer((events: StoredEvent[]) => this.store(events));

  constructor(
    private readonly stripe: StripeProvider,
    private readonly prices: PriceBook,
    private readonly billing: BillingRepository,
    private readonly users: UsersService,
    private readonly transactions: Transactions,
    private readonly mail: MailService,
    private readonly provisioning: OrderProvisioning,
    private readonly sites: SitesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Verifies the signature and stores the event; `queued` when the worker has it to process. */
  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true; duplicate: boolean; queued: boolean }> {
    if (!rawBody || !signature) throw new BadRequestException('Signature Stripe manquante');
    let event: Stripe.Event;
    try {
      event = this.stripe.constructEvent(rawBody, signature);
    } catch {
      throw new BadRequestException('Signature Stripe invalide');
    }
    // Signed, so it comes from Stripe (or whoever holds the secret); still, a shape we cannot read is refused, not a 500.
    const data = (event as Partial<Stripe.Event>).data as { object?: unknown } | undefined;
    if (
      typeof event.id !== 'string' || !event.id || event.id.length > 255 || typeof event.type !== 'string' || event.type.length > 255 ||
      !data || typeof data.object !== 'object' || data.object === null || (event.created !== undefined && !(Number.isInteger(event.created) && event.created >= 0 && event.created < 2 ** 35))
    ) {
      throw new BadRequestException('Événement Stripe illisible');
    }
    const objectId = (data.object as { id?: unknown }).id;
    const readable = typeof objectId === 'string' && objectId.length > 0 && objectId.length <= 255;
    const ignored = !OBJECT_OF_TYPE[event.type] ? 'type d’événement non traité' : !readable ? 'objet sans identifiant' : null;
    const stored = await this.inbox.push({ event: { id: event.id, type: event.type, objectId: readable ? objectId : null, created: event.created ?? Math.floor(Date.now() / 1000) }, ignored });
    if (stored && ignored) this.logger.warn(`Événement Stripe ${event.id} (${event.type}) ignoré : ${ignored}`);
    return { received: true, duplicate: !stored, queued: stored && !ignored };
  }

  /**
   * Stores a batch of received events in one statement. Should it fail (the database refusing one of them), each is
   * stored alone, so that one event never fails the others: only its own request answers an error.
   */
  private async store(events: StoredEvent[]): Promise<Array<boolean | Promise<boolean>>> {
    if (events.length === 1) return this.billing.storeEvents(events);
    try {
      return await this.billing.storeEvents(events);
    } catch {
      return events.map((one) => this.billing.storeEvents([one]).then(([stored]) => stored));
    }
  }

  /**
   * Processes events claimed from the inbox. Each object is read from Stripe once for the whole batch, a few at a
   * time; then every event of the batch is applied in one transaction (the events about one object together, once).
   * If that transaction fails, each object's events are applied again in a transaction of their own, so that only
   * the failing ones wait for another attempt.
   */
  async processBatch(events: ClaimedEvent[]): Promise<void> {
    const reader = new BatchReader(this.stripe.client);
    const groups = new Map<string, ClaimedEvent[]>();
    for (const event of events) {
      const key = `${OBJECT_OF_TYPE[event.type] ?? event.type}:${event.objectId}`;
      const group = groups.get(key);
      if (group) group.push(event);
      else groups.set(key, [event]);
    }
    const loaded: Loaded[] = [];
    await forEachLimit([...groups.values()], READ_CONCURRENCY, async (group) => {
      try {
        const effects = await this.load(group[0], reader);
        if (effects.ignored === undefined) loaded.push({ group, effects });
        else if ((await this.billing.finishEvents(ids(group), 'ignored', effects.ignored)).length) this.logger.warn(`Événement Stripe ${ids(group).join(', ')} (${group[0].type}) ignoré : ${effects.ignored}`);
      } catch (error) {
        await this.attemptFailed(group, error);
      }
    });
    if (!loaded.length) return;
    try {
      await this.applyInOneTransaction(loaded);
    } catch {
      for (const one of loaded) {
        try {
          await this.applyInOneTransaction([one]);
        } catch (error) {
          await this.attemptFailed(one.group, error);
        }
      }
    }
  }

  /** Takes the events out of the inbox and applies the effects of those still there (another worker may have taken some). */
  private applyInOneTransaction(loaded: Loaded[]): Promise<void> {
    return this.transactions.run(async (tx) => {
      const taken = new Set(await this.billing.finishEvents(loaded.flatMap((l) => ids(l.group)), 'processed', null, tx));
      for (const { group, effects } of loaded) if (group.some((e) => taken.has(e.id))) await this.apply(effects, tx);
    });
  }

  /** Back in line after a wait that doubles each time, or `failed` after the last attempt; never lost. */
  private async attemptFailed(group: ClaimedEvent[], error: unknown): Promise<void> {
    const message = ((error as Error)?.message || 'Erreur inconnue').slice(0, 500);
    const attempts = Math.max(...group.map((e) => e.attempts));
    const { maxAttempts, retryBaseSeconds } = this.config.webhooks;
    try {
      if (attempts >= maxAttempts) {
        await this.billing.finishEvents(ids(group), 'failed', message);
        this.logger.error(`Événement Stripe ${ids(group).join(', ')} (${group[0].type}) abandonné après ${attempts} tentatives : ${message}`);
      } else {
        const delay = retryDelaySeconds(attempts, retryBaseSeconds);
        await this.billing.retryEvents(ids(group), message, delay);
        this.logger.warn(`Événement Stripe ${ids(group).join(', ')} (${group[0].type}) non traité (tentative ${attempts}), nouvel essai dans ${delay} s : ${message}`);
      }
    } catch (markError) {
      // The database is gone too: the claim expires and another attempt takes the events again.
      this.logger.error(`Événement Stripe ${ids(group).join(', ')} laissé en attente : ${(markError as Error).message}`);
    }
  }

  private async load(event: ReceivedEvent, reader: BatchReader): Promise<Effects> {
    try {
      return await this.read(event, reader);
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
        const subscription = typeof session.subscription === 'object' && session.subscription ? session.subscription : undefined;
        const invoice = typeof session.invoice === 'object' && session.invoice ? session.invoice : undefined;
        const row = subscription ? await this.toSubscriptionRow(subscription, syncedAt) : undefined;
        const invoices = invoice ? [toInvoiceRow(invoice, syncedAt)] : [];
        return {
          customerId: idOf(session.customer),
          email: session.customer_details?.email ?? session.customer_email,
          subscription: row,
          invoices,
          paidOrder: paidOrderOf(session),
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
          mail: row.status === 'canceled' ? 'subscription-canceled' : undefined,
        };
      }
      case 'invoice': {
        const invoice = await reader.invoice(objectId);
        const row = toInvoiceRow(invoice, syncedAt);
        // The subscription's current state too: the site and the mails follow it, whatever the event says.
        const subscription = row.subscriptionId ? await this.toSubscriptionRow(await reader.subscription(row.subscriptionId), syncedAt) : undefined;
        return {
          customerId: idOf(invoice.customer),
          email: invoice.customer_email,
          subscription,
          invoices: [row],
          mail: mailFor(subscription, row),
        };
      }
      default:
        return { invoices: [], ignored: 'type d’événement non traité' };
    }
  }

  /** Our copy of a subscription: its plan is the first item whose price is a plan's (any other price: a custom plan). */
  /**
   * Our copy of a subscription just changed through the API (upgrade, cancel, reactivate), written at once rather than
   * waiting for the webhook, with the same effects on the site; `cause` is recorded if the site's status changes.
   * Read from Stripe before: this opens no network call.
   */
  async syncFromApi(subscription: Stripe.Subscription, invoices: Stripe.Invoice[], cause: StatusCause, tx?: EntityManager): Promise<void> {
    const syncedAt = new Date();
    const row = await this.toSubscriptionRow(subscription, syncedAt);
    const invoiceRows = invoices.map((i) => toInvoiceRow(i, syncedAt));
    await this.transactions.run(async (t) => {
      const user = await this.users.linkStripeCustomer(row.customerId, null, t);
      await this.billing.upsertSubscription({ ...row, userId: user?.id ?? null }, t);
      for (const invoice of invoiceRows) await this.billing.upsertInvoice({ ...invoice, userId: user?.id ?? null }, t);
      await this.sites.followPayments(row.id, paymentStateOf(row.status), cause, t);
    }, tx);
  }

  /** Reads a subscription from Stripe in our columns. */
  async readSubscription(id: string): Promise<SubscriptionFromStripe> {
    return this.toSubscriptionRow(await this.stripe.client.subscriptions.retrieve(id), new Date());
  }

  private async toSubscriptionRow(sub: Stripe.Subscription, syncedAt: Date): Promise<SubscriptionFromStripe> {
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

  private async apply(effects: Effects, tx: EntityManager): Promise<void> {
    if (!effects.customerId) return;
    // A paid order's buyer exists (found or created) before the customer is linked to an account by e-mail.
    const order = effects.paidOrder ? await this.provisioning.prepare(effects.paidOrder, tx) : null;
    const user = await this.users.linkStripeCustomer(effects.customerId, order?.buyer.user.email ?? effects.email ?? null, tx);
    const userId = user?.id ?? order?.buyer.user.id ?? null;
    if (effects.subscription) await this.billing.upsertSubscription({ ...effects.subscription, userId }, tx);
    for (const invoice of effects.invoices) await this.billing.upsertInvoice({ ...invoice, userId }, tx);
    // After the upserts: also gives the account the rows that an event processed at the same moment, before the
    // account existed, has just committed without an owner (an upsert waits for it, then keeps its newer copy).
    if (user) await this.billing.attachCustomer(effects.customerId, user.id, tx);
    if (order) await this.provisioning.complete(order, effects.paidOrder!, tx);
    // The site follows its subscription's current state: suspended when Stripe gives up or it ends (by the client's
    // own cancellation, or unpaid), given back its status when it is paid again.
    if (effects.subscription) {
      const sub = effects.subscription;
      const cause: StatusCause = sub.status === 'canceled' && sub.cancellationReason === 'cancellation_requested' ? 'client' : 'payment';
      await this.sites.followPayments(sub.id, paymentStateOf(sub.status), cause, tx);
    }

    const to = user?.email ?? effects.email;
    if (!to || !effects.mail) return;
    const name = user?.name || to;
    if (effects.mail === 'payment-failed') {
      const invoice = effects.invoices[0];
      const invoicesUrl = this.mail.link('/dashboard/invoices');
      await this.mail.enqueue(
        'payment-failed',
        to,
        { name, amount: euros(invoice.amountDue), invoiceUrl: invoice.hostedUrl ?? invoicesUrl, dashboardUrl: invoicesUrl },
        { tx, dedupeKey: `payment-failed:${invoice.id}` },
      );
    } else if (effects.subscription) {
      const ended = effects.subscription.endedAt ?? Math.floor(Date.now() / 1000);
      await this.mail.enqueue(
        'subscription-canceled',
        to,
        { name, endedAt: frDate(new Date(ended * 1000)), orderUrl: this.mail.link('/order') },
        { tx, dedupeKey: `subscription-canceled:${effects.subscription.id}` },
      );
    }
  }
}
