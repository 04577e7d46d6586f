import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { EmailDetailDto, EmailListResponseDto, EmailSummaryDto, ListAdminEmailsQueryDto } from './dto/mail.dto';
import { MailAdminService } from './mail-admin.service';

const uuid = uuidParam('E-mail introuvable');

@ApiTags('admin')
@Roles('admin')
@Controller('admin/emails')
export class MailAdminController {
  constructor(private readonly mailAdmin: MailAdminService) {}

  /** Journal des e-mails, les plus récents d'abord. */
  @Get()
  listAdminEmails(@Query() query: ListAdminEmailsQueryDto): Promise<EmailListResponseDto> {
    return this.mailAdmin.list(query);
  }

  /** Un e-mail avec son rendu HTML et texte. */
  @Get(':id')
  getAdminEmail(@UuidParam('id', uuid) id: string): Promise<EmailDetailDto> {
    return this.mailAdmin.get(id);
  }

  /** Renvoie un e-mail en échec (ou en attente) immédiatement. */
  @Post(':id/retry')
  @HttpCode(200)
  retryAdminEmail(@CurrentUser() { user }: AuthenticatedUser, @UuidParam('id', uuid) id: string): Promise<EmailSummaryDto> {
    return this.mailAdmin.retry(user, id);
  }
}
