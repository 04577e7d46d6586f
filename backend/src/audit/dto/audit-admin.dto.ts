import { ApiProperty } from '@nestjs/swagger';
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, type AuditAction, type AuditEntityType } from '../audit-entry.entity';
import { EnumField, TextField } from '../../common/fields';
import { PageQueryDto } from '../../common/page-query.dto';

export class ListAdminAuditLogQueryDto extends PageQueryDto {
  @EnumField(AUDIT_ENTITY_TYPES, { name: 'AuditEntityType', invalid: 'Type de cible invalide', optional: true })
  entityType?: AuditEntityType;

  /** Identifiant de la cible (avec entityType) */
  @TextField({ max: 100, tooLong: 'Identifiant trop long', optional: true })
  entityId?: string;
}

/** La clé d'API avec laquelle une modification a été faite : son nom et son préfixe au moment de la modification */
export class AuditApiKeyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  name: string;
  /** `vk_live_<préfixe>` */
  prefix: string;
}

export class AuditEntryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  /** L'administrateur (null si son compte n'existe plus, ou pour une modification faite avec une clé d'API) */
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  actorId: string | null;
  /** L'e-mail de l'administrateur à ce moment ; null pour une modification faite avec une clé d'API */
  @ApiProperty({ type: String, nullable: true })
  actorEmail: string | null;
  /** La clé d'API qui a fait la modification (l'outil d'un intégrateur, pas une personne) ; null pour un administrateur */
  @ApiProperty({ type: () => AuditApiKeyDto, nullable: true })
  apiKey: AuditApiKeyDto | null;
  @ApiProperty({ enum: AUDIT_ACTIONS, enumName: 'AuditAction' })
  action: AuditAction;
  @ApiProperty({ enum: AUDIT_ENTITY_TYPES, enumName: 'AuditEntityType' })
  entityType: AuditEntityType;
  entityId: string;
  /** Les champs modifiés avant la modification */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  before: Record<string, unknown> | null;
  /** Les mêmes champs après */
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true })
  after: Record<string, unknown> | null;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
}

export class AdminAuditLogResponseDto {
  entries: AuditEntryDto[];
  total: number;
}
