import { Inject, Injectable } from '@nestjs/common';
import { retryDelaySeconds } from '../common/retry';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobRunner, type Job } from '../database/jobs/job-runner';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
import { Transactions } from '../database/transactions';
import { BillingFacts } from '../billing-facts/billing-facts';
import { BillingRepository } from './billing.repository';

const HOUR = 3600_000;
const DAY = 86_400_000;

/**
 * Reminds a client whose payment keeps failing, PAYMENT_REMINDER_DAYS after the first failure (3 and 7 by default),
 * until Stripe gives up or the invoice is paid. Every hour (first a minute after start), a job of the engine
 * (database/jobs) that runs on one instance at a time across all of them, on one schedule; a failed run is tried again
 * after a minute, doubling. Each run is one transaction under an advisory lock, and each reminder has its dedupe key in
 * the outbox: a reminder is queued once, whoever runs it and however often.
 */
@Injectable()
export class PaymentReminders {
  private readonly job: Job<number>;

  constructor(
    private readonly billing: BillingRepository,
    private readonly facts: BillingFacts,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    runner: JobRunner,
  ) {
    this.job = runner.job('payment-reminders');
  }

  /**
   * A run now, as the timer makes it: under the job's lease (undefined when another instance holds it: that one then
   * runs once more). Answers how many reminders were queued.
   */
  run(): Promise<number | undefined> {
    return this.job.drain();
  }

  /** One run: the reminders due now. */
  @BackgroundJob({
    name: 'payment-reminders',
    scope: 'cluster',
    everyMs: HOUR,
    firstAfterMs: 60_000,
    timer: (config) => config.nodeEnv !== 'test' && config.billing.paymentReminderDays.length > 0,
    retryDelayMs: (failures) => retryDelaySeconds(failures, 60) * 1000,
    combine: (earlier: number, later: number) => earlier + later,
    metrics: true,
    log: { context: 'Billing', failure: 'Relances de paiement en échec' },
  })
  private sendDueNow(): Promise<number> {
    return this.sendDue();
  }

  /** Queues the reminders due at `now` (the latest due step of each invoice); answers how many were queued. */
  async sendDue(now = new Date()): Promise<number> {
    const days = this.config.billing.paymentReminderDays;
    if (days.length === 0) return 0;
    return this.transactions.run(async (tx) => {
      await this.transactions.lock('payment-reminders', tx);
      let queued = 0;
      for (const invoice of await this.billing.dueReminders(new Date(now.getTime() - days[0] * DAY), tx)) {
        const elapsed = now.getTime() - invoice.payment_failed_at.getTime();
        const step = [...days].reverse().find((d) => elapsed >= d * DAY)!;
        // Each step once, whoever runs it and however often: billing keeps the last step told.
        if (!(await this.billing.markReminded(invoice.id, step, tx))) continue;
        await this.facts.publish(
          'payment.reminder-due',
          {
            invoiceId: invoice.id,
            userId: invoice.user_id,
            amountCents: invoice.amount_cents,
            failedAt: invoice.payment_failed_at,
            days: step,
            hostedUrl: invoice.hosted_url,
          },
          tx,
        );
        queued += 1;
      }
      return queued;
    });
  }
}
