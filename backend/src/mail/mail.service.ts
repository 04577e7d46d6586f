import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { isClosedAccountEmail } from '../common/current-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { type BillingNotice, type NoticeSite, renderNotice } from './billing-notices';
import { MAIL_AGENCY, type MailAgencySource } from './mail-agency';
import { MailSecrets, maskLink } from './mail-secrets';
import { type MailsAbout, OutboxRepository } from './outbox.repository';
import type { OutboxEmail } from './outbox-email.entity';
import { type MailTemplateName, type MailTemplates, renderMail, secretActionOf } from './templates';

export interface EnqueueOptions {
  /** The caller's transaction: the mail exists only if the business change commits */
  tx?: EntityManager;
  /** Same key twice = one mail (a retried business event never mails twice) */
  dedupeKey?: string;
}

/** The one way the product sends mail: render now, store in the outbox, let the worker deliver. */
@Injectable()
export class MailService {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly secrets: MailSecrets,
    @Inject(MAIL_AGENCY) private readonly agency: MailAgencySource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Where the team's mails go: the agency's settings (TEAM_EMAIL until an admin saves another). */
  teamAddress(tx?: EntityManager): Promise<string> {
    return this.agency.teamEmail(tx);
  }

  /** An absolute link into the app. */
  link(path: string): string {
    return `${this.config.appUrl}${path}`;
  }

  /**
   * Returns the outbox row id, or null when the dedupe key was already used. A template whose link is a one-time
   * token is stored rendered with the link masked, the real link sealed beside it for the worker only. A closed
   * account has no address any more (`closedAccountEmail`): what is written to it is dropped (null), not queued.
   */
  async enqueue<K extends MailTemplateName>(
    template: K,
    to: string,
    data: MailTemplates[K],
    options: EnqueueOptions = {},
  ): Promise<string | null> {
    if (isClosedAccountEmail(to)) return null;
    const secretKey = secretActionOf(template);
    const secretLink = secretKey ? String((data as Record<string, unknown>)[secretKey]) : null;
    const stored = secretKey && secretLink ? { ...data, [secretKey]: maskLink(secretLink) } : data;
    const mail = renderMail(template, stored, await this.agency.identity(options.tx));
    return this.outbox.insert(
      {
        recipient: to,
        template,
        data: stored,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        actionUrl: mail.actionUrl,
        secretLink: secretLink ? this.secrets.seal(secretLink) : null,
        dedupeKey: options.dedupeKey ?? null,
      },
      options.tx,
    );
  }

  /**
   * A change of what a client pays or gets, mailed to the client and to the team (mail/billing-notices.ts has the
   * words), in the caller's transaction; `dedupeKey` makes a replayed event mail once.
   */
  async notify(site: NoticeSite, notice: BillingNotice, options: { tx?: EntityManager; dedupeKey: string }): Promise<void> {
    const { client, team } = renderNotice(site, notice);
    await this.enqueue(
      'account-notice',
      site.customerEmail,
      { ...client, name: site.customerName },
      { tx: options.tx, dedupeKey: `${options.dedupeKey}:client` },
    );
    await this.enqueue(
      'team-notice',
      await this.teamAddress(options.tx),
      { ...team, adminUrl: this.link(`/admin/sites/${site.siteId}`) },
      { tx: options.tx, dedupeKey: `${options.dedupeKey}:team` },
    );
  }

  // ---- a person's mail (privacy/) ----

  /** Every mail sent (or to be sent) to this address, as stored: one-time links masked. */
  mailsTo(email: string): Promise<OutboxEmail[]> {
    return this.outbox.mailsTo(email);
  }

  /** Mails to a closed account, or about it, still waiting to go out: its erasure waits for them. */
  waitingAbout(about: MailsAbout, tx?: EntityManager): Promise<number> {
    return this.outbox.waitingAbout(about, tx);
  }

  /** Erases the mails to a closed account or about it (MailsAbout), once out (sent, captured or failed); how many. */
  eraseAbout(about: MailsAbout, tx?: EntityManager): Promise<number> {
    return this.outbox.eraseAbout(about, tx);
  }
}
