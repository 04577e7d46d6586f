import { HttpException } from '@nestjs/common';
import { automock, newTestService } from '../../test/unit/new-test-service';
import { toErrorBody } from '../common/http-exception.filter';
import type { AppConfig } from '../config/app-config';
import { LoginAttemptsRepository } from './login-attempts.repository';
import { LoginThrottleService } from './login-throttle.service';

function throttle(result: { allowed: boolean; lockedForSeconds: number }) {
  const attempts = automock<LoginAttemptsRepository>();
  attempts.countAttempt.mockResolvedValue(result);
  const config = { login: { maxFailures: 5, lockMinutes: 15 } } as AppConfig;
  return {
    ...newTestService(LoginThrottleService, [
      [LoginAttemptsRepository, attempts],
      [1, config],
    ]),
    attempts,
  };
}

describe('LoginThrottleService', () => {
  it('counts the attempt with the configured limit and lock length and lets an allowed one through', async () => {
    const { sut, attempts } = throttle({ allowed: true, lockedForSeconds: 0 });
    await expect(sut.countAttempt('a@example.com')).resolves.toBeUndefined();
    expect(attempts.countAttempt).toHaveBeenCalledWith('a@example.com', 5, 15);
  });

  it('refuses an attempt past the limit with a 429 saying the minutes left, rounded up, and the seconds to wait', async () => {
    const error = await throttle({ allowed: false, lockedForSeconds: 61 })
      .sut.countAttempt('a@example.com')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpException);
    expect(toErrorBody(error)).toEqual({
      statusCode: 429,
      message: 'Trop de tentatives de connexion. Réessayez dans 2 minutes.',
      retryAfter: 61,
    });
    expect(
      toErrorBody(
        await throttle({ allowed: false, lockedForSeconds: 30 })
          .sut.countAttempt('a@example.com')
          .catch((e: unknown) => e),
      ).message,
    ).toBe('Trop de tentatives de connexion. Réessayez dans 1 minute.');
  });

  it('forgets the attempts on success', async () => {
    const { sut, attempts } = throttle({ allowed: true, lockedForSeconds: 0 });
    await sut.reset('a@example.com');
    expect(attempts.clear).toHaveBeenCalledWith('a@example.com');
  });
});
