import { type BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { type Job, JobRunner } from '../database/jobs/job-runner';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
import { ApiKeysRepository } from './api-keys.repository';

/** How often each instance adds the uses it counted to the keys' rows. */
export const USE_COUNT_FLUSH_MS = 60_000;

/**
 * Each key's use count (`api_keys.use_count`: requests the guard accepted with it), kept cheap: a request only adds 1
 * to a number in this instance's memory, never waits for a write. A job of the background engine (database/jobs,
 * `api-key-usage`, every minute) adds what was counted to the rows in one statement (`use_count + n`, so the counts of
 * every instance add up), and the shutdown writes what is left before the pool closes. A failed write puts its counts
 * back, for the next one. What a crash (kill -9) had not written yet, at most a minute of one instance's uses, is lost:
 * the count is a usage figure, not a bill. No timer in tests, which flush when they mean to.
 */
@Injectable()
export class ApiKeyUsage implements BeforeApplicationShutdown {
  private readonly logger = new Logger('ApiKeys');
  private pending = new Map<string, number>();
  private readonly job: Job<number>;

  constructor(
    private readonly keys: ApiKeysRepository,
    runner: JobRunner,
  ) {
    this.job = runner.job('api-key-usage');
  }

  /** One request accepted with the key: counted in memory. */
  count(keyId: string, uses = 1): void {
    this.pending.set(keyId, (this.pending.get(keyId) ?? 0) + uses);
  }

  /** Uses counted and not written yet (this instance). */
  get unwritten(): number {
    let total = 0;
    for (const n of this.pending.values()) total += n;
    return total;
  }

  /** Writes now what this instance counted (the timer does it every minute); resolves with the uses written. */
  async flush(): Promise<number> {
    return (await this.job.drain()) ?? 0;
  }

  /** The job engine stops its runs first (its own hook); what is left is written here, before the pool closes. */
  async beforeApplicationShutdown(): Promise<void> {
    try {
      await this.write();
    } catch (error) {
      this.logger.error(`Utilisations de clés d'API non enregistrées à l'arrêt (${this.unwritten}) : ${(error as Error).message}`);
    }
  }

  /** Takes the counts (a request counting meanwhile starts a new batch) and adds them; on failure, puts them back. */
  @BackgroundJob({
    name: 'api-key-usage',
    scope: 'instance',
    everyMs: USE_COUNT_FLUSH_MS,
    timer: (config) => config.nodeEnv !== 'test',
    combine: (earlier: number, later: number) => earlier + later,
    log: { context: 'ApiKeys', failure: "Écriture des compteurs d'utilisation des clés d'API en échec" },
  })
  private async write(): Promise<number> {
    if (!this.pending.size) return 0;
    const batch = this.pending;
    this.pending = new Map();
    try {
      await this.keys.addUses(batch);
    } catch (error) {
      for (const [id, n] of batch) this.count(id, n);
      throw error;
    }
    let total = 0;
    for (const n of batch.values()) total += n;
    return total;
  }
}
