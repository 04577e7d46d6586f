import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { pageWindow, toPage } from '../common/pagination';
import type { EmailDetailDto, EmailListResponseDto, EmailSummaryDto, ListAdminEmailsQueryDto } from './dto/mail.dto';
import { MailWorker } from './mail.worker';
import { OutboxRepository } from './outbox.repository';
import type { OutboxEmail } from './outbox-email.entity';

const summary = (m: OutboxEmail): EmailSummaryDto => ({
  id: m.id,
  recipient: m.recipient,
  template: m.template,
  subject: m.subject,
  status: m.status,
  attempts: m.attempts,
  lastError: m.lastError,
  actionUrl: m.actionUrl,
  createdAt: m.createdAt.toISOString(),
  sentAt: m.sentAt?.toISOString() ?? null,
  nextAttemptAt: m.nextAttemptAt.toISOString(),
});

/** The admin's view of the outbox: list, preview, retry. */
@Injectable()
export class MailLogService {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly worker: MailWorker,
  ) {}

  async list(query: ListAdminEmailsQueryDto): Promise<EmailListResponseDto> {
    const { items, total } = await this.outbox.list({
      ...pageWindow(query),
      status: query.status,
      recipient: query.recipient || undefined,
    });
    return toPage('emails', items.map(summary), total);
  }

  async get(id: string): Promise<EmailDetailDto> {
    const mail = await this.outbox.findById(id);
    if (!mail) throw new NotFoundException('E-mail introuvable');
    return { ...summary(mail), html: mail.html, text: mail.text };
  }

  /** Puts a failed (or still waiting) mail back in line for an immediate attempt. */
  async retry(id: string): Promise<EmailSummaryDto> {
    await this.requeue(id);
    return this.sendNow(id);
  }

  /**
   * The first half of a retry, in the caller's transaction: the mail back in line (404 when unknown, 409 when sent or
   * being sent). Once the transaction has committed, `sendNow` asks the worker to deliver it.
   */
  async requeue(id: string, tx?: EntityManager): Promise<void> {
    if (!(await this.outbox.requeue(id, tx))) {
      const mail = await this.outbox.findById(id, tx);
      if (!mail) throw new NotFoundException('E-mail introuvable');
      throw new ConflictException("Cet e-mail a déjà été envoyé ou est en cours d'envoi");
    }
  }

  /** Wakes the worker for a mail put back in line, and answers its state. */
  async sendNow(id: string): Promise<EmailSummaryDto> {
    void this.worker.drain().catch(() => undefined);
    const { html: _html, text: _text, ...rest } = await this.get(id);
    return rest;
  }
}
