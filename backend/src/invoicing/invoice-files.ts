import { Inject, Injectable, Logger } from '@nestjs/common';
import { retryDelaySeconds } from '../common/retry';
import type { AppConfig } from '../config/app-config';
import { type Job, type JobContext, JobRunner } from '../database/jobs/job-runner';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
import { FILE_STORAGE, type FileStorage } from '../common/storage/file-storage';
import { facturX } from './factur-x';
import { InvoicingRepository, type RenderJob } from './invoicing.repository';
import type { LegalInvoiceFileSource } from './legal-invoice.entity';

const BATCH = 10;
const MAX_ATTEMPTS = 10;

/** The worker's poll: the webhook inbox's, a second at least. */
const everyMsOf = (config: AppConfig) => Math.max(config.webhooks.pollIntervalMs, 1000);

/** `invoices/2026/f-2026-000123.pdf` */
export const fileKeyOf = (year: number, number: string) => `invoices/${year}/${number.toLowerCase()}.pdf`;

/**
 * The Factur-X files of the legal documents. A document is issued `pending` in its paying transaction (no rendering
 * there: no heavy work while the transaction holds its locks); this worker, a job of the engine (database/jobs) on
 * every instance, then claims pending documents (FOR UPDATE SKIP LOCKED and a lease, JOB_LEASE_SECONDS, renewed while
 * it renders, so two instances never render the same one, and one that died mid-way is taken again), renders each from
 * its frozen snapshot and stores it. A failure is retried with a growing wait, then left `failed` (logged). At
 * shutdown the document being rendered is finished and the rest of the batch handed back. A download of a document not
 * rendered yet renders it at once.
 */
@Injectable()
export class InvoiceFiles {
  private readonly logger = new Logger('Invoicing');
  private readonly job: Job<void>;
  /** The claimed documents not rendered yet, renewed by the runner's heartbeat */
  private readonly held = new Set<string>();

  constructor(
    private readonly repo: InvoicingRepository,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly runner: JobRunner,
  ) {
    this.job = runner.job('invoice-files');
  }

  wake(): void {
    this.job.wake();
  }

  /** Renders every document due now; resolves when none is left (the tests wait on it). */
  async drain(): Promise<void> {
    await this.job.drain();
  }

  @BackgroundJob<InvoiceFiles>({
    name: 'invoice-files',
    scope: 'instance',
    everyMs: everyMsOf,
    retryDelayMs: (failures, config) => Math.min(60_000, retryDelaySeconds(failures, everyMsOf(config) / 1000) * 1000),
    metrics: true,
    renew: (worker, leaseSeconds) => (worker.held.size ? worker.repo.renewRenders([...worker.held], leaseSeconds) : Promise.resolve()),
    log: { context: 'Invoicing', failure: 'Rendu des factures interrompu' },
  })
  private async renderDue(ctx: JobContext): Promise<void> {
    while (!ctx.stopping) {
      const jobs = await this.repo.claimRenders(BATCH, ctx.leaseSeconds);
      if (!jobs.length) return;
      for (const job of jobs) this.held.add(job.id);
      try {
        for (const [i, job] of jobs.entries()) {
          if (ctx.stopping) {
            await this.repo.releaseRenders(jobs.slice(i).map((j) => j.id));
            return;
          }
          await this.render(job);
          this.held.delete(job.id);
        }
      } finally {
        for (const job of jobs) this.held.delete(job.id);
      }
    }
  }

  private async render(job: RenderJob): Promise<Buffer | null> {
    try {
      const bytes = await facturX(job.document);
      const key = fileKeyOf(job.year, job.number);
      await this.storage.put(key, bytes, 'application/pdf', `attachment; filename="${job.number}.pdf"`);
      await this.repo.rendered(job.id, key);
      return bytes;
    } catch (error) {
      const message = (error as Error).message || 'Erreur inconnue';
      const last = job.attempts >= MAX_ATTEMPTS;
      await this.repo.renderFailed(job.id, message, last ? null : retryDelaySeconds(job.attempts, 5));
      if (last) this.logger.error(`Facture ${job.number} : fichier Factur-X non produit après ${job.attempts} tentatives : ${message}`);
      else this.logger.warn(`Facture ${job.number} : fichier Factur-X non produit (tentative ${job.attempts}) : ${message}`);
      return null;
    }
  }

  /** A document's file: the stored one, or rendered now (and stored) when it is not there yet. */
  async bytesOf(doc: LegalInvoiceFileSource): Promise<Buffer> {
    if (doc.fileKey) {
      const stored = await this.storage.get(doc.fileKey);
      if (stored) return stored;
    }
    const [job] = await this.repo.claimRenders(1, this.runner.leaseSeconds, doc.id);
    const rendered = job ? await this.render(job) : null;
    // Claimed by another worker meanwhile, or already rendered: the same snapshot gives the same document.
    return rendered ?? facturX(doc.document);
  }

  /** The documents of a period with their files, in issue order, `size` at a time. */
  async *exportBatches(range: { from: Date; to: Date }, size: number) {
    let after: { at: string; id: string } | null = null;
    do {
      const batch = await this.repo.exportBatch(range, after, size);
      const items = [];
      for (const item of batch.items) {
        items.push({
          ...item,
          bytes: await this.bytesOf({
            id: item.id,
            number: item.number,
            year: Number(item.document.issueDate.slice(0, 4)),
            document: item.document,
            fileKey: item.fileKey,
            renderStatus: item.renderStatus,
          }),
        });
      }
      if (items.length) yield items;
      after = batch.next;
    } while (after);
  }
}
