import { Inject, Injectable, Logger } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import { longDateTime } from '../common/format';
import { retryDelaySeconds } from '../common/retry';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type Job, type JobContext, JobRunner } from '../database/jobs/job-runner';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import { postJson, type SendOutcome } from './webhook-sender';
import { WebhookSecrets } from './webhook-secrets';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature';
import { checkUrl } from './url-guard';
import { SYSTEM_ACTOR, WEBHOOK_AUDIT } from './webhook-audit';
import { type ClaimedDelivery, WebhooksRepository } from './webhooks.repository';

const BATCH = 10;
/** The waits after the 1st, 2nd… failed attempt (1 min, 5 min, 30 min, 2 h, 6 h, then 12 h) */
export const RETRY_DELAYS_SECONDS = [60, 300, 1800, 7200, 21600, 43200] as const;
/** A delivery is retried for a day after it was queued (the last attempt at that moment), then abandoned */
export const RETRY_WINDOW_SECONDS = 24 * 3600;
/** An endpoint whose every attempt has failed for this long is switched off (and the team mailed) */
export const DISABLE_AFTER_SECONDS = 24 * 3600;
/** Events kept this long once every delivery of theirs is done */
const EVENT_RETENTION_DAYS = 30;
const PURGE_EVERY_MS = 3_600_000;

/** When the next attempt goes, after `attempts` failed ones, or null once the day is over (abandoned). */
export function nextAttemptAfter(attempts: number, queuedAt: Date, now = new Date()): Date | null {
  const deadline = queuedAt.getTime() + RETRY_WINDOW_SECONDS * 1000;
  if (now.getTime() >= deadline) return null;
  const delay = RETRY_DELAYS_SECONDS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_SECONDS.length) - 1] * 1000;
  return new Date(Math.min(now.getTime() + delay, deadline));
}

/** The body sent: `{ id, type, created, data: { object, previousAttributes? } }`, `created` in Unix seconds. */
export function deliveryBody(d: Pick<ClaimedDelivery, 'eventId' | 'type' | 'eventCreatedAt' | 'payload'>): string {
  return JSON.stringify({ id: d.eventId, type: d.type, created: Math.floor(new Date(d.eventCreatedAt).getTime() / 1000), data: d.payload });
}

/**
 * Delivers outbound webhooks, a job of the engine on every instance. Due deliveries are claimed with FOR UPDATE SKIP
 * LOCKED under a lease (JOB_LEASE_SECONDS, renewed while the batch is sent), in each object's order, so two instances
 * never send one twice; each is signed (Stripe's scheme), checked against the SSRF rule at the moment it goes, sent to
 * the checked address with a timeout, and retried with backoff for a day. An endpoint failing for a day is switched
 * off, audited, and the team mailed. Never runs in an API request.
 */
@Injectable()
export class WebhookDeliveryWorker {
  private readonly logger = new Logger('Webhooks');
  private readonly job: Job<number>;
  private readonly held = new Set<string>();
  private lastPurge = 0;

  constructor(
    private readonly webhooks: WebhooksRepository,
    private readonly secrets: WebhookSecrets,
    private readonly transactions: Transactions,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    runner: JobRunner,
  ) {
    this.job = runner.job('outbound-webhooks');
  }

  /** Sends every due delivery (in each object's order); how many attempts were made. */
  async drain(): Promise<number> {
    return (await this.job.drain()) ?? 0;
  }

  wake(): void {
    this.job.wake();
  }

  @BackgroundJob<WebhookDeliveryWorker>({
    name: 'outbound-webhooks',
    scope: 'instance',
    everyMs: 1000,
    // Tests drive it with drain().
    timer: (config) => config.nodeEnv !== 'test',
    retryDelayMs: (failures) => Math.min(60_000, retryDelaySeconds(failures, 1) * 1000),
    combine: (earlier: number, later: number) => earlier + later,
    metrics: true,
    renew: (worker, leaseSeconds) => (worker.held.size ? worker.webhooks.renew([...worker.held], leaseSeconds) : Promise.resolve()),
    log: { context: 'Webhooks', failure: 'Envoi des webhooks interrompu' },
  })
  private async deliverDue(ctx: JobContext): Promise<number> {
    let handled = 0;
    while (!ctx.stopping) {
      const batch = await this.webhooks.claim(BATCH, ctx.leaseSeconds);
      if (batch.length === 0) break;
      for (const d of batch) this.held.add(d.id);
      try {
        // One object's deliveries never share a batch (the claim's order rule), so the batch goes out in parallel.
        const results = await Promise.allSettled(batch.map((d) => this.deliver(d)));
        for (const r of results) if (r.status === 'rejected') this.logger.warn(`Webhook non enregistré : ${String(r.reason)}`);
        handled += batch.length;
      } finally {
        for (const d of batch) this.held.delete(d.id);
      }
    }
    if (Date.now() - this.lastPurge > PURGE_EVERY_MS && !ctx.stopping) {
      this.lastPurge = Date.now();
      await this.webhooks.purgeEvents(EVENT_RETENTION_DAYS, 1000);
    }
    return handled;
  }

  private async deliver(d: ClaimedDelivery): Promise<void> {
    const outcome = await this.attempt(d);
    if (outcome.error === null && outcome.statusCode !== null) {
      await this.webhooks.markSucceeded(d.id, d.endpointId, { statusCode: outcome.statusCode, durationMs: outcome.durationMs });
      return;
    }
    const next = nextAttemptAfter(d.attempts, new Date(d.createdAt));
    const failing = await this.webhooks.markFailed(
      d.id,
      d.endpointId,
      { statusCode: outcome.statusCode, durationMs: outcome.durationMs, error: (outcome.error ?? 'Échec').slice(0, 500) },
      next,
      DISABLE_AFTER_SECONDS,
    );
    if (failing) await this.switchOff(d.endpointId);
  }

  private async attempt(d: ClaimedDelivery): Promise<SendOutcome> {
    let secret: string;
    try {
      secret = this.secrets.open(d.secretSealed);
    } catch {
      return { statusCode: null, durationMs: 0, error: 'Secret de signature illisible (JWT_SECRET changé ?) : faites-le renouveler' };
    }
    // Checked at each attempt: the host's addresses may have changed since the endpoint was registered.
    const checked = await checkUrl(d.url, this.config.outboundWebhooks.allowPrivateUrls);
    if (!checked.ok) return { statusCode: null, durationMs: 0, error: `Envoi refusé : ${checked.reason}` };
    const body = deliveryBody(d);
    const timestamp = Math.floor(Date.now() / 1000);
    return postJson(
      checked.target,
      body,
      { [SIGNATURE_HEADER]: signatureHeader(secret, body, timestamp) },
      this.config.outboundWebhooks.timeoutMs,
    );
  }

  /** A day of failures: the endpoint off (once, whichever instance sees it), its waiting deliveries abandoned, audited, the team mailed. */
  private async switchOff(endpointId: string): Promise<void> {
    await this.transactions.run(async (tx) => {
      const endpoint = await this.webhooks.disableFailing(endpointId, DISABLE_AFTER_SECONDS, tx);
      if (!endpoint) return;
      await this.audit.record(
        SYSTEM_ACTOR,
        {
          action: WEBHOOK_AUDIT.disable,
          entityType: WEBHOOK_AUDIT.entityType,
          entityId: endpoint.id,
          before: { enabled: true },
          after: { enabled: false, disabledReason: 'failing', failingSince: endpoint.failingSince },
        },
        tx,
      );
      await this.mail.enqueue(
        'team-notice',
        await this.mail.teamAddress(tx),
        {
          subject: `Webhook désactivé : ${endpoint.url}`,
          summary:
            'Toutes les livraisons vers ce point de terminaison échouent depuis 24 heures : il a été désactivé et ses livraisons en attente abandonnées. Corrigez le récepteur, puis réactivez-le et renvoyez les livraisons utiles depuis la page Intégrations.',
          lines: [
            { label: 'URL', value: endpoint.url },
            { label: 'En échec depuis', value: endpoint.failingSince ? longDateTime(endpoint.failingSince) : '—' },
            { label: 'Dernière réponse', value: endpoint.lastDelivery?.statusCode ? `HTTP ${endpoint.lastDelivery.statusCode}` : 'aucune' },
          ],
          adminUrl: this.mail.link('/admin/integrations'),
        },
        { tx, dedupeKey: `webhook-disabled:${endpoint.id}:${endpoint.disabledAt?.toISOString() ?? ''}` },
      );
      this.logger.warn(`Webhook ${endpoint.url} désactivé : en échec depuis 24 heures`);
    });
  }
}
