import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Roles } from '../common/access.decorator';
import { type AuthenticatedUser, CurrentUser } from '../common/current-user';
import { UuidParam, uuidParam } from '../common/uuid-param';
import { ApiKeyDto, ApiKeyListResponseDto, CreateApiKeyDto, CreatedApiKeyDto } from './dto/api-keys.dto';
import { ApiKeysService } from './api-keys.service';

/** The integrators' API keys: admins only, with a session (a key never manages keys: no @ApiKeyScope here). */
@ApiTags('admin')
@Roles('admin')
@Controller('admin/api-keys')
export class ApiKeysAdminController {
  constructor(private readonly apiKeys: ApiKeysService) {}

  /** Les clés d'API (jamais leur secret) : préfixe, portées, créateur, dernière utilisation, expiration. */
  @Get()
  listApiKeys(): Promise<ApiKeyListResponseDto> {
    return this.apiKeys.list();
  }

  /** Crée une clé d'API ; la réponse contient la clé entière, montrée cette seule fois (inscrit au journal d'audit). */
  @Post()
  createApiKey(@CurrentUser() { user }: AuthenticatedUser, @Body() dto: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    return this.apiKeys.create(user, dto);
  }

  /** Révoque une clé d'API, aussitôt refusée (inscrit au journal d'audit). */
  @Post(':id/revoke')
  @HttpCode(200)
  revokeApiKey(
    @CurrentUser() { user }: AuthenticatedUser,
    @UuidParam('id', uuidParam("Clé d'API introuvable")) id: string,
  ): Promise<ApiKeyDto> {
    return this.apiKeys.revoke(user, id);
  }
}
