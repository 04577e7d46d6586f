import { Injectable } from '@nestjs/common';
import { retryDelaySeconds } from '../common/retry';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
import { type Job, JobRunner } from '../database/jobs/job-runner';
import { AudienceClock } from './audience-clock';
import { AudienceRepository } from './audience.repository';
import { EventBuffer } from './event-buffer';
import { parisDay } from './ingest';

const HOUR_MS = 3600_000;
/** Raw events: 48 hours at most. */
export const RAW_RETENTION_MS = 48 * HOUR_MS;
/** Roll-ups: 25 months. */
export const ROLLUP_RETENTION_MONTHS = 25;
/** Yesterday's salt outlives midnight by this much (events hashed just before midnight still in a batch). */
export const SALT_GRACE_MS = HOUR_MS;

/**
 * The audience's jobs on the job engine, one instance at a time each: the roll-ups every minute (only the site-days
 * and site-hours that received events since the last run, queued by the events' own INSERT), the day salts (today's made at midnight Paris time, the previous one destroyed
 * after a grace hour), and the retention (raw events after 48 hours, roll-ups after 25 months).
 */
@Injectable()
export class AudienceJobs {
  private readonly rollUps: Job<void>;
  private readonly salts: Job<void>;
  private readonly retention: Job<void>;

  constructor(
    private readonly repository: AudienceRepository,
    private readonly buffer: EventBuffer,
    private readonly clock: AudienceClock,
    runner: JobRunner,
  ) {
    this.rollUps = runner.job('audience-rollups');
    this.salts = runner.job('audience-salts');
    this.retention = runner.job('audience-retention');
  }

  /** Runs each job now (tests, and an operator's script). */
  async runAll(): Promise<void> {
    await this.salts.drain();
    await this.rollUps.drain();
    await this.retention.drain();
  }

  @BackgroundJob({
    name: 'audience-rollups',
    scope: 'cluster',
    everyMs: 60_000,
    timer: (config) => config.nodeEnv !== 'test',
    retryDelayMs: (failures) => retryDelaySeconds(failures, 10) * 1000,
    metrics: true,
    log: { context: 'Audience', failure: 'Calcul des statistiques d’audience en échec' },
  })
  private async rollUp(): Promise<void> {
    await this.buffer.flush();
    await this.repository.rollUpQueued();
  }

  @BackgroundJob({
    name: 'audience-salts',
    scope: 'cluster',
    everyMs: 5 * 60_000,
    timer: (config) => config.nodeEnv !== 'test',
    retryDelayMs: (failures) => retryDelaySeconds(failures, 10) * 1000,
    metrics: true,
    log: { context: 'Audience', failure: 'Renouvellement du sel du jour en échec' },
  })
  private async rotateSalts(): Promise<void> {
    const now = this.clock.now();
    await this.repository.saltOf(parisDay(now));
    await this.repository.destroySaltsBefore(parisDay(new Date(now.getTime() - SALT_GRACE_MS)));
  }

  @BackgroundJob({
    name: 'audience-retention',
    scope: 'cluster',
    everyMs: HOUR_MS,
    timer: (config) => config.nodeEnv !== 'test',
    retryDelayMs: (failures) => retryDelaySeconds(failures, 60) * 1000,
    metrics: true,
    log: { context: 'Audience', failure: 'Suppression des statistiques d’audience expirées en échec' },
  })
  private async purge(): Promise<void> {
    const now = this.clock.now();
    const rollUpsBefore = new Date(now);
    rollUpsBefore.setUTCMonth(rollUpsBefore.getUTCMonth() - ROLLUP_RETENTION_MONTHS);
    await this.repository.purge(new Date(now.getTime() - RAW_RETENTION_MS), rollUpsBefore);
  }
}
