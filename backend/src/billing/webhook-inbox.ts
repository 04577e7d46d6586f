import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { trackJob } from '../common/metrics/job-runs';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { BillingRepository } from './billing.repository';
import { WebhookService } from './webhook.service';

/** Events claimed at once: the larger the backlog, the more events share one Stripe read per object. */
const BATCH = 100;
/** A claim left by a crashed worker is taken again after this long. */
const LEASE_SECONDS = 120;

/**
 * The webhook inbox's worker. The webhook stores an event and wakes it; it claims due events in batches (FOR UPDATE
 * SKIP LOCKED and a lease, so several instances never hold the same event) and hands them to
 * `WebhookService.processBatch`. It also looks every `WEBHOOK_POLL_INTERVAL_MS` for retries that came due and for
 * events another instance stored. Never runs in an API request: Stripe gets its answer as soon as the event is stored.
 */
@Injectable()
export class WebhookInbox implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Billing');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly billing: BillingRepository,
    private readonly webhooks: WebhookService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.schedule();
  }

  /** At shutdown, before the pool closes: no new batch is claimed, and the batch in hand is finished and marked. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Verifies and stores a webhook's event, then wakes the worker if there is something to do. */
  async receive(rawBody: Buffer | undefined, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
    const { queued, ...answer } = await this.webhooks.receive(rawBody, signature);
    if (queued) this.wake();
    return answer;
  }

  /** Processes what is due now, in the background. */
  wake(): void {
    this.drain().catch((error: unknown) => this.logger.error(`Traitement des événements Stripe interrompu : ${(error as Error).message}`));
  }

  /**
   * Processes every event due, including those stored before this call; resolves when none is left. Events waiting
   * for a retry later are not waited for. Safe to call from several places at once.
   */
  drain(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = trackJob('stripe-events', this.drainAll()).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async drainAll(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        if (this.stopped) return;
        const batch = await this.billing.claimEvents(BATCH, LEASE_SECONDS);
        if (batch.length === 0) break;
        await this.webhooks.processBatch(batch);
      }
    } while (this.again);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.drain()
        .catch((error: unknown) => this.logger.error(`Traitement des événements Stripe interrompu : ${(error as Error).message}`))
        .finally(() => this.schedule());
    }, this.config.webhooks.pollIntervalMs);
    this.timer.unref();
  }
}
