import { Inject, Injectable } from '@nestjs/common';
import { minutesText, tooManyRequests } from '../common/errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LoginAttemptsRepository } from './login-attempts.repository';

/**
 * Counts sign-in attempts per e-mail address (existing account or not) in PostgreSQL, before the password is checked,
 * and forgets them on success; after `maxFailures` in a row the address is locked for `lockMinutes`, even for the
 * right password. Counting first and atomically means parallel requests cannot check more than `maxFailures`
 * passwords, even spread over several app instances.
 */
@Injectable()
export class LoginThrottleService {
  constructor(
    private readonly attempts: LoginAttemptsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Counts a sign-in attempt before the password is checked; past `maxFailures` (or while locked), a 429 with the
   * minutes left, and the password is not checked at all. A success then calls `reset`.
   */
  async countAttempt(email: string): Promise<void> {
    const { allowed, lockedForSeconds } = await this.attempts.countAttempt(
      email,
      this.config.login.maxFailures,
      this.config.login.lockMinutes,
    );
    if (!allowed)
      throw tooManyRequests(`Trop de tentatives de connexion. Réessayez dans ${minutesText(lockedForSeconds)}.`, lockedForSeconds);
  }

  reset(email: string): Promise<void> {
    return this.attempts.clear(email);
  }
}
