import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { returning } from '../database/returning';
import type { EmailDetailDto, EmailListResponseDto, EmailSummaryDto, ListAdminEmailsQueryDto } from './dto/mail.dto';
import { OutboxEmail } from './outbox-email.entity';
import { MailWorker } from './mail.worker';

const summary = (m: OutboxEmail): EmailSummaryDto => ({
  id: m.id,
  recipient: m.recipient,
  template: m.template,
  subject: m.subject,
  status: m.status,
  attempts: m.attempts,
  last_error: m.lastError,
  action_url: m.actionUrl,
  created_at: m.createdAt.toISOString(),
  sent_at: m.sentAt?.toISOString() ?? null,
  next_attempt_at: m.nextAttemptAt.toISOString(),
});

/** The admin's view of the outbox: list, preview, retry. */
@Injectable()
export class MailLogService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly worker: MailWorker,
  ) {}

  async list(query: ListAdminEmailsQueryDto): Promise<EmailListResponseDto> {
    const page = query.page ?? 1;
    const limit = query.limit ?? 10;
    const qb = this.dataSource.getRepository(OutboxEmail).createQueryBuilder('m');
    if (query.status) qb.andWhere('m.status = :status', { status: query.status });
    if (query.recipient) qb.andWhere('m.recipient ILIKE :recipient', { recipient: `%${query.recipient.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
    const [emails, total] = await qb
      .orderBy('m.created_at', 'DESC')
      .addOrderBy('m.id', 'ASC')
      .skip((page - 1) * limit)
      .take(limit)
      .getManyAndCount();
    return { emails: emails.map(summary), total };
  }

  async get(id: string): Promise<EmailDetailDto> {
    const mail = await this.dataSource.getRepository(OutboxEmail).findOneBy({ id });
    if (!mail) throw new NotFoundException({ message: 'E-mail introuvable', error: 'Not Found' });
    return { ...summary(mail), html: mail.html, text: mail.text };
  }

  /** Puts a failed (or still waiting) mail back in line for an immediate attempt. */
  async retry(id: string): Promise<EmailSummaryDto> {
    const rows = await returning<{ id: string }>(
      this.dataSource.manager,
      `UPDATE outbox_emails SET status = 'queued', attempts = 0, next_attempt_at = now(), last_error = NULL, updated_at = now()
        WHERE id = $1 AND status IN ('failed', 'queued') RETURNING id`,
      [id],
    );
    if (rows.length === 0) {
      await this.get(id); // 404 when unknown
      throw new ConflictException({ message: 'Cet e-mail a déjà été envoyé ou est en cours d\'envoi', error: 'Conflict' });
    }
    void this.worker.drain().catch(() => undefined);
    const { html: _html, text: _text, ...rest } = await this.get(id);
    return rest;
  }
}
