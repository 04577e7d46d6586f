import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { returning } from '../database/returning';

interface ClaimedMail {
  id: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  action_url: string | null;
  attempts: number;
}

const BATCH = 20;
const CLAIM_MINUTES = 5;

/**
 * Delivers the outbox in the background. Rows are claimed with FOR UPDATE SKIP LOCKED and marked `sending`, so
 * several instances never send the same mail; a claim left by a crashed worker expires after 5 minutes. Failures
 * retry with exponential backoff up to `maxAttempts`, then the mail is `failed`. With no SMTP_URL, mail is
 * `captured`: kept in the outbox and printed in the console with its link. Never runs in an API request.
 */
@Injectable()
export class MailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  private stopped = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly mailer: MailerService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.mail.workerEnabled) return;
    if (!this.config.mail.smtpUrl) this.logger.log('SMTP_URL absent : les e-mails sont conservés dans le journal (statut « capturé ») et affichés ici.');
    this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
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
    this.running = this.drainAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async drainAll(): Promise<number> {
    let handled = 0;
    for (;;) {
      if (this.stopped && handled > 0) return handled;
      const batch = await this.claim();
      if (batch.length === 0) return handled;
      for (const mail of batch) await this.deliver(mail);
      handled += batch.length;
    }
  }

  private claim(): Promise<ClaimedMail[]> {
    return returning<ClaimedMail>(
      this.dataSource.manager,
      `UPDATE outbox_emails o
          SET status = 'sending', attempts = o.attempts + 1, locked_until = now() + make_interval(mins => $2), updated_at = now()
         FROM (SELECT id FROM outbox_emails
                WHERE (status = 'queued' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until < now())
                ORDER BY next_attempt_at
                LIMIT $1
                FOR UPDATE SKIP LOCKED) due
        WHERE o.id = due.id
      RETURNING o.id, o.recipient, o.subject, o.html, o.text, o.action_url, o.attempts`,
      [BATCH, CLAIM_MINUTES],
    );
  }

  private async deliver(mail: ClaimedMail): Promise<void> {
    if (!this.config.mail.smtpUrl) {
      await this.dataSource.query(`UPDATE outbox_emails SET status = 'captured', locked_until = NULL, sent_at = now(), updated_at = now() WHERE id = $1`, [mail.id]);
      this.logger.log(`E-mail capturé pour ${mail.recipient} : « ${mail.subject} »${mail.action_url ? ` — lien : ${mail.action_url}` : ''}`);
      return;
    }
    try {
      await this.mailer.sendMail({ to: mail.recipient, subject: mail.subject, html: mail.html, text: mail.text });
      await this.dataSource.query(`UPDATE outbox_emails SET status = 'sent', locked_until = NULL, sent_at = now(), last_error = NULL, updated_at = now() WHERE id = $1`, [mail.id]);
    } catch (error) {
      const message = (error as Error).message?.slice(0, 500) || 'Erreur inconnue';
      const { maxAttempts, retryBaseSeconds } = this.config.mail;
      const failed = mail.attempts >= maxAttempts;
      const delay = Math.min(3600, retryBaseSeconds * 2 ** (mail.attempts - 1));
      await this.dataSource.query(
        `UPDATE outbox_emails
            SET status = $2, last_error = $3, locked_until = NULL, updated_at = now(),
                next_attempt_at = now() + make_interval(secs => $4)
          WHERE id = $1`,
        [mail.id, failed ? 'failed' : 'queued', message, delay],
      );
      this.logger.warn(
        failed
          ? `Échec définitif de l'e-mail ${mail.id} à ${mail.recipient} après ${mail.attempts} tentatives : ${message}`
          : `Échec de l'e-mail ${mail.id} (tentative ${mail.attempts}), nouvel essai dans ${delay} s : ${message}`,
      );
    }
  }
}
