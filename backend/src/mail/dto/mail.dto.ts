import { ApiProperty } from '@nestjs/swagger';
import { EMAIL_MAX, EnumField, TextField } from '../../common/fields';
import { PageQueryDto } from '../../common/page-query.dto';
import { MAIL_STATUSES, type MailStatus } from '../outbox-email.entity';

export class ListAdminEmailsQueryDto extends PageQueryDto {
  @EnumField(MAIL_STATUSES, { name: 'MailStatus', invalid: 'Statut invalide', optional: true })
  status?: MailStatus;

  /** Destinataire (recherche partielle) */
  @TextField({ optional: true, max: EMAIL_MAX, tooLong: 'Destinataire trop long', notText: 'Destinataire invalide' })
  recipient?: string;
}

export class EmailSummaryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  recipient: string;
  template: string;
  subject: string;
  @ApiProperty({ enum: MAIL_STATUSES, enumName: 'MailStatus' })
  status: MailStatus;
  attempts: number;
  @ApiProperty({ nullable: true, type: String })
  lastError: string | null;
  /** Lien principal de l'e-mail ; le jeton d'un lien à usage unique (réinitialisation, première connexion) est masqué */
  @ApiProperty({ nullable: true, type: String })
  actionUrl: string | null;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  sentAt: string | null;
  @ApiProperty({ format: 'date-time' })
  nextAttemptAt: string;
}

export class EmailDetailDto extends EmailSummaryDto {
  html: string;
  text: string;
}

export class EmailListResponseDto {
  emails: EmailSummaryDto[];
  total: number;
}
