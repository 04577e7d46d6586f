import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { trackJob } from '../common/metrics/job-runs';
import { retryDelaySeconds } from '../common/retry';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import Handlebars from 'handlebars';
import { MailSecrets } from './mail-secrets';
import { type ClaimedMail, OutboxRepository } from './outbox.repository';

const BATCH = 20;
const CLAIM_MINUTES = 5;

/**
 * Delivers the outbox in the background. Rows are claimed with FOR UPDATE SKIP LOCKED and marked `sending`, so
 * several instances never send the same mail; a claim left by a crashed worker expires after 5 minutes. Failures
 * retry with exponential backoff up to `maxAttempts`, then the mail is `failed`. With no SMTP_URL, mail is
 * `captured`: kept in the outbox and printed in the console with its link. Never runs in an API request.
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly mailer: MailerService,
    private readonly secrets: MailSecrets,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.mail.workerEnabled) return;
    if (!this.config.mail.smtpUrl)
      this.logger.log('SMTP_URL absent : les e-mails sont conservés dans le journal (statut « capturé ») et affichés ici.');
    this.schedule();
  }

  /**
   * At shutdown, before the database pool closes (TypeORM closes it in onApplicationShutdown): no new batch is
   * claimed, and the batch being sent is finished and marked, so no mail stays claimed for 5 minutes.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.drain()
        .catch((error: unknown) => this.logger.error(`Envoi des e-mails interrompu : ${(error as Error).message}`))
        .finally(() => this.schedule());
    }, this.config.mail.pollIntervalMs);
    this.timer.unref();
  }

  /** Sends every due mail; returns how many were handled. Safe to call from several places at once. */
  drain(): Promise<number> {
    if (this.running) return this.running;
    this.running = trackJob('mail', this.drainAll()).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async drainAll(): Promise<number> {
    let handled = 0;
    for (;;) {
      if (this.stopped) return handled;
      const batch = await this.claim();
      if (batch.length === 0) return handled;
      for (const mail of batch) await this.deliver(mail);
      handled += batch.length;
    }
  }

  private claim(): Promise<ClaimedMail[]> {
    return this.outbox.claim(BATCH, CLAIM_MINUTES);
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
