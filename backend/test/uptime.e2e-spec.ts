import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { generate } from 'selfsigned';
import { checkSite } from '../src/uptime/site-check';
import { UptimeClock } from '../src/uptime/uptime-clock';
import { UptimeWatch } from '../src/uptime/uptime-watch';
import { UptimeRepository } from '../src/uptime/uptime.repository';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { outboxFor } from './helpers/outbox';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const TEAM = 'equipe@vitrine.example';

/** A self-signed certificate for 127.0.0.1 (named `name`: trusted certificates are told apart by it), valid until `notAfter`. */
async function certificate(name: string, notAfter: Date): Promise<{ key: string; cert: string }> {
  const pems = await generate([{ name: 'commonName', value: name }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - DAY_MS),
    notAfterDate: notAfter,
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
    ],
  });
  return { key: pems.private, cert: pems.cert };
}

/** A local HTTPS "client site" whose answer the test chooses; counts the requests it gets. */
interface LocalSite {
  server: HttpsServer;
  port: number;
  answer: number;
  location?: string;
  requests: number;
  sockets: Set<Socket>;
}

async function startSite(tls: { key: string; cert: string }, options: { silent?: boolean } = {}): Promise<LocalSite> {
  const site = { answer: 200, requests: 0, sockets: new Set<Socket>() } as LocalSite;
  site.server = createHttpsServer(tls, (req, res) => {
    site.requests += 1;
    // A silent server takes the request and never answers: the check's timeout ends it.
    if (options.silent) return;
    res.writeHead(site.answer, site.location ? { Location: site.location } : {});
    res.end('<!doctype html><title>Boulangerie</title>');
  });
  site.server.on('connection', (socket: Socket) => {
    site.sockets.add(socket);
    socket.on('close', () => site.sockets.delete(socket));
  });
  await new Promise<void>((resolve) => site.server.listen(0, '127.0.0.1', resolve));
  site.port = (site.server.address() as AddressInfo).port;
  return site;
}

const stop = (site: LocalSite | undefined) =>
  new Promise<void>((resolve) => {
    if (!site) return resolve();
    for (const socket of site.sockets) socket.destroy();
    site.server.close(() => resolve());
  });

describe('uptime and certificate watch (issue 37)', () => {
  let t: TestApp;
  let watch: UptimeWatch;
  let client: SessionBody;
  let admin: SessionBody;
  let healthy: LocalSite;
  let expiring: LocalSite;
  let silent: LocalSite;
  let untrusted: LocalSite;
  let receiver: HttpServer;
  let healthyExpiry: Date;
  let at = new Date();

  const addSite = async (name: string, domain: string | null, status = 'active'): Promise<string> => {
    const [{ id }] = await t.dataSource.query(
      `INSERT INTO sites (user_id, site_name, domain, status, type, progression) VALUES ($1, $2, $3, $4, 'pro', '{}') RETURNING id`,
      [client.user.id, name, domain, status],
    );
    return id;
  };
  const later = (ms: number) => {
    at = new Date(at.getTime() + ms);
  };
  const uptime = (siteId: string, token: SessionBody = client) => t.api.get(`/api/sites/${siteId}/uptime`).set(bearer(token)).expect(200);
  const mails = async (to: string, subject: RegExp) =>
    (await outboxFor(t, to)).filter((m) => subject.test(m.subject)).map((m) => ({ subject: m.subject, text: m.text }));
  const events = (siteId: string) =>
    t.dataSource.query(`SELECT type, payload, dedupe_key FROM webhook_events WHERE object_id = $1 ORDER BY seq`, [siteId]) as Promise<
      Array<{ type: string; payload: { object: Record<string, unknown> }; dedupe_key: string }>
    >;

  beforeAll(async () => {
    healthyExpiry = new Date(Date.now() + 200 * DAY_MS);
    const [healthyTls, expiringTls, untrustedTls] = await Promise.all([
      certificate('boulangerie.test', healthyExpiry),
      certificate('fleuriste.test', new Date(Date.now() + 10 * DAY_MS)),
      certificate('inconnu.test', healthyExpiry),
    ]);
    healthy = await startSite(healthyTls);
    expiring = await startSite(expiringTls);
    silent = await startSite(healthyTls, { silent: true });
    untrusted = await startSite(untrustedTls);
    // The integrator's endpoint (plain local HTTP): it takes every delivery.
    receiver = createHttpServer((_req, res) => res.writeHead(204).end());
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));

    t = await createTestApp({ UPTIME_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOKS_ALLOW_PRIVATE_URLS: 'true', UPTIME_TIMEOUT_MS: '1500' });
    watch = t.app.get(UptimeWatch);
    // The local servers' self-signed certificates stand for the public authorities (not the untrusted one's).
    watch.trustedCertificates = [healthyTls.cert, expiringTls.cert];
    t.app.get(UptimeClock).now = () => at;
    client = await registerClient(t.api, { name: 'Boulangerie Martin' });
    admin = await loginAdmin(t.api);
    await t.api
      .post('/api/admin/webhooks')
      .set(bearer(admin))
      .send({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, events: ['site.down', 'site.up'] })
      .expect(201);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([healthy, expiring, silent, untrusted].map(stop));
    await new Promise((resolve) => receiver?.close(resolve));
  });
  beforeEach(async () => {
    // Each test watches its own sites only.
    await t.dataSource.query(`UPDATE sites SET status = 'suspended' WHERE status = 'active'`);
  });

  it('opens an incident after two failed checks, mails the team, the client after 15 minutes, and closes it when the site is back', async () => {
    const siteId = await addSite('Boulangerie', `127.0.0.1:${healthy.port}`);
    // Sites the watch leaves alone: no domain, not active.
    const noDomain = await addSite('Sans domaine', null);
    const pending = await addSite('En attente', `127.0.0.1:${healthy.port}`, 'pending');

    expect((await uptime(siteId)).body).toMatchObject({ state: 'unknown', lastCheckedAt: null, availability30d: null, incidents: [] });
    const started = at;
    expect(await watch.run()).toMatchObject({ checked: 1, opened: 0 });
    const up = (await uptime(siteId)).body;
    expect(up).toMatchObject({ state: 'up', downSince: null, statusCode: 200, availability30d: 1, availability90d: 1, incidents: [] });
    expect(up.latencyMs).toEqual(expect.any(Number));
    expect(up.lastCheckedAt).toBe(started.toISOString());
    // The certificate's expiry as the server showed it (X.509 keeps whole seconds).
    expect(Math.abs(new Date(up.certificateExpiresAt).getTime() - healthyExpiry.getTime())).toBeLessThan(1000);
    for (const other of [noDomain, pending]) expect((await uptime(other)).body.state).toBe('unknown');

    // One failed check is not an incident yet.
    healthy.answer = 503;
    later(MINUTE_MS);
    const firstFailure = at;
    expect(await watch.run()).toMatchObject({ checked: 1, opened: 0 });
    expect((await uptime(siteId)).body.state).toBe('up');
    expect(await mails(TEAM, /Site hors ligne/)).toEqual([]);

    // The second one is: it started with the first.
    later(MINUTE_MS);
    expect(await watch.run()).toMatchObject({ checked: 1, opened: 1 });
    const down = (await uptime(siteId)).body;
    expect(down).toMatchObject({ state: 'down', downSince: firstFailure.toISOString(), statusCode: 503 });
    expect(down.incidents).toEqual([
      { id: expect.any(String), startedAt: firstFailure.toISOString(), endedAt: null, cause: 'http', statusCode: 503 },
    ]);
    const teamDown = await mails(TEAM, /Site hors ligne : Boulangerie/);
    expect(teamDown).toHaveLength(1);
    expect(teamDown[0].text).toContain('erreur HTTP 503');
    expect((await events(siteId)).map((e) => e.type)).toEqual(['site.down']);
    expect((await events(siteId))[0].payload.object).toMatchObject({
      id: siteId,
      domain: `127.0.0.1:${healthy.port}`,
      incident: { startedAt: firstFailure.toISOString(), endedAt: null, cause: 'http', statusCode: 503 },
    });

    // The client hears of it once it has lasted 15 minutes (UPTIME_CLIENT_ALERT_MINUTES), and once only.
    later(13 * MINUTE_MS);
    expect(await watch.run()).toMatchObject({ clientsTold: 0 });
    expect(await mails(client.user.email, /hors ligne/)).toEqual([]);
    later(MINUTE_MS);
    expect(await watch.run()).toMatchObject({ clientsTold: 1 });
    later(MINUTE_MS);
    expect(await watch.run()).toMatchObject({ clientsTold: 0, opened: 0 });
    const clientDown = await mails(client.user.email, /Votre site Boulangerie est hors ligne/);
    expect(clientDown).toHaveLength(1);
    expect(clientDown[0].text).toContain('Notre équipe est prévenue');
    expect(await mails(TEAM, /Site hors ligne/)).toHaveLength(1);

    // Back: the incident ends, the team and the client are told, `site.up` is emitted.
    healthy.answer = 200;
    later(MINUTE_MS);
    const back = at;
    expect(await watch.run()).toMatchObject({ checked: 1, closed: 1 });
    const after = (await uptime(siteId)).body;
    expect(after).toMatchObject({ state: 'up', downSince: null, statusCode: 200 });
    expect(after.incidents).toEqual([
      { id: down.incidents[0].id, startedAt: firstFailure.toISOString(), endedAt: back.toISOString(), cause: 'http', statusCode: 503 },
    ]);
    // 7 checks, 2 answered.
    expect(after.availability30d).toBeCloseTo(2 / 7, 5);
    expect(after.availability90d).toBeCloseTo(2 / 7, 5);
    expect(await mails(TEAM, /Site de nouveau en ligne : Boulangerie/)).toHaveLength(1);
    expect(await mails(client.user.email, /Votre site Boulangerie est de nouveau en ligne/)).toHaveLength(1);
    expect((await events(siteId)).map((e) => [e.type, e.dedupe_key])).toEqual([
      ['site.down', `site.down:${down.incidents[0].id}`],
      ['site.up', `site.up:${down.incidents[0].id}`],
    ]);
    // Nothing twice.
    later(MINUTE_MS);
    expect(await watch.run()).toMatchObject({ checked: 1, opened: 0, closed: 0, clientsTold: 0 });
    expect(await events(siteId)).toHaveLength(2);
    expect(await mails(TEAM, /Boulangerie/)).toHaveLength(2);

    // Another client reads nothing of it; the team does.
    const other = await registerClient(t.api);
    await t.api.get(`/api/sites/${siteId}/uptime`).set(bearer(other)).expect(404, { statusCode: 404, message: 'Site introuvable' });
    expect((await uptime(siteId, admin)).body.state).toBe('up');
  });

  it('warns the team once of a certificate 10 days from its expiry', async () => {
    const siteId = await addSite('Fleuriste', `127.0.0.1:${expiring.port}`);
    const healthySite = await addSite('Boulangerie bis', `127.0.0.1:${healthy.port}`);
    expect(await watch.run()).toMatchObject({ checked: 2, certificatesWarned: 1 });
    later(MINUTE_MS);
    expect(await watch.run()).toMatchObject({ checked: 2, certificatesWarned: 0 });
    const warned = await mails(TEAM, /Certificat bientôt expiré/);
    expect(warned.map((m) => m.subject)).toEqual(['Certificat bientôt expiré : Fleuriste']);
    expect(warned[0].text).toMatch(/dans (9|10) jours/);
    expect((await uptime(siteId)).body.state).toBe('up');
    expect((await uptime(healthySite)).body.state).toBe('up');
  });

  it('records why a check failed, and a silent site cannot stall the run: timeout, TLS, plain HTTP, redirect target', async () => {
    const silentSite = await addSite('Silencieux', `127.0.0.1:${silent.port}`);
    const untrustedSite = await addSite('Certificat inconnu', `127.0.0.1:${untrusted.port}`);
    const redirecting = await addSite('Redirigé', `127.0.0.1:${healthy.port}`);
    // A server of plain HTTP only (the integrator's receiver): no TLS on the site's address.
    const plainHttp = await addSite('Sans HTTPS', `127.0.0.1:${(receiver.address() as AddressInfo).port}`);
    healthy.answer = 301;
    healthy.location = 'https://www.boulangerie.example/accueil';
    try {
      expect(await watch.run()).toMatchObject({ checked: 4 });
      later(MINUTE_MS);
      expect(await watch.run()).toMatchObject({ checked: 4, opened: 3 });
    } finally {
      healthy.answer = 200;
      healthy.location = undefined;
    }
    expect((await uptime(silentSite)).body.incidents).toEqual([expect.objectContaining({ cause: 'timeout', statusCode: null })]);
    expect((await uptime(untrustedSite)).body.incidents).toEqual([expect.objectContaining({ cause: 'tls', statusCode: null })]);
    expect((await uptime(plainHttp)).body.incidents).toEqual([expect.objectContaining({ cause: 'tls', statusCode: null })]);
    expect((await uptime(redirecting)).body).toMatchObject({
      state: 'up',
      statusCode: 301,
      redirectTo: 'https://www.boulangerie.example/accueil',
      incidents: [],
    });
    const [check] = await t.dataSource.query(`SELECT cause, up FROM uptime_checks WHERE site_id = $1 ORDER BY id DESC LIMIT 1`, [
      silentSite,
    ]);
    expect(check).toEqual({ cause: 'timeout', up: false });
  });

  it('records the other sites when one site’s record fails, and that one at the next run', async () => {
    const failing = await addSite('Supprimé entre-temps', `127.0.0.1:${healthy.port}`);
    const other = await addSite('Voisin', `127.0.0.1:${healthy.port}`);
    const repository = t.app.get(UptimeRepository);
    const recordCheck = repository.recordCheck.bind(repository);
    const spy = jest
      .spyOn(repository, 'recordCheck')
      .mockImplementation((siteId, ...rest) =>
        siteId === failing ? Promise.reject(new Error('panne simulée')) : recordCheck(siteId, ...rest),
      );
    try {
      expect(await watch.run()).toMatchObject({ checked: 1 });
    } finally {
      spy.mockRestore();
    }
    expect((await uptime(other)).body.state).toBe('up');
    expect((await uptime(failing)).body.state).toBe('unknown');
    later(MINUTE_MS);
    expect(await watch.run()).toMatchObject({ checked: 2 });
    expect((await uptime(failing)).body.state).toBe('up');
  });

  it('lets an API key of scope stats:read read any client site’s uptime and audience, and no key without it', async () => {
    const siteId = await addSite('Pressing', `127.0.0.1:${healthy.port}`);
    await watch.run();
    const key = async (name: string, scopes: string[]) =>
      (await t.api.post('/api/admin/api-keys').set(bearer(admin)).send({ name, scopes }).expect(201)).body.key as string;
    const stats = await key('Tableau de bord', ['stats:read']);
    const sites = await key('Sites seulement', ['sites:read']);
    const withKey = (path: string, k: string) => t.api.raw.get(path).set({ Authorization: `Bearer ${k}` });
    expect((await withKey(`/api/sites/${siteId}/uptime`, stats).expect(200)).body).toMatchObject({ state: 'up', statusCode: 200 });
    expect((await withKey(`/api/sites/${siteId}/audience`, stats).expect(200)).body).toMatchObject({ period: '30d' });
    for (const path of [`/api/sites/${siteId}/uptime`, `/api/sites/${siteId}/audience`])
      expect((await withKey(path, sites).expect(403)).body.message).toBe(
        "Cette clé d'API n'a pas la portée « stats:read » que demande cette route",
      );
    // The scope opens no other client route.
    await withKey(`/api/sites/${siteId}`, stats).expect(403);
  });

  it('refuses private, loopback and special-purpose addresses without the test configuration, and names an unknown domain', async () => {
    const before = healthy.requests;
    for (const domain of [`127.0.0.1:${healthy.port}`, `localhost:${healthy.port}`, '10.0.0.8', '[::1]', '169.254.169.254']) {
      const result = await checkSite(domain, { allowPrivate: false, timeoutMs: 2000 });
      expect({ domain, up: result.up, cause: result.cause }).toEqual({ domain, up: false, cause: 'address' });
      expect(result.error).toMatch(/adresse privée, locale ou réservée/);
    }
    expect(healthy.requests).toBe(before);
    const unknown = await checkSite('nulle-part.invalid', {
      allowPrivate: false,
      timeoutMs: 2000,
      resolve: () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })),
    });
    expect(unknown).toMatchObject({ up: false, cause: 'dns', error: "L'hôte nulle-part.invalid est introuvable (DNS)" });
    // With it (tests only), the same address is checked.
    expect(
      await checkSite(`127.0.0.1:${healthy.port}`, { allowPrivate: true, timeoutMs: 2000, ca: watch.trustedCertificates }),
    ).toMatchObject({
      up: true,
      statusCode: 200,
    });
    expect(healthy.requests).toBe(before + 1);
  });
});
