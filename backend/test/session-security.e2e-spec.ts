import { JSON_ONLY_MESSAGE } from '../src/app.setup';
import { FOREIGN_ORIGIN } from '../src/auth/session-cookie';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';

const cookieOf = (res: { headers: Record<string, unknown> }): string => {
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  return cookies.find((c) => c.startsWith('refresh_token=')) ?? '';
};

/** Login CSRF, cross-site use of the refresh cookie, endless sessions, cached personal answers. */
describe('session security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: 'https://admin.vitrine.example', SESSION_MAX_DAYS: '90', REFRESH_TOKEN_TTL_DAYS: '30' });
  });
  afterAll(() => t.close());

  describe('API bodies are JSON only', () => {
    it('refuses a url-encoded login (a form posted from another site) with a French 415, before any session', async () => {
      const client = await registerClient(t.api, { email: 'form@example.com', password: 'form-password' });
      const res = await t.api
        .post('/api/auth/login')
        .type('form')
        .send({ email: 'form@example.com', password: 'form-password' })
        .expect(415);
      expect(res.body).toEqual({ statusCode: 415, message: JSON_ONLY_MESSAGE });
      expect(res.headers['set-cookie']).toBeUndefined();
      const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM sessions WHERE user_id = $1`, [client.user.id]);
      expect(rows[0].n).toBe(1); // the sign-up's only
    });

    it('refuses text/plain and multipart bodies on JSON routes, and still takes JSON', async () => {
      const json = JSON.stringify({ email: 'form@example.com', password: 'form-password' });
      await t.api.post('/api/auth/login').set('Content-Type', 'text/plain').send(json).expect(415);
      await t.api.post('/api/auth/login').field('email', 'form@example.com').field('password', 'form-password').expect(415);
      await t.api.post('/api/auth/login').set('Content-Type', 'application/json; charset=utf-8').send(json).expect(200);
    });
  });

  describe('refresh and logout answer only our own origins', () => {
    const refreshWithCookie = (session: SessionBody) =>
      t.api.post('/api/auth/refresh').set('Cookie', `refresh_token=${session.refresh_token}`);

    it('refuses a refresh from another origin with 403 and leaves the session usable', async () => {
      const session = await registerClient(t.api);
      const res = await refreshWithCookie(session).set('Origin', 'https://evil.example').expect(403);
      expect(res.body.message).toBe(FOREIGN_ORIGIN);
      await refreshWithCookie(session).set('Origin', 'null').expect(403);
      await refreshWithCookie(session).set('Referer', 'https://evil.example/page').expect(403);
      await refreshWithCookie(session).set('Origin', 'https://evil.example').set('Referer', 'http://localhost:3000/').expect(403);
      // The refused calls consumed nothing: the token still rotates from our own page.
      const ok = await refreshWithCookie(session).set('Origin', 'http://localhost:3000').expect(200);
      expect(cookieOf(ok)).toContain(`refresh_token=${ok.body.refresh_token}`);
    });

    it('accepts APP_URL, CORS_ORIGINS, a same-origin Referer, and a client sending neither header', async () => {
      const a = await registerClient(t.api);
      const b = (await refreshWithCookie(a).set('Origin', 'https://admin.vitrine.example').expect(200)).body as SessionBody;
      const c = (await refreshWithCookie(b).set('Referer', 'http://localhost:3000/dashboard').expect(200)).body as SessionBody;
      await t.api.post('/api/auth/refresh').send({ refresh_token: c.refresh_token }).expect(200);
    });

    it('refuses a cross-origin logout, which leaves the session open', async () => {
      const session = await registerClient(t.api);
      await t.api
        .post('/api/auth/logout')
        .set(bearer(session))
        .set('Cookie', `refresh_token=${session.refresh_token}`)
        .set('Origin', 'https://evil.example')
        .expect(403);
      await t.api.get('/api/auth/me').set(bearer(session)).expect(200);
      await t.api.post('/api/auth/logout').set(bearer(session)).set('Origin', 'http://localhost:3000').expect(204);
      await t.api.get('/api/auth/me').set(bearer(session)).expect(401);
    });
  });

  describe('sessions end SESSION_MAX_DAYS after sign-in', () => {
    it('refuses a refresh of a session opened 91 days ago, however recently it was refreshed', async () => {
      const session = await registerClient(t.api);
      const fresh = (await t.api.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(200)).body as SessionBody;
      await t.dataSource.query(`UPDATE sessions SET created_at = now() - interval '91 days' WHERE user_id = $1`, [session.user.id]);
      const res = await t.api.post('/api/auth/refresh').send({ refresh_token: fresh.refresh_token }).expect(401);
      expect(res.body.message).toBe('Session expirée, veuillez vous reconnecter');
    });

    it('gives a session near its end a refresh cookie that expires with it, not 30 days later', async () => {
      const session = await registerClient(t.api);
      await t.dataSource.query(`UPDATE sessions SET created_at = now() - interval '89 days' WHERE user_id = $1`, [session.user.id]);
      const res = await t.api.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(200);
      const expires = new Date(/Expires=([^;]+)/.exec(cookieOf(res))![1]).getTime();
      expect(expires).toBeGreaterThan(Date.now() + 23 * 3600_000);
      expect(expires).toBeLessThan(Date.now() + 25 * 3600_000);
      const [row] = await t.dataSource.query(
        `SELECT expires_at FROM refresh_tokens WHERE used_at IS NULL AND session_id IN (SELECT id FROM sessions WHERE user_id = $1)`,
        [session.user.id],
      );
      expect(Math.abs(new Date(row.expires_at).getTime() - expires)).toBeLessThan(2000);
    });
  });

  describe('Cache-Control', () => {
    it('marks every answer that depends on the caller no-store: session answers, own data, admin data, errors', async () => {
      const register = await t.api
        .post('/api/auth/register')
        .send({ name: 'Cache', email: 'cache@example.com', password: 'cache-password', confirmPassword: 'cache-password' })
        .expect(201);
      const session = register.body as SessionBody;
      const login = await t.api.post('/api/auth/login').send({ email: 'cache@example.com', password: 'cache-password' }).expect(200);
      const refresh = await t.api.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(200);
      const me = await t.api.get('/api/auth/me').set(bearer(session)).expect(200);
      const sites = await t.api.get('/api/sites').set(bearer(session)).expect(200);
      const admin = await t.api
        .get('/api/admin/stats')
        .set(bearer(await loginAdmin(t.api)))
        .expect(200);
      const anonymous = await t.api.get('/api/auth/me').expect(401);
      for (const res of [register, login, refresh, me, sites, admin, anonymous]) expect(res.headers['cache-control']).toBe('no-store');
      // Never stored, so never revalidated: no ETag (hashing every answer's body was wasted work).
      for (const res of [register, login, refresh, me, sites, admin, anonymous]) expect(res.headers.etag).toBeUndefined();
    });
  });
});
