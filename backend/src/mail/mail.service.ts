import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { returning } from '../database/returning';
import { type MailTemplateName, type MailTemplates, renderMail } from './templates';

export interface EnqueueOptions {
  /** The caller's transaction: the mail exists only if the business change commits */
  manager?: EntityManager;
  /** Same key twice = one mail (a retried business event never mails twice) */
  dedupeKey?: string;
}

/** The one way the product sends mail: render now, store in the outbox, let the worker deliver. */
@Injectable()
export class MailService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get teamEmail(): string {
    return this.config.mail.teamEmail;
  }

  /** An absolute link into the app. */
  link(path: string): string {
    return `${this.config.appUrl}${path}`;
  }

  /** Returns the outbox row id, or null when the dedupe key was already used. */
  async enqueue<K extends MailTemplateName>(template: K, to: string, data: MailTemplates[K], options: EnqueueOptions = {}): Promise<string | null> {
    const mail = renderMail(template, data);
    const manager = options.manager ?? this.dataSource.manager;
    const rows = await returning<{ id: string }>(
      manager,
      `INSERT INTO outbox_emails (recipient, template, data, subject, html, text, action_url, dedupe_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (dedupe_key) DO NOTHING
       RETURNING id`,
      [to, template, JSON.stringify(data), mail.subject, mail.html, mail.text, mail.actionUrl, options.dedupeKey ?? null],
    );
    return rows[0]?.id ?? null;
  }
}
