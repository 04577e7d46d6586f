import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { startStripeSandbox, type StripeSandbox } from '@vitrine/stripe-sandbox';
import { loadConfig } from '../src/config/app-config';
import { bootstrap, type RunningApp } from '../src/main';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TEST_JWT_SECRET } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { phoneJpeg } from './helpers/images';
import { BILLING, COMPLETE_FORM, draftCookieOf } from './helpers/orders';
import { startSmtp, type TestSmtp } from './helpers/smtp';
import { TEST_WEBHOOK_SECRET } from './helpers/stripe';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LogLine {
  level: string;
  msg: string;
  requestId?: string;
  method?: string;
  route?: string;
  path?: string;
  status?: number;
  durationMs?: number;
  userId?: string;
  context?: string;
}

/**
 * The logs of a whole purchase, as an operator collects them (LOG_FORMAT=json, everything down to debug): one JSON
 * line per request with its id, method, route pattern, status, duration and user; and never a password, a token, a
 * cookie, a one-time link, a card number, a webhook signature or a photo's bytes, whatever the journey sent or the
 * app handled: sign-up, sign-in, refresh, password reset (the link opened, the new password set), an order with a
 * photo, a card payment on the Stripe sandbox, its webhooks, the first-login link of the new account.
 */
describe('logs of a whole journey', () => {
  let db: { url: string; drop(): Promise<void> };
  let sandbox: StripeSandbox;
  let smtp: TestSmtp;
  let app: RunningApp;
  let output = '';
  /** Every secret the journey handled: none may appear in the logs. */
  const secrets = new Map<string, string>();
  const keep = (name: string, value: string | undefined) => {
    expect(value).toBeTruthy();
    secrets.set(name, value!);
  };
  const lines = (): LogLine[] =>
    output
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogLine);
  const http = () => request(app.url);
  const mailTo = async (to: string, subject: RegExp): Promise<string> => {
    for (let i = 0; i < 200; i++) {
      const mail = smtp.messages.find((m) => JSON.stringify(m.to).includes(to) && subject.test(m.subject ?? ''));
      if (mail) return mail.text ?? '';
      await sleep(50);
    }
    throw new Error(`aucun e-mail « ${subject} » pour ${to}`);
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    sandbox = await startStripeSandbox({ port: 0, webhookSecret: TEST_WEBHOOK_SECRET });
    smtp = await startSmtp();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'debug',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-logs-')),
      DATABASE_URL: db.url,
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      FRONTEND_DIST: '/nonexistent',
      SMTP_URL: smtp.url,
      MAIL_POLL_INTERVAL_MS: '50',
      STRIPE_SECRET_KEY: 'sk_test_sandbox',
      STRIPE_API_URL: sandbox.url,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    });
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        output += chunk.toString('utf8');
        done();
      },
    });
    app = await bootstrap(config, { logDestination: destination });
    sandbox.setWebhookUrl(`${app.url.replace('localhost', '127.0.0.1')}/api/billing/webhook`);
    keep('admin password', ADMIN_PASSWORD);
    keep('JWT secret', TEST_JWT_SECRET);
    keep('webhook secret', TEST_WEBHOOK_SECRET);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await smtp.close();
    await sandbox.close();
    await db.drop();
  });

  it('runs the journey', async () => {
    // Sign-up and sign-in, with the caller's request ids.
    const email = 'journal@example.com';
    const password = 'mot-de-passe-du-journal-1';
    keep('password at sign-up', password);
    const registered = await http()
      .post('/api/auth/register')
      .set('X-Request-Id', 'parcours-inscription-1')
      .send({ name: 'Camille Journal', email, password, confirmPassword: password })
      .expect(201);
    expect(registered.headers['x-request-id']).toBe('parcours-inscription-1');
    keep('access token', registered.body.access_token);
    keep('refresh token', registered.body.refresh_token);
    const login = await http().post('/api/auth/login').set('X-Request-Id', 'parcours-connexion-1').send({ email, password }).expect(200);
    keep('access token 2', login.body.access_token);
    keep('refresh token 2', login.body.refresh_token);
    const cookies = (login.headers['set-cookie'] as unknown as string[]).map((c) => c.split(';')[0]);
    for (const cookie of cookies) if (cookie.startsWith('refresh_token=')) keep('refresh cookie', cookie.split('=')[1]);
    await http()
      .get('/api/auth/me')
      .set('X-Request-Id', 'parcours-profil-1')
      .set('Authorization', `Bearer ${login.body.access_token}`)
      .expect(200);
    const refreshed = await http().post('/api/auth/refresh').set('Cookie', cookies.join('; ')).send({}).expect(200);
    keep('refreshed access token', refreshed.body.access_token);
    keep('refreshed refresh token', refreshed.body.refresh_token);
    // An id that is not sane is replaced by one of ours.
    const insane = await http().get('/api/health').set('X-Request-Id', 'pas sain <script>').expect(200);
    expect(insane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const tooLong = await http().get('/api/health').set('X-Request-Id', 'a'.repeat(129)).expect(200);
    expect(tooLong.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // Password reset: the link mailed, opened in a browser, the new password set.
    await http().post('/api/auth/forgot-password').set('X-Request-Id', 'parcours-oubli-1').send({ email }).expect(200);
    const resetMail = await mailTo(email, /mot de passe/i);
    const resetToken = /reset-password\?token=([\w-]+)/.exec(resetMail)?.[1];
    keep('reset token', resetToken);
    await http().get(`/reset-password?token=${resetToken}`).set('X-Request-Id', 'parcours-lien-1');
    const newPassword = 'nouveau-mot-de-passe-du-journal-2';
    keep('new password', newPassword);
    const reset = await http()
      .post('/api/auth/reset-password')
      .set('X-Request-Id', 'parcours-reinitialisation-1')
      .send({ token: resetToken, password: newPassword })
      .expect(200);
    keep('access token after reset', reset.body.access_token);
    keep('refresh token after reset', reset.body.refresh_token);

    // An order with a photo, paid by card on the sandbox; its webhooks provision an account for the buyer.
    const started = await http().post('/api/order-drafts').set('X-Request-Id', 'parcours-commande-1').send({ planType: 'pro' }).expect(201);
    const draftId = started.body.id as string;
    const draftCookie = draftCookieOf(started.headers['set-cookie'] as unknown as string[])!;
    keep('draft cookie', draftCookie.split('=')[1]);
    await http()
      .patch(`/api/order-drafts/${draftId}`)
      .set('X-Request-Id', 'parcours-commande-2')
      .set('Cookie', draftCookie)
      .send({ data: COMPLETE_FORM, prefersCall: false, currentStep: '4' })
      .expect(200);
    const photo = phoneJpeg();
    await http()
      .post(`/api/order-drafts/${draftId}/photos`)
      .set('X-Request-Id', 'parcours-photo-1')
      .set('Cookie', draftCookie)
      .attach('file', photo, 'devanture.jpg')
      .expect(201);
    const buyer = 'acheteur.journal@example.com';
    const checkout = await http()
      .post('/api/checkout-sessions')
      .set('X-Request-Id', 'parcours-paiement-1')
      .set('Cookie', draftCookie)
      .send({ consumerRequest: true, draftId, billing: { ...BILLING, email: buyer } })
      .expect(201);
    const card = '4242424242424242';
    keep('card number', card);
    const paid = await fetch(`${sandbox.url}/checkout/${checkout.body.sessionId}/pay`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `card=${card}&exp_month=12&exp_year=2034&cvc=123`,
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const firstLoginMail = await mailTo(buyer, /espace client .* est prêt/);
    const firstLoginToken = /first-login\?token=([\w-]+)/.exec(firstLoginMail)?.[1];
    keep('first-login token', firstLoginToken);
    const firstPassword = 'premier-mot-de-passe-acheteur-3';
    keep('first password', firstPassword);
    await http()
      .post('/api/auth/first-login')
      .set('X-Request-Id', 'parcours-premiere-connexion-1')
      .send({ token: firstLoginToken, password: firstPassword })
      .expect(200);
    await sleep(300); // the last mails and webhook lines

    // Photo bytes: any 24 characters of its base64 or hex would say so.
    keep('photo bytes (base64)', photo.subarray(200, 260).toString('base64').slice(0, 24));
    keep('photo bytes (hex)', photo.subarray(200, 260).toString('hex').slice(0, 24));
  }, 60_000);

  it('never writes a secret: password, token, cookie, link, card, signature, photo', () => {
    expect(output.length).toBeGreaterThan(0);
    const found = [...secrets].filter(([, value]) => output.includes(value)).map(([name]) => name);
    expect(found).toEqual([]);
    expect(output).not.toMatch(/Bearer\s/i);
    expect(output).not.toMatch(/t=\d+,v1=[0-9a-f]{64}/); // a Stripe-Signature
    expect(output).not.toMatch(/token=[\w-]{8,}/);
    expect(output).not.toMatch(/\b4242 ?4242 ?4242 ?4242\b/);
  });

  it('writes one JSON line per request with the id sent, the method, the route pattern, the status, the duration and the user', () => {
    const all = lines();
    expect(all.every((l) => typeof l.level === 'string' && typeof l.msg === 'string')).toBe(true);
    const byId = (id: string) => all.filter((l) => l.requestId === id && l.status !== undefined);
    const profile = byId('parcours-profil-1');
    expect(profile).toHaveLength(1);
    expect(profile[0]).toMatchObject({ level: 'info', method: 'GET', route: '/api/auth/me', status: 200 });
    expect(typeof profile[0].durationMs).toBe('number');
    expect(profile[0].userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(byId('parcours-inscription-1')).toEqual([expect.objectContaining({ method: 'POST', route: '/api/auth/register', status: 201 })]);
    expect(byId('parcours-commande-2')).toEqual([
      expect.objectContaining({ method: 'PATCH', route: '/api/order-drafts/:id', status: 200 }),
    ]);
    expect(byId('parcours-photo-1')).toEqual([
      expect.objectContaining({ method: 'POST', route: '/api/order-drafts/:id/photos', status: 201 }),
    ]);
    // The page the reset link opens: its path, never its query string.
    expect(byId('parcours-lien-1')).toEqual([expect.objectContaining({ method: 'GET', path: '/reset-password' })]);
    // The webhooks the sandbox delivered, each with an id of ours.
    const webhooks = all.filter((l) => l.route === '/api/billing/webhook');
    expect(webhooks.length).toBeGreaterThan(0);
    expect(webhooks.every((l) => /^[0-9a-f-]{36}$/.test(l.requestId ?? '') && l.status === 200)).toBe(true);
  });
});
