import { ApiProperty } from '@nestjs/swagger';
import { EmailField, TextField } from '../../common/fields';

export class CreateSupportMessageDto {
  @EmailField()
  email: string;

  @TextField({ optional: true, max: 100, tooLong: 'Le nom ne doit pas dépasser 100 caractères' })
  name?: string;

  @TextField({ max: 200, required: 'Le sujet est requis', tooLong: 'Le sujet ne doit pas dépasser 200 caractères' })
  subject: string;

  @TextField({ max: 5000, required: 'Le message est requis', tooLong: 'Le message ne doit pas dépasser 5000 caractères' })
  message: string;
}

/** Quand le compte pourra envoyer son prochain message au support */
export class SupportWaitDto {
  /** null : un message peut être envoyé tout de suite */
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  nextAllowedAt: string | null;
  /** Secondes à attendre (0 : tout de suite) */
  retryAfter: number;
}

export class SupportMessageResponseDto extends SupportWaitDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty({ format: 'date-time' })
  sentAt: string;
}
