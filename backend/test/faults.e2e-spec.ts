import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import request from 'supertest';
import { startStripeSandbox, type StripeSandbox } from '@vitrine/stripe-sandbox';
import { DATABASE_UNAVAILABLE, PAYMENT_UNAVAILABLE } from '../src/common/unavailable';
import { loadConfig } from '../src/config/app-config';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../src/database/embedded-postgres';
import { DATABASE_DOWN_MESSAGE } from '../src/health/health.service';
import { bootstrap, type RunningApp } from '../src/main';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, TEST_JWT_SECRET, type TestApp } from './helpers/app';
import { assertMatchesContract } from './helpers/contract';
import { as, BILLING, COMPLETE_FORM, type Owner, startDraft } from './helpers/orders';
import { payOnSandbox } from './helpers/scenarios';
import { unusedPort } from './helpers/smtp';
import { postEvent, TEST_WEBHOOK_SECRET, webhooksProcessed } from './helpers/stripe';
import { waitForState } from './helpers/wait';

describe('PostgreSQL restarted under the running app', () => {
  let dir: string;
  let port: number;
  let pg: EmbeddedDatabase;
  let running: RunningApp;
  let token: string;
  const api = () => request(running.url);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vitrine-faults-pg-'));
    chmodSync(dir, 0o755); // the server runs as the 'postgres' user when we are root
    port = await unusedPort();
    pg = await startEmbeddedPostgres(join(dir, 'pg'), port);
    running = await bootstrap(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        DATABASE_URL: pg.url,
        JWT_SECRET: TEST_JWT_SECRET,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        FRONTEND_DIST: '/nonexistent',
        MAIL_WORKER: 'off',
      }),
    );
    const login = await api()
      .post('/api/auth/login')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(assertMatchesContract)
      .expect(200);
    token = login.body.access_token;
  }, 120_000);
  afterAll(async () => {
    await running?.close();
    await pg?.stop();
  });

  it('answers 503 with a French message and Retry-After while it is down, and recovers by itself', async () => {
    await api().get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(200);
    await pg.stop();

    const health = await api().get('/api/health').expect(assertMatchesContract).expect(503);
    expect(health.body).toEqual({ statusCode: 503, message: DATABASE_DOWN_MESSAGE });
    const me = await api().get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(assertMatchesContract).expect(503);
    expect(me.body).toEqual({ statusCode: 503, message: DATABASE_UNAVAILABLE, retryAfter: 5 });
    expect(me.headers['retry-after']).toBe('5');
    const login = await api()
      .post('/api/auth/login')
      .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
      .expect(assertMatchesContract)
      .expect(503);
    expect(login.body.message).toBe(DATABASE_UNAVAILABLE);

    pg = await startEmbeddedPostgres(join(dir, 'pg'), port);
    await api().get('/api/health').expect(200);
    const again = await api().get('/api/auth/me').set('Authorization', `Bearer ${token}`).expect(assertMatchesContract).expect(200);
    expect(again.body.email).toBe(ADMIN_EMAIL);
  }, 60_000);
});

describe('Stripe failing or timing out during checkout and webhooks', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  const fault = (query: string) => fetch(`${sandbox.url}/test/faults?${query}`, { method: 'POST' });
  const draftRow = async (id: string) =>
    (
      (await t.dataSource.query('SELECT status, checkout_session_id FROM order_drafts WHERE id = $1', [id])) as Array<{
        status: string;
        checkout_session_id: string | null;
      }>
    )[0];
  const checkout = (draftId: string, owner: Owner) =>
    as(t.api.post('/api/checkout-sessions'), owner).send({ consumerRequest: true, draftId, billing: BILLING });

  async function readyDraft(): Promise<{ draftId: string; owner: Owner }> {
    const { draft, owner } = await startDraft(t.api, 'pro');
    await as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
      .send({ data: COMPLETE_FORM, prefersCall: false, currentStep: '4' })
      .expect(200);
    return { draftId: draft.id, owner };
  }

  beforeAll(async () => {
    sandbox = await startStripeSandbox({ port: 0, webhookSecret: TEST_WEBHOOK_SECRET });
    stripe = new Stripe('sk_test_sandbox', { host: '127.0.0.1', port: sandbox.port, protocol: 'http', maxNetworkRetries: 0 });
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_sandbox',
      STRIPE_API_URL: sandbox.url,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_TIMEOUT_MS: '300',
      WEBHOOK_RETRY_BASE_SECONDS: '1',
      WEBHOOK_POLL_INTERVAL_MS: '100',
    });
  });
  afterAll(async () => {
    await fetch(`${sandbox.url}/test/faults`, { method: 'DELETE' });
    await t.close();
    await sandbox.close();
  });
  afterEach(() => fetch(`${sandbox.url}/test/faults`, { method: 'DELETE' }));

  it('retries a Stripe 500 (twice) before the buyer sees anything', async () => {
    const { draftId, owner } = await readyDraft();
    await fault('mode=error&count=2&path=/v1/checkout/sessions&method=POST');
    const res = await checkout(draftId, owner).expect(201);
    expect((await draftRow(draftId)).checkout_session_id).toBe(res.body.sessionId);
    expect((await stripe.checkout.sessions.list({ limit: 100 })).data.filter((s) => s.client_reference_id === draftId)).toHaveLength(1);
  });

  it('answers 503 in French when Stripe keeps failing, the order left unpaid and without a session; a retry then works', async () => {
    const { draftId, owner } = await readyDraft();
    await fault('mode=error&count=3&path=/v1/checkout/sessions&method=POST');
    const res = await checkout(draftId, owner).expect(503);
    expect(res.body).toEqual({ statusCode: 503, message: PAYMENT_UNAVAILABLE, retryAfter: 5 });
    expect(res.headers['retry-after']).toBe('5');
    expect(await draftRow(draftId)).toEqual({ status: 'draft', checkout_session_id: null });
    await checkout(draftId, owner).expect(201);
  });

  it('gives up on a Stripe that does not answer within STRIPE_TIMEOUT_MS (and its retries): 503, nothing written', async () => {
    const { draftId, owner } = await readyDraft();
    await fault('mode=hang&count=3&path=/v1/checkout/sessions&method=POST');
    const started = Date.now();
    const res = await checkout(draftId, owner).expect(503);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(res.body.message).toBe(PAYMENT_UNAVAILABLE);
    expect(await draftRow(draftId)).toEqual({ status: 'draft', checkout_session_id: null });
  });

  it('opens no second session when the first cannot be checked: it may still be open and paid', async () => {
    const { draftId, owner } = await readyDraft();
    const first = await checkout(draftId, owner).expect(201);
    await fault('mode=error&count=3&path=/v1/checkout/sessions/&method=GET');
    await checkout(draftId, owner).expect(503);
    expect((await draftRow(draftId)).checkout_session_id).toBe(first.body.sessionId);
    expect((await stripe.checkout.sessions.retrieve(first.body.sessionId)).status).toBe('open');
    expect((await stripe.checkout.sessions.list({ limit: 100 })).data.filter((s) => s.client_reference_id === draftId)).toHaveLength(1);
  });

  it('acknowledges a webhook whose Stripe read fails, keeps the event and provisions the order at the next attempt', async () => {
    const { draftId, owner } = await readyDraft();
    const { body } = await checkout(draftId, owner).expect(201);
    const paid = await payOnSandbox(sandbox, body.sessionId);
    expect(paid.status).toBe(303);
    const events = (
      (await (await fetch(`${sandbox.url}/test/events?type=checkout.session.completed`)).json()) as { data: Array<{ event: Stripe.Event }> }
    ).data;
    const event = events.map((e) => e.event).find((e) => (e.data.object as Stripe.Checkout.Session).id === body.sessionId)!;
    const stored = async () =>
      (
        (await t.dataSource.query('SELECT outcome, attempts, last_error FROM stripe_events WHERE id = $1', [event.id])) as Array<{
          outcome: string;
          attempts: number;
          last_error: string | null;
        }>
      )[0];

    await fault('mode=error&count=3&path=/v1/checkout/sessions/&method=GET');
    expect((await postEvent(t.api, event).expect(200)).body).toEqual({ received: true, duplicate: false });
    await webhooksProcessed(t);
    expect(await stored()).toMatchObject({ outcome: 'pending', attempts: 1, last_error: expect.any(String) });
    expect((await draftRow(draftId)).status).toBe('draft');

    // WEBHOOK_RETRY_BASE_SECONDS=1: the worker's next look after a second takes it again, Stripe answers this time.
    await waitForState('the event taken again', async () => (await stored()).outcome !== 'pending');
    expect(await stored()).toMatchObject({ outcome: 'processed', attempts: 2 });
    expect((await draftRow(draftId)).status).toBe('paid');
    const sites = (await t.dataSource.query('SELECT count(*)::int AS n FROM sites WHERE order_draft_id = $1', [draftId])) as Array<{
      n: number;
    }>;
    expect(sites[0].n).toBe(1);
  });
});
