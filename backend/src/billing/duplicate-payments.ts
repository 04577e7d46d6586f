import { Injectable, Logger } from '@nestjs/common';
import type Stripe from 'stripe';
import type { EntityManager } from 'typeorm';
import { euros } from '../common/format';
import { retryDelaySeconds } from '../common/retry';
import { type DuplicatePaymentView, type DuplicateRow, DuplicatePaymentsRepository } from './duplicate-payments.repository';
import { type Job, type JobContext, JobRunner } from '../database/jobs/job-runner';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
import { Transactions } from '../database/transactions';
import { StripeProvider, isMissingAtStripe } from './stripe.provider';
import { BillingFacts } from '../billing-facts/billing-facts';
import type { DuplicatePaymentFound, GivenBackCause } from '../billing-facts/facts';
import { RefundCredits } from './refund-credits';
import { toRefundRow } from './stripe-reader';

const MAX_ATTEMPTS = 10;

/** What the cancellation of a given-back payment's subscription says at Stripe (an ended one is not canceled again). */
const CANCEL_COMMENTS: Record<GivenBackCause, string> = {
  duplicate: 'Paiement en double',
  'account-closed': 'Compte client fermé',
  'unknown-order': 'Commande introuvable',
  'subscription-ended': 'Abonnement déjà terminé',
  withdrawal: 'Rétractation du client (Code de la consommation, L221-18)',
};
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
export class DuplicatePayments {
  private readonly logger = new Logger('Billing');
  private readonly job: Job<number>;

  constructor(
    private readonly repo: DuplicatePaymentsRepository,
    private readonly stripe: StripeProvider,
    private readonly transactions: Transactions,
    private readonly refundCredits: RefundCredits,
    runner: JobRunner,
    private readonly facts: BillingFacts,
  ) {
    facts.on('duplicate-payment.found', 'billing.record-duplicate', async (found, tx) => {
      await this.record(found, tx);
    });
    this.job = runner.job('duplicate-refunds');
  }

  /** Records a duplicate once (its session id is unique); answers whether this call recorded it. */
  async record(d: DuplicatePaymentFound, tx: EntityManager): Promise<boolean> {
    if (!(await this.repo.insert(d, tx))) return false;
    const what = !d.cause || d.cause === 'duplicate' ? 'Paiement en double' : 'Paiement à rembourser';
    this.logger.warn(
      `${what} (${d.kind} ${d.referenceId}, ${d.checkoutSessionId ? `session ${d.checkoutSessionId}` : `facture ${d.invoiceId}`}) : remboursement en cours`,
    );
    return true;
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
    const rows = await this.repo.pending(100);
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
        await this.repo.attemptFailed(row.id, message, failed);
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
          { cancellation_details: { comment: CANCEL_COMMENTS[row.cause] } },
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
      // A withdrawal gives back the paid amount less what is due, if anything (never more than was paid).
      const amount = row.refund_cents === null ? null : Math.min(row.refund_cents, invoice.amount_paid);
      if (paymentIntent && invoice.amount_paid > 0 && amount !== 0) {
        refund = await client.refunds.create(
          {
            payment_intent: paymentIntent,
            ...(amount !== null ? { amount } : {}),
            reason: row.cause === 'duplicate' ? 'duplicate' : 'requested_by_customer',
            metadata: {
              duplicatePaymentId: row.id,
              ...(row.checkout_session_id ? { checkoutSessionId: row.checkout_session_id } : { invoiceId: row.invoice_id }),
            },
          },
          { idempotencyKey: `duplicate-refund:${row.id}` },
        );
      }
    }
    const refundedCents = refund?.amount ?? 0;
    const syncedAt = new Date();
    await this.transactions.run(async (tx) => {
      if (!(await this.repo.markRefunded(row.id, refund?.id ?? null, refundedCents, tx))) return;
      // The refund is recorded (the invoice's refunded amount) and credited (avoir) referring to the invoice of the
      // refunded payment, numbered here; keyed by the Stripe refund, so that its own webhooks (`charge.refunded`) find
      // it credited.
      if (refund && row.invoice_id) await this.refundCredits.recordAndCredit([toRefundRow(refund, row.invoice_id, syncedAt)], tx);
      await this.facts.publish(
        'duplicate-payment.refunded',
        { duplicateId: row.id, cause: row.cause, siteId: row.site_id, refundedCents, paidAt: row.created_at },
        tx,
      );
    });
    this.logger.log(`Paiement en double ${row.id} : abonnement annulé, ${euros(refundedCents)} remboursés`);
  }

  /** Of these Checkout sessions, those whose payment is not given back yet (an account's closure waits for them). */
  unsettled(sessionIds: string[]): Promise<string[]> {
    return this.repo.unsettled(sessionIds);
  }

  /** The recorded duplicates, newest first (the admin's list). */
  list(limit: number, offset: number): Promise<{ items: DuplicatePaymentView[]; total: number }> {
    return this.repo.list(limit, offset);
  }
}
