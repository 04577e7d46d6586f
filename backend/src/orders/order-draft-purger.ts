import { Injectable } from '@nestjs/common';
import { retryDelaySeconds } from '../common/retry';
import { type Job, JobRunner } from '../database/jobs/job-runner';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
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

  constructor(
    private readonly drafts: OrderDraftsService,
    runner: JobRunner,
  ) {
    this.job = runner.job('draft-purge');
  }

  /** One run: the drafts abandoned for ORDER_DRAFT_TTL_DAYS and their photos deleted. */
  @BackgroundJob({
    name: 'draft-purge',
    scope: 'cluster',
    everyMs: HOUR,
    firstAfterMs: 60_000,
    retryDelayMs: (failures) => retryDelaySeconds(failures, 60) * 1000,
    metrics: true,
    log: { context: 'Orders', failure: 'Purge des commandes abandonnées en échec' },
  })
  purge(): Promise<{ drafts: number; photos: number }> {
    return this.drafts.purgeStale();
  }

  /** A run now, under the job's lease (undefined when another instance holds it). */
  run(): Promise<{ drafts: number; photos: number } | undefined> {
    return this.job.drain();
  }
}
