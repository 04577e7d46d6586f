import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { WebhookInbox } from '../src/billing/webhook-inbox';
import { loadConfig } from '../src/config/app-config';
import { MailWorker } from '../src/mail/mail.worker';
import { bootstrap, type RunningApp } from '../src/main';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TEST_JWT_SECRET } from './helpers/app';
import { createTestDatabase } from './helpers/database';
import { type Exposition, parsePrometheus } from './helpers/prometheus';

const TOKEN = 'mX4tQ9vB2nL7kR1wZ8pF5hJ3cY6sD0gAeU2iVo9xTq7NbK3r';
const UNKNOWN_DRAFT = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

/**
 * GET /api/metrics on the app as `npm start` runs it (main.ts's bootstrap: the request logger that counts each
 * request is installed there), with METRICS_TOKEN set: who may read it, its format, and its figures following the
 * work (requests per route pattern, the mail outbox and the Stripe inbox read from the database, the jobs' runs).
 */
describe('GET /api/metrics', () => {
  let db: { url: string; drop(): Promise<void> };
  let app: RunningApp;
  const http = () => request(app.url);
  const scrape = async (): Promise<Exposition> => {
    const res = await http().get('/api/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    return parsePrometheus(res.text);
  };
  const sql = (query: string, params: unknown[] = []) => app.app.get(DataSource).query(query, params);

  beforeAll(async () => {
    db = await createTestDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'vitrine-metrics-')),
      DATABASE_URL: db.url,
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      FRONTEND_DIST: '/nonexistent',
      MAIL_WORKER: 'off',
      METRICS_TOKEN: TOKEN,
      GIT_COMMIT: '4db96e6',
    });
    app = await bootstrap(config);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('refuses a scrape without the token, with another token or another scheme (401, WWW-Authenticate)', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN.slice(0, -1)}x`, `Bearer ${TOKEN}x`, 'Bearer', `Basic ${TOKEN}`, TOKEN]) {
      const req = http().get('/api/metrics');
      const res = await (authorization === undefined ? req : req.set('Authorization', authorization));
      expect({ authorization, status: res.status }).toEqual({ authorization, status: 401 });
      expect(res.body).toEqual({ statusCode: 401, message: 'Jeton de métriques absent ou invalide' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.text).not.toContain('vitrine_');
    }
    // An admin's session is no way in either.
    const login = await http().post('/api/auth/login').send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }).expect(200);
    await http().get('/api/metrics').set('Authorization', `Bearer ${login.body.access_token}`).expect(401);
  });

  it("answers Prometheus's text format: every line parses, each family typed and explained", async () => {
    const metrics = await scrape();
    expect(metrics.samples.length).toBeGreaterThan(50);
    expect(Object.fromEntries([...metrics.types].filter(([name]) => name.startsWith('vitrine_')))).toEqual({
      vitrine_http_request_duration_seconds: 'histogram',
      vitrine_http_requests_total: 'counter',
      vitrine_job_runs_total: 'counter',
      vitrine_job_failures_total: 'counter',
      vitrine_job_last_success_timestamp_seconds: 'gauge',
      vitrine_build_info: 'gauge',
      vitrine_database_up: 'gauge',
      vitrine_db_pool_connections: 'gauge',
      vitrine_db_pool_idle_connections: 'gauge',
      vitrine_db_pool_waiting_queries: 'gauge',
      vitrine_db_pool_max_connections: 'gauge',
      vitrine_mail_outbox_pending: 'gauge',
      vitrine_mail_outbox_failed: 'gauge',
      vitrine_mail_outbox_oldest_pending_age_seconds: 'gauge',
      vitrine_stripe_webhook_inbox_pending: 'gauge',
      vitrine_stripe_webhook_inbox_failed: 'gauge',
      vitrine_stripe_webhook_inbox_lag_seconds: 'gauge',
    });
    for (const name of metrics.types.keys()) expect(metrics.help.get(name)).toBeTruthy();
    // The runtime: event-loop lag (perf_hooks histogram), memory, CPU.
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
    ])
      expect(metrics.find(name)).toHaveLength(1);
    expect(metrics.value('vitrine_build_info', { version: '0.1.0', commit: '4db96e6' })).toBe(1);
    expect(metrics.value('vitrine_database_up')).toBe(1);
    // The pool that answered this scrape's query: TypeORM's pg pool, 10 connections at most.
    expect(metrics.value('vitrine_db_pool_connections')).toBeGreaterThanOrEqual(1);
    expect(metrics.value('vitrine_db_pool_max_connections')).toBe(10);
    expect(metrics.value('vitrine_db_pool_waiting_queries')).toBe(0);
    expect(metrics.find('vitrine_job_failures_total').map((s) => s.labels.job)).toEqual([
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
    ]);
  });

  it('counts requests and their durations per route pattern, method and status, never per URL', async () => {
    const before = await scrape();
    const count = (m: Exposition, labels: Record<string, string>) => m.value('vitrine_http_requests_total', labels) ?? 0;
    const draft404 = { method: 'GET', route: '/api/order-drafts/:id', status: '404' };
    const catalogue = { method: 'GET', route: '/api/catalogue', status: '200' };
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    for (let n = 1; n <= 3; n++)
      await http()
        .get(`/api/order-drafts/${UNKNOWN_DRAFT(n)}?secret=abc`)
        .expect(404);
    await http().get('/api/catalogue').expect(200);
    await http().get('/api/catalogue').expect(200);
    await http().get('/nowhere/at/all?token=xyz').expect(404);

    const after = await scrape();
    expect(count(after, draft404) - count(before, draft404)).toBe(3);
    expect(count(after, catalogue) - count(before, catalogue)).toBe(2);
    expect(count(after, unmatched) - count(before, unmatched)).toBe(1);
    // The histogram counts the same requests, in buckets up to +Inf, with their total time.
    const histogram = (m: Exposition, suffix: string, labels: Record<string, string>) =>
      m.value(`vitrine_http_request_duration_seconds_${suffix}`, labels) ?? 0;
    expect(histogram(after, 'count', catalogue) - histogram(before, 'count', catalogue)).toBe(2);
    expect(histogram(after, 'sum', catalogue)).toBeGreaterThan(histogram(before, 'sum', catalogue));
    expect(histogram(after, 'bucket', { ...catalogue, le: '+Inf' })).toBe(histogram(after, 'count', catalogue));
    expect(after.find('vitrine_http_request_duration_seconds_bucket', catalogue).length).toBeGreaterThan(5);
    // No id, path or query string of a request in any label.
    const labels = JSON.stringify(after.find('vitrine_http_requests_total').map((s) => s.labels));
    for (const raw of [UNKNOWN_DRAFT(1), 'secret', 'nowhere', 'token=']) expect(labels).not.toContain(raw);
  });

  it('follows the mail outbox from the database: a mail queued raises the pending figure, one given up the failed one', async () => {
    const before = await scrape();
    await http()
      .post('/api/auth/register')
      .send({ name: 'Jeanne Martin', email: 'jeanne.metrics@example.com', password: 'client-password', confirmPassword: 'client-password' })
      .expect(201);
    const queued = await scrape();
    expect(queued.value('vitrine_mail_outbox_pending')).toBe(before.value('vitrine_mail_outbox_pending')! + 1);
    expect(queued.value('vitrine_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(0);

    // Waiting for 2 minutes (its row written earlier), then given up.
    await sql(`UPDATE outbox_emails SET created_at = now() - interval '2 minutes' WHERE recipient = 'jeanne.metrics@example.com'`);
    expect((await scrape()).value('vitrine_mail_outbox_oldest_pending_age_seconds')).toBeGreaterThanOrEqual(120);
    await sql(`UPDATE outbox_emails SET status = 'failed' WHERE recipient = 'jeanne.metrics@example.com'`);
    const failed = await scrape();
    expect(failed.value('vitrine_mail_outbox_pending')).toBe(before.value('vitrine_mail_outbox_pending'));
    expect(failed.value('vitrine_mail_outbox_failed')).toBe(before.value('vitrine_mail_outbox_failed')! + 1);
  });

  it('follows the Stripe webhook inbox likewise: pending events and the lag of the oldest, failed ones', async () => {
    const before = await scrape();
    expect(before.value('vitrine_stripe_webhook_inbox_lag_seconds')).toBe(0);
    // Received 90 seconds ago, retried in an hour: the worker leaves it waiting.
    await sql(
      `INSERT INTO stripe_events (id, type, created_at_stripe, received_at, next_attempt_at, attempts, last_error)
       VALUES ('evt_waiting', 'invoice.paid', now(), now() - interval '90 seconds', now() + interval '1 hour', 1, 'Stripe injoignable')`,
    );
    const waiting = await scrape();
    expect(waiting.value('vitrine_stripe_webhook_inbox_pending')).toBe(before.value('vitrine_stripe_webhook_inbox_pending')! + 1);
    expect(waiting.value('vitrine_stripe_webhook_inbox_lag_seconds')).toBeGreaterThanOrEqual(90);
    await sql(`UPDATE stripe_events SET outcome = 'failed', processed_at = now() WHERE id = 'evt_waiting'`);
    const failed = await scrape();
    expect(failed.value('vitrine_stripe_webhook_inbox_pending')).toBe(before.value('vitrine_stripe_webhook_inbox_pending'));
    expect(failed.value('vitrine_stripe_webhook_inbox_failed')).toBe(before.value('vitrine_stripe_webhook_inbox_failed')! + 1);
    expect(failed.value('vitrine_stripe_webhook_inbox_lag_seconds')).toBe(0);
  });

  it("reports each background job's runs and last success as its loop runs", async () => {
    const before = await scrape();
    await app.app.get(MailWorker).drain();
    await app.app.get(WebhookInbox).drain();
    const after = await scrape();
    for (const job of ['mail', 'stripe-events']) {
      expect(after.value('vitrine_job_runs_total', { job })).toBeGreaterThan(before.value('vitrine_job_runs_total', { job })!);
      expect(after.value('vitrine_job_last_success_timestamp_seconds', { job })).toBeGreaterThan(Date.now() / 1000 - 10);
      expect(after.value('vitrine_job_failures_total', { job })).toBe(0);
    }
    // The hourly jobs have not run yet (their first run is a minute after start; none at all under NODE_ENV=test).
    expect(after.value('vitrine_job_last_success_timestamp_seconds', { job: 'payment-reminders' })).toBeUndefined();
    expect(after.value('vitrine_job_runs_total', { job: 'payment-reminders' })).toBe(0);
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  it('answers 404, as an address that does not exist, whatever the caller sends', async () => {
    const t = await createTestApp();
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`, 'Bearer ']) {
        const req = t.api.raw.get('/api/metrics');
        const res = await (authorization === undefined ? req : req.set('Authorization', authorization));
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, message: 'Ressource introuvable' });
      }
    } finally {
      await t.close();
    }
  });
});
