import { Inject, Injectable } from '@nestjs/common';
import { minutesText, tooManyRequests } from '../common/errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LoginAttemptsRepository } from './login-attempts.repository';

/**
 * Counts failed sign-ins per e-mail address (existing account or not) in PostgreSQL; after `maxFailures` in a row the
 * address is locked for `lockMinutes`, even for the right password.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly attempts: LoginAttemptsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async assertNotLocked(email: string): Promise<void> {
    const seconds = await this.attempts.lockedForSeconds(email);
    if (seconds !== null) throw tooManyRequests(`Trop de tentatives de connexion. Réessayez dans ${minutesText(seconds)}.`, seconds);
  }

  recordFailure(email: string): Promise<void> {
    return this.attempts.recordFailure(email, this.config.login.maxFailures, this.config.login.lockMinutes);
  }

  reset(email: string): Promise<void> {
    return this.attempts.clear(email);
  }
}
