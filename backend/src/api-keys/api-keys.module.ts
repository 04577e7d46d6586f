import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { API_KEY_VERIFIER } from '../common/api-key';
import { RateLimitModule } from '../common/rate-limit/rate-limit.module';
import { ApiKeyUsage } from './api-key-usage';
import { ApiKeysAdminController } from './api-keys-admin.controller';
import { ApiKeysRepository } from './api-keys.repository';
import { ApiKeysService } from './api-keys.service';

/** Integrators' API keys (`api_keys`): the admin's routes, and the verifier the global guard calls. */
@Module({
  imports: [AuthModule, AuditModule, RateLimitModule],
  controllers: [ApiKeysAdminController],
  providers: [ApiKeysRepository, ApiKeysService, ApiKeyUsage, { provide: API_KEY_VERIFIER, useExisting: ApiKeysService }],
  exports: [API_KEY_VERIFIER, ApiKeyUsage],
})
export class ApiKeysModule {}
