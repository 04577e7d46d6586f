import { HttpException } from '@nestjs/common';
import { automock, newTestService } from '../../test/unit/new-test-service';
import { toErrorBody } from '../common/http-exception.filter';
import type { AppConfig } from '../config/app-config';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { LoginThrottleService } from './login-throttle.service';

function throttle(lockedFor: number | null) {
  const attempts = automock<LoginAttemptsRepository>();
  attempts.lockedForSeconds.mockResolvedValue(lockedFor);
  const config = { login: { maxFailures: 5, lockMinutes: 15 } } as AppConfig;
  return { ...newTestService(LoginThrottleService, [[LoginAttemptsRepository, attempts], [1, config]]), attempts };
}

describe('LoginThrottleService', () => {
  it('lets an address that is not locked through', async () => {
    await expect(throttle(null).sut.assertNotLocked('a@example.com')).resolves.toBeUndefined();
  });

  it('refuses a locked address with a 429 saying the minutes left, rounded up, and the seconds to wait', async () => {
    const error = await throttle(61).sut.assertNotLocked('a@example.com').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpException);
    expect(toErrorBody(error)).toEqual({ statusCode: 429, message: 'Trop de tentatives de connexion. Réessayez dans 2 minutes.', retryAfter: 61 });
    expect(toErrorBody(await throttle(30).sut.assertNotLocked('a@example.com').catch((e: unknown) => e)).message).toBe(
      'Trop de tentatives de connexion. Réessayez dans 1 minute.',
    );
  });

  it('counts a failure with the configured limit and lock length, and forgets them on success', async () => {
    const { sut, attempts } = throttle(null);
    await sut.recordFailure('a@example.com');
    expect(attempts.recordFailure).toHaveBeenCalledWith('a@example.com', 5, 15);
    await sut.reset('a@example.com');
    expect(attempts.clear).toHaveBeenCalledWith('a@example.com');
  });
});
