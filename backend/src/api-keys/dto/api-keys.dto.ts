import { ApiProperty } from '@nestjs/swagger';
import { API_KEY_SCOPES, type ApiKeyScopeName } from '../../common/api-key';
import { DateField, EnumListField, TextField } from '../../common/fields';

export const API_KEY_NAME_MAX = 100;

/** Une nouvelle clé d'API : son nom, ses portées et, au besoin, son dernier jour de validité */
export class CreateApiKeyDto {
  @TextField({ max: API_KEY_NAME_MAX, required: 'Le nom de la clé est requis', tooLong: 'Le nom ne doit pas dépasser 100 caractères' })
  name: string;

  @EnumListField(API_KEY_SCOPES, { name: 'ApiKeyScope', invalid: 'Portée inconnue' })
  scopes: ApiKeyScopeName[];

  /** Dernier jour de validité (heure de Paris, inclus) ; absent : la clé n'expire pas */
  @DateField({ required: "La date d'expiration doit être une date", invalid: "Date d'expiration invalide", optional: true })
  expiresOn?: string;
}

/** Une clé d'API telle que les listes la montrent (jamais son secret) */
export class ApiKeyDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  name: string;
  /** Le début de la clé, qui la reconnaît : `vk_live_<préfixe>` */
  prefix: string;
  @ApiProperty({ enum: API_KEY_SCOPES, enumName: 'ApiKeyScope', isArray: true })
  scopes: ApiKeyScopeName[];
  /** active : utilisable ; expired : date dépassée ; revoked : révoquée */
  @ApiProperty({ enum: ['active', 'expired', 'revoked'], enumName: 'ApiKeyStatus' })
  status: 'active' | 'expired' | 'revoked';
  @ApiProperty({ type: String, nullable: true })
  creatorName: string | null;
  @ApiProperty({ type: String, nullable: true })
  creatorEmail: string | null;
  @ApiProperty({ format: 'date-time' })
  createdAt: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastUsedAt: string | null;
  /** Requêtes acceptées avec cette clé (chaque instance ajoute les siennes toutes les minutes) */
  @ApiProperty({ type: 'integer', minimum: 0 })
  useCount: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  expiresAt: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  revokedAt: string | null;
}

export class ApiKeyListResponseDto {
  apiKeys: ApiKeyDto[];
  total: number;
}

/** La clé créée et, une seule fois, son secret entier */
export class CreatedApiKeyDto {
  apiKey: ApiKeyDto;
  /** La clé à donner à l'intégrateur (`vk_live_…`) : elle n'est montrée qu'ici, jamais plus */
  key: string;
}
