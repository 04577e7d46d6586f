import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { AgencySettingsService } from '../agency/agency-settings.service';
import { longDateTime } from '../common/format';
import { retryDelaySeconds } from '../common/retry';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type Job, type JobContext, JobRunner } from '../database/jobs/job-runner';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
import { Transactions } from '../database/transactions';
import { MailService } from '../mail/mail.service';
import { FILE_STORAGE, type FileStorage } from '../common/storage/file-storage';
import { AccountDataCollector } from './account-data';
import { buildArchive } from './data-archive';
import { ExportLinks } from './export-links';
import { PrivacyRepository, type ExportRow } from './privacy.repository';

const BATCH = 2;
const MAX_ATTEMPTS = 5;
/** How long the mailed link works once the archive is ready. */
export const EXPORT_LINK_HOURS = 24;
/** Looks for due work at most this often (a request wakes it at once). */
const POLL_MS = 5000;

export const exportFileKey = (id: string) => `data-exports/${id}.zip`;
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * 'Télécharger mes données', in the background, a job of the engine (database/jobs) on every instance: the request is
 * a `data_exports` row (pending); this worker claims pending rows (FOR UPDATE SKIP LOCKED and a lease,
 * JOB_LEASE_SECONDS, renewed while it builds, so two instances never build the same one and one that died mid-way is
 * taken again), collects everything about the account from its modules, builds the ZIP, stores it, and in one
 * transaction marks it ready with its link's hash and end and queues the mail with the link (sealed in the outbox). A
 * failure is retried with a growing wait, then left `failed` (logged). It also removes the files of archives
 * downloaded, expired, or of closed accounts. At shutdown the archive being built is finished and the rest of the batch
 * handed back.
 */
@Injectable()
export class DataExports {
  private readonly logger = new Logger('Privacy');
  private readonly links: ExportLinks;
  private readonly job: Job<void>;
  /** The claimed exports not built yet, renewed by the runner's heartbeat */
  private readonly held = new Set<string>();

  constructor(
    private readonly repo: PrivacyRepository,
    private readonly collector: AccountDataCollector,
    private readonly transactions: Transactions,
    private readonly mail: MailService,
    private readonly agency: AgencySettingsService,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(APP_CONFIG) config: AppConfig,
    runner: JobRunner,
  ) {
    this.links = new ExportLinks(config.jwtSecret);
    this.job = runner.job('data-exports');
  }

  /** A request was just stored: build it now rather than at the next tick. */
  wake(): void {
    this.job.wake();
  }

  /** Builds every archive due now and removes the stale files; resolves when none is left (the tests wait on it). */
  async drain(): Promise<void> {
    await this.job.drain();
  }

  /** The link's token is signed for this archive, account and end (see ExportLinks). */
  verify(token: string, row: ExportRow): boolean {
    return row.expiresAt !== null && this.links.verify(token, row.id, row.userId, row.expiresAt);
  }

  /** One run: batches until none is due, then the stale files; at shutdown, the rest of the batch is handed back. */
  @BackgroundJob<DataExports>({
    name: 'data-exports',
    scope: 'instance',
    everyMs: POLL_MS,
    retryDelayMs: (failures) => Math.min(60_000, retryDelaySeconds(failures, POLL_MS / 1000) * 1000),
    metrics: true,
    renew: (worker, leaseSeconds) => (worker.held.size ? worker.repo.renewExports([...worker.held], leaseSeconds) : Promise.resolve()),
    log: { context: 'Privacy', failure: 'Préparation des archives interrompue' },
  })
  private async buildDue(ctx: JobContext): Promise<void> {
    while (!ctx.stopping) {
      const jobs = await this.repo.claimExports(BATCH, ctx.leaseSeconds);
      if (!jobs.length) {
        await this.removeStaleFiles();
        return;
      }
      for (const job of jobs) this.held.add(job.id);
      try {
        for (const [i, job] of jobs.entries()) {
          if (ctx.stopping) {
            await this.repo.releaseExports(jobs.slice(i).map((j) => j.id));
            return;
          }
          await this.build(job);
          this.held.delete(job.id);
        }
      } finally {
        for (const job of jobs) this.held.delete(job.id);
      }
    }
  }

  private async build(job: ExportRow): Promise<void> {
    try {
      const data = await this.collector.collect(job.userId);
      if (!data) {
        await this.repo.exportFailed(job.id, 'Compte fermé', null);
        return;
      }
      const agency = await this.agency.current();
      const zip = await buildArchive(data, agency.name);
      const key = exportFileKey(job.id);
      await this.storage.put(key, zip, 'application/zip', `attachment; filename="mes-donnees.zip"`);
      const expiresAt = new Date(Date.now() + EXPORT_LINK_HOURS * 3600_000);
      const token = this.links.token(job.id, job.userId, expiresAt);
      await this.transactions.run(async (tx) => {
        const ready = await this.repo.exportReady(
          job.id,
          { fileKey: key, sizeBytes: zip.length, tokenHash: tokenHash(token), expiresAt },
          tx,
        );
        if (!ready) return;
        const query = new URLSearchParams({ export: job.id, token });
        await this.mail.enqueue(
          'data-export-ready',
          data.account.email,
          {
            name: data.account.name || data.account.email,
            downloadUrl: this.mail.link(`/dashboard/data-export?${query.toString()}`),
            expiresAt: longDateTime(expiresAt),
            profileUrl: this.mail.link('/dashboard/profile#mes-donnees'),
          },
          { tx, dedupeKey: `data-export:${job.id}` },
        );
      });
    } catch (error) {
      const message = (error as Error).message || 'Erreur inconnue';
      const last = job.attempts >= MAX_ATTEMPTS;
      await this.repo.exportFailed(job.id, message, last ? null : retryDelaySeconds(job.attempts, 5));
      if (last) this.logger.error(`Archive ${job.id} non préparée après ${job.attempts} tentatives : ${message}`);
      else this.logger.warn(`Archive ${job.id} non préparée (tentative ${job.attempts}) : ${message}`);
    }
  }

  /** The files of archives downloaded, past their 24 hours, or of closed accounts: removed, their rows kept. */
  private async removeStaleFiles(): Promise<void> {
    for (const file of await this.repo.staleFiles(50)) await this.removeFile(file.id, file.fileKey);
  }

  async removeFile(id: string, key: string): Promise<void> {
    try {
      await this.storage.delete(key);
      await this.repo.fileRemoved(id);
    } catch (error) {
      this.logger.error(`Archive ${id} non supprimée du stockage : ${(error as Error).message}`);
    }
  }
}
