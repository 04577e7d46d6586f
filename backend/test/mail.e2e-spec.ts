import { Logger } from '@nestjs/common';
import { AfterAnswer } from '../src/auth/after-answer';
import { AuthService } from '../src/auth/auth.service';
import { MailService } from '../src/mail/mail.service';
import { MailWorker } from '../src/mail/mail.worker';
import { bearer, createTestApp, loginAdmin, registerClient, type TestApp } from './helpers/app';
import { startSmtp, type TestSmtp, unusedPort } from './helpers/smtp';

const outbox = (t: TestApp) => t.dataSource.query(`SELECT * FROM outbox_emails ORDER BY created_at, id`);

describe('mail outbox over SMTP', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Vitrine <bonjour@vitrine.example>' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    smtp.messages.length = 0;
    await t.dataSource.query('DELETE FROM outbox_emails');
  });

  it('queues the welcome mail with the account, then delivers it: French subject, link, HTML and text parts', async () => {
    const session = await registerClient(t.api, { name: 'Camille Dupont', email: 'camille@example.com' });
    const [row] = await outbox(t);
    expect(row).toMatchObject({
      recipient: 'camille@example.com',
      template: 'welcome',
      status: 'queued',
      dedupe_key: `welcome:${session.user.id}`,
    });
    expect(await t.app.get(MailWorker).drain()).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0];
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('camille@example.com');
    expect(mail.from?.value).toEqual([{ name: 'Vitrine', address: 'bonjour@vitrine.example' }]);
    expect(mail.subject).toBe('Bienvenue chez Vitrine !');
    expect(mail.text).toContain('Bienvenue, Camille Dupont !');
    expect(mail.text).toContain('http://localhost:3000/dashboard');
    expect(mail.html).toContain('href="http://localhost:3000/dashboard"');
    expect(mail.html).toContain('RCS Lyon');
    const [sent] = await outbox(t);
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, last_error: null });
    expect(sent.sent_at).toBeInstanceOf(Date);
  });

  it('never keeps a usable reset or first-login link: masked in the row and the admin log, working in the mail sent', async () => {
    const client = await registerClient(t.api, { email: 'secret@example.com' });
    await t.dataSource.query('DELETE FROM outbox_emails');
    await t.api.post('/api/auth/forgot-password').send({ email: 'secret@example.com' }).expect(200);
    await t.app.get(AfterAnswer).settled();
    await t.app.get(AuthService).inviteToFirstLogin(client.user.id);
    const queued = await outbox(t);
    expect(queued.map((m: { template: string }) => m.template).sort()).toEqual(['first-login', 'password-reset']);
    const admin = await loginAdmin(t.api);
    const adminSaw = async () => {
      const list = await t.api.get('/api/admin/emails?recipient=secret@example.com').set(bearer(admin)).expect(200);
      const details = await Promise.all(
        queued.map((m: { id: string }) => t.api.get(`/api/admin/emails/${m.id}`).set(bearer(admin)).expect(200)),
      );
      return JSON.stringify([list.body, ...details.map((d) => d.body)]);
    };
    const beforeSending = await adminSaw();
    for (const m of queued) {
      expect(m.action_url).toMatch(/^http:\/\/localhost:3000\/(reset-password|first-login)\?token=••••••••$/);
      expect(m.secret_link).toEqual(expect.any(String));
    }
    await t.app.get(MailWorker).drain();
    // What went out over SMTP has the working links, in the text and in the HTML.
    const tokens = smtp.messages.map((mail) => {
      const link = /http:\/\/localhost:3000\/(?:reset-password|first-login)\?token=([\w-]{40,})/.exec(mail.text ?? '')!;
      expect(mail.html).toContain(`href="${link[0].replace('=', '&#x3D;')}"`);
      return { path: new URL(link[0]).pathname, token: link[1] };
    });
    expect(tokens.map((x) => x.path).sort()).toEqual(['/first-login', '/reset-password']);
    const sent = await outbox(t);
    expect(sent.map((m: { status: string; secret_link: string | null }) => [m.status, m.secret_link])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
    // Neither the stored rows nor anything the admin API answered, before or after sending, holds a token.
    const stored = JSON.stringify(sent);
    const afterSending = await adminSaw();
    for (const { token } of tokens) {
      for (const seen of [stored, beforeSending, afterSending]) expect(seen).not.toContain(token);
    }
    expect(afterSending).toContain('token=••••••••');
    // And the links work.
    const reset = tokens.find((x) => x.path === '/reset-password')!.token;
    await t.api.post('/api/auth/reset-password').send({ token: reset, password: 'nouveau-secret' }).expect(200);
  });

  it('writes no mail when the business change fails (same transaction)', async () => {
    await registerClient(t.api, { email: 'taken@example.com' });
    await t.dataSource.query('DELETE FROM outbox_emails');
    await t.api
      .post('/api/auth/register')
      .send({ name: 'Bis', email: 'taken@example.com', password: 'secret12', confirmPassword: 'secret12' })
      .expect(409);
    expect(await outbox(t)).toEqual([]);
  });

  it('mails a business event once, whatever the retries (dedupe key)', async () => {
    const mail = t.app.get(MailService);
    const data = { name: 'A', dashboardUrl: 'http://localhost:3000/dashboard' };
    expect(await mail.enqueue('welcome', 'a@example.com', data, { dedupeKey: 'event-1' })).toEqual(expect.any(String));
    expect(await mail.enqueue('welcome', 'a@example.com', data, { dedupeKey: 'event-1' })).toBeNull();
    await t.app.get(MailWorker).drain();
    expect(smtp.messages).toHaveLength(1);
  });

  it('takes over a claim left by a crashed worker', async () => {
    await t.app.get(MailService).enqueue('welcome', 'crash@example.com', { name: 'C', dashboardUrl: 'http://x/d' });
    await t.dataSource.query(`UPDATE outbox_emails SET status = 'sending', attempts = 1, locked_until = now() - interval '1 second'`);
    await t.app.get(MailWorker).drain();
    expect(smtp.messages).toHaveLength(1);
    expect((await outbox(t))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('mail outbox when SMTP is down', () => {
  let port: number;
  let t: TestApp;
  beforeAll(async () => {
    port = await unusedPort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_BASE_SECONDS: '30' });
  });
  afterAll(() => t.close());

  it('still answers the request, keeps the mail queued with backoff, and delivers it once SMTP is back', async () => {
    const started = Date.now();
    await t.api
      .post('/api/quotes')
      .send({ fullName: 'Ana Lopez', email: 'ana@example.com', phone: '0600000000', description: 'Un site pour mon atelier.' })
      .expect(201);
    expect(Date.now() - started).toBeLessThan(2000);
    await t.app.get(MailWorker).drain();
    const rows = await outbox(t);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'queued', attempts: 1 });
      expect(row.last_error).toMatch(/ECONNREFUSED|connect/i);
      // First retry 30 s later.
      expect(new Date(row.next_attempt_at).getTime() - Date.now()).toBeGreaterThan(25_000);
    }
    // Nothing is due yet: a new pass sends nothing.
    expect(await t.app.get(MailWorker).drain()).toBe(0);

    const smtp = await startSmtp(port);
    try {
      await t.dataSource.query(`UPDATE outbox_emails SET next_attempt_at = now()`);
      expect(await t.app.get(MailWorker).drain()).toBe(2);
      expect(smtp.messages.map((m) => m.subject).sort()).toEqual([
        'Nous avons bien reçu votre demande de devis',
        'Nouvelle demande de devis : Ana Lopez',
      ]);
      expect((await outbox(t)).map((r: { status: string }) => r.status)).toEqual(['sent', 'sent']);
    } finally {
      await smtp.close();
    }
  });

  it('gives up after the last attempt and marks the mail failed', async () => {
    await t.dataSource.query('DELETE FROM outbox_emails');
    await t.app.get(MailService).enqueue('welcome', 'late@example.com', { name: 'L', dashboardUrl: 'http://x/d' });
    for (let i = 0; i < 3; i++) {
      await t.dataSource.query(`UPDATE outbox_emails SET next_attempt_at = now()`);
      await t.app.get(MailWorker).drain();
    }
    const [row] = await outbox(t);
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
  });
});

describe('mail outbox with two app instances', () => {
  let smtp: TestSmtp;
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    first = await createTestApp({ SMTP_URL: smtp.url });
    second = await createTestApp({ SMTP_URL: smtp.url }, first);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    await smtp.close();
  });

  it('sends each mail exactly once', async () => {
    const mail = first.app.get(MailService);
    for (let i = 0; i < 40; i++) await mail.enqueue('welcome', `user${i}@example.com`, { name: `U${i}`, dashboardUrl: 'http://x/d' });
    const [a, b] = await Promise.all([first.app.get(MailWorker).drain(), second.app.get(MailWorker).drain()]);
    expect(a + b).toBe(40);
    expect(smtp.messages).toHaveLength(40);
    const recipients = smtp.messages.map((m) => (m.to && 'text' in m.to ? m.to.text : ''));
    expect(new Set(recipients).size).toBe(40);
    const statuses = await first.dataSource.query(`SELECT status, count(*)::int AS n FROM outbox_emails GROUP BY status`);
    expect(statuses).toEqual([{ status: 'sent', n: 40 }]);
  });
});

describe('mail without SMTP (embedded default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: '' });
  });
  afterAll(() => t.close());

  it('keeps the mail as captured and prints its subject and link', async () => {
    const log = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    try {
      await t.api.post('/api/auth/forgot-password').send({ email: 'admin@example.com' }).expect(200);
      await t.app.get(AfterAnswer).settled();
      await t.app.get(MailWorker).drain();
      const [row] = await t.dataSource.query(`SELECT * FROM outbox_emails WHERE template = 'password-reset'`);
      expect(row.status).toBe('captured');
      // The console, the captured mail's only way out, shows the working link; the row keeps it masked.
      const line = log.mock.calls.map((c) => String(c[0])).find((l) => l.startsWith('E-mail capturé'))!;
      const link = /— lien : (\S+)$/.exec(line)![1];
      expect(line).toBe(
        `E-mail capturé pour admin@example.com (password-reset) : « Réinitialisation de votre mot de passe » — lien : ${link}`,
      );
      expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[\w-]{40,}$/);
      expect(row.action_url).toBe('http://localhost:3000/reset-password?token=••••••••');
      expect(row.secret_link).toBeNull();
    } finally {
      log.mockRestore();
    }
  });
});
