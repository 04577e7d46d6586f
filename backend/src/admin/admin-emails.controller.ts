import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { EmailDetailDto, EmailListResponseDto, EmailSummaryDto, ListAdminEmailsQueryDto } from '../mail/dto/mail.dto';
import { MailLogService } from '../mail/mail-log.service';
import { AdminService } from './admin.service';

const uuid = uuidParam('E-mail introuvable');

@ApiTags('admin')
@Roles('admin')
@Controller('admin/emails')
export class AdminEmailsController {
  constructor(
    private readonly mailLog: MailLogService,
    private readonly admin: AdminService,
  ) {}

  /** Journal des e-mails, les plus récents d'abord. */
  @Get()
  listAdminEmails(@Query() query: ListAdminEmailsQueryDto): Promise<EmailListResponseDto> {
    return this.mailLog.list(query);
  }

  /** Un e-mail avec son rendu HTML et texte. */
  @Get(':id')
  getAdminEmail(@UuidParam('id', uuid) id: string): Promise<EmailDetailDto> {
    return this.mailLog.get(id);
  }

  /** Renvoie un e-mail en échec (ou en attente) immédiatement. */
  @Post(':id/retry')
  @HttpCode(200)
  retryAdminEmail(@CurrentUser() { user }: AuthenticatedUser, @UuidParam('id', uuid) id: string): Promise<EmailSummaryDto> {
    return this.admin.retryEmail(user, id);
  }
}
