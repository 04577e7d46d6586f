import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Not } from 'typeorm';
import type { PageWindow } from '../common/pagination';
import { BaseRepository } from '../database/base.repository';
import { keysetBatch, type KeysetBatch, type KeysetCursor, keysetQuery, type KeysetRow } from '../database/keyset';
import { Invoice } from './invoice.entity';
import { Subscription } from './subscription.entity';
import type { StripeEventOutcome } from './stripe-event.entity';
import type { InvoiceRow, RefundRow, SubscriptionRow } from '../billing-facts/facts';

export type { InvoiceRow, RefundRow, SubscriptionRow };

/** An invoice as its client sees it. */
export type ClientInvoice = Pick<
  Invoice,
  | 'id'
  | 'number'
  | 'date'
  | 'amountCents'
  | 'currency'
  | 'status'
  | 'description'
  | 'pdfUrl'
  | 'hostedUrl'
  | 'paymentFailedAt'
  | 'refundedCents'
> & { siteId: string | null };

/** An invoice as the admin's list and export show it, with its account (null when Stripe's customer has none). */
export interface InvoiceWithOwner {
  id: string;
  number: string | null;
  date: Date;
  amountCents: number;
  currency: string;
  status: string;
  description: string | null;
  hostedUrl: string | null;
  pdfUrl: string | null;
  customerId: string;
  /** The account it belongs to; `closedAt` set once that account is closed (its name and e-mail gone) */
  owner: { id: string; name: string; email: string; closedAt: Date | null } | null;
}

/** The columns of an invoice that both the client's list and the admin's show, as SQL returns them. */
interface InvoiceSqlRow {
  id: string;
  number: string | null;
  date: Date;
  amount_cents: number;
  currency: string;
  status: string;
  description: string | null;
  hosted_url: string | null;
  pdf_url: string | null;
}

const INVOICE_COLUMNS = 'i.id, i.number, i.date, i.amount_cents, i.currency, i.status, i.description, i.hosted_url, i.pdf_url';

const toInvoiceFields = (r: InvoiceSqlRow) => ({
  id: r.id,
  number: r.number,
  date: r.date,
  amountCents: r.amount_cents,
  currency: r.currency,
  status: r.status,
  description: r.description,
  hostedUrl: r.hosted_url,
  pdfUrl: r.pdf_url,
});

interface InvoiceOwnerRow extends InvoiceSqlRow {
  customer_id: string;
  user_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
  owner_closed_at: Date | null;
}

const INVOICE_WITH_OWNER = `${INVOICE_COLUMNS}, i.customer_id, i.user_id, u.name AS owner_name, u.email AS owner_email, u.closed_at AS owner_closed_at`;

const toInvoiceWithOwner = (r: InvoiceOwnerRow): InvoiceWithOwner => ({
  ...toInvoiceFields(r),
  customerId: r.customer_id,
  owner: r.user_id ? { id: r.user_id, name: r.owner_name ?? '', email: r.owner_email ?? '', closedAt: r.owner_closed_at ?? null } : null,
});

/** A signed event as the inbox stores it: what the worker needs to read its object back from Stripe. */
export interface ReceivedEvent {
  id: string;
  type: string;
  objectId: string | null;
  /** Stripe's `created`, Unix seconds */
  created: number;
}

/** An event taken from the inbox by a worker; `attempts` counts this one. */
export interface ClaimedEvent extends ReceivedEvent {
  attempts: number;
}

/** Statuses of a subscription still billed (it counts in the monthly recurring revenue). */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const;

/** The billing module's tables: `stripe_events` (the inbox), `subscriptions` and `invoices` (local copies). */
/**
 * The open invoices whose payment failed before $1, of subscriptions still past due (the hourly reminders). Read
 * through the partial index invoices_payment_failed_idx (migration PaymentReminderIndex), not by reading every invoice.
 */
export const DUE_REMINDERS_SQL = `SELECT i.id, i.user_id, i.amount_cents, i.hosted_url, i.payment_failed_at FROM invoices i JOIN subscriptions s ON s.id = i.subscription_id
  WHERE i.status = 'open' AND i.payment_failed_at <= $1 AND i.user_id IS NOT NULL AND s.status = 'past_due'
  ORDER BY i.payment_failed_at`;

@Injectable()
export class BillingRepository extends BaseRepository {
  /**
   * Stores received events in one statement, each id once: `pending` for the worker, or already `ignored` (with its
   * note) when there is nothing to read or apply. Answers, per event in order, whether it was stored: false when the
   * id was already there (a replay, or a copy received at the same moment, in this call too).
   */
  async storeEvents(events: Array<{ event: ReceivedEvent; ignored: string | null }>): Promise<boolean[]> {
    const rows = await this.returning<{ id: string }>(
      `INSERT INTO stripe_events (id, type, object_id, created_at_stripe, outcome, note, processed_at)
       SELECT e.id, e.type, e.object_id, to_timestamp(e.created), CASE WHEN e.note IS NULL THEN 'pending' ELSE 'ignored' END, e.note,
              CASE WHEN e.note IS NULL THEN NULL ELSE now() END
         FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[]) AS e(id, type, object_id, created, note)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        events.map((e) => e.event.id),
        events.map((e) => e.event.type),
        events.map((e) => e.event.objectId),
        events.map((e) => e.event.created),
        events.map((e) => e.ignored),
      ],
    );
    const stored = new Set(rows.map((r) => r.id));
    // A second copy of an id in this call is a duplicate of the first.
    return events.map((e) => stored.delete(e.event.id));
  }

  /**
   * Takes up to `batch` due events, oldest first (and those a crashed worker left claimed), for `leaseSeconds`;
   * another instance's worker skips them.
   */
  claimEvents(batch: number, leaseSeconds: number): Promise<ClaimedEvent[]> {
    return this.returning<ClaimedEvent>(
      `UPDATE stripe_events e
          SET attempts = e.attempts + 1, locked_until = now() + make_interval(secs => $2)
         FROM (SELECT id FROM stripe_events
                WHERE outcome = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
                ORDER BY next_attempt_at, received_at
                LIMIT $1
                FOR UPDATE SKIP LOCKED) due
        WHERE e.id = due.id
      RETURNING e.id, e.type, e.object_id AS "objectId", extract(epoch FROM e.created_at_stripe)::bigint::int AS created, e.attempts`,
      [batch, leaseSeconds],
    );
  }

  /** Extends the claim of events being applied (the worker's heartbeat: a live worker never loses them). */
  async renewEvents(ids: string[], leaseSeconds: number): Promise<void> {
    await this.query(
      `UPDATE stripe_events SET locked_until = now() + make_interval(secs => $2) WHERE id = ANY($1) AND outcome = 'pending'`,
      [ids, leaseSeconds],
    );
  }

  /**
   * Takes the still pending events among `ids` out of the inbox (processed, ignored or failed); returns those it took.
   * In the transaction that applies their effects, this row lock makes a second worker (a claim that outlived its
   * lease) wait, then find them done and apply nothing.
   */
  async finishEvents(
    ids: string[],
    outcome: Exclude<StripeEventOutcome, 'pending'>,
    note: string | null,
    tx?: EntityManager,
  ): Promise<string[]> {
    const rows = await this.returning<{ id: string }>(
      `UPDATE stripe_events SET outcome = $2, note = $3, processed_at = now(), locked_until = NULL
        WHERE id = ANY($1) AND outcome = 'pending' RETURNING id`,
      [ids, outcome, note],
      tx,
    );
    return rows.map((r) => r.id);
  }

  /**
   * What became of a Checkout session's `checkout.session.completed` (the page the client comes back to waits for it):
   * its outcome in the inbox, the most advanced one when Stripe sent it under several ids; null until one has arrived.
   * Read through the partial index stripe_events_checkout_idx.
   */
  async checkoutCompletion(sessionId: string): Promise<StripeEventOutcome | null> {
    const rows = await this.query<{ outcome: StripeEventOutcome }>(
      `SELECT outcome FROM stripe_events WHERE object_id = $1 AND type = 'checkout.session.completed'`,
      [sessionId],
    );
    const outcomes = rows.map((r) => r.outcome);
    return (['processed', 'ignored', 'failed', 'pending'] as const).find((o) => outcomes.includes(o)) ?? null;
  }

  /** A failed attempt: back in line after `delaySeconds`, its error kept. */
  async retryEvents(ids: string[], error: string, delaySeconds: number): Promise<void> {
    await this.query(
      `UPDATE stripe_events SET last_error = $2, locked_until = NULL, next_attempt_at = now() + make_interval(secs => $3)
        WHERE id = ANY($1) AND outcome = 'pending'`,
      [ids, error, delaySeconds],
    );
  }

  /** Gives the rows of a customer that belonged to nobody to the account that now pays with it. */
  async attachCustomer(customerId: string, userId: string, tx?: EntityManager): Promise<void> {
    await this.query(
      `WITH subscriptions AS (UPDATE subscriptions SET user_id = $2 WHERE customer_id = $1 AND user_id IS NULL)
       UPDATE invoices SET user_id = $2 WHERE customer_id = $1 AND user_id IS NULL`,
      [customerId, userId],
      tx,
    );
  }

  /** Inserts or updates; a copy read earlier than the stored one changes nothing. */
  async upsertSubscription(s: SubscriptionRow, tx?: EntityManager): Promise<void> {
    await this.query(
      `INSERT INTO subscriptions (id, customer_id, user_id, status, cancel_at_period_end, current_period_end, price_id, plan, metadata, started_at, ended_at, synced_at)
       VALUES ($1, $2, $3, $4, $5, to_timestamp($6), $7, $8, $9, to_timestamp($10), to_timestamp($11), $12)
       ON CONFLICT (id) DO UPDATE SET
         user_id = COALESCE(EXCLUDED.user_id, subscriptions.user_id), status = EXCLUDED.status, cancel_at_period_end = EXCLUDED.cancel_at_period_end,
         current_period_end = EXCLUDED.current_period_end, price_id = EXCLUDED.price_id, plan = EXCLUDED.plan, metadata = EXCLUDED.metadata,
         started_at = COALESCE(EXCLUDED.started_at, subscriptions.started_at), ended_at = EXCLUDED.ended_at,
         synced_at = EXCLUDED.synced_at, updated_at = now()
       WHERE subscriptions.synced_at <= EXCLUDED.synced_at`,
      [
        s.id,
        s.customerId,
        s.userId,
        s.status,
        s.cancelAtPeriodEnd,
        s.currentPeriodEnd,
        s.priceId,
        s.plan,
        JSON.stringify(s.metadata),
        s.startedAt,
        s.endedAt,
        s.syncedAt,
      ],
      tx,
    );
  }

  /**
   * Inserts or updates; a copy read earlier than the stored one changes nothing. A new row starts with the refunds
   * already recorded for it (a refund read before its invoice).
   */
  async upsertInvoice(i: InvoiceRow, tx?: EntityManager): Promise<void> {
    await this.query(
      `INSERT INTO invoices (id, customer_id, user_id, subscription_id, number, date, amount_cents, currency, status, description, hosted_url, pdf_url, synced_at, payment_failed_at, refunded_cents, action_required)
       VALUES ($1, $2, $3, $4, $5, to_timestamp($6), $7, $8, $9, $10, $11, $12, $13, CASE WHEN $14::boolean THEN $13::timestamptz END,
               (SELECT COALESCE(sum(r.amount_cents), 0)::int FROM stripe_refunds r WHERE r.invoice_id = $1 AND r.status = 'succeeded'), $15)
       ON CONFLICT (id) DO UPDATE SET
         user_id = COALESCE(EXCLUDED.user_id, invoices.user_id), subscription_id = EXCLUDED.subscription_id, number = EXCLUDED.number,
         amount_cents = EXCLUDED.amount_cents, status = EXCLUDED.status, description = EXCLUDED.description, hosted_url = EXCLUDED.hosted_url,
         pdf_url = EXCLUDED.pdf_url, synced_at = EXCLUDED.synced_at, updated_at = now(), action_required = EXCLUDED.action_required,
         payment_failed_at = COALESCE(invoices.payment_failed_at, EXCLUDED.payment_failed_at)
       WHERE invoices.synced_at <= EXCLUDED.synced_at`,
      [
        i.id,
        i.customerId,
        i.userId,
        i.subscriptionId,
        i.number,
        i.created,
        i.amountCents,
        i.currency,
        i.status,
        i.description,
        i.hostedUrl,
        i.pdfUrl,
        i.syncedAt,
        i.paymentFailed,
        Boolean(i.actionRequired) && i.status === 'open',
      ],
      tx,
    );
  }

  // ---- refunds ----

  /** Inserts or updates a refund; a copy read earlier than the stored one changes nothing. */
  async upsertRefund(r: RefundRow, tx?: EntityManager): Promise<void> {
    await this.query(
      `INSERT INTO stripe_refunds (id, invoice_id, charge_id, payment_intent_id, customer_id, amount_cents, currency, status, reason, refunded_at, synced_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, to_timestamp($10), $11)
       ON CONFLICT (id) DO UPDATE SET
         invoice_id = COALESCE(EXCLUDED.invoice_id, stripe_refunds.invoice_id), charge_id = COALESCE(EXCLUDED.charge_id, stripe_refunds.charge_id),
         payment_intent_id = COALESCE(EXCLUDED.payment_intent_id, stripe_refunds.payment_intent_id),
         customer_id = COALESCE(EXCLUDED.customer_id, stripe_refunds.customer_id), amount_cents = EXCLUDED.amount_cents,
         currency = EXCLUDED.currency, status = EXCLUDED.status, reason = EXCLUDED.reason, refunded_at = EXCLUDED.refunded_at,
         synced_at = EXCLUDED.synced_at, updated_at = now()
       WHERE stripe_refunds.synced_at <= EXCLUDED.synced_at`,
      [
        r.id,
        r.invoiceId,
        r.chargeId,
        r.paymentIntentId,
        r.customerId,
        r.amountCents,
        r.currency,
        r.status,
        r.reason,
        r.created,
        r.syncedAt,
      ],
      tx,
    );
  }

  /** An invoice's refunded amount: the sum of its succeeded refunds. */
  async syncRefundedCents(invoiceId: string, tx?: EntityManager): Promise<void> {
    await this.query(
      `UPDATE invoices i SET refunded_cents = r.cents, updated_at = now()
         FROM (SELECT COALESCE(sum(amount_cents), 0)::int AS cents FROM stripe_refunds WHERE invoice_id = $1 AND status = 'succeeded') r
        WHERE i.id = $1 AND i.refunded_cents <> r.cents`,
      [invoiceId],
      tx,
    );
  }

  /**
   * Until the transaction ends, the only one crediting this Stripe invoice's refunds: the issue of its legal invoice
   * and the record of a refund made at the same moment (two instances) see each other's work, whichever commits first.
   */
  async lockRefundCredits(invoiceId: string, tx: EntityManager): Promise<void> {
    await this.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`refund-credits:${invoiceId}`], tx);
  }

  /** The refunds recorded for a Stripe invoice, oldest first. */
  async refundsOfInvoice(
    invoiceId: string,
    tx?: EntityManager,
  ): Promise<Array<{ id: string; amountCents: number; status: string; refundedAt: Date }>> {
    const rows = await this.query<{ id: string; amount_cents: number; status: string; refunded_at: Date }>(
      `SELECT id, amount_cents, status, refunded_at FROM stripe_refunds WHERE invoice_id = $1 ORDER BY refunded_at, id`,
      [invoiceId],
      tx,
    );
    return rows.map((r) => ({ id: r.id, amountCents: r.amount_cents, status: r.status, refundedAt: r.refunded_at }));
  }

  /** The account our rows give a Stripe customer (once linked), if any. */
  async userOfCustomer(customerId: string, tx?: EntityManager): Promise<string | null> {
    const [row] = await this.query<{ user_id: string }>(
      `(SELECT user_id FROM subscriptions WHERE customer_id = $1 AND user_id IS NOT NULL LIMIT 1)
       UNION ALL (SELECT user_id FROM invoices WHERE customer_id = $1 AND user_id IS NOT NULL LIMIT 1) LIMIT 1`,
      [customerId],
      tx,
    );
    return row?.user_id ?? null;
  }

  /** Which of our Stripe Checkouts opened a subscription, if one did: an order's or a restart's (its metadata says). */
  async openerOf(subscriptionId: string, tx?: EntityManager): Promise<'order' | 'restart' | null> {
    const [row] = await this.query<{ opener: 'order' | 'restart' | null }>(
      `SELECT CASE WHEN metadata ? 'draftId' THEN 'order' WHEN metadata ? 'siteId' THEN 'restart' END AS opener
         FROM subscriptions WHERE id = $1`,
      [subscriptionId],
      tx,
    );
    return row?.opener ?? null;
  }

  /** The paid invoices of a subscription (of more than zero), oldest first (Stripe gives seconds: ties in the order we recorded them), with what was refunded of each. */
  paidInvoicesOf(subscriptionId: string, tx?: EntityManager): Promise<Array<{ id: string; amountCents: number; refundedCents: number }>> {
    return this.query<{ id: string; amountCents: number; refundedCents: number }>(
      `SELECT id, amount_cents AS "amountCents", refunded_cents AS "refundedCents" FROM invoices
        WHERE subscription_id = $1 AND status = 'paid' AND amount_cents > 0 ORDER BY date, created_at, id`,
      [subscriptionId],
      tx,
    );
  }

  /** The site a subscription pays for (or paid for), if any. */
  async siteOfSubscription(subscriptionId: string, tx?: EntityManager): Promise<string | null> {
    const [row] = await this.query<{ site_id: string | null }>(`SELECT site_id FROM subscriptions WHERE id = $1`, [subscriptionId], tx);
    return row?.site_id ?? null;
  }

  /** The open invoice of a subscription whose payment is failing now (the latest), if any. */
  async openFailedInvoiceOf(
    subscriptionId: string,
    tx?: EntityManager,
  ): Promise<{ id: string; amountCents: number; paymentFailedAt: Date | null; hostedUrl: string | null } | null> {
    const [row] = await this.query<{ id: string; amount_cents: number; payment_failed_at: Date | null; hosted_url: string | null }>(
      `SELECT id, amount_cents, payment_failed_at, hosted_url FROM invoices WHERE subscription_id = $1 AND status = 'open' ORDER BY date DESC, id LIMIT 1`,
      [subscriptionId],
      tx,
    );
    return row ? { id: row.id, amountCents: row.amount_cents, paymentFailedAt: row.payment_failed_at, hostedUrl: row.hosted_url } : null;
  }

  /** The open invoices of these subscriptions (the client's banners: what to pay, since when, where). */
  async openInvoicesOf(
    subscriptionIds: string[],
    tx?: EntityManager,
  ): Promise<
    Array<{
      id: string;
      subscriptionId: string;
      amountCents: number;
      paymentFailedAt: Date | null;
      hostedUrl: string | null;
      date: Date;
      actionRequired: boolean;
    }>
  > {
    if (!subscriptionIds.length) return [];
    const rows = await this.query<{
      id: string;
      subscription_id: string;
      amount_cents: number;
      payment_failed_at: Date | null;
      hosted_url: string | null;
      date: Date;
      action_required: boolean;
    }>(
      `SELECT id, subscription_id, amount_cents, payment_failed_at, hosted_url, date, action_required FROM invoices WHERE subscription_id = ANY($1) AND status = 'open' ORDER BY date DESC, id`,
      [subscriptionIds],
      tx,
    );
    return rows.map((r) => ({
      id: r.id,
      subscriptionId: r.subscription_id,
      amountCents: r.amount_cents,
      paymentFailedAt: r.payment_failed_at,
      hostedUrl: r.hosted_url,
      date: r.date,
      actionRequired: r.action_required,
    }));
  }

  /** The account an invoice belongs to and the site its subscription pays for. */
  async ownerOfInvoice(id: string, tx?: EntityManager): Promise<{ userId: string | null; siteId: string | null } | null> {
    const [row] = await this.query<{ user_id: string | null; site_id: string | null }>(
      `SELECT i.user_id, s.site_id FROM invoices i LEFT JOIN subscriptions s ON s.id = i.subscription_id WHERE i.id = $1`,
      [id],
      tx,
    );
    return row ? { userId: row.user_id, siteId: row.site_id } : null;
  }

  /** An invoice's status in our copy, with its account and the site its subscription pays for (a payment's return). */
  async invoiceState(id: string): Promise<{ status: string | null; userId: string | null; siteId: string | null } | null> {
    const [row] = await this.query<{ status: string | null; user_id: string | null; site_id: string | null }>(
      `SELECT i.status, i.user_id, s.site_id FROM invoices i LEFT JOIN subscriptions s ON s.id = i.subscription_id WHERE i.id = $1`,
      [id],
    );
    return row ? { status: row.status, userId: row.user_id, siteId: row.site_id } : null;
  }

  /** Records the site a subscription pays for. */
  async linkSite(subscriptionId: string, siteId: string, tx?: EntityManager): Promise<void> {
    await this.query(
      `UPDATE subscriptions SET site_id = $2, updated_at = now() WHERE id = $1 AND site_id IS DISTINCT FROM $2`,
      [subscriptionId, siteId],
      tx,
    );
  }

  /** The subscription paying for a site, if it belongs to this user. */
  async findSubscriptionOfUser(id: string, userId: string, tx?: EntityManager): Promise<Subscription | null> {
    return this.repo(Subscription, tx).findOneBy({ id, userId });
  }

  /**
   * A client's invoices (drafts left out), newest first, each with the site its subscription pays for; only one site's
   * with `siteId`. The page as plain rows and its count, in parallel.
   */
  async listInvoicesOfUser(
    userId: string,
    window: PageWindow,
    siteId?: string,
    tx?: EntityManager,
  ): Promise<{ items: ClientInvoice[]; total: number }> {
    const params: unknown[] = [userId];
    const siteSql = siteId ? `AND s.site_id = $${params.push(siteId)}` : '';
    const from = `FROM invoices i LEFT JOIN subscriptions s ON s.id = i.subscription_id WHERE i.user_id = $1 AND i.status <> 'draft' ${siteSql}`;
    const [rows, [{ total }]] = await Promise.all([
      this.query<InvoiceSqlRow & { payment_failed_at: Date | null; refunded_cents: number; site_id: string | null }>(
        // An ended subscription's open invoice is no longer offered for payment (EndedInvoices voids it).
        `SELECT ${INVOICE_COLUMNS}, CASE WHEN s.status IN ('canceled', 'incomplete_expired') THEN NULL ELSE i.payment_failed_at END AS payment_failed_at,
           i.refunded_cents, s.site_id
         ${from} ORDER BY i.date DESC, i.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, window.limit, window.offset],
        tx,
      ),
      this.query<{ total: number }>(`SELECT count(*)::int AS total ${from}`, params, tx),
    ]);
    const items = rows.map((r) => ({
      ...toInvoiceFields(r),
      paymentFailedAt: r.payment_failed_at,
      refundedCents: r.refunded_cents,
      siteId: r.site_id,
    }));
    return { items, total };
  }

  /** Open invoices of subscriptions that ended (canceled, or never paid), oldest first: no longer payable (EndedInvoices). */
  async openInvoicesOfEndedSubscriptions(limit: number, tx?: EntityManager): Promise<string[]> {
    const rows = await this.query<{ id: string }>(
      `SELECT i.id FROM invoices i JOIN subscriptions s ON s.id = i.subscription_id
       WHERE i.status = 'open' AND s.status IN ('canceled', 'incomplete_expired') ORDER BY i.date, i.id LIMIT $1`,
      [limit],
      tx,
    );
    return rows.map((r) => r.id);
  }

  /** Our copy of an invoice takes the status Stripe answered (a later event of it brings the rest). */
  async setInvoiceStatus(id: string, status: string, tx?: EntityManager): Promise<void> {
    await this.query(
      `UPDATE invoices SET status = $2, synced_at = now(), updated_at = now() WHERE id = $1 AND status = 'open'`,
      [id, status],
      tx,
    );
  }

  /** Every subscription of an account (our copy), oldest first. */
  subscriptionsOfUser(userId: string, tx?: EntityManager): Promise<Subscription[]> {
    return this.repo(Subscription, tx).find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** Every invoice of an account (our copy of Stripe's, drafts left out), oldest first. */
  invoicesOfUser(userId: string, tx?: EntityManager): Promise<Invoice[]> {
    return this.repo(Invoice, tx).find({ where: { userId, status: Not('draft') }, order: { date: 'ASC', id: 'ASC' } });
  }

  countInvoicesOfUser(userId: string, tx?: EntityManager): Promise<number> {
    return this.repo(Invoice, tx).countBy({ userId, status: Not('draft') });
  }

  /**
   * Open invoices of subscriptions still in dunning (past_due) whose payment first failed at or before `failedBefore`,
   * with the owner's id. Stripe giving up (unpaid, canceled) or a payment ends the reminders.
   */
  dueReminders(
    failedBefore: Date,
    tx?: EntityManager,
  ): Promise<Array<{ id: string; user_id: string; amount_cents: number; hosted_url: string | null; payment_failed_at: Date }>> {
    return this.query(DUE_REMINDERS_SQL, [failedBefore], tx);
  }

  /** Records that the reminder of `days` was told for a failing invoice; false when it (or a later one) already was. */
  async markReminded(invoiceId: string, days: number, tx?: EntityManager): Promise<boolean> {
    const rows = await this.returning(
      `UPDATE invoices SET reminded_days = $2 WHERE id = $1 AND (reminded_days IS NULL OR reminded_days < $2) RETURNING id`,
      [invoiceId, days],
      tx,
    );
    return rows.length > 0;
  }

  // ---- the admin's reports ----

  /** Sum of paid invoices (cents) and the number of invoices. */
  async invoiceTotals(tx?: EntityManager): Promise<{ paidCents: number; count: number }> {
    const [row] = await this.query<{ paid_cents: string; count: number }>(
      `SELECT COALESCE(sum(amount_cents) FILTER (WHERE status = 'paid'), 0)::bigint AS paid_cents, count(*)::int AS count FROM invoices`,
      [],
      tx,
    );
    return { paidCents: Number(row.paid_cents), count: row.count };
  }

  /** Live subscriptions per plan (a subscription without plan counts as teams). */
  async liveSubscriptionsByPlan(tx?: EntityManager): Promise<Array<{ plan: string; count: number }>> {
    return this.query(
      `SELECT COALESCE(plan, 'teams') AS plan, count(*)::int AS count FROM subscriptions WHERE status = ANY($1) GROUP BY 1 ORDER BY 1`,
      [LIVE_SUBSCRIPTION_STATUSES],
      tx,
    );
  }

  /** Subscriptions started, ended, and set to end, since `since`. */
  async subscriptionMovements(since: Date, tx?: EntityManager): Promise<{ started: number; ended: number; cancelScheduled: number }> {
    const [row] = await this.query<{ started: number; ended: number; cancel_scheduled: number }>(
      `SELECT count(*) FILTER (WHERE started_at >= $1)::int AS started,
              count(*) FILTER (WHERE ended_at >= $1)::int AS ended,
              count(*) FILTER (WHERE cancel_at_period_end AND status = ANY($2))::int AS cancel_scheduled
       FROM subscriptions`,
      [since, LIVE_SUBSCRIPTION_STATUSES],
      tx,
    );
    return { started: row.started, ended: row.ended, cancelScheduled: row.cancel_scheduled };
  }

  /** Paid invoices per calendar month (Paris time) of the last `months` months, this one included, oldest first. */
  async paidPerMonth(months: number, tx?: EntityManager): Promise<Array<{ month: string; cents: number }>> {
    const rows = await this.query<{ month: string; cents: string }>(
      `WITH months AS (
         SELECT m FROM generate_series(
           date_trunc('month', now() AT TIME ZONE 'Europe/Paris') - make_interval(months => $1 - 1),
           date_trunc('month', now() AT TIME ZONE 'Europe/Paris'),
           interval '1 month') AS m
       )
       SELECT to_char(m, 'YYYY-MM') AS month,
              (SELECT COALESCE(sum(amount_cents), 0) FROM invoices
                WHERE status = 'paid' AND date >= (m AT TIME ZONE 'Europe/Paris') AND date < ((m + interval '1 month') AT TIME ZONE 'Europe/Paris'))::bigint AS cents
       FROM months ORDER BY m`,
      [months],
      tx,
    );
    return rows.map((r) => ({ month: r.month, cents: Number(r.cents) }));
  }

  /** A page of invoices with their account, newest first (two queries). */
  async listWithOwner(filter: PageWindow & { status?: string }, tx?: EntityManager): Promise<{ items: InvoiceWithOwner[]; total: number }> {
    const params: unknown[] = [];
    const whereSql = filter.status ? `WHERE i.status = $${params.push(filter.status)}` : '';
    const rows = await this.query<InvoiceOwnerRow>(
      `SELECT ${INVOICE_WITH_OWNER} FROM invoices i LEFT JOIN users u ON u.id = i.user_id ${whereSql}
       ORDER BY i.date DESC, i.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
      tx,
    );
    const [{ total }] = await this.query<{ total: number }>(`SELECT count(*)::int AS total FROM invoices i ${whereSql}`, params, tx);
    return { items: rows.map(toInvoiceWithOwner), total };
  }

  /** The next `limit` invoices in (date, id) order after `after`, for exports. */
  async exportBatch(after: KeysetCursor | null, limit: number, tx?: EntityManager): Promise<KeysetBatch<InvoiceWithOwner>> {
    const keyset = keysetQuery('i.date', 'i.id', after, limit);
    const rows = await this.query<InvoiceOwnerRow & KeysetRow>(
      `SELECT ${INVOICE_WITH_OWNER}, ${keyset.key} FROM invoices i LEFT JOIN users u ON u.id = i.user_id ${keyset.page}`,
      keyset.params,
      tx,
    );
    return keysetBatch(rows, limit, toInvoiceWithOwner);
  }
}
