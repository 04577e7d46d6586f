import { Injectable } from '@nestjs/common';
import { trackJob } from '../common/metrics/job-runs';
import { retryDelaySeconds } from '../common/retry';
import { type Job, JobRunner } from '../database/jobs/job-runner';
import { OrderDraftsService } from './order-drafts.service';

const HOUR = 3600_000;

/**
 * Every hour (first a minute after start), deletes the drafts abandoned for ORDER_DRAFT_TTL_DAYS and their photos: a
 * job of the engine (database/jobs) that runs on one instance at a time across all of them, on one schedule; a failed
 * run is tried again after a minute, doubling. Each run deletes its rows with FOR UPDATE SKIP LOCKED in one statement,
 * so a run cut by a crash is simply done again.
 */
@Injectable()
export class OrderDraftPurger {
  private readonly job: Job<{ drafts: number; photos: number }>;

  constructor(drafts: OrderDraftsService, runner: JobRunner) {
    this.job = runner.register({
      name: 'draft-purge',
      scope: 'cluster',
      everyMs: HOUR,
      firstAfterMs: 60_000,
      timer: true,
      retryDelayMs: (failures) => retryDelaySeconds(failures, 60) * 1000,
      report: (run) => trackJob('draft-purge', run),
      run: () => drafts.purgeStale(),
      log: { context: 'Orders', failure: 'Purge des commandes abandonnées en échec' },
    });
  }

  /** A run now, under the job's lease (undefined when another instance holds it). */
  run(): Promise<{ drafts: number; photos: number } | undefined> {
    return this.job.drain();
  }
}
