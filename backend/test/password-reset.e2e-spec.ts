import { bearer, createTestApp, loginAdmin, registerClient, type TestApp } from './helpers/app';
import { outboxFor, tokenFromMail } from './helpers/outbox';

const ANSWER = 'Si un compte existe pour cette adresse, vous allez recevoir un e-mail avec un lien pour choisir un nouveau mot de passe.';

describe('forgot and reset password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => t.dataSource.query('DELETE FROM rate_limits'));
  afterAll(() => t.close());

  it('answers the same for an unknown address, and mails only real accounts', async () => {
    await registerClient(t.api, { email: 'known@example.com' });
    const known = await t.api.post('/api/auth/forgot-password').send({ email: 'Known@Example.com' }).expect(200);
    const unknown = await t.api.post('/api/auth/forgot-password').send({ email: 'nobody@example.com' }).expect(200);
    expect(known.body).toEqual({ message: ANSWER });
    expect(unknown.body).toEqual(known.body);
    const mails = await outboxFor(t, 'known@example.com', 'password-reset');
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Réinitialisation de votre mot de passe');
    expect(mails[0].text).toContain('valable 30 minutes');
    expect(mails[0].action_url).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    expect(await outboxFor(t, 'nobody@example.com')).toEqual([]);
  });

  it('validates the address', async () => {
    const res = await t.api.post('/api/auth/forgot-password').send({ email: 'pas-un-email' }).expect(400);
    expect(res.body.errors).toEqual({ email: "Format d'email invalide" });
  });

  it('resets the password once with the mailed link, ends every session and signs in', async () => {
    const session = await registerClient(t.api, { email: 'reset@example.com', password: 'old-password' });
    await t.api.post('/api/auth/forgot-password').send({ email: 'reset@example.com' }).expect(200);
    const token = await tokenFromMail(t, 'reset@example.com', 'password-reset');
    const short = await t.api.post('/api/auth/reset-password').send({ token, password: '1234567' }).expect(400);
    expect(short.body.errors).toEqual({ password: 'Le mot de passe doit contenir au moins 8 caractères' });
    const res = await t.api.post('/api/auth/reset-password').send({ token, password: 'new-password' }).expect(200);
    expect(res.body.user.email).toBe('reset@example.com');
    await t.api.get('/api/auth/me').set(bearer(res.body)).expect(200);
    await t.api.get('/api/auth/me').set(bearer(session)).expect(401);
    await t.api.post('/api/auth/login').send({ email: 'reset@example.com', password: 'old-password' }).expect(401);
    await t.api.post('/api/auth/login').send({ email: 'reset@example.com', password: 'new-password' }).expect(200);
    const again = await t.api.post('/api/auth/reset-password').send({ token, password: 'third-password' }).expect(400);
    expect(again.body).toEqual({ statusCode: 400, message: 'Lien invalide ou expiré', errors: { token: 'Lien invalide ou expiré' } });
  });

  it('refuses a link older than 30 minutes', async () => {
    await registerClient(t.api, { email: 'late@example.com' });
    await t.api.post('/api/auth/forgot-password').send({ email: 'late@example.com' }).expect(200);
    const token = await tokenFromMail(t, 'late@example.com', 'password-reset');
    const [{ ttl }] = await t.dataSource.query(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS ttl FROM one_time_tokens WHERE purpose = 'password_reset' ORDER BY created_at DESC LIMIT 1`,
    );
    expect(ttl).toBe(1800);
    // The clock moves 31 minutes on.
    await t.dataSource.query(
      `UPDATE one_time_tokens SET created_at = created_at - interval '31 minutes', expires_at = expires_at - interval '31 minutes' WHERE purpose = 'password_reset'`,
    );
    await t.api.post('/api/auth/reset-password').send({ token, password: 'new-password' }).expect(400);
  });

  it('only the latest link works', async () => {
    await registerClient(t.api, { email: 'twice@example.com' });
    await t.api.post('/api/auth/forgot-password').send({ email: 'twice@example.com' }).expect(200);
    const first = await tokenFromMail(t, 'twice@example.com', 'password-reset');
    await t.api.post('/api/auth/forgot-password').send({ email: 'twice@example.com' }).expect(200);
    const second = await tokenFromMail(t, 'twice@example.com', 'password-reset');
    await t.api.post('/api/auth/reset-password').send({ token: first, password: 'new-password' }).expect(400);
    await t.api.post('/api/auth/reset-password').send({ token: second, password: 'new-password' }).expect(200);
  });

  it('mails an address at most 3 times an hour, silently, and limits a caller to 10 requests', async () => {
    await registerClient(t.api, { email: 'flood@example.com' });
    for (let i = 0; i < 5; i++) await t.api.post('/api/auth/forgot-password').send({ email: 'flood@example.com' }).expect(200);
    expect(await outboxFor(t, 'flood@example.com', 'password-reset')).toHaveLength(3);
    for (let i = 5; i < 10; i++)
      await t.api
        .post('/api/auth/forgot-password')
        .send({ email: `other${i}@example.com` })
        .expect(200);
    const res = await t.api.post('/api/auth/forgot-password').send({ email: 'flood@example.com' }).expect(429);
    expect(res.body.message).toMatch(/^Trop de demandes\. Réessayez dans \d+ minutes?\.$/);
  });

  it('unlocks a locked address once the password is reset', async () => {
    await registerClient(t.api, { email: 'locked@example.com', password: 'forgotten' });
    for (let i = 0; i < 5; i++) await t.api.post('/api/auth/login').send({ email: 'locked@example.com', password: 'wrong' }).expect(401);
    await t.api.post('/api/auth/login').send({ email: 'locked@example.com', password: 'forgotten' }).expect(429);
    await t.api.post('/api/auth/forgot-password').send({ email: 'locked@example.com' }).expect(200);
    const token = await tokenFromMail(t, 'locked@example.com', 'password-reset');
    await t.api.post('/api/auth/reset-password').send({ token, password: 'remembered' }).expect(200);
    await t.api.post('/api/auth/login').send({ email: 'locked@example.com', password: 'remembered' }).expect(200);
  });
});

describe('first-login invitation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets an admin mail a first-login link that sets the password and signs in', async () => {
    const admin = await loginAdmin(t.api);
    const [{ id }] = await t.dataSource.query(`INSERT INTO users (email, name) VALUES ('paid@example.com', 'Nouveau Client') RETURNING id`);
    const res = await t.api.post(`/api/admin/users/${id}/first-login-invitation`).set(bearer(admin)).send().expect(202);
    expect(res.body).toEqual({ message: 'Invitation envoyée.' });
    const [mail] = await outboxFor(t, 'paid@example.com', 'first-login');
    expect(mail.subject).toBe('Votre espace client Vitrine est prêt');
    expect(mail.text).toContain('Bonjour Nouveau Client,');
    const token = await tokenFromMail(t, 'paid@example.com', 'first-login');
    const session = await t.api.post('/api/auth/first-login').send({ token, password: 'premier-mdp' }).expect(200);
    expect(session.body.user.email).toBe('paid@example.com');
    await t.api.post('/api/auth/first-login').send({ token, password: 'encore-un' }).expect(400);
  });

  it('is for admins only, and an unknown user is a 404', async () => {
    const admin = await loginAdmin(t.api);
    const client = await registerClient(t.api);
    await t.api.post(`/api/admin/users/${client.user.id}/first-login-invitation`).set(bearer(client)).send().expect(403);
    const res = await t.api
      .post('/api/admin/users/00000000-0000-4000-8000-000000000000/first-login-invitation')
      .set(bearer(admin))
      .send()
      .expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Utilisateur introuvable' });
    await t.api.post('/api/admin/users/not-a-uuid/first-login-invitation').set(bearer(admin)).send().expect(404);
  });
});
