import { Inject, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AuditService } from '../audit/audit.service';
import { UsersService } from '../auth/users.service';
import { API_KEY_MARK, type ApiKeyCaller, type ApiKeyScopeName, type ApiKeyVerifier, splitApiKey } from '../common/api-key';
import type { AuthenticatedUser, SessionUser } from '../common/current-user';
import { invalidField, tooManyRequests } from '../common/errors';
import { RateLimitService } from '../common/rate-limit/rate-limit.service';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Transactions } from '../database/transactions';
import type { ApiKeyDto, ApiKeyListResponseDto, CreateApiKeyDto, CreatedApiKeyDto } from './dto/api-keys.dto';
import { ApiKeyUsage } from './api-key-usage';
import { ApiKeysRepository, type ApiKeyRow } from './api-keys.repository';

const INVALID_KEY = "Clé d'API invalide, révoquée ou expirée";

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

function toApiKeyDto(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    prefix: `${API_KEY_MARK}${row.prefix}`,
    scopes: row.scopes as ApiKeyScopeName[],
    status: row.revokedAt ? 'revoked' : row.expired ? 'expired' : 'active',
    creatorName: row.creatorName,
    creatorEmail: row.creatorEmail,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    useCount: Number(row.useCount),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * API keys for integrators: created by an admin (the secret answered once, only its SHA-256 kept), listed, revoked;
 * checked by the global guard for every request that carries one. Creation and revocation go to the audit log.
 */
@Injectable()
export class ApiKeysService implements ApiKeyVerifier {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly rateLimits: RateLimitService,
    private readonly usage: ApiKeyUsage,
    private readonly transactions: Transactions,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(actor: SessionUser, dto: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    if (!dto.scopes.length) throw invalidField('scopes', 'Choisissez au moins une portée');
    if (dto.expiresOn && dto.expiresOn < (await this.keys.parisToday()))
      throw invalidField('expiresOn', "La date d'expiration doit être aujourd'hui ou plus tard");
    // 6 random bytes of prefix (found by it, shown in lists), 32 of secret (256 bits): base64url, 43 characters.
    const prefix = randomBytes(6).toString('hex');
    const secret = randomBytes(32).toString('base64url');
    const row = await this.transactions.run(async (tx) => {
      const id = await this.keys.insert(
        {
          name: dto.name,
          prefix,
          secretHash: sha256(secret).toString('hex'),
          scopes: dto.scopes,
          createdBy: actor.id,
          expiresOn: dto.expiresOn ?? null,
        },
        tx,
      );
      const created = (await this.keys.find(id, tx))!;
      await this.audit.record(
        actor,
        {
          action: 'api_key.create',
          entityType: 'api_key',
          entityId: id,
          after: { name: created.name, prefix: `${API_KEY_MARK}${prefix}`, scopes: created.scopes, expiresAt: created.expiresAt },
        },
        tx,
      );
      return created;
    });
    return { apiKey: toApiKeyDto(row), key: `${API_KEY_MARK}${prefix}_${secret}` };
  }

  async list(): Promise<ApiKeyListResponseDto> {
    const rows = await this.keys.list();
    return { apiKeys: rows.map(toApiKeyDto), total: rows.length };
  }

  /** Revokes a key at once; revoking a revoked key changes nothing and logs nothing. */
  async revoke(actor: SessionUser, id: string): Promise<ApiKeyDto> {
    const row = await this.transactions.run(async (tx) => {
      const before = await this.keys.find(id, tx);
      if (!before) throw new NotFoundException("Clé d'API introuvable");
      const changed = await this.keys.revoke(id, tx);
      const after = (await this.keys.find(id, tx))!;
      if (changed) {
        await this.audit.record(
          actor,
          {
            action: 'api_key.revoke',
            entityType: 'api_key',
            entityId: id,
            before: { revokedAt: null },
            after: { revokedAt: after.revokedAt },
          },
          tx,
        );
      }
      return after;
    });
    return toApiKeyDto(row);
  }

  /**
   * The guard's check: the key's prefix finds it, the SHA-256 of the sent secret is compared with the stored one in
   * constant time, and the key must be neither revoked nor expired, its creator still an admin. Any failure: one 401.
   */
  async verify(token: string): Promise<AuthenticatedUser & { apiKey: ApiKeyCaller }> {
    const parts = splitApiKey(token);
    if (!parts) throw new UnauthorizedException(INVALID_KEY);
    const row = await this.keys.findByPrefix(parts.prefix);
    const sent = sha256(parts.secret);
    // Compared even when no key has this prefix, against a hash nothing matches, so both paths take the same time.
    const stored = row ? Buffer.from(row.secretHash, 'hex') : sha256(`no key:${parts.prefix}`);
    const same = stored.length === sent.length && timingSafeEqual(stored, sent);
    if (!row || !same || row.dead || !row.createdBy) throw new UnauthorizedException(INVALID_KEY);
    const creator = await this.users.findById(row.createdBy);
    if (!creator || creator.role !== 'admin' || creator.closedAt) throw new UnauthorizedException(INVALID_KEY);
    if (row.staleUse) await this.keys.touch(row.id);
    return {
      user: creator,
      sessionId: row.id,
      apiKey: { id: row.id, name: row.name, prefix: `${API_KEY_MARK}${row.prefix}`, scopes: row.scopes as ApiKeyScopeName[] },
    };
  }

  /** One request accepted with the key (valid, within its rate, holding the route's scope): counted in memory. */
  used(keyId: string): void {
    this.usage.count(keyId);
  }

  /** Counts one request of the key; over its limit, a 429 with the wait. */
  async consume(keyId: string): Promise<void> {
    // Requests a key may make per minute (API_KEY_RATE_LIMIT_PER_MINUTE), shared by every instance.
    const limit = this.config.limits.apiKeyPerMinute;
    const { allowed, retryAfter } = await this.rateLimits.consume({ key: `api-key:${keyId}`, limit, windowSeconds: 60 });
    if (!allowed)
      throw tooManyRequests(`Trop de requêtes avec cette clé d'API (${limit} par minute) : réessayez dans ${retryAfter} s.`, retryAfter);
  }
}
