import { Logger } from '@nestjs/common';
import { AdminSeedService } from '../src/auth/admin-seed.service';
import { ADMIN_EMAIL, createTestApp, type TestApp } from './helpers/app';

describe('first admin', () => {
  let t: TestApp;
  afterEach(() => t?.close());

  it('is created at start from ADMIN_EMAIL / ADMIN_PASSWORD and can sign in', async () => {
    t = await createTestApp();
    const res = await t.api.post('/api/auth/login').send({ email: ADMIN_EMAIL, password: 'admin-password-123' }).expect(200);
    expect(res.body.user.role).toBe('admin');
  });

  it('gets a random password printed once when ADMIN_PASSWORD is unset, and is not created twice', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    try {
      t = await createTestApp({ ADMIN_PASSWORD: '' });
      const line = warn.mock.calls.map((c) => String(c[0])).find((m) => m.startsWith('Administrateur créé'));
      const password = /mot de passe : (\S+)/.exec(line ?? '')?.[1];
      expect(password).toBeDefined();
      await t.api.post('/api/auth/login').send({ email: ADMIN_EMAIL, password }).expect(200);
      warn.mockClear();
      await t.app.get(AdminSeedService).ensureAdmin();
      // Nothing said of the admin (the app's background jobs may warn of their own things meanwhile).
      expect(warn.mock.calls.map((c) => String(c[0])).filter((m) => /administrat/i.test(m))).toEqual([]);
      const admins = await t.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
      expect(admins[0].n).toBe(1);
    } finally {
      warn.mockRestore();
    }
  });

  it('is created only once when two instances start together', async () => {
    t = await createTestApp();
    await t.dataSource.query(`DELETE FROM users`);
    const seed = t.app.get(AdminSeedService);
    await Promise.all([seed.ensureAdmin(), seed.ensureAdmin(), seed.ensureAdmin()]);
    const admins = await t.dataSource.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
    expect(admins[0].n).toBe(1);
  });
});
