import { MailService } from '../src/mail/mail.service';
import { MailWorker } from '../src/mail/mail.worker';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { unusedPort } from './helpers/smtp';

describe('admin mail log', () => {
  let t: TestApp;
  let admin: SessionBody;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await unusedPort()}`, MAIL_MAX_ATTEMPTS: '1' });
    admin = await loginAdmin(t.api);
    await registerClient(t.api, { email: 'alice@example.com', name: 'Alice' });
    await registerClient(t.api, { email: 'bob@example.com', name: 'Bob' });
    await t.app.get(MailWorker).drain(); // SMTP is down and one attempt is allowed: both fail
    await t.app
      .get(MailService)
      .enqueue('welcome', 'carol@example.com', { name: 'Carol', dashboardUrl: 'http://localhost:3000/dashboard' });
  });
  afterAll(() => t.close());

  it('is for admins only', async () => {
    const client = await registerClient(t.api);
    await t.api.get('/api/admin/emails').set(bearer(client)).expect(403);
    await t.api.get('/api/admin/emails').expect(401);
  });

  it('lists mails newest first, filtered by status and recipient', async () => {
    const all = await t.api.get('/api/admin/emails').set(bearer(admin)).expect(200);
    const times = all.body.emails.map((e: { createdAt: string }) => e.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.body.emails.find((e: { recipient: string }) => e.recipient === 'carol@example.com')).toMatchObject({
      status: 'queued',
      template: 'welcome',
      subject: 'Bienvenue chez Vitrine !',
    });
    const failed = await t.api.get('/api/admin/emails?status=failed').set(bearer(admin)).expect(200);
    expect(failed.body.emails.map((e: { recipient: string }) => e.recipient).sort()).toEqual(['alice@example.com', 'bob@example.com']);
    expect(failed.body.emails[0].lastError).toMatch(/ECONNREFUSED|connect/i);
    const bob = await t.api.get('/api/admin/emails?recipient=BOB').set(bearer(admin)).expect(200);
    expect(bob.body).toMatchObject({ total: 1, emails: [{ recipient: 'bob@example.com' }] });
    await t.api.get('/api/admin/emails?status=lost').set(bearer(admin)).expect(400);
  });

  it('shows the rendered mail', async () => {
    const list = await t.api.get('/api/admin/emails?recipient=alice').set(bearer(admin)).expect(200);
    const res = await t.api.get(`/api/admin/emails/${list.body.emails[0].id}`).set(bearer(admin)).expect(200);
    expect(res.body.html).toContain('Bienvenue, Alice !');
    expect(res.body.text).toContain('Bienvenue, Alice !');
    await t.api.get('/api/admin/emails/00000000-0000-4000-8000-000000000000').set(bearer(admin)).expect(404);
    await t.api.get('/api/admin/emails/nope').set(bearer(admin)).expect(404);
  });

  it('retries a failed mail, and refuses to resend one already sent', async () => {
    const list = await t.api.get('/api/admin/emails?recipient=alice').set(bearer(admin)).expect(200);
    const id = list.body.emails[0].id;
    const res = await t.api.post(`/api/admin/emails/${id}/retry`).set(bearer(admin)).send().expect(200);
    expect(res.body).toMatchObject({ id, status: expect.stringMatching(/queued|sending|failed/), attempts: expect.any(Number) });
    // Let the worker finish with it (SMTP is down: it fails again) before marking it sent, or its late failure would
    // overwrite our 'sent' and allow the retry below.
    // Twice: a drain already under way may have looked for mail before the retry.
    await t.app.get(MailWorker).drain();
    await t.app.get(MailWorker).drain();
    expect((await t.api.get(`/api/admin/emails/${id}`).set(bearer(admin)).expect(200)).body.status).toBe('failed');
    await t.dataSource.query(`UPDATE outbox_emails SET status = 'sent' WHERE id = $1`, [id]);
    const conflict = await t.api.post(`/api/admin/emails/${id}/retry`).set(bearer(admin)).send().expect(409);
    expect(conflict.body.message).toBe("Cet e-mail a déjà été envoyé ou est en cours d'envoi");
  });
});
