import { ApiProperty } from '@nestjs/swagger';
import { UserResponseDto } from '../../auth/dto/auth.dto';
import { EnumField, SearchField, TextField } from '../../common/fields';
import { PageQueryDto } from '../../common/page-query.dto';
import { SiteDto } from '../../sites/dto/sites.dto';
import { SORT_ORDERS } from './admin-sites.dto';

export const ADMIN_USER_SORT_KEYS = ['name', 'email', 'role', 'created_at'] as const;

export const ADMIN_EMAIL_SUBJECT_MAX = 200;
export const ADMIN_EMAIL_MESSAGE_MAX = 10_000;

/** Un compte vu par l'administration : un compte fermé dit depuis quand (son nom et son e-mail n'y sont plus). */
export class AdminUserDto extends UserResponseDto {
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  closedAt: string | null;
}

export class AdminUserDetailDto {
  user: AdminUserDto;
  /** Ses sites, les plus récents d'abord */
  sites: SiteDto[];
}

export class SendAdminEmailDto {
  @TextField({
    max: ADMIN_EMAIL_SUBJECT_MAX,
    required: "L'objet est requis",
    tooLong: 'Objet trop long (200 caractères au plus)',
    singleLine: "L'objet doit tenir sur une ligne",
  })
  subject: string;

  @TextField({ max: ADMIN_EMAIL_MESSAGE_MAX, required: 'Le message est requis', tooLong: 'Message trop long (10 000 caractères au plus)' })
  message: string;
}

export class AdminEmailSentDto {
  message: string;
  /** L'e-mail dans le journal des e-mails */
  @ApiProperty({ format: 'uuid' })
  emailId: string;
}

export class ListAdminUsersQueryDto extends PageQueryDto {
  /** Recherche sur le nom ou l'e-mail */
  @SearchField()
  search?: string;

  @EnumField(ADMIN_USER_SORT_KEYS, { name: 'AdminUserSortBy', invalid: 'Tri invalide', optional: true, default: 'created_at' })
  sortBy?: (typeof ADMIN_USER_SORT_KEYS)[number] = 'created_at';

  @EnumField(SORT_ORDERS, { name: 'SortOrder', invalid: 'Ordre de tri invalide', optional: true, default: 'desc' })
  sortOrder?: 'asc' | 'desc' = 'desc';
}

export class AdminUserListResponseDto {
  users: AdminUserDto[];
  total: number;
}
