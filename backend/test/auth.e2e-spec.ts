import { JwtService } from '@nestjs/jwt';
import { AuthService } from '../src/auth/auth.service';
import { hashPassword } from '../src/auth/password';
import { JWT_AUDIENCE, JWT_ISSUER, REFRESH_REUSE_GRACE_SECONDS } from '../src/auth/session.service';
import { bearer, createTestApp, registerClient, type SessionBody, TEST_JWT_SECRET, type TestApp } from './helpers/app';

const cookieOf = (res: { headers: Record<string, unknown> }): string => {
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
  return cookies.find((c) => c.startsWith('refresh_token=')) ?? '';
};

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_FAILURES: '5', LOGIN_LOCK_MINUTES: '15' });
  });
  afterAll(() => t.close());

  describe('register', () => {
    it('creates a client account, opens a session and sets the refresh cookie', async () => {
      const res = await t.api
        .post('/api/auth/register')
        .send({ name: 'Marie Curie', email: '  Marie.Curie@Example.COM ', password: 'radium88', confirmPassword: 'radium88' })
        .expect(201);
      const body = res.body as SessionBody;
      expect(body.user).toMatchObject({ name: 'Marie Curie', email: 'marie.curie@example.com', role: 'client' });
      expect(body.token_type).toBe('bearer');
      expect(body.expires_in).toBe(900);
      expect(body.expires_at).toBeGreaterThan(Date.now() / 1000 + 800);
      const cookie = cookieOf(res);
      expect(cookie).toContain(`refresh_token=${body.refresh_token}`);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Strict/);
      expect(cookie).toMatch(/Path=\/api\/auth/);
      const me = await t.api.get('/api/auth/me').set(bearer(body)).expect(200);
      expect(me.body.email).toBe('marie.curie@example.com');
    });

    it('refuses a role in the body: a new account is always a client', async () => {
      const res = await t.api
        .post('/api/auth/register')
        .send({ name: 'Eve', email: 'eve@example.com', password: 'secret12', confirmPassword: 'secret12', role: 'admin' })
        .expect(400);
      expect(res.body.errors).toEqual({ role: 'Champ non autorisé' });
      await t.api.post('/api/auth/login').send({ email: 'eve@example.com', password: 'secret12' }).expect(401);
    });

    it('refuses unknown fields', async () => {
      const res = await t.api
        .post('/api/auth/register')
        .send({ name: 'Eve', email: 'eve2@example.com', password: 'secret12', confirmPassword: 'secret12', isAdmin: true })
        .expect(400);
      expect(res.body.errors.isAdmin).toBe('Champ non autorisé');
    });

    it('gives one French message per invalid field', async () => {
      const res = await t.api
        .post('/api/auth/register')
        .send({ name: '', email: 'pas-un-email', password: '123', confirmPassword: '456' })
        .expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'Données invalides',
        errors: {
          name: 'Le nom est requis',
          email: "Format d'email invalide",
          password: 'Le mot de passe doit contenir au moins 8 caractères',
          confirmPassword: 'Les mots de passe ne correspondent pas',
        },
      });
    });

    it('requires the confirmation to match', async () => {
      const res = await t.api
        .post('/api/auth/register')
        .send({ name: 'Léa', email: 'lea@example.com', password: 'secret12', confirmPassword: 'secret13' })
        .expect(400);
      expect(res.body.errors).toEqual({ confirmPassword: 'Les mots de passe ne correspondent pas' });
    });

    it('refuses an e-mail already taken, whatever its case', async () => {
      await registerClient(t.api, { email: 'dup@example.com' });
      const res = await t.api
        .post('/api/auth/register')
        .send({ name: 'Dup', email: 'DUP@example.com', password: 'secret12', confirmPassword: 'secret12' })
        .expect(409);
      expect(res.body.errors).toEqual({ email: 'Un compte existe déjà avec cet email' });
    });
  });

  describe('login', () => {
    it('signs in with the right password, case-insensitively on the e-mail', async () => {
      await registerClient(t.api, { email: 'login@example.com', password: 'good-pass' });
      const res = await t.api.post('/api/auth/login').send({ email: 'LOGIN@example.com', password: 'good-pass' }).expect(200);
      expect(res.body.user.email).toBe('login@example.com');
      expect(cookieOf(res)).toMatch(/HttpOnly/);
    });

    it('still signs in a password chosen under the former 6-character rule, while a new one needs 8 (issue 38)', async () => {
      await t.dataSource.query(`INSERT INTO users (email, name, role, password_hash) VALUES ($1, 'Ancien', 'client', $2)`, [
        'ancien@example.com',
        await hashPassword('abc123'),
      ]);
      await t.api.post('/api/auth/login').send({ email: 'ancien@example.com', password: 'abc123' }).expect(200);
      const res = await t.api
        .post('/api/auth/register')
        .send({ name: 'Nouveau', email: 'nouveau@example.com', password: 'abc1234', confirmPassword: 'abc1234' })
        .expect(400);
      expect(res.body.errors).toEqual({ password: 'Le mot de passe doit contenir au moins 8 caractères' });
    });

    it('gives the same answer for a wrong password and an unknown e-mail', async () => {
      await registerClient(t.api, { email: 'same@example.com', password: 'good-pass' });
      const wrong = await t.api.post('/api/auth/login').send({ email: 'same@example.com', password: 'bad-pass' }).expect(401);
      const unknown = await t.api.post('/api/auth/login').send({ email: 'nobody@example.com', password: 'bad-pass' }).expect(401);
      expect(wrong.body).toEqual({ statusCode: 401, message: 'Email ou mot de passe incorrect' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('asks for both fields', async () => {
      const res = await t.api.post('/api/auth/login').send({}).expect(400);
      expect(res.body.errors).toEqual({ email: "L'email est requis", password: 'Le mot de passe est requis' });
    });

    it('locks the address after 5 failures, even for the right password, then unlocks after the delay', async () => {
      await registerClient(t.api, { email: 'locked@example.com', password: 'good-pass' });
      for (let i = 0; i < 5; i++)
        await t.api
          .post('/api/auth/login')
          .send({ email: 'locked@example.com', password: `bad-${i}` })
          .expect(401);
      const locked = await t.api.post('/api/auth/login').send({ email: 'locked@example.com', password: 'good-pass' }).expect(429);
      expect(locked.body.message).toBe('Trop de tentatives de connexion. Réessayez dans 15 minutes.');
      // The lock lasts 15 minutes: move it into the past as the clock would.
      await t.dataSource.query(`UPDATE login_attempts SET locked_until = now() - interval '1 second' WHERE email = 'locked@example.com'`);
      await t.api.post('/api/auth/login').send({ email: 'locked@example.com', password: 'good-pass' }).expect(200);
      const rows = await t.dataSource.query(`SELECT * FROM login_attempts WHERE email = 'locked@example.com'`);
      expect(rows).toHaveLength(0);
    });

    it('locks unknown addresses the same way, so a lock reveals nothing', async () => {
      for (let i = 0; i < 5; i++) await t.api.post('/api/auth/login').send({ email: 'ghost@example.com', password: 'x' }).expect(401);
      const res = await t.api.post('/api/auth/login').send({ email: 'ghost@example.com', password: 'x' }).expect(429);
      expect(res.body.message).toMatch(/^Trop de tentatives de connexion/);
    });

    it('counts failures in a row: a success resets the count', async () => {
      await registerClient(t.api, { email: 'reset@example.com', password: 'good-pass' });
      for (let i = 0; i < 4; i++) await t.api.post('/api/auth/login').send({ email: 'reset@example.com', password: 'bad' }).expect(401);
      await t.api.post('/api/auth/login').send({ email: 'reset@example.com', password: 'good-pass' }).expect(200);
      for (let i = 0; i < 4; i++) await t.api.post('/api/auth/login').send({ email: 'reset@example.com', password: 'bad' }).expect(401);
      await t.api.post('/api/auth/login').send({ email: 'reset@example.com', password: 'good-pass' }).expect(200);
    });
  });

  describe('refresh', () => {
    it('rotates the refresh token given in the body', async () => {
      const session = await registerClient(t.api);
      const res = await t.api.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(200);
      expect(res.body.refresh_token).not.toBe(session.refresh_token);
      expect(res.body.user.id).toBe(session.user.id);
      await t.api.get('/api/auth/me').set(bearer(res.body)).expect(200);
    });

    it('reads the refresh token from the cookie', async () => {
      const session = await registerClient(t.api);
      const res = await t.api.post('/api/auth/refresh').set('Cookie', `refresh_token=${session.refresh_token}`).send().expect(200);
      expect(cookieOf(res)).toContain(`refresh_token=${res.body.refresh_token}`);
    });

    it('revokes the whole family when a used refresh token comes back after a newer one was used', async () => {
      const session = await registerClient(t.api);
      const second = (await t.api.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(200)).body as SessionBody;
      const third = (await t.api.post('/api/auth/refresh').send({ refresh_token: second.refresh_token }).expect(200)).body as SessionBody;
      const replay = await t.api.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(401);
      expect(replay.body.message).toBe('Session expirée, veuillez vous reconnecter');
      // The legitimate holder's newer tokens die with the family.
      await t.api.post('/api/auth/refresh').send({ refresh_token: third.refresh_token }).expect(401);
      await t.api.get('/api/auth/me').set(bearer(third)).expect(401);
    });

    it('revokes the family when a used token comes back after the grace period, even if it was the latest used', async () => {
      const session = await registerClient(t.api);
      const second = (await t.api.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(200)).body as SessionBody;
      await t.dataSource.query(`UPDATE refresh_tokens SET used_at = now() - make_interval(secs => $1) WHERE used_at IS NOT NULL`, [
        REFRESH_REUSE_GRACE_SECONDS + 1,
      ]);
      await t.api.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(401);
      await t.api.get('/api/auth/me').set(bearer(second)).expect(401);
    });

    it('answers again a token just exchanged whose answer never arrived (a page reloaded during its refresh): the session stays', async () => {
      const session = await registerClient(t.api);
      // The first answer is lost with the page; the reloaded page sends the same cookie.
      await t.api.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(200);
      const again = (await t.api.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(200)).body as SessionBody;
      expect(again.refresh_token).not.toBe(session.refresh_token);
      await t.api.get('/api/auth/me').set(bearer(again)).expect(200);
      await t.api.post('/api/auth/refresh').send({ refresh_token: again.refresh_token }).expect(200);
    });

    it('answers two concurrent uses of the same token (two loads refreshing at once), each with its own new token', async () => {
      const session = await registerClient(t.api);
      const results = await Promise.all([
        t.api.raw.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }),
        t.api.raw.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(new Set(results.map((r) => (r.body as SessionBody).refresh_token)).size).toBe(2);
    });

    it('refuses a missing, unknown or expired token', async () => {
      await t.api.post('/api/auth/refresh').send({}).expect(401);
      await t.api.post('/api/auth/refresh').send({ refresh_token: 'not-a-token' }).expect(401);
      const session = await registerClient(t.api);
      await t.dataSource.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second'`);
      await t.api.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(401);
    });
  });

  describe('logout', () => {
    it('ends the session: the access and refresh tokens stop working, the cookie is cleared', async () => {
      const session = await registerClient(t.api);
      const res = await t.api.post('/api/auth/logout').set(bearer(session)).send().expect(204);
      expect(cookieOf(res)).toMatch(/refresh_token=;/);
      await t.api.get('/api/auth/me').set(bearer(session)).expect(401);
      await t.api.post('/api/auth/refresh').send({ refresh_token: session.refresh_token }).expect(401);
    });

    it('ends the session from the refresh cookie alone', async () => {
      const session = await registerClient(t.api);
      await t.api.post('/api/auth/logout').set('Cookie', `refresh_token=${session.refresh_token}`).send().expect(204);
      await t.api.get('/api/auth/me').set(bearer(session)).expect(401);
    });

    it('leaves the user’s other sessions open', async () => {
      const first = await registerClient(t.api, { email: 'two-devices@example.com', password: 'good-pass' });
      const second = (await t.api.post('/api/auth/login').send({ email: 'two-devices@example.com', password: 'good-pass' }).expect(200))
        .body;
      await t.api.post('/api/auth/logout').set(bearer(first)).send().expect(204);
      await t.api.get('/api/auth/me').set(bearer(second)).expect(200);
    });
  });

  describe('me', () => {
    it('needs a token', async () => {
      const res = await t.api.get('/api/auth/me').expect(401);
      expect(res.body).toEqual({ statusCode: 401, message: 'Authentification requise' });
    });

    it('changes the name, trimmed', async () => {
      const session = await registerClient(t.api);
      const res = await t.api.patch('/api/auth/me').set(bearer(session)).send({ name: '  Nouveau Nom  ' }).expect(200);
      expect(res.body.name).toBe('Nouveau Nom');
      expect((await t.api.get('/api/auth/me').set(bearer(session)).expect(200)).body.name).toBe('Nouveau Nom');
    });

    it('does not let the e-mail or the role be changed here', async () => {
      const session = await registerClient(t.api);
      const res = await t.api
        .patch('/api/auth/me')
        .set(bearer(session))
        .send({ name: 'X', email: 'other@example.com', role: 'admin' })
        .expect(400);
      expect(res.body.errors).toEqual({ email: 'Champ non autorisé', role: 'Champ non autorisé' });
      const me = await t.api.get('/api/auth/me').set(bearer(session)).expect(200);
      expect(me.body).toMatchObject({ email: session.user.email, role: 'client' });
    });
  });

  describe('change-password', () => {
    it('checks the old password first', async () => {
      const session = await registerClient(t.api, { password: 'old-pass' });
      const res = await t.api
        .post('/api/auth/change-password')
        .set(bearer(session))
        .send({ oldPassword: 'wrong-old', newPassword: 'new-pass', confirmPassword: 'new-pass' })
        .expect(400);
      expect(res.body.message).toBe('Ancien mot de passe incorrect.');
      expect(res.body.errors).toEqual({ oldPassword: 'Ancien mot de passe incorrect.' });
    });

    it('validates the new password and its confirmation', async () => {
      const session = await registerClient(t.api, { password: 'old-pass' });
      const res = await t.api
        .post('/api/auth/change-password')
        .set(bearer(session))
        .send({ oldPassword: 'old-pass', newPassword: '123', confirmPassword: '1234' })
        .expect(400);
      expect(res.body.errors).toEqual({
        newPassword: 'Le mot de passe doit contenir au moins 8 caractères',
        confirmPassword: 'Les mots de passe ne correspondent pas',
      });
    });

    it('changes the password, revokes every session and opens a new one', async () => {
      const session = await registerClient(t.api, { email: 'changer@example.com', password: 'old-pass' });
      const other = (await t.api.post('/api/auth/login').send({ email: 'changer@example.com', password: 'old-pass' }).expect(200)).body;
      const res = await t.api
        .post('/api/auth/change-password')
        .set(bearer(session))
        .send({ oldPassword: 'old-pass', newPassword: 'new-pass', confirmPassword: 'new-pass' })
        .expect(200);
      await t.api.get('/api/auth/me').set(bearer(session)).expect(401);
      await t.api.get('/api/auth/me').set(bearer(other)).expect(401);
      await t.api.post('/api/auth/refresh').send({ refresh_token: other.refresh_token }).expect(401);
      await t.api.get('/api/auth/me').set(bearer(res.body)).expect(200);
      await t.api.post('/api/auth/login').send({ email: 'changer@example.com', password: 'old-pass' }).expect(401);
      await t.api.post('/api/auth/login').send({ email: 'changer@example.com', password: 'new-pass' }).expect(200);
    });
  });

  describe('first-login', () => {
    async function invitedUser(email: string): Promise<{ id: string; token: string }> {
      const [{ id }] = await t.dataSource.query(`INSERT INTO users (email, name, role) VALUES ($1, 'Invité', 'client') RETURNING id`, [
        email,
      ]);
      return { id, token: await t.app.get(AuthService).issueFirstLoginToken(id) };
    }

    it('sets the password with the e-mailed token and signs in; the token works once', async () => {
      const { token } = await invitedUser('invited@example.com');
      await t.api.post('/api/auth/login').send({ email: 'invited@example.com', password: 'anything' }).expect(401);
      const res = await t.api.post('/api/auth/first-login').send({ token, password: 'premier1' }).expect(200);
      expect(res.body.user.email).toBe('invited@example.com');
      expect(cookieOf(res)).toMatch(/HttpOnly/);
      await t.api.post('/api/auth/login').send({ email: 'invited@example.com', password: 'premier1' }).expect(200);
      const again = await t.api.post('/api/auth/first-login').send({ token, password: 'premier2' }).expect(400);
      expect(again.body.errors).toEqual({ token: 'Lien invalide ou expiré' });
    });

    it('needs at least 8 characters', async () => {
      const { token } = await invitedUser('short@example.com');
      const res = await t.api.post('/api/auth/first-login').send({ token, password: '1234567' }).expect(400);
      expect(res.body.errors).toEqual({ password: 'Le mot de passe doit contenir au moins 8 caractères' });
      await t.api.post('/api/auth/first-login').send({ token, password: '12345678' }).expect(200);
    });

    it('refuses an expired token', async () => {
      const { id, token } = await invitedUser('late@example.com');
      await t.dataSource.query(`UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [id]);
      await t.api.post('/api/auth/first-login').send({ token, password: 'premier1' }).expect(400);
    });

    it('refuses an unknown token, and an older token once a new one is issued', async () => {
      await t.api.post('/api/auth/first-login').send({ token: 'forged', password: 'premier1' }).expect(400);
      const { id, token: older } = await invitedUser('twice@example.com');
      const newer = await t.app.get(AuthService).issueFirstLoginToken(id);
      await t.api.post('/api/auth/first-login').send({ token: older, password: 'premier1' }).expect(400);
      await t.api.post('/api/auth/first-login').send({ token: newer, password: 'premier1' }).expect(200);
    });

    it('stores only a hash of the token', async () => {
      const { id, token } = await invitedUser('hashed@example.com');
      const rows: Array<{ token_hash: string }> = await t.dataSource.query(`SELECT token_hash FROM one_time_tokens WHERE user_id = $1`, [
        id,
      ]);
      expect(rows[0].token_hash).not.toContain(token);
      expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  describe('access tokens', () => {
    const jwt = new JwtService();
    const sign = (payload: object, secret = TEST_JWT_SECRET, expiresIn = 900) =>
      jwt.sign(payload, { secret, algorithm: 'HS256', expiresIn, issuer: JWT_ISSUER, audience: JWT_AUDIENCE });
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

    it('refuses a token signed with another secret', async () => {
      const session = await registerClient(t.api);
      const payload = {
        sub: session.user.id,
        sid: JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString()).sid,
        role: 'client',
      };
      await t.api
        .get('/api/auth/me')
        .set('Authorization', `Bearer ${sign(payload, 'another-secret-another-secret-another')}`)
        .expect(401);
    });

    it('refuses an expired token', async () => {
      const session = await registerClient(t.api);
      const { sid } = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString());
      const expired = sign({ sub: session.user.id, sid, role: 'client', iat: Math.floor(Date.now() / 1000) - 3600 }, TEST_JWT_SECRET, -60);
      await t.api.get('/api/auth/me').set('Authorization', `Bearer ${expired}`).expect(401);
    });

    it('refuses alg: none', async () => {
      const session = await registerClient(t.api);
      const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString());
      const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, role: 'admin' })}.`;
      await t.api.get('/api/auth/me').set('Authorization', `Bearer ${unsigned}`).expect(401);
      await t.api.get('/api/admin/users').set('Authorization', `Bearer ${unsigned}`).expect(401);
    });

    it('refuses a client token whose role claim was edited to admin', async () => {
      const session = await registerClient(t.api);
      const [header, body, signature] = session.access_token.split('.');
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
      const tampered = `${header}.${b64({ ...claims, role: 'admin' })}.${signature}`;
      await t.api.get('/api/admin/users').set('Authorization', `Bearer ${tampered}`).expect(401);
    });

    it('takes the role from the database, not from the token', async () => {
      const session = await registerClient(t.api);
      const { sid } = JSON.parse(Buffer.from(session.access_token.split('.')[1], 'base64url').toString());
      // A correctly signed token claiming admin still gets the client's rights.
      await t.api
        .get('/api/admin/users')
        .set('Authorization', `Bearer ${sign({ sub: session.user.id, sid, role: 'admin' })}`)
        .expect(403);
    });

    it('refuses a malformed Authorization header', async () => {
      await t.api.get('/api/auth/me').set('Authorization', 'Bearer').expect(401);
      await t.api.get('/api/auth/me').set('Authorization', 'Basic dXNlcjpwYXNz').expect(401);
      await t.api.get('/api/auth/me').set('Authorization', 'Bearer a.b.c').expect(401);
    });
  });

  describe('session companion cookie', () => {
    const companionOf = (res: { headers: Record<string, unknown> }): string => {
      const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string[] | string | undefined) ?? []);
      return cookies.find((c) => c.startsWith('vitrine_session=')) ?? '';
    };
    const expiresOf = (cookie: string) => /Expires=([^;]+)/.exec(cookie)?.[1];

    it('is set with every session: readable by the page, no secret, same expiry as the refresh cookie', async () => {
      await registerClient(t.api, { email: 'companion@example.com', password: 'good-pass' });
      const res = await t.api.post('/api/auth/login').send({ email: 'companion@example.com', password: 'good-pass' }).expect(200);
      const companion = companionOf(res);
      expect(companion).toMatch(/^vitrine_session=1;/);
      expect(companion).not.toMatch(/HttpOnly/i);
      expect(companion).toMatch(/SameSite=Strict/);
      expect(companion).toMatch(/Path=\/;/);
      expect(companion).not.toContain(res.body.refresh_token);
      expect(expiresOf(companion)).toBe(expiresOf(cookieOf(res)));

      const refreshed = await t.api.post('/api/auth/refresh').send({ refresh_token: res.body.refresh_token }).expect(200);
      expect(companionOf(refreshed)).toMatch(/^vitrine_session=1;/);
    });

    it('is cleared on logout', async () => {
      const session = await registerClient(t.api);
      const res = await t.api.post('/api/auth/logout').set(bearer(session)).send().expect(204);
      expect(companionOf(res)).toMatch(/^vitrine_session=;/);
      expect(companionOf(res)).toMatch(/Path=\/;/);
      expect(new Date(expiresOf(companionOf(res))!).getTime()).toBeLessThan(Date.now());
    });

    it('is cleared, with the refresh cookie, when a refresh is refused', async () => {
      const res = await t.api.post('/api/auth/refresh').set('Cookie', 'refresh_token=not-a-token; vitrine_session=1').send().expect(401);
      expect(companionOf(res)).toMatch(/^vitrine_session=;/);
      expect(cookieOf(res)).toMatch(/^refresh_token=;/);
    });
  });
});
