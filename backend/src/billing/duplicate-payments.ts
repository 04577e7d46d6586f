import { Inject, Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import { DataSource, type EntityManager } from 'typeorm';
import { euros } from '../common/format';
import { retryDelaySeconds } from '../common/retry';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BaseRepository } from '../database/base.repository';
import { type Job, type JobContext, JobRunner } from '../database/jobs/job-runner';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
import { Transactions } from '../database/transactions';
import { StripeProvider, isMissingAtStripe } from './stripe.provider';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { DuplicatePaymentFound } from '../billing-facts/facts';
import { RefundCredits } from './refund-credits';
import { toRefundRow } from './stripe-reader';

interface DuplicateRow {
  id: string;
  kind: 'order' | 'restart';
  reference_id: string;
  site_id: string | null;
  checkout_session_id: string;
  subscription_id: string | null;
  invoice_id: string | null;
  amount_cents: number;
  attempts: number;
  created_at: Date;
}

export interface DuplicatePaymentView {
  id: string;
  kind: 'order' | 'restart';
  referenceId: string;
  siteId: string | null;
  checkoutSessionId: string;
  subscriptionId: string | null;
  amountCents: number;
  refundedCents: number;
  status: 'pending' | 'refunded' | 'failed';
  reason: string;
  lastError: string | null;
  customerEmail: string | null;
  createdAt: Date;
  settledAt: Date | null;
}

const MAX_ATTEMPTS = 10;
const EVERY_MS = 5 * 60_000;

/**
 * Payments we did not intend: a second checkout of the same order (or the same restart) that completed anyway. The
 * webhook records one in its transaction (and mails the team); `settlePending`, outside any transaction, cancels its
 * subscription (never billed again) and refunds its payment, each Stripe call with an idempotency key (two instances
 * settling the same row do it once), then records the refund and mails the client and the team. A job of the engine
 * (database/jobs) that runs on one instance at a time across all of them: every five minutes, and at once after a
 * webhook found a duplicate; a row is tried again at each run until MAX_ATTEMPTS, then marked failed for the team.
 */
@Injectable()
export class DuplicatePayments extends BaseRepository {
  private readonly logger = new Logger('Billing');
  private readonly job: Job<number>;

  constructor(
    dataSource: DataSource,
    private readonly stripe: StripeProvider,
    private readonly transactions: Transactions,
    private readonly refundCredits: RefundCredits,
    @Inject(APP_CONFIG) config: AppConfig,
    runner: JobRunner,
    private readonly facts: BillingFacts,
  ) {
    super(dataSource);
    facts.on('duplicate-payment.found', 'billing.record-duplicate', async (found, tx) => {
      await this.record(found, tx);
    });
    this.job = runner.job('duplicate-refunds');
  }

  /** Records a duplicate once (its session id is unique); answers whether this call recorded it. */
  async record(d: DuplicatePaymentFound, tx: EntityManager): Promise<boolean> {
    const [row] = await this.returning<{ id: string }>(
      `INSERT INTO duplicate_payments (kind, reference_id, site_id, checkout_session_id, subscription_id, invoice_id, customer_id, user_id, amount_cents, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (checkout_session_id) DO NOTHING RETURNING id`,
      [
        d.kind,
        d.referenceId,
        d.siteId,
        d.checkoutSessionId,
        d.subscriptionId,
        d.invoiceId,
        d.customerId,
        d.userId,
        d.amountCents,
        d.reason,
      ],
      tx,
    );
    if (!row) return false;
    this.logger.warn(`Paiement en double (${d.kind} ${d.referenceId}, session ${d.checkoutSessionId}) : remboursement en cours`);
    return true;
  }

  /** Whether a subscription is a recorded duplicate (its end mails nobody). */
  async isDuplicateSubscription(subscriptionId: string, tx?: EntityManager): Promise<boolean> {
    const rows = await this.query(`SELECT 1 FROM duplicate_payments WHERE subscription_id = $1`, [subscriptionId], tx);
    return rows.length > 0;
  }

  /**
   * Settles every pending duplicate, under the job's lease (one run at a time across the instances; a call during a
   * run joins it, which then runs once more). Answers how many were refunded (0 when another instance holds the job:
   * it then runs once more).
   */
  async settlePending(): Promise<number> {
    return (await this.job.drain()) ?? 0;
  }

  @BackgroundJob({
    name: 'duplicate-refunds',
    scope: 'cluster',
    everyMs: EVERY_MS,
    timer: (config) => config.nodeEnv !== 'test',
    retryDelayMs: (failures) => Math.min(EVERY_MS, retryDelaySeconds(failures, 30) * 1000),
    combine: (earlier: number, later: number) => earlier + later,
    metrics: true,
    log: { context: 'Billing', failure: 'Remboursements en double en échec' },
  })
  private async settleAll(ctx: JobContext): Promise<number> {
    if (!this.stripe.configured) return 0;
    const rows = await this.query<DuplicateRow>(
      `SELECT id, kind, reference_id, site_id, checkout_session_id, subscription_id, invoice_id, amount_cents, attempts, created_at
         FROM duplicate_payments WHERE status = 'pending' ORDER BY created_at LIMIT 100`,
      [],
    );
    let refunded = 0;
    for (const row of rows) {
      // Shutdown: the rest is handed back (the job is due at once for the next instance).
      if (ctx.stopping) break;
      try {
        await this.settle(row);
        refunded += 1;
      } catch (error) {
        const message = ((error as Error)?.message || 'Erreur inconnue').slice(0, 500);
        const failed = row.attempts + 1 >= MAX_ATTEMPTS;
        await this.query(
          `UPDATE duplicate_payments SET attempts = attempts + 1, last_error = $2, status = CASE WHEN $3 THEN 'failed' ELSE status END WHERE id = $1`,
          [row.id, message, failed],
        );
        if (failed) this.logger.error(`Paiement en double ${row.id} non remboursé après ${MAX_ATTEMPTS} tentatives : ${message}`);
        else this.logger.warn(`Paiement en double ${row.id} : remboursement à réessayer (${message})`);
      }
    }
    return refunded;
  }

  private async settle(row: DuplicateRow): Promise<void> {
    const client = this.stripe.client;
    if (row.subscription_id) {
      const sub = await client.subscriptions
        .retrieve(row.subscription_id)
        .catch((e: unknown) => (isMissingAtStripe(e) ? null : Promise.reject(e)));
      if (sub && sub.status !== 'canceled' && sub.status !== 'incomplete_expired') {
        await client.subscriptions.cancel(
          row.subscription_id,
          { cancellation_details: { comment: 'Paiement en double' } },
          { idempotencyKey: `duplicate-cancel:${row.id}` },
        );
      }
    }
    let refund: Stripe.Refund | null = null;
    if (row.invoice_id) {
      const invoice = await client.invoices.retrieve(row.invoice_id, { expand: ['payments'] });
      const payment = invoice.payments?.data.find((p) => p.status === 'paid' && p.payment?.payment_intent);
      const pi = payment?.payment.payment_intent;
      const paymentIntent = typeof pi === 'string' ? pi : pi?.id;
      if (paymentIntent && invoice.amount_paid > 0) {
        refund = await client.refunds.create(
          {
            payment_intent: paymentIntent,
            reason: 'duplicate',
            metadata: { duplicatePaymentId: row.id, checkoutSessionId: row.checkout_session_id },
          },
          { idempotencyKey: `duplicate-refund:${row.id}` },
        );
      }
    }
    const refundedCents = refund?.amount ?? 0;
    const syncedAt = new Date();
    await this.transactions.run(async (tx) => {
      const [done] = await this.returning<{ id: string }>(
        `UPDATE duplicate_payments SET status = 'refunded', refund_id = $2, refunded_cents = $3, settled_at = now(), attempts = attempts + 1, last_error = NULL
          WHERE id = $1 AND status = 'pending' RETURNING id`,
        [row.id, refund?.id ?? null, refundedCents],
        tx,
      );
      if (!done) return;
      // The refund is recorded (the invoice's refunded amount) and credited (avoir) referring to the invoice of the
      // refunded payment, numbered here; keyed by the Stripe refund, so that its own webhooks (`charge.refunded`) find
      // it credited.
      if (refund && row.invoice_id) await this.refundCredits.recordAndCredit([toRefundRow(refund, row.invoice_id, syncedAt)], tx);
      await this.facts.publish(
        'duplicate-payment.refunded',
        { duplicateId: row.id, siteId: row.site_id, refundedCents, paidAt: row.created_at },
        tx,
      );
    });
    this.logger.log(`Paiement en double ${row.id} : abonnement annulé, ${euros(refundedCents)} remboursés`);
  }

  /** The recorded duplicates, newest first (the admin's list). */
  async list(limit: number, offset: number): Promise<{ items: DuplicatePaymentView[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.query<Record<string, unknown>>(
        `SELECT d.*, u.email AS customer_email FROM duplicate_payments d LEFT JOIN users u ON u.id = d.user_id ORDER BY d.created_at DESC, d.id DESC LIMIT $1 OFFSET $2`,
        [limit, offset],
      ),
      this.query<{ total: number }>(`SELECT count(*)::int AS total FROM duplicate_payments`, []),
    ]);
    const items = rows.map((r) => ({
      id: r.id as string,
      kind: r.kind as 'order' | 'restart',
      referenceId: r.reference_id as string,
      siteId: (r.site_id as string | null) ?? null,
      checkoutSessionId: r.checkout_session_id as string,
      subscriptionId: r.subscription_id as string | null,
      amountCents: r.amount_cents as number,
      refundedCents: r.refunded_cents as number,
      status: r.status as 'pending' | 'refunded' | 'failed',
      reason: r.reason as string,
      lastError: r.last_error as string | null,
      customerEmail: (r.customer_email as string | null) ?? null,
      createdAt: r.created_at as Date,
      settledAt: (r.settled_at as Date | null) ?? null,
    }));
    return { items, total };
  }
}
