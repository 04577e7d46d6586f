import { WebhookInbox } from '../src/billing/webhook-inbox';
import { MailWorker } from '../src/mail/mail.worker';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { appWithSandbox } from './helpers/stripe';

/** Every background job, by name: the list comes from the jobs' declarations (`@BackgroundJob`). */
const JOB_NAMES = [
  'account-erasure',
  'audience-retention',
  'audience-rollups',
  'audience-salts',
  'data-exports',
  'draft-purge',
  'duplicate-refunds',
  'ended-invoice-voids',
  'invoice-files',
  'mail',
  'outbound-webhooks',
  'payment-reminders',
  'stripe-events',
  'uptime-checks',
];

/** GET /api/admin/status: the figures of the admin's 'État du service' page. */
describe('GET /api/admin/status', () => {
  let t: TestApp;
  let admin: SessionBody;
  beforeAll(async () => {
    // Stripe configured but unreachable (nothing listens on port 9).
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_unreachable',
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      STRIPE_API_URL: 'http://127.0.0.1:9',
      SOURCE_COMMIT: 'b8a3ea1f00d',
    });
    admin = await loginAdmin(t.api);
  });
  afterAll(() => t.close());

  const status = async () => (await t.api.get('/api/admin/status').set(bearer(admin)).expect(200)).body;

  it('is for admins only: anonymous 401, a client 403', async () => {
    await t.api.get('/api/admin/status').expect(401);
    const client = await registerClient(t.api);
    const res = await t.api.get('/api/admin/status').set(bearer(client)).expect(403);
    expect(res.body).toEqual({ statusCode: 403, message: 'Accès refusé' });
  });

  it('says the version, the commit running, the uptime, the database, the pool and an unreachable Stripe', async () => {
    const body = await status();
    expect(body).toMatchObject({
      version: '0.1.0',
      commit: 'b8a3ea1f00d',
      database: { reachable: true, pool: { max: 10, waiting: 0 } },
      stripe: { state: 'unreachable', mode: 'test', sandbox: true, latencyMs: null },
    });
    expect(body.stripe.error).toEqual(expect.any(String));
    expect(body.database.pool.total).toBeGreaterThanOrEqual(1);
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(Date.parse(body.startedAt)).toBeLessThanOrEqual(Date.parse(body.checkedAt));
    expect(Math.abs(Date.parse(body.checkedAt) - Date.now())).toBeLessThan(10_000);
  });

  it('counts the mails waiting and failed, and the Stripe events waiting and failed with the age of the oldest', async () => {
    const before = await status();
    await registerClient(t.api, { email: 'status-welcome@example.com' }); // its welcome mail, queued
    await t.dataSource.query(
      `UPDATE outbox_emails SET created_at = now() - interval '5 minutes' WHERE recipient = 'status-welcome@example.com'`,
    );
    await t.dataSource.query(
      `INSERT INTO stripe_events (id, type, created_at_stripe, received_at, next_attempt_at)
       VALUES ('evt_status_waiting', 'invoice.paid', now(), now() - interval '2 minutes', now() + interval '1 hour'),
              ('evt_status_failed', 'invoice.paid', now(), now() - interval '3 hours', now())`,
    );
    await t.dataSource.query(`UPDATE stripe_events SET outcome = 'failed', processed_at = now() WHERE id = 'evt_status_failed'`);

    const after = await status();
    expect(after.mail.pending).toBe(before.mail.pending + 1);
    expect(after.mail.failed).toBe(before.mail.failed);
    expect(after.mail.oldestPendingSeconds).toBeGreaterThanOrEqual(300);
    expect(after.webhooks).toEqual({
      pending: before.webhooks.pending + 1,
      failed: before.webhooks.failed + 1,
      oldestPendingSeconds: expect.any(Number),
    });
    expect(after.webhooks.oldestPendingSeconds).toBeGreaterThanOrEqual(120);
    expect(after.webhooks.oldestPendingSeconds).toBeLessThan(3600);
  });

  it("lists every background job with this instance's runs, failures and last success", async () => {
    const before = await status();
    expect(before.jobs.map((j: { job: string }) => j.job)).toEqual(JOB_NAMES);
    await t.app.get(MailWorker).drain();
    await t.app.get(WebhookInbox).drain();
    const after = await status();
    const job = (name: string) => after.jobs.find((j: { job: string }) => j.job === name);
    for (const name of ['mail', 'stripe-events']) {
      expect(job(name)).toMatchObject({ failures: 0, lastFailureAt: null, lastError: null });
      expect(job(name).runs).toBeGreaterThan(before.jobs.find((j: { job: string }) => j.job === name).runs);
      expect(Date.now() - Date.parse(job(name).lastSuccessAt)).toBeLessThan(10_000);
    }
    // No timers for these under NODE_ENV=test.
    expect(job('payment-reminders')).toEqual({
      job: 'payment-reminders',
      runs: 0,
      failures: 0,
      lastSuccessAt: null,
      lastFailureAt: null,
      lastError: null,
    });
  });
});

describe('GET /api/admin/status with Stripe answering (the sandbox)', () => {
  it('says Stripe is reachable, and how fast; without a commit given, says none', async () => {
    const env = await appWithSandbox();
    try {
      const admin = await loginAdmin(env.t.api);
      const body = (await env.t.api.get('/api/admin/status').set(bearer(admin)).expect(200)).body;
      expect(body.stripe).toEqual({ state: 'reachable', mode: 'test', sandbox: true, latencyMs: expect.any(Number), error: null });
      expect(body.commit).toBeNull();
    } finally {
      await env.close();
    }
  });

  it('says Stripe is not configured without STRIPE_SECRET_KEY', async () => {
    const t = await createTestApp();
    try {
      const admin = await loginAdmin(t.api);
      const body = (await t.api.get('/api/admin/status').set(bearer(admin)).expect(200)).body;
      expect(body.stripe).toEqual({ state: 'not_configured', mode: null, sandbox: false, latencyMs: null, error: null });
    } finally {
      await t.close();
    }
  });
});
