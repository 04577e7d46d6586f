import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { WebhookDeliveryWorker } from '../src/outbound-webhooks/webhook-delivery.worker';
import { WebhookEvents } from '../src/outbound-webhooks/webhook-events';
import { bearer, createTestApp, loginAdmin, type SessionBody, type TestApp } from './helpers/app';
import { orderAndCheckout } from './helpers/orders';
import { payOnSandbox } from './helpers/scenarios';
import { appWithSandbox, webhooksProcessed } from './helpers/stripe';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local HTTP receiver: every request recorded; each path answers its queued statuses, then 200. */
async function startReceiver() {
  const received: Received[] = [];
  const plans = new Map<string, number[]>();
  let delayMs = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      const status = plans.get(req.url ?? '')?.shift() ?? 200;
      setTimeout(() => res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status >= 300 ? `erreur ${status}` : 'ok'), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    received,
    url: (path: string) => `${base}${path}`,
    on: (path: string) => received.filter((r) => r.path === path),
    answer: (path: string, ...statuses: number[]) => plans.set(path, statuses),
    slow: (ms: number) => (delayMs = ms),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The ten lines of docs/integrators.md's « Webhooks sortants », run as they are written there. */
interface Delivered {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown>; previousAttributes?: Record<string, unknown> };
}

function readmeVerifier(): (rawBody: string, header: string, secret: string) => Delivered {
  const readme = readFileSync(join(__dirname, '../../docs/integrators.md'), 'utf8');
  const block =
    /```js\n(const \{ createHmac, timingSafeEqual \} = require\('node:crypto'\);\nfunction verifyVitrineSignature[\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('docs/integrators.md : extrait de vérification introuvable');
  expect(block[1].trimEnd().split('\n')).toHaveLength(10);
  return new Function('require', `${block[1]}\nreturn verifyVitrineSignature;`)(require);
}

describe('outbound webhooks', () => {
  let env: Awaited<ReturnType<typeof appWithSandbox>>;
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let admin: SessionBody;
  const verify = readmeVerifier();
  const drain = (app: TestApp = t) => app.app.get(WebhookDeliveryWorker).drain();

  const createEndpoint = async (path: string, events: string[]) => {
    const res = await t.api
      .post('/api/admin/webhooks')
      .set(bearer(admin))
      .send({ url: receiver.url(path), events })
      .expect(201);
    return res.body as { endpoint: { id: string; url: string; enabled: boolean }; secret: string };
  };
  const switchOff = (id: string) => t.api.patch(`/api/admin/webhooks/${id}`).set(bearer(admin)).send({ enabled: false }).expect(200);
  const deliveriesOf = async (endpointId: string) =>
    (await t.api.get(`/api/admin/webhooks/deliveries?endpointId=${endpointId}&limit=100`).set(bearer(admin)).expect(200)).body
      .deliveries as Array<{
      id: string;
      eventType: string;
      status: string;
      attempts: number;
      statusCode: number | null;
      nextAttemptAt: string | null;
      durationMs: number | null;
      lastError: string | null;
    }>;
  const dueNow = (endpointId: string) =>
    t.dataSource.query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = $1 AND status IN ('pending', 'failed')`, [
      endpointId,
    ]);

  beforeAll(async () => {
    receiver = await startReceiver();
    env = await appWithSandbox({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' });
    t = env.t;
    admin = await loginAdmin(t.api);
  }, 60_000);
  afterAll(async () => {
    await env?.close();
    await receiver?.close();
  });

  it('delivers a paid order and a status change, signed, verifiable with the lines of docs/integrators.md', async () => {
    const { endpoint, secret } = await createEndpoint('/crm', [
      'order.paid',
      'site.created',
      'site.status_changed',
      'site.domain_changed',
      'invoice.paid',
    ]);
    expect(secret).toMatch(/^whsec_/);
    // The secret is kept sealed, never in clear.
    const [stored] = await t.dataSource.query(`SELECT secret_sealed FROM webhook_endpoints WHERE id = $1`, [endpoint.id]);
    expect(stored.secret_sealed).not.toContain(secret.slice(6));

    const { sessionId } = await orderAndCheckout(t.api, { billing: { email: 'webhook-client@example.com' } });
    const paid = await payOnSandbox(env.sandbox, sessionId);
    expect(paid.status).toBe(303);
    await webhooksProcessed(t);
    await drain();

    const bodies = receiver.on('/crm').map((r) => {
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['user-agent']).toBe('Vitrine-Webhooks/1.0');
      expect(r.headers['vitrine-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      return verify(r.body, r.headers['vitrine-signature'] as string, secret);
    });
    expect(bodies.map((b) => b.type).sort()).toEqual(['invoice.paid', 'order.paid', 'site.created']);
    const order = bodies.find((b) => b.type === 'order.paid')!;
    const [site] = await t.dataSource.query(`SELECT id FROM sites WHERE order_draft_id IS NOT NULL ORDER BY created_at DESC LIMIT 1`);
    expect(order).toMatchObject({
      id: expect.any(String),
      created: expect.any(Number),
      data: { object: { siteId: site.id, customerEmail: 'webhook-client@example.com', planType: 'pro', checkoutSessionId: sessionId } },
    });
    expect(Math.abs(order.created - Date.now() / 1000)).toBeLessThan(120);
    // No card number, and no field named after a card, a password or a secret (random ids may hold '4242' or 'CaRd').
    expect(JSON.stringify(bodies)).not.toMatch(/4242 ?4242 ?4242 ?4242|"[a-z]*(card|password|secret)[a-z]*":/i);
    // Another secret does not verify it.
    expect(() => verify(receiver.on('/crm')[0].body, receiver.on('/crm')[0].headers['vitrine-signature'] as string, 'whsec_autre')).toThrow(
      'Signature invalide',
    );

    await t.api
      .patch(`/api/admin/sites/${site.id}`)
      .set(bearer(admin))
      .send({ status: 'active', domain: 'boulangerie-webhook.fr' })
      .expect(200);
    await drain();
    const later = receiver
      .on('/crm')
      .slice(3)
      .map((r) => verify(r.body, r.headers['vitrine-signature'] as string, secret));
    expect(later.map((b) => [b.type, b.data.previousAttributes])).toEqual([
      ['site.status_changed', { status: 'pending' }],
      ['site.domain_changed', { domain: expect.anything() }],
    ]);
    expect(later[0].data.object).toMatchObject({ id: site.id, status: 'active', statusCause: 'admin' });
    expect(later[1].data.object).toMatchObject({ id: site.id, domain: 'boulangerie-webhook.fr' });
    // Each delivery once, and the log says so.
    const log = await deliveriesOf(endpoint.id);
    expect(log).toHaveLength(5);
    expect(log.every((d) => d.status === 'succeeded' && d.statusCode === 200 && d.attempts === 1 && d.nextAttemptAt === null)).toBe(true);
    await drain();
    expect(receiver.on('/crm')).toHaveLength(5);
    await switchOff(endpoint.id);
  });

  it('delivers a failed payment and an ended subscription', async () => {
    const { endpoint, secret } = await createEndpoint('/billing', ['invoice.payment_failed', 'subscription.canceled']);
    const { sessionId } = await orderAndCheckout(t.api, { billing: { email: 'webhook-retard@example.com' } });
    const paid = await payOnSandbox(env.sandbox, sessionId);
    expect(paid.status).toBe(303);
    await webhooksProcessed(t);
    const [site] = await t.dataSource.query(
      `SELECT s.id, s.stripe_subscription_id FROM sites s JOIN users u ON u.id = s.user_id WHERE u.email = 'webhook-retard@example.com'`,
    );
    const settle = async () => {
      await env.sandbox.flushWebhooks();
      await webhooksProcessed(t);
      await drain();
    };

    expect(
      (await fetch(`${env.sandbox.url}/test/subscriptions/${site.stripe_subscription_id}/fail-payment`, { method: 'POST' })).status,
    ).toBe(200);
    await settle();
    await env.stripe.subscriptions.cancel(site.stripe_subscription_id);
    await settle();

    const bodies = receiver.on('/billing').map((r) => verify(r.body, r.headers['vitrine-signature'] as string, secret));
    expect(bodies.map((b) => b.type)).toEqual(['invoice.payment_failed', 'subscription.canceled']);
    expect(bodies[0].data.object).toMatchObject({
      subscriptionId: site.stripe_subscription_id,
      status: 'open',
      amountCents: expect.any(Number),
    });
    expect(bodies[1].data.object).toMatchObject({ id: site.stripe_subscription_id, siteId: site.id, status: 'canceled' });
    expect(JSON.stringify(bodies)).not.toMatch(/4242|card|password/i);
    await switchOff(endpoint.id);
  });

  it('retries a receiver that answers 500, then 200', async () => {
    const { endpoint, secret } = await createEndpoint('/flaky', ['site.created']);
    receiver.answer('/flaky', 500);
    await t.api.post(`/api/admin/webhooks/${endpoint.id}/test`).set(bearer(admin)).expect(201);
    await drain();
    let [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({
      eventType: 'ping',
      status: 'failed',
      attempts: 1,
      statusCode: 500,
      lastError: 'Réponse HTTP 500 : erreur 500',
    });
    // The next try in a minute.
    const wait = new Date(delivery.nextAttemptAt!).getTime() - Date.now();
    expect(wait).toBeGreaterThan(50_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    await drain();
    expect(receiver.on('/flaky')).toHaveLength(1);
    await dueNow(endpoint.id);
    await drain();
    [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: 2, statusCode: 200, lastError: null, nextAttemptAt: null });
    const [first, second] = receiver.on('/flaky').map((r) => verify(r.body, r.headers['vitrine-signature'] as string, secret));
    expect(second.id).toBe(first.id);
    const [row] = await t.dataSource.query(`SELECT failing_since FROM webhook_endpoints WHERE id = $1`, [endpoint.id]);
    expect(row.failing_since).toBeNull();
    await switchOff(endpoint.id);
  });

  it("keeps one object's events in order: a later one waits while an earlier one is retried", async () => {
    const { endpoint } = await createEndpoint('/ordered', ['site.status_changed']);
    const [site] = await t.dataSource.query(`SELECT id FROM sites LIMIT 1`);
    receiver.answer('/ordered', 503);
    await t.api.patch(`/api/admin/sites/${site.id}`).set(bearer(admin)).send({ status: 'suspended' }).expect(200);
    await t.api.patch(`/api/admin/sites/${site.id}`).set(bearer(admin)).send({ status: 'active' }).expect(200);
    await drain();
    expect(receiver.on('/ordered').map((r) => JSON.parse(r.body).data.object.status)).toEqual(['suspended']);
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status).sort()).toEqual(['failed', 'pending']);
    await dueNow(endpoint.id);
    await drain();
    expect(receiver.on('/ordered').map((r) => JSON.parse(r.body).data.object.status)).toEqual(['suspended', 'suspended', 'active']);
    await switchOff(endpoint.id);
  });

  it('lists the deliveries, resends one, renews the secret, and audits the writes', async () => {
    const { endpoint, secret } = await createEndpoint('/log', ['site.created']);
    await t.api.post(`/api/admin/webhooks/${endpoint.id}/test`).set(bearer(admin)).expect(201);
    await drain();
    const [done] = await deliveriesOf(endpoint.id);
    expect(done).toMatchObject({ status: 'succeeded', eventType: 'ping', durationMs: expect.any(Number) });
    const list = await t.api.get('/api/admin/webhooks').set(bearer(admin)).expect(200);
    expect(list.body.endpoints.find((e: { id: string }) => e.id === endpoint.id)).toMatchObject({
      url: receiver.url('/log'),
      events: ['site.created'],
      enabled: true,
      lastDelivery: { status: 'succeeded', statusCode: 200 },
    });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const filtered = await t.api.get('/api/admin/webhooks/deliveries?status=succeeded&limit=100').set(bearer(admin)).expect(200);
    expect(filtered.body.deliveries.every((d: { status: string }) => d.status === 'succeeded')).toBe(true);
    await t.api.get('/api/admin/webhooks/deliveries?status=nimporte').set(bearer(admin)).expect(400);

    const rotated = await t.api.post(`/api/admin/webhooks/${endpoint.id}/rotate-secret`).set(bearer(admin)).expect(200);
    expect(rotated.body.secret).not.toBe(secret);
    const resent = await t.api.post(`/api/admin/webhooks/deliveries/${done.id}/resend`).set(bearer(admin)).expect(200);
    expect(resent.body).toMatchObject({ eventId: expect.any(String), status: expect.stringMatching(/pending|sending|succeeded/) });
    expect(resent.body.id).not.toBe(done.id);
    await drain();
    const [first, again] = receiver.on('/log');
    expect(JSON.parse(again.body).id).toBe(JSON.parse(first.body).id);
    // Signed with the new secret only.
    expect(verify(again.body, again.headers['vitrine-signature'] as string, rotated.body.secret).type).toBe('ping');
    expect(() => verify(again.body, again.headers['vitrine-signature'] as string, secret)).toThrow('Signature invalide');
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(['succeeded', 'succeeded']);
    await t.api.post('/api/admin/webhooks/deliveries/00000000-0000-4000-8000-000000000000/resend').set(bearer(admin)).expect(404);

    await t.api.delete(`/api/admin/webhooks/${endpoint.id}`).set(bearer(admin)).expect(204);
    await t.api.patch(`/api/admin/webhooks/${endpoint.id}`).set(bearer(admin)).send({ enabled: true }).expect(404);
    const audit = await t.dataSource.query(`SELECT action, actor_email FROM audit_log WHERE entity_id = $1 ORDER BY seq`, [endpoint.id]);
    expect(audit.map((a: { action: string }) => a.action)).toEqual([
      'webhook_endpoint.create',
      'webhook_endpoint.rotate_secret',
      'webhook_delivery.resend',
      'webhook_endpoint.delete',
    ]);
  });

  it('abandons a delivery after a day, and switches off an endpoint failing for a day with a mail to the team', async () => {
    const { endpoint } = await createEndpoint('/down', ['site.created']);
    receiver.answer('/down', 503, 503, 503);
    await t.api.post(`/api/admin/webhooks/${endpoint.id}/test`).set(bearer(admin)).expect(201);
    await drain();
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ status: 'failed', statusCode: 503 });
    // A day later: the delivery's last try fails, and the endpoint has failed for 24 hours.
    await t.dataSource.query(
      `UPDATE webhook_deliveries SET created_at = now() - interval '25 hours', next_attempt_at = now() WHERE endpoint_id = $1`,
      [endpoint.id],
    );
    await t.dataSource.query(`UPDATE webhook_endpoints SET failing_since = now() - interval '25 hours' WHERE id = $1`, [endpoint.id]);
    await t.api.post(`/api/admin/webhooks/${endpoint.id}/test`).set(bearer(admin)).expect(201);
    await drain();
    const log = await deliveriesOf(endpoint.id);
    expect(log.map((d) => d.status).sort()).toEqual(['abandoned', 'abandoned']);
    const [after] = (await t.api.get('/api/admin/webhooks').set(bearer(admin)).expect(200)).body.endpoints.filter(
      (e: { id: string }) => e.id === endpoint.id,
    );
    expect(after).toMatchObject({ enabled: false, disabledReason: 'failing', disabledAt: expect.any(String) });
    const mails = await t.dataSource.query(
      `SELECT recipient, subject, text FROM outbox_emails WHERE template = 'team-notice' AND subject LIKE 'Webhook désactivé%'`,
    );
    expect(mails).toEqual([
      expect.objectContaining({ recipient: 'equipe@vitrine.example', subject: `Webhook désactivé : ${receiver.url('/down')}` }),
    ]);
    expect(mails[0].text).toContain('/admin/integrations');
    const [audit] = await t.dataSource.query(
      `SELECT actor_id, after FROM audit_log WHERE action = 'webhook_endpoint.disable' AND entity_id = $1`,
      [endpoint.id],
    );
    expect(audit).toMatchObject({ actor_id: null, after: { enabled: false, disabledReason: 'failing' } });
    // Switched off: no new event is queued for it.
    await t.dataSource.transaction((tx) =>
      t.app.get(WebhookEvents).record(tx, { type: 'site.created', objectType: 'site', objectId: 'apres-coupure', object: {} }),
    );
    expect(await deliveriesOf(endpoint.id)).toHaveLength(2);
  });
  // Last: a second app in this process takes over passport's global 'jwt' strategy, which its close leaves dead.
  it('delivers each event once with two instances on one database', async () => {
    const b = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' }, t);
    try {
      const endpoints = [await createEndpoint('/twice-1', ['site.created']), await createEndpoint('/twice-2', ['site.created'])];
      const events = t.app.get(WebhookEvents);
      await t.dataSource.transaction(async (tx) => {
        for (let i = 0; i < 15; i++)
          await events.record(tx, { type: 'site.created', objectType: 'site', objectId: `objet-${i}`, object: { id: `objet-${i}` } });
      });
      receiver.slow(20);
      const [a, bCount] = await Promise.all([drain(t), drain(b)]);
      receiver.slow(0);
      expect(a + bCount).toBe(30);
      expect(a).toBeGreaterThan(0);
      expect(bCount).toBeGreaterThan(0);
      for (const path of ['/twice-1', '/twice-2']) {
        const ids = receiver.on(path).map((r) => JSON.parse(r.body).data.object.id);
        expect(ids).toHaveLength(15);
        expect(new Set(ids).size).toBe(15);
      }
      for (const { endpoint } of endpoints) {
        expect((await deliveriesOf(endpoint.id)).every((d) => d.status === 'succeeded' && d.attempts === 1)).toBe(true);
        await switchOff(endpoint.id);
      }
    } finally {
      await b.close();
    }
  });

  it('refuses private, loopback and link-local URLs, at registration and at delivery, unless allowed', async () => {
    const strict = await createTestApp({}, t);
    try {
      const refused = async (url: string) => {
        const res = await strict.api
          .post('/api/admin/webhooks')
          .set(bearer(admin))
          .send({ url, events: ['site.created'] })
          .expect(400);
        return res.body.errors.url as string;
      };
      expect(await refused(receiver.url('/hook'))).toBe("L'URL doit commencer par https://");
      for (const url of [
        'https://127.0.0.1/hook',
        'https://localhost:8443/hook',
        'https://10.1.2.3/hook',
        'https://192.168.0.10/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hook',
        'https://[fe80::1]/hook',
        'https://[::ffff:10.0.0.1]/hook',
        'https://100.64.0.1/hook',
      ])
        expect({ url, message: await refused(url) }).toEqual({
          url,
          message: expect.stringMatching(/^L'URL vise une adresse privée, locale ou réservée/),
        });
      expect(await refused('https://user:pass@exemple.fr/hook')).toMatch(/identifiant/);
      expect(
        (await strict.api.post('/api/admin/webhooks').set(bearer(admin)).send({ url: 'https://exemple.fr/x', events: [] }).expect(400)).body
          .errors,
      ).toEqual({ events: 'Choisissez au moins un événement' });

      // Registered where it is allowed, then sent by an instance without the flag: refused, nothing leaves.
      const { endpoint } = await createEndpoint('/private', ['site.created']);
      await strict.api.post(`/api/admin/webhooks/${endpoint.id}/test`).set(bearer(admin)).expect(201);
      await drain(strict);
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery).toMatchObject({ status: 'failed', statusCode: null, lastError: "Envoi refusé : L'URL doit commencer par https://" });
      expect(receiver.on('/private')).toHaveLength(0);
      await dueNow(endpoint.id);
      await drain(t);
      expect(receiver.on('/private')).toHaveLength(1);
      await switchOff(endpoint.id);
    } finally {
      await strict.close();
    }
  });
});
