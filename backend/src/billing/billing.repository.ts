import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { BaseRepository } from '../database/base.repository';
import type { StripeEventOutcome } from './stripe-event.entity';

/** A subscription as read from Stripe, in our columns. Times in Unix seconds, as Stripe gives them. */
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
  syncedAt: Date;
}

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
  syncedAt: Date;
}

/** The billing module's tables: `stripe_events` (the inbox), `subscriptions` and `invoices` (local copies). */
@Injectable()
export class BillingRepository extends BaseRepository {
  async eventSeen(id: string, tx?: EntityManager): Promise<boolean> {
    return (await this.query(`SELECT 1 FROM stripe_events WHERE id = $1`, [id], tx)).length > 0;
  }

  /** Records an event id once; false when it was already recorded (by this call's competitors too). */
  async recordEvent(event: { id: string; type: string; created: number }, outcome: StripeEventOutcome, note: string | null, tx?: EntityManager): Promise<boolean> {
    const rows = await this.returning<{ id: string }>(
      `INSERT INTO stripe_events (id, type, created_at_stripe, outcome, note) VALUES ($1, $2, to_timestamp($3), $4, $5) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [event.id, event.type, event.created, outcome, note],
      tx,
    );
    return rows.length > 0;
  }

  /** Gives the rows of a customer that belonged to nobody to the account that now pays with it. */
  async attachCustomer(customerId: string, userId: string, tx?: EntityManager): Promise<void> {
    await this.query(`UPDATE subscriptions SET user_id = $2 WHERE customer_id = $1 AND user_id IS NULL`, [customerId, userId], tx);
    await this.query(`UPDATE invoices SET user_id = $2 WHERE customer_id = $1 AND user_id IS NULL`, [customerId, userId], tx);
  }

  /** Inserts or updates; a copy read earlier than the stored one changes nothing. */
  async upsertSubscription(s: SubscriptionRow, tx?: EntityManager): Promise<void> {
    await this.query(
      `INSERT INTO subscriptions (id, customer_id, user_id, status, cancel_at_period_end, current_period_end, price_id, plan, metadata, synced_at)
       VALUES ($1, $2, $3, $4, $5, to_timestamp($6), $7, $8, $9, $10)
       ON CONFLICT (id) DO UPDATE SET
         user_id = COALESCE(EXCLUDED.user_id, subscriptions.user_id), status = EXCLUDED.status, cancel_at_period_end = EXCLUDED.cancel_at_period_end,
         current_period_end = EXCLUDED.current_period_end, price_id = EXCLUDED.price_id, plan = EXCLUDED.plan, metadata = EXCLUDED.metadata,
         synced_at = EXCLUDED.synced_at, updated_at = now()
       WHERE subscriptions.synced_at <= EXCLUDED.synced_at`,
      [s.id, s.customerId, s.userId, s.status, s.cancelAtPeriodEnd, s.currentPeriodEnd, s.priceId, s.plan, JSON.stringify(s.metadata), s.syncedAt],
      tx,
    );
  }

  /** Inserts or updates; a copy read earlier than the stored one changes nothing. */
  async upsertInvoice(i: InvoiceRow, tx?: EntityManager): Promise<void> {
    await this.query(
      `INSERT INTO invoices (id, customer_id, user_id, subscription_id, number, date, amount_cents, currency, status, description, hosted_url, pdf_url, synced_at)
       VALUES ($1, $2, $3, $4, $5, to_timestamp($6), $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (id) DO UPDATE SET
         user_id = COALESCE(EXCLUDED.user_id, invoices.user_id), subscription_id = EXCLUDED.subscription_id, number = EXCLUDED.number,
         amount_cents = EXCLUDED.amount_cents, status = EXCLUDED.status, description = EXCLUDED.description, hosted_url = EXCLUDED.hosted_url,
         pdf_url = EXCLUDED.pdf_url, synced_at = EXCLUDED.synced_at, updated_at = now()
       WHERE invoices.synced_at <= EXCLUDED.synced_at`,
      [i.id, i.customerId, i.userId, i.subscriptionId, i.number, i.created, i.amountCents, i.currency, i.status, i.description, i.hostedUrl, i.pdfUrl, i.syncedAt],
      tx,
    );
  }

  /** Records the site a subscription pays for. */
  async linkSite(subscriptionId: string, siteId: string, tx?: EntityManager): Promise<void> {
    await this.query(`UPDATE subscriptions SET site_id = $2, updated_at = now() WHERE id = $1 AND site_id IS DISTINCT FROM $2`, [subscriptionId, siteId], tx);
  }
}
