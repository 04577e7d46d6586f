import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Gauge, Registry } from 'prom-client';
import { StripeProvider } from '../billing/stripe.provider';
import { jobRuns } from '../database/jobs/job-runs';
import { processRegistry, startRuntimeMetrics } from '../common/metrics/registry';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { ServiceStatusDto, StripeStatusDto } from './dto/service-status.dto';
import { MonitoringRepository, type PoolUse, type QueueFigures } from './monitoring.repository';

/** How long the status page's call to Stripe may take (one attempt, no retry). */
export const STRIPE_CHECK_TIMEOUT_MS = 3000;

/** The backend's version, from its package.json (beside src/ and dist/, or above dist-tools/src/). */
function readVersion(): string {
  for (const candidate of [join(__dirname, '../../package.json'), join(__dirname, '../../../package.json')]) {
    if (!existsSync(candidate)) continue;
    const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string; version?: string };
    if (pkg.name === 'backend' && pkg.version) return pkg.version;
  }
  return 'inconnue';
}

/**
 * What an operator watches, read when asked: the Prometheus text of GET /api/metrics and the admin's status page.
 * The queues' figures are counted in the database at each scrape (never kept in memory, so that every instance
 * gives the same); the pool, the requests, the jobs and the runtime are this instance's.
 */
@Injectable()
export class MonitoringService implements OnModuleInit {
  private readonly logger = new Logger('Monitoring');
  private readonly startedAt = new Date();
  private readonly version = readVersion();

  constructor(
    private readonly repo: MonitoringRepository,
    private readonly stripe: StripeProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    startRuntimeMetrics();
  }

  /** The queues' figures, or null when the database does not answer (said once in the log). */
  private async queues(): Promise<QueueFigures | null> {
    try {
      return await this.repo.queueFigures();
    } catch (error) {
      this.logger.warn(`Files d'attente illisibles : ${(error as Error).message}`);
      return null;
    }
  }

  /** Every figure in Prometheus's text format: this process's (runtime, requests, jobs), then this app's. */
  async metrics(): Promise<string> {
    const queues = await this.queues();
    const registry = new Registry();
    const gauge = (name: string, help: string, value: number, labels: Record<string, string> = {}) =>
      new Gauge({ name, help, labelNames: Object.keys(labels), registers: [registry] }).set(labels, value);
    gauge('vitrine_build_info', 'The version and commit this instance runs (always 1)', 1, {
      version: this.version,
      commit: this.config.monitoring.commit ?? 'unknown',
    });
    gauge('vitrine_database_up', 'Whether the database answered the queues query of this scrape (1) or not (0)', queues ? 1 : 0);
    const pool: PoolUse = this.repo.poolUse();
    gauge('vitrine_db_pool_connections', "Open connections of this instance's PostgreSQL pool, busy or idle", pool.total);
    gauge('vitrine_db_pool_idle_connections', "Idle connections of this instance's PostgreSQL pool", pool.idle);
    gauge('vitrine_db_pool_waiting_queries', 'Queries of this instance waiting for a connection of the pool', pool.waiting);
    gauge('vitrine_db_pool_max_connections', "The size limit of this instance's PostgreSQL pool", pool.max);
    // Absent (not 0) when the database did not answer: unknown, not empty.
    if (queues) {
      gauge('vitrine_mail_outbox_pending', 'Mails waiting to be sent (retries included), all instances', queues.mail.pending);
      gauge('vitrine_mail_outbox_failed', 'Mails given up after their last attempt, all instances', queues.mail.failed);
      gauge(
        'vitrine_mail_outbox_oldest_pending_age_seconds',
        'How long the oldest mail waiting has been waiting (0 when none waits)',
        queues.mail.oldestPendingSeconds ?? 0,
      );
      gauge(
        'vitrine_stripe_webhook_inbox_pending',
        'Stripe events received and not applied yet (retries included)',
        queues.webhooks.pending,
      );
      gauge('vitrine_stripe_webhook_inbox_failed', 'Stripe events given up after their last attempt', queues.webhooks.failed);
      gauge(
        'vitrine_stripe_webhook_inbox_lag_seconds',
        'How long the oldest Stripe event waiting has been waiting since it was received (0 when none waits)',
        queues.webhooks.oldestPendingSeconds ?? 0,
      );
    }
    return Registry.merge([processRegistry, registry]).metrics();
  }

  /** The admin's 'État du service': the same figures, plus Stripe's answer to one cheap call. */
  async status(): Promise<ServiceStatusDto> {
    const [queues, stripe] = await Promise.all([this.queues(), this.checkStripe()]);
    const now = new Date();
    return {
      checkedAt: now.toISOString(),
      version: this.version,
      commit: this.config.monitoring.commit ?? null,
      startedAt: this.startedAt.toISOString(),
      uptimeSeconds: Math.floor((now.getTime() - this.startedAt.getTime()) / 1000),
      database: { reachable: queues !== null, pool: this.repo.poolUse() },
      stripe,
      mail: queues?.mail ?? null,
      webhooks: queues?.webhooks ?? null,
      jobs: jobRuns().map((run) => ({
        job: run.job,
        runs: run.runs,
        failures: run.failures,
        lastSuccessAt: run.lastSuccessAt?.toISOString() ?? null,
        lastFailureAt: run.lastFailureAt?.toISOString() ?? null,
        lastError: run.lastError,
      })),
    };
  }

  /**
   * Lists one price (GET /v1/prices?limit=1: cheap, read-only, answered by real Stripe and by the sandbox), once,
   * within STRIPE_CHECK_TIMEOUT_MS.
   */
  private async checkStripe(): Promise<StripeStatusDto> {
    const key = this.config.stripe.secretKey;
    const base = {
      mode: key ? (/_live_/.test(key) ? ('live' as const) : ('test' as const)) : null,
      sandbox: Boolean(this.config.stripe.apiUrl),
    };
    if (!this.stripe.configured) return { state: 'not_configured', ...base, latencyMs: null, error: null };
    const started = performance.now();
    try {
      await this.stripe.client.prices.list({ limit: 1 }, { timeout: STRIPE_CHECK_TIMEOUT_MS, maxNetworkRetries: 0 });
      return { state: 'reachable', ...base, latencyMs: Math.round(performance.now() - started), error: null };
    } catch (error) {
      return { state: 'unreachable', ...base, latencyMs: null, error: ((error as Error).message || 'Erreur inconnue').slice(0, 300) };
    }
  }
}
