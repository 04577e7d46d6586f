import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startStripeSandbox, type StripeSandbox } from '@vitrine/stripe-sandbox';
import { PriceBook } from '../src/billing/price-book.service';
import { loadConfig } from '../src/config/app-config';
import { MIGRATIONS } from '../src/data-source';
import { bootstrap, type RunningApp } from '../src/main';
import { ADMIN_EMAIL, ADMIN_PASSWORD, TEST_JWT_SECRET } from './helpers/app';
import { assertMatchesContract } from './helpers/contract';
import { createEmptyDatabase } from './helpers/database';
import { BILLING, COMPLETE_FORM, draftCookieOf } from './helpers/orders';
import { payOnSandbox } from './helpers/scenarios';
import { startSmtp, type TestSmtp } from './helpers/smtp';
import { signature, TEST_WEBHOOK_SECRET } from './helpers/stripe';
import { OBJECT_OF_TYPE } from '../src/billing/stripe-reader';
import { waitForState } from './helpers/wait';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two instances of the app (two Nest apps, two pools, two mail workers, each listening on its port) on one database,
 * started at the same moment on a fresh one, as `npm start` twice with one DATABASE_URL would run them.
 */
describe('two instances on one database', () => {
  let db: { url: string; drop(): Promise<void> };
  let sandbox: StripeSandbox;
  let smtp: TestSmtp;
  let a: RunningApp;
  let b: RunningApp;
  let sql: DataSource;
  const api = (app: RunningApp) => {
    const agent = request(app.url);
    return {
      get: (url: string) => agent.get(url).expect(assertMatchesContract),
      post: (url: string) => agent.post(url).expect(assertMatchesContract),
      raw: agent,
    };
  };
  const count = async (query: string, params: unknown[] = []) =>
    ((await sql.query(`SELECT count(*)::int AS n FROM ${query}`, params)) as Array<{ n: number }>)[0].n;
  /** The environment of one instance: a DATA_DIR of its own (two machines), the database and JWT_SECRET shared. */
  const environment = (name: string, env: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), `vitrine-instance-${name}-`)),
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
    ...env,
  });
  const instance = (name: string, env: Record<string, string> = {}) => bootstrap(loadConfig(environment(name, env)));

  beforeAll(async () => {
    db = await createEmptyDatabase();
    sandbox = await startStripeSandbox({ port: 0, webhookSecret: TEST_WEBHOOK_SECRET });
    smtp = await startSmtp();
    [a, b] = await Promise.all([instance('a'), instance('b')]);
    sql = await new DataSource({ type: 'postgres', url: db.url }).initialize();
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await sql?.destroy();
    await smtp.close();
    await sandbox.close();
    await db.drop();
  });

  it('start together on a fresh database: migrations applied once, one admin, one Stripe catalogue', async () => {
    expect((await sql.query('SELECT name FROM migrations ORDER BY id')).map((r: { name: string }) => r.name)).toEqual(
      MIGRATIONS.map((m) => new m().name),
    );
    expect(await count(`users WHERE role = 'admin'`)).toBe(1);
    await api(a).get('/api/health').expect(200);
    await api(b).get('/api/health').expect(200);
    // Both synced the catalogue at the same moment: they found or created the same prices.
    const [pricesA, pricesB] = await Promise.all([a.app.get(PriceBook).priceIds(), b.app.get(PriceBook).priceIds()]);
    expect(Object.fromEntries(pricesB)).toEqual(Object.fromEntries(pricesA));
    expect(
      (await new Stripe('sk_test_sandbox', { host: '127.0.0.1', port: sandbox.port, protocol: 'http' }).prices.list({ limit: 100 })).data,
    ).toHaveLength(pricesA.size);
  });

  it('refuse to start on one database without JWT_SECRET: each would sign sessions and seal links with a secret of its own', () => {
    // Before, each generated its own in its DATA_DIR: a token from one answered 401 on the other, and a reset mail
    // written by one and sent by the other's worker ended failed (« Lien illisible »).
    const { JWT_SECRET: _shared, ...withoutSecret } = environment('sans-secret');
    expect(() => loadConfig(withoutSecret)).toThrow(
      /JWT_SECRET est requis avec DATABASE_URL : .* Générez-en un \(openssl rand -base64 48\) et donnez le même à toutes les instances/,
    );
  });

  it('deliver each mail exactly once with both mail workers running', async () => {
    const emails = Array.from({ length: 8 }, (_, i) => `deux-instances-${i}@example.com`);
    await Promise.all(
      emails.map((email, i) =>
        api(i % 2 ? b : a)
          .post('/api/auth/register')
          .send({ name: `Client ${i}`, email, password: 'client-password', confirmPassword: 'client-password' })
          .expect(201),
      ),
    );
    for (let i = 0; i < 200 && (await count(`outbox_emails WHERE template = 'welcome' AND status = 'sent'`)) < emails.length; i++)
      await sleep(50);
    await sleep(300); // a second delivery, if any, would land now
    expect(await count(`outbox_emails WHERE template = 'welcome' AND status = 'sent'`)).toBe(emails.length);
    for (const email of emails) expect(smtp.messages.filter((m) => m.to && JSON.stringify(m.to).includes(email))).toHaveLength(1);
  });

  it('share rate limits: the fourth quote of an address is refused whichever instance gets it', async () => {
    const quote = {
      fullName: 'Jeanne Martin',
      email: 'limite@example.com',
      phone: '06 12 34 56 78',
      company: '',
      description: 'Un site pour la boulangerie.',
      budget: '3000-5000',
      timeline: 'normal',
      callbackPreference: 'afternoon',
    };
    await api(a).post('/api/quotes').send(quote).expect(201);
    await api(b).post('/api/quotes').send(quote).expect(201);
    await api(a).post('/api/quotes').send(quote).expect(201);
    const refused = await api(b).post('/api/quotes').send(quote).expect(429);
    expect(refused.headers['retry-after']).toBeDefined();
    await api(a).post('/api/quotes').send(quote).expect(429);
    expect(await count(`quote_requests WHERE email = $1`, ['limite@example.com'])).toBe(3);
  });

  it('process one Stripe event delivered to both at the same moment once: one order paid, one site, one account, mails once', async () => {
    const started = await api(a).post('/api/order-drafts').send({ planType: 'pro' }).expect(201);
    const draftId = started.body.id as string;
    const cookie = draftCookieOf(started.headers['set-cookie'] as unknown as string[])!;
    await request(b.url)
      .patch(`/api/order-drafts/${draftId}`)
      .set('Cookie', cookie)
      .send({ data: COMPLETE_FORM, prefersCall: false, currentStep: '4' })
      .expect(200);
    const email = 'paye.deux.fois@example.com';
    const checkout = await api(b)
      .post('/api/checkout-sessions')
      .set('Cookie', cookie)
      .send({ consumerRequest: true, draftId, billing: { ...BILLING, email } })
      .expect(201);
    const paid = await payOnSandbox(sandbox, checkout.body.sessionId);
    expect(paid.status).toBe(303);
    const session = await new Stripe('sk_test_sandbox', {
      host: '127.0.0.1',
      port: sandbox.port,
      protocol: 'http',
    }).checkout.sessions.retrieve(checkout.body.sessionId);
    const all = ((await (await fetch(`${sandbox.url}/test/events`)).json()) as { data: Array<{ event: Stripe.Event }> }).data.map(
      (e) => e.event,
    );
    const events = all.filter((e) => JSON.stringify(e.data.object).includes(session.customer as string)).reverse();
    expect(events.map((e) => e.type)).toContain('checkout.session.completed');

    for (const event of events) {
      const payload = JSON.stringify(event);
      const deliver = (app: RunningApp) =>
        request(app.url)
          .post('/api/billing/webhook')
          .set('Content-Type', 'application/json')
          .set('Stripe-Signature', signature(payload))
          .send(payload)
          .expect(200);
      const answers = await Promise.all([deliver(a), deliver(b), deliver(a), deliver(b)]);
      expect(answers.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    }
    expect(await count('stripe_events WHERE id = ANY($1)', [events.map((e) => e.id)])).toBe(events.length);
    // Both instances' inbox workers were woken: whichever claimed an event, it is processed once.
    await waitForState(
      'every event processed',
      async () => (await count(`stripe_events WHERE id = ANY($1) AND outcome = 'pending'`, [events.map((e) => e.id)])) === 0,
    );
    // Those the product acts on are processed, each once; the others Stripe sends (customer.created, charge.succeeded…)
    // are kept as ignored.
    const acted = events.filter((e) => OBJECT_OF_TYPE[e.type]);
    expect(await count(`stripe_events WHERE id = ANY($1) AND outcome = 'processed'`, [acted.map((e) => e.id)])).toBe(acted.length);
    expect(await count(`stripe_events WHERE id = ANY($1) AND outcome = 'ignored'`, [events.map((e) => e.id)])).toBe(
      events.length - acted.length,
    );
    expect(await count(`order_drafts WHERE id = $1 AND status = 'paid'`, [draftId])).toBe(1);
    expect(await count('sites WHERE order_draft_id = $1', [draftId])).toBe(1);
    expect(await count('users WHERE email = $1', [email])).toBe(1);
    // Whichever instance read the subscription, it knew the plan's price (the shared catalogue).
    expect((await sql.query('SELECT plan FROM subscriptions WHERE id = $1', [session.subscription]))[0]?.plan).toBe('pro');
    const mails = (await sql.query('SELECT template, count(*)::int AS n FROM outbox_emails WHERE recipient = $1 GROUP BY template', [
      email,
    ])) as Array<{ template: string; n: number }>;
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.every((m) => m.n === 1)).toBe(true);
  });

  it('share sessions and one-time links: a token of one works on the other; reset mails written where no worker runs are all sent, their links work anywhere', async () => {
    const writer = await instance('c', { MAIL_WORKER: 'off' });
    try {
      const emails = Array.from({ length: 6 }, (_, i) => `lien-partage-${i}@example.com`);
      const sessions = await Promise.all(
        emails.map((email, i) =>
          api(i % 2 ? b : a)
            .post('/api/auth/register')
            .send({ name: `Client ${i}`, email, password: 'client-password', confirmPassword: 'client-password' })
            .expect(201),
        ),
      );
      // A token signed by one instance is valid on the others.
      for (const session of sessions)
        for (const other of [a, b, writer])
          await request(other.url).get('/api/auth/me').set('Authorization', `Bearer ${session.body.access_token}`).expect(200);
      // Reset mails written by the instance without a worker: a and b send them, sealed by c.
      for (const email of emails) await request(writer.url).post('/api/auth/forgot-password').send({ email }).expect(200);
      const sent = () => count(`outbox_emails WHERE template = 'password-reset' AND recipient = ANY($1) AND status = 'sent'`, [emails]);
      for (let i = 0; i < 200 && (await sent()) < emails.length; i++) await sleep(50);
      expect(await count(`outbox_emails WHERE template = 'password-reset' AND recipient = ANY($1) AND status <> 'sent'`, [emails])).toBe(0);
      expect(await sent()).toBe(emails.length);
      // Each link works, on whichever instance the browser lands.
      for (const [i, email] of emails.entries()) {
        const mail = smtp.messages.find((m) => JSON.stringify(m.to).includes(email) && /mot de passe/i.test(m.subject ?? ''));
        const token = /reset-password\?token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
        expect(token).toBeDefined();
        await request([a, b, writer][i % 3].url)
          .post('/api/auth/reset-password')
          .send({ token, password: 'nouveau-mot-de-passe' })
          .expect(200);
      }
    } finally {
      await writer.close();
    }
  });
});
