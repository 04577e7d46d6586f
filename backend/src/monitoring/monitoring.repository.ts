import { Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { BaseRepository } from '../database/base.repository';

/** The two queues' figures, as the database holds them now (the same for every instance). */
export interface QueueFigures {
  mail: QueueFigure;
  webhooks: QueueFigure;
}

/** The connections of TypeORM's pg pool in this instance. */
export interface PoolUse {
  /** Open connections, busy or idle */
  total: number;
  idle: number;
  /** Queries waiting for a connection (every one is busy and the pool is at its maximum) */
  waiting: number;
  max: number;
}

export interface QueueFigure {
  /** Waiting for the worker (retries included) */
  pending: number;
  /** Given up after the last attempt */
  failed: number;
  /** How long the oldest of those waiting has been waiting, by the database's clock; null when none waits */
  oldestPendingSeconds: number | null;
}

interface FiguresRow {
  mail_pending: number;
  mail_failed: number;
  mail_oldest: number | null;
  webhook_pending: number;
  webhook_failed: number;
  webhook_oldest: number | null;
}

/**
 * Read-only counts over the mail outbox (`outbox_emails`, the Mail module's) and the Stripe webhook inbox
 * (`stripe_events`, Billing's), for the metrics and the admin's status page. An exception to "each module reads its
 * own tables", like the admin lists' join of `users`: one statement for both queues at scrape time, aggregates only,
 * never a row. The waiting rows are counted through the workers' own partial indexes (`outbox_emails_due_idx`,
 * `stripe_events_due_idx`: only the rows still waiting are in them), the failed ones through their own
 * (`outbox_emails_failed_idx`, `stripe_events_failed_idx`, migration FailedQueueIndexes).
 */
@Injectable()
export class MonitoringRepository extends BaseRepository {
  async queueFigures(): Promise<QueueFigures> {
    const [row] = await this.query<FiguresRow>(
      `SELECT m.pending AS mail_pending, m.oldest AS mail_oldest,
              (SELECT count(*)::int FROM outbox_emails WHERE status = 'failed') AS mail_failed,
              w.pending AS webhook_pending, w.oldest AS webhook_oldest,
              (SELECT count(*)::int FROM stripe_events WHERE outcome = 'failed') AS webhook_failed
         FROM (SELECT count(*)::int AS pending, extract(epoch FROM now() - min(created_at))::float8 AS oldest
                 FROM outbox_emails WHERE status IN ('queued', 'sending')) m,
              (SELECT count(*)::int AS pending, extract(epoch FROM now() - min(received_at))::float8 AS oldest
                 FROM stripe_events WHERE outcome = 'pending') w`,
      [],
    );
    const age = (seconds: number | null) => (seconds === null ? null : Math.max(0, seconds));
    return {
      mail: { pending: row.mail_pending, failed: row.mail_failed, oldestPendingSeconds: age(row.mail_oldest) },
      webhooks: { pending: row.webhook_pending, failed: row.webhook_failed, oldestPendingSeconds: age(row.webhook_oldest) },
    };
  }

  /** The pool's connections now (no query). */
  poolUse(): PoolUse {
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool | undefined;
    return { total: pool?.totalCount ?? 0, idle: pool?.idleCount ?? 0, waiting: pool?.waitingCount ?? 0, max: pool?.options.max ?? 0 };
  }
}
