import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { retryDelaySeconds } from '../common/retry';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type Job, type JobContext, JobRunner } from '../database/jobs/job-runner';
import { BackgroundJob } from '../database/jobs/background-job.decorator';
import Handlebars from 'handlebars';
import { MailSecrets } from './mail-secrets';
import { type ClaimedMail, OutboxRepository } from './outbox.repository';

const BATCH = 20;

/**
 * Delivers the outbox in the background, a job of the engine (database/jobs) on every instance. Rows are claimed with
 * FOR UPDATE SKIP LOCKED and marked `sending` under a lease (JOB_LEASE_SECONDS, renewed while the batch is being
 * sent), so several instances never send the same mail; a claim left by a killed worker lapses and another instance
 * takes it. At shutdown the mail being sent is finished and the rest of the batch handed back. Failures retry with
 * exponential backoff up to `maxAttempts`, then the mail is `failed`. With no SMTP_URL, mail is `captured`: kept in
 * the outbox and printed in the console with its link. Never runs in an API request.
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger('Mail');
  private readonly job: Job<number>;
  /** The claimed mails not marked yet, renewed by the runner's heartbeat */
  private readonly held = new Set<string>();

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly mailer: MailerService,
    private readonly secrets: MailSecrets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    runner: JobRunner,
  ) {
    this.job = runner.job('mail');
  }

  onApplicationBootstrap(): void {
    if (this.config.mail.workerEnabled && !this.config.mail.smtpUrl)
      this.logger.log('SMTP_URL absent : les e-mails sont conservés dans le journal (statut « capturé ») et affichés ici.');
  }

  /** Sends every due mail; returns how many were handled. Safe to call from several places at once. */
  async drain(): Promise<number> {
    return (await this.job.drain()) ?? 0;
  }

  /** One run: batches until none is due, or until shutdown, which hands back the rest of the batch in hand. */
  @BackgroundJob<MailWorker>({
    name: 'mail',
    scope: 'instance',
    everyMs: (config) => config.mail.pollIntervalMs,
    timer: (config) => config.mail.workerEnabled,
    // The database unreachable: the poll slows down, doubling up to a minute.
    retryDelayMs: (failures, config) => Math.min(60_000, retryDelaySeconds(failures, config.mail.pollIntervalMs / 1000) * 1000),
    combine: (earlier: number, later: number) => earlier + later,
    metrics: true,
    renew: (worker, leaseSeconds) => (worker.held.size ? worker.outbox.renew([...worker.held], leaseSeconds) : Promise.resolve()),
    log: { context: 'Mail', failure: 'Envoi des e-mails interrompu' },
  })
  private async deliverDue(ctx: JobContext): Promise<number> {
    let handled = 0;
    while (!ctx.stopping) {
      const batch = await this.outbox.claim(BATCH, ctx.leaseSeconds);
      if (batch.length === 0) break;
      for (const mail of batch) this.held.add(mail.id);
      try {
        for (const [i, mail] of batch.entries()) {
          if (ctx.stopping) {
            await this.outbox.release(batch.slice(i).map((m) => m.id));
            return handled;
          }
          await this.deliver(mail);
          this.held.delete(mail.id);
          handled += 1;
        }
      } finally {
        for (const mail of batch) this.held.delete(mail.id);
      }
    }
    return handled;
  }

  private async deliver(stored: ClaimedMail): Promise<void> {
    let mail: ClaimedMail;
    try {
      mail = this.withSecretLink(stored);
    } catch (error) {
      // Sealed under another secret (JWT_SECRET changed): the link cannot be rebuilt, sending would mail a dead link.
      await this.outbox.markAttemptFailed(stored.id, `Lien illisible : ${(error as Error).message}`, true, 0);
      this.logger.warn(`E-mail ${stored.id} à ${stored.recipient} abandonné : son lien scellé est illisible (JWT_SECRET changé ?)`);
      return;
    }
    if (!this.config.mail.smtpUrl) {
      await this.outbox.markDelivered(mail.id, 'captured');
      // The console is the captured mail's only way out: it shows the working link, the stored row keeps it masked.
      this.logger.log(
        `E-mail capturé pour ${mail.recipient} (${mail.template}) : « ${mail.subject} »${mail.action_url ? ` — lien : ${mail.action_url}` : ''}`,
      );
      return;
    }
    try {
      await this.mailer.sendMail({ to: mail.recipient, subject: mail.subject, html: mail.html, text: mail.text });
      await this.outbox.markDelivered(mail.id, 'sent');
    } catch (error) {
      const message = (error as Error).message?.slice(0, 500) || 'Erreur inconnue';
      const failed = mail.attempts >= this.config.mail.maxAttempts;
      const delay = retryDelaySeconds(mail.attempts, this.config.mail.retryBaseSeconds);
      await this.outbox.markAttemptFailed(mail.id, message, failed, delay);
      this.logger.warn(
        failed
          ? `Échec définitif de l'e-mail ${mail.id} à ${mail.recipient} après ${mail.attempts} tentatives : ${message}`
          : `Échec de l'e-mail ${mail.id} (tentative ${mail.attempts}), nouvel essai dans ${delay} s : ${message}`,
      );
    }
  }

  /** The mail as it goes out: its masked one-time link replaced by the sealed one, in the HTML (escaped) and text. */
  private withSecretLink(mail: ClaimedMail): ClaimedMail {
    if (!mail.secret_link || !mail.action_url) return mail;
    const link = this.secrets.open(mail.secret_link);
    const masked = mail.action_url;
    const escape = (s: string) => Handlebars.Utils.escapeExpression(s);
    return {
      ...mail,
      action_url: link,
      html: mail.html.split(escape(masked)).join(escape(link)),
      text: mail.text.split(masked).join(link),
    };
  }
}
