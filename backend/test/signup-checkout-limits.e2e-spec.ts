import { randomUUID } from 'node:crypto';
import { createTestApp, type TestApp } from './helpers/app';
import { BILLING } from './helpers/orders';

/** Sign-ups and payments opened are limited per caller's IP and per e-mail, in PostgreSQL, with Retry-After. */
describe('sign-up and checkout limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      SIGNUP_LIMIT_PER_IP: '3',
      SIGNUP_LIMIT_PER_EMAIL: '2',
      CHECKOUT_LIMIT_PER_IP: '3',
      CHECKOUT_LIMIT_PER_EMAIL: '2',
    });
  });
  afterAll(() => t.close());

  // The app trusts X-Forwarded-For from the loopback proxy: each test calls from its own address.
  const register = (ip: string, email: string) =>
    t.api
      .post('/api/auth/register')
      .set('X-Forwarded-For', ip)
      .send({ name: 'Limite', email, password: 'limit-password', confirmPassword: 'limit-password' });
  const checkout = (ip: string, email: string) =>
    t.api
      .post('/api/checkout-sessions')
      .set('X-Forwarded-For', ip)
      .send({ consumerRequest: true, draftId: randomUUID(), billing: { ...BILLING, email } });

  it('refuses the 4th sign-up of the hour from one address with a French 429 and Retry-After; another address goes on', async () => {
    for (let i = 0; i < 3; i++) await register('203.0.113.1', `signup-ip-${i}@example.com`).expect(201);
    const res = await register('203.0.113.1', 'signup-ip-3@example.com').expect(429);
    expect(res.body).toEqual({
      statusCode: 429,
      message: 'Trop de comptes créés depuis cette adresse. Réessayez dans 60 minutes.',
      retryAfter: expect.any(Number),
    });
    expect(Number(res.headers['retry-after'])).toBe(res.body.retryAfter);
    expect(res.body.retryAfter).toBeGreaterThan(3500);
    const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE email = 'signup-ip-3@example.com'`);
    expect(rows[0].n).toBe(0);
    await register('203.0.113.2', 'signup-ip-3@example.com').expect(201);
  });

  it('refuses a 3rd sign-up attempt for one e-mail, whatever the address', async () => {
    await register('203.0.113.10', 'same@example.com').expect(201);
    await register('203.0.113.11', 'same@example.com').expect(409);
    const res = await register('203.0.113.12', 'same@example.com').expect(429);
    expect(res.body.message).toBe('Trop de tentatives d’inscription pour cet e-mail. Réessayez dans 60 minutes.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
  });

  it('refuses the 4th payment opened from one address with a French 429 and Retry-After, before any lookup', async () => {
    for (let i = 0; i < 3; i++) await checkout('203.0.113.20', `pay-ip-${i}@example.com`).expect(404);
    const res = await checkout('203.0.113.20', 'pay-ip-3@example.com').expect(429);
    expect(res.body).toEqual({
      statusCode: 429,
      message: 'Trop de paiements commencés. Réessayez dans 60 minutes.',
      retryAfter: expect.any(Number),
    });
    expect(Number(res.headers['retry-after'])).toBe(res.body.retryAfter);
    await checkout('203.0.113.21', 'pay-ip-3@example.com').expect(404);
  });

  it('refuses a 3rd payment opened for one e-mail, whatever the address', async () => {
    await checkout('203.0.113.30', 'pay-same@example.com').expect(404);
    await checkout('203.0.113.31', 'pay-same@example.com').expect(404);
    const res = await checkout('203.0.113.32', 'pay-same@example.com').expect(429);
    expect(res.body.message).toBe('Trop de paiements commencés. Réessayez dans 60 minutes.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3500);
  });
});
