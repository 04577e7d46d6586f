import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit/audit.service';
import type { SessionUser } from '../common/current-user';
import { Transactions } from '../database/transactions';
import type { EmailDetailDto, EmailListResponseDto, EmailSummaryDto, ListAdminEmailsQueryDto } from './dto/mail.dto';
import { MailLogService } from './mail-log.service';

/** The mail log as the admin reads it, and the admin's retry (audited). */
@Injectable()
export class MailAdminService {
  constructor(
    private readonly mailLog: MailLogService,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
  ) {}

  list(query: ListAdminEmailsQueryDto): Promise<EmailListResponseDto> {
    return this.mailLog.list(query);
  }

  get(id: string): Promise<EmailDetailDto> {
    return this.mailLog.get(id);
  }

  async retry(actor: SessionUser, id: string): Promise<EmailSummaryDto> {
    await this.transactions.run(async (tx) => {
      await this.mailLog.requeue(id, tx);
      await this.audit.record(actor, { action: 'email.retry', entityType: 'email', entityId: id }, tx);
    });
    return this.mailLog.sendNow(id);
  }
}
