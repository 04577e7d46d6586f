import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource, EntityManager } from 'typeorm';
import { returning } from '../database/returning';
import { MailService } from '../mail/mail.service';
import { PriceBook } from './price-book.service';
import { StripeProvider } from './stripe.provider';

/** What an event changes, read from Stripe before the transaction. */
interface Effects {
  customerId?: string;
  email?: string | null;
  subscription?: Stripe.Subscription;
  invoices: Stripe.Invoice[];
  mail?: 'payment-failed' | 'subscription-canceled';
  syncedAt: Date;
}

const idOf = (value: string | { id: string } | null | undefined): string | undefined => (typeof value === 'string' ? value : value?.id);
const euros = (cents: number) => new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100);
const frDate = (date: Date) => new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(date);

/**
 * The webhook inbox. Each event id is stored once, in the same transaction as its effects: a replay (even two copies
 * at the same moment) finds it and changes nothing. Handlers read the object's current state from Stripe rather
 * than trusting the event's snapshot, and a copy read earlier never overwrites one read later, so the local rows end
 * up the same whatever order events arrive in.
 */
@Injectable()
export class WebhookService {
  private readonly logger = new Logger('Billing');

  constructor(
    private readonly stripe: StripeProvider,
    private readonly prices: PriceBook,
    private readonly dataSource: DataSource,
    private readonly mail: MailService,
  ) {}

  /** Verifies the signature, then processes the event once. */
  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    if (!rawBody || !signature) throw new BadRequestException({ message: 'Signature Stripe manquante', error: 'Bad Request' });
    let event: Stripe.Event;
    try {
      event = this.stripe.constructEvent(rawBody, signature);
    } catch {
      throw new BadRequestException({ message: 'Signature Stripe invalide', error: 'Bad Request' });
    }
    return { received: true, duplicate: await this.process(event) };
  }

  /** Returns true when the event had already been processed. */
  async process(event: Stripe.Event): Promise<boolean> {
    const seen = await this.dataSource.query(`SELECT 1 FROM stripe_events WHERE id = $1`, [event.id]);
    if (seen.length) return true;
    const effects = await this.load(event);
    return this.dataSource.transaction(async (manager) => {
      const inserted = await returning<{ id: string }>(
        manager,
        `INSERT INTO stripe_events (id, type, created_at_stripe) VALUES ($1, $2, to_timestamp($3)) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.type, event.created],
      );
      if (!inserted.length) return true;
      await this.apply(effects, manager);
      return false;
    });
  }

  private async load(event: Stripe.Event): Promise<Effects> {
    const client = this.stripe.client;
    const syncedAt = new Date();
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = await client.checkout.sessions.retrieve((event.data.object as Stripe.Checkout.Session).id, { expand: ['subscription', 'invoice'] });
        const subscription = typeof session.subscription === 'object' && session.subscription ? session.subscription : undefined;
        const invoice = typeof session.invoice === 'object' && session.invoice ? session.invoice : undefined;
        return {
          customerId: idOf(session.customer),
          email: session.customer_details?.email ?? session.customer_email,
          subscription,
          invoices: invoice ? [invoice] : [],
          syncedAt,
        };
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = await client.subscriptions.retrieve((event.data.object as Stripe.Subscription).id);
        const customerId = idOf(subscription.customer)!;
        const customer = await client.customers.retrieve(customerId);
        return {
          customerId,
          email: 'deleted' in customer && customer.deleted ? null : (customer as Stripe.Customer).email,
          subscription,
          invoices: [],
          mail: event.type === 'customer.subscription.deleted' ? 'subscription-canceled' : undefined,
          syncedAt,
        };
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = await client.invoices.retrieve((event.data.object as Stripe.Invoice).id!);
        return {
          customerId: idOf(invoice.customer),
          email: invoice.customer_email,
          invoices: [invoice],
          mail: event.type === 'invoice.payment_failed' ? 'payment-failed' : undefined,
          syncedAt,
        };
      }
      default:
        this.logger.log(`Événement Stripe ignoré : ${event.type}`);
        return { invoices: [], syncedAt };
    }
  }

  private async apply(effects: Effects, manager: EntityManager): Promise<void> {
    if (!effects.customerId) return;
    const user = await this.linkUser(manager, effects.customerId, effects.email ?? null);
    if (effects.subscription) await this.upsertSubscription(manager, effects.subscription, user?.id ?? null, effects.syncedAt);
    for (const invoice of effects.invoices) await this.upsertInvoice(manager, invoice, user?.id ?? null, effects.syncedAt);

    const to = user?.email ?? effects.email;
    if (!to || !effects.mail) return;
    const name = user?.name || to;
    if (effects.mail === 'payment-failed') {
      const invoice = effects.invoices[0];
      await this.mail.enqueue(
        'payment-failed',
        to,
        { name, amount: euros(invoice.amount_due), invoiceUrl: invoice.hosted_invoice_url ?? this.mail.link('/dashboard/invoices'), dashboardUrl: this.mail.link('/dashboard/invoices') },
        { manager, dedupeKey: `payment-failed:${invoice.id}` },
      );
    } else if (effects.subscription) {
      const ended = effects.subscription.ended_at ?? effects.subscription.canceled_at ?? Math.floor(Date.now() / 1000);
      await this.mail.enqueue(
        'subscription-canceled',
        to,
        { name, endedAt: frDate(new Date(ended * 1000)), orderUrl: this.mail.link('/order') },
        { manager, dedupeKey: `subscription-canceled:${effects.subscription.id}` },
      );
    }
  }

  /** The account that paid: by its customer id, or else by e-mail (then the customer id is recorded on it). */
  private async linkUser(manager: EntityManager, customerId: string, email: string | null): Promise<{ id: string; email: string; name: string } | null> {
    const [linked] = await manager.query(`SELECT id, email, name FROM users WHERE stripe_customer_id = $1`, [customerId]);
    if (linked) return linked;
    if (!email) return null;
    const [user] = await returning<{ id: string; email: string; name: string }>(
      manager,
      `UPDATE users SET stripe_customer_id = $1, updated_at = now() WHERE lower(email) = lower($2) AND stripe_customer_id IS NULL RETURNING id, email, name`,
      [customerId, email],
    );
    if (!user) return null;
    await manager.query(`UPDATE subscriptions SET user_id = $2 WHERE customer_id = $1 AND user_id IS NULL`, [customerId, user.id]);
    await manager.query(`UPDATE invoices SET user_id = $2 WHERE customer_id = $1 AND user_id IS NULL`, [customerId, user.id]);
    return user;
  }

  private async upsertSubscription(manager: EntityManager, sub: Stripe.Subscription, userId: string | null, syncedAt: Date): Promise<void> {
    const items = sub.items.data;
    let planItem = items[0];
    let plan: string = 'teams';
    for (const item of items) {
      const p = await this.prices.planOfPrice(item.price.id);
      if (p !== 'teams') {
        planItem = item;
        plan = p;
        break;
      }
    }
    const periodEnd = planItem?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end;
    await manager.query(
      `INSERT INTO subscriptions (id, customer_id, user_id, status, cancel_at_period_end, current_period_end, price_id, plan, metadata, synced_at)
       VALUES ($1, $2, $3, $4, $5, to_timestamp($6), $7, $8, $9, $10)
       ON CONFLICT (id) DO UPDATE SET
         user_id = COALESCE(EXCLUDED.user_id, subscriptions.user_id), status = EXCLUDED.status, cancel_at_period_end = EXCLUDED.cancel_at_period_end,
         current_period_end = EXCLUDED.current_period_end, price_id = EXCLUDED.price_id, plan = EXCLUDED.plan, metadata = EXCLUDED.metadata,
         synced_at = EXCLUDED.synced_at, updated_at = now()
       WHERE subscriptions.synced_at <= EXCLUDED.synced_at`,
      [sub.id, idOf(sub.customer), userId, sub.status, sub.cancel_at_period_end, periodEnd ?? null, planItem?.price.id ?? null, items.length ? plan : null, JSON.stringify(sub.metadata ?? {}), syncedAt],
    );
  }

  private async upsertInvoice(manager: EntityManager, inv: Stripe.Invoice, userId: string | null, syncedAt: Date): Promise<void> {
    const subscriptionId = idOf(inv.parent?.subscription_details?.subscription as string | { id: string } | null | undefined) ?? null;
    const description = inv.description ?? inv.lines?.data?.[0]?.description ?? null;
    await manager.query(
      `INSERT INTO invoices (id, customer_id, user_id, subscription_id, number, date, amount_cents, currency, status, description, hosted_url, pdf_url, synced_at)
       VALUES ($1, $2, $3, $4, $5, to_timestamp($6), $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (id) DO UPDATE SET
         user_id = COALESCE(EXCLUDED.user_id, invoices.user_id), subscription_id = EXCLUDED.subscription_id, number = EXCLUDED.number,
         amount_cents = EXCLUDED.amount_cents, status = EXCLUDED.status, description = EXCLUDED.description, hosted_url = EXCLUDED.hosted_url,
         pdf_url = EXCLUDED.pdf_url, synced_at = EXCLUDED.synced_at, updated_at = now()
       WHERE invoices.synced_at <= EXCLUDED.synced_at`,
      [inv.id, idOf(inv.customer), userId, subscriptionId, inv.number, inv.created, inv.total, inv.currency, inv.status, description, inv.hosted_invoice_url ?? null, inv.invoice_pdf ?? null, syncedAt],
    );
  }
}
