import { Inject, Injectable } from '@nestjs/common';
import { retryDelaySeconds } from '../common/retry';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type Job, type JobContext, JobRunner } from '../database/jobs/job-runner';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
import { BillingRepository } from './billing.repository';
import { WebhookService } from './webhook.service';

/** Events claimed at once: the larger the backlog, the more events share one Stripe read per object. */
const BATCH = 100;

/**
 * The webhook inbox's worker, a job of the engine (database/jobs) on every instance. The webhook stores an event and
 * wakes it; it claims due events in batches (FOR UPDATE SKIP LOCKED and a lease, JOB_LEASE_SECONDS, renewed while the
 * batch is applied, so several instances never hold the same event and a killed instance's claim lapses) and hands
 * them to `WebhookService.processBatch`. It also looks every `WEBHOOK_POLL_INTERVAL_MS` for retries that came due and
 * for events another instance stored. At shutdown the batch in hand is finished. Never runs in an API request: Stripe
 * gets its answer as soon as the event is stored.
 */
@Injectable()
export class WebhookInbox {
  private readonly job: Job<void>;
  /** The events of the batch being applied, renewed by the runner's heartbeat */
  private held: string[] = [];

  constructor(
    private readonly billing: BillingRepository,
    private readonly webhooks: WebhookService,
    @Inject(APP_CONFIG) config: AppConfig,
    runner: JobRunner,
  ) {
    this.job = runner.job('stripe-events');
  }

  /** Verifies and stores a webhook's event, then wakes the worker if there is something to do. */
  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    const { queued, ...answer } = await this.webhooks.receive(rawBody, signature);
    if (queued) this.wake();
    return answer;
  }

  /** Processes what is due now, in the background. */
  wake(): void {
    this.job.wake();
  }

  /**
   * Processes every event due, including those stored before this call; resolves when none is left. Events waiting
   * for a retry later are not waited for. Safe to call from several places at once.
   */
  async drain(): Promise<void> {
    await this.job.drain();
  }

  @BackgroundJob<WebhookInbox>({
    name: 'stripe-events',
    scope: 'instance',
    everyMs: (config) => config.webhooks.pollIntervalMs,
    retryDelayMs: (failures, config) => Math.min(60_000, retryDelaySeconds(failures, config.webhooks.pollIntervalMs / 1000) * 1000),
    metrics: true,
    renew: (worker, leaseSeconds) => (worker.held.length ? worker.billing.renewEvents(worker.held, leaseSeconds) : Promise.resolve()),
    log: { context: 'Billing', failure: 'Traitement des événements Stripe interrompu' },
  })
  private async processDue(ctx: JobContext): Promise<void> {
    while (!ctx.stopping) {
      const batch = await this.billing.claimEvents(BATCH, ctx.leaseSeconds);
      if (batch.length === 0) return;
      this.held = batch.map((event) => event.id);
      try {
        await this.webhooks.processBatch(batch);
      } finally {
        this.held = [];
      }
    }
  }
}
