import * as password from '../src/auth/password';
import { createTestApp, registerClient, type TestApp } from './helpers/app';

/** The lock holds under concurrency: parallel attempts, spread over two app instances on one database. */
describe('login lockout under concurrency', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ LOGIN_MAX_FAILURES: '5', LOGIN_LOCK_MINUTES: '15' });
    b = await createTestApp({ LOGIN_MAX_FAILURES: '5', LOGIN_LOCK_MINUTES: '15' }, a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });
  afterEach(() => jest.restoreAllMocks());

  it('checks at most 5 of 50 parallel wrong passwords, and refuses the right one sent last', async () => {
    await registerClient(a.api, { email: 'target@example.com', password: 'right-password' });
    const verify = jest.spyOn(password, 'verifyPassword');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? b : a).api.post('/api/auth/login').send({ email: 'target@example.com', password: `wrong-${i}` }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(45);
    expect(verify).toHaveBeenCalledTimes(5);
    const right = await a.api.post('/api/auth/login').send({ email: 'target@example.com', password: 'right-password' }).expect(429);
    expect(right.body.message).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.');
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(verify).toHaveBeenCalledTimes(5);
  });

  it('lets the right password in when it is among the first 5 of a parallel burst', async () => {
    await registerClient(a.api, { email: 'owner@example.com', password: 'right-password' });
    const [right, ...wrong] = await Promise.all([
      a.api.post('/api/auth/login').send({ email: 'owner@example.com', password: 'right-password' }),
      ...Array.from({ length: 3 }, (_, i) => b.api.post('/api/auth/login').send({ email: 'owner@example.com', password: `wrong-${i}` })),
    ]);
    expect(right.status).toBe(200);
    expect(wrong.map((r) => r.status)).toEqual([401, 401, 401]);
  });
});
