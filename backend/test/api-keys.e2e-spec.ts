import { createHash } from 'node:crypto';
import { ApiKeyUsage } from '../src/api-keys/api-key-usage';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { insertSite } from './helpers/admin';

/**
 * Integrators' API keys: created by an admin (the secret answered once, only its SHA-256 stored), listed without it,
 * revoked at once; a key reaches the admin routes of its scopes (route by route in access.e2e-spec.ts), its use is
 * recorded at most once a minute and its uses counted (in memory, written every minute and at shutdown, instances adding
 * up), its requests are limited per key, its creation and revocation audited, and the writes made with it audited
 * under the key itself.
 */
describe('API keys', () => {
  let t: TestApp;
  let admin: SessionBody;
  beforeAll(async () => {
    t = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '20' });
    admin = await loginAdmin(t.api);
  });
  afterAll(() => t.close());

  const create = (body: object) => t.api.post('/api/admin/api-keys').set(bearer(admin)).send(body);
  const withKey = (key: string) => ({ Authorization: `Bearer ${key}` });

  it('answers the key once, lists it without its secret and stores only the secret’s SHA-256', async () => {
    const res = await create({ name: '  CRM de l’agence ', scopes: ['sites:read', 'clients:read', 'sites:read'] }).expect(201);
    const { key, apiKey } = res.body as { key: string; apiKey: { id: string; prefix: string } };
    expect(key).toMatch(/^vk_live_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'CRM de l’agence',
      scopes: ['sites:read', 'clients:read'],
      status: 'active',
      creatorEmail: 'admin@example.com',
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
    });
    expect(key.startsWith(`${apiKey.prefix}_`)).toBe(true);
    const secret = key.slice(apiKey.prefix.length + 1);

    const list = await t.api.get('/api/admin/api-keys').set(bearer(admin)).expect(200);
    expect(list.body.apiKeys.map((k: { id: string }) => k.id)).toContain(apiKey.id);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const [row] = await t.dataSource.query(`SELECT * FROM api_keys WHERE id = $1`, [apiKey.id]);
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row.prefix).toBe(apiKey.prefix.replace('vk_live_', ''));
  });

  it('refuses a key without scope, an unknown scope, an expiry in the past, a missing name', async () => {
    expect((await create({ name: 'Vide', scopes: [] }).expect(400)).body.errors).toEqual({ scopes: 'Choisissez au moins une portée' });
    expect((await create({ name: 'Inconnue', scopes: ['sites:delete'] }).expect(400)).body.errors).toEqual({ scopes: 'Portée inconnue' });
    expect((await create({ name: 'Passée', scopes: ['sites:read'], expiresOn: '2020-01-01' }).expect(400)).body.errors).toEqual({
      expiresOn: "La date d'expiration doit être aujourd'hui ou plus tard",
    });
    expect((await create({ name: 'Mal datée', scopes: ['sites:read'], expiresOn: '2030-02-30' }).expect(400)).body.errors).toEqual({
      expiresOn: "Date d'expiration invalide",
    });
    expect((await create({ name: ' ', scopes: ['sites:read'] }).expect(400)).body.errors).toEqual({ name: 'Le nom de la clé est requis' });
  });

  it('expires at the end of its last day, Paris time', async () => {
    const res = await create({ name: 'Jusqu’au 31 décembre', scopes: ['sites:read'], expiresOn: '2099-12-31' }).expect(201);
    expect(res.body.apiKey.expiresAt).toBe('2099-12-31T23:00:00.000Z');
  });

  it('reaches its scoped routes only; its writes are audited as the key; a wrong secret, a malformed key and a revoked key are 401', async () => {
    const client = await registerClient(t.api);
    const siteId = await insertSite(t, { userId: client.user.id, siteName: 'Boulangerie Martin' });
    const { key, apiKey } = (await create({ name: 'Outil de suivi', scopes: ['sites:read', 'sites:write'] }).expect(201)).body;

    const sites = await t.api.get('/api/admin/sites').set(withKey(key)).expect(200);
    expect(sites.body.sites.map((s: { siteName: string }) => s.siteName)).toContain('Boulangerie Martin');
    await t.api.patch(`/api/admin/sites/${siteId}`).set(withKey(key)).send({ domain: 'boulangerie-martin.fr' }).expect(200);
    const audit = await t.api.get(`/api/admin/audit-log?entityType=site&entityId=${siteId}`).set(bearer(admin)).expect(200);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'site.update',
      actorId: null,
      actorEmail: null,
      apiKey: { id: apiKey.id, name: 'Outil de suivi', prefix: apiKey.prefix },
      after: { domain: 'boulangerie-martin.fr' },
    });
    // The admin's own write, with a session, stays theirs.
    await t.api.patch(`/api/admin/sites/${siteId}`).set(bearer(admin)).send({ domain: 'martin.fr' }).expect(200);
    const again = await t.api.get(`/api/admin/audit-log?entityType=site&entityId=${siteId}`).set(bearer(admin)).expect(200);
    expect(again.body.entries[0]).toMatchObject({ actorId: admin.user.id, actorEmail: 'admin@example.com', apiKey: null });

    expect((await t.api.get('/api/admin/users').set(withKey(key)).expect(403)).body.message).toBe(
      "Cette clé d'API n'a pas la portée « clients:read » que demande cette route",
    );
    expect((await t.api.get('/api/admin/api-keys').set(withKey(key)).expect(403)).body.message).toBe(
      "Cette route n'est pas accessible avec une clé d'API",
    );
    await t.api.raw.get('/api/auth/me').set(withKey(key)).expect(403);

    const wrongSecret = `${key.slice(0, -4)}AAAA` === key ? `${key.slice(0, -4)}BBBB` : `${key.slice(0, -4)}AAAA`;
    for (const bad of [wrongSecret, 'vk_live_nope', `vk_live_000000000000_${'A'.repeat(43)}`]) {
      const res = await t.api.get('/api/admin/sites').set(withKey(bad)).expect(401);
      expect(res.body.message).toBe("Clé d'API invalide, révoquée ou expirée");
    }

    const revoked = await t.api.post(`/api/admin/api-keys/${apiKey.id}/revoke`).set(bearer(admin)).expect(200);
    expect(revoked.body).toMatchObject({ id: apiKey.id, status: 'revoked' });
    await t.api.get('/api/admin/sites').set(withKey(key)).expect(401);
    // Revoking again changes nothing and logs nothing; an unknown key is a 404.
    await t.api.post(`/api/admin/api-keys/${apiKey.id}/revoke`).set(bearer(admin)).expect(200);
    await t.api.post(`/api/admin/api-keys/00000000-0000-4000-8000-000000000000/revoke`).set(bearer(admin)).expect(404);

    const log = await t.api.get(`/api/admin/audit-log?entityType=api_key&entityId=${apiKey.id}`).set(bearer(admin)).expect(200);
    expect(log.body.entries.map((e: { action: string }) => e.action)).toEqual(['api_key.revoke', 'api_key.create']);
    expect(log.body.entries[1].after).toMatchObject({ name: 'Outil de suivi', scopes: ['sites:read', 'sites:write'] });
    expect(JSON.stringify(log.body)).not.toContain(key.slice(apiKey.prefix.length + 1));
  });

  it('records its last use at most once a minute', async () => {
    const { key, apiKey } = (await create({ name: 'Compteur', scopes: ['quotes:read'] }).expect(201)).body;
    await t.api.get('/api/admin/quotes').set(withKey(key)).expect(200);
    const first = (await t.dataSource.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [apiKey.id]))[0].last_used_at;
    expect(first).toBeInstanceOf(Date);
    await t.api.get('/api/admin/quotes').set(withKey(key)).expect(200);
    const second = (await t.dataSource.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [apiKey.id]))[0].last_used_at;
    expect(second).toEqual(first);
    await t.dataSource.query(`UPDATE api_keys SET last_used_at = now() - interval '2 minutes' WHERE id = $1`, [apiKey.id]);
    await t.api.get('/api/admin/quotes').set(withKey(key)).expect(200);
    const third = (await t.dataSource.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [apiKey.id]))[0].last_used_at;
    expect(third.getTime()).toBeGreaterThanOrEqual(first.getTime());
    const list = await t.api.get('/api/admin/api-keys').set(bearer(admin)).expect(200);
    expect(list.body.apiKeys.find((k: { id: string }) => k.id === apiKey.id).lastUsedAt).toBe(third.toISOString());
  });

  it('limits each key’s requests per minute (429 with Retry-After), without touching another key', async () => {
    const busy = (await create({ name: 'Pressée', scopes: ['invoices:read'] }).expect(201)).body.key;
    const calm = (await create({ name: 'Calme', scopes: ['invoices:read'] }).expect(201)).body.key;
    for (let i = 0; i < 20; i += 1) await t.api.get('/api/admin/invoices').set(withKey(busy)).expect(200);
    const limited = await t.api.get('/api/admin/invoices').set(withKey(busy)).expect(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(limited.body.message).toMatch(/^Trop de requêtes avec cette clé d'API \(20 par minute\)/);
    await t.api.get('/api/admin/invoices').set(withKey(calm)).expect(200);
    // The admin's own session is not limited by its keys.
    await t.api.get('/api/admin/invoices').set(bearer(admin)).expect(200);
  });

  it('stops working when its creator is no longer an admin', async () => {
    const other = await registerClient(t.api);
    await t.dataSource.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [other.user.id]);
    const session = (await t.api.post('/api/auth/login').send({ email: other.user.email, password: 'client-password' }).expect(200)).body;
    const { key } = (
      await t.api
        .post('/api/admin/api-keys')
        .set(bearer(session))
        .send({ name: 'De passage', scopes: ['sites:read'] })
        .expect(201)
    ).body;
    await t.api.get('/api/admin/sites').set(withKey(key)).expect(200);
    await t.dataSource.query(`UPDATE users SET role = 'client' WHERE id = $1`, [other.user.id]);
    await t.api.get('/api/admin/sites').set(withKey(key)).expect(401);
  });

  it('counts its accepted uses in memory, written by the flush and at shutdown, several instances adding up', async () => {
    const { key, apiKey } = (await create({ name: 'Statistiques', scopes: ['sites:read'] }).expect(201)).body;
    const useCount = async () =>
      (await t.api.get('/api/admin/api-keys').set(bearer(admin)).expect(200)).body.apiKeys.find((k: { id: string }) => k.id === apiKey.id)
        .useCount as number;
    expect(apiKey.useCount).toBe(0);
    for (let i = 0; i < 3; i += 1) await t.api.get('/api/admin/sites').set(withKey(key)).expect(200);
    // Refused requests are not uses: a route without its scope, one closed to keys.
    await t.api.get('/api/admin/users').set(withKey(key)).expect(403);
    await t.api.get('/api/admin/api-keys').set(withKey(key)).expect(403);
    // Nothing written by the requests themselves.
    expect(await useCount()).toBe(0);
    const usage = t.app.get(ApiKeyUsage);
    expect(usage.unwritten).toBeGreaterThanOrEqual(3);
    await usage.flush();
    expect(usage.unwritten).toBe(0);
    expect(await useCount()).toBe(3);

    // A second instance on the same database counts its own; both add to the row. (Last in this file: a second app
    // in one process takes over passport's strategy, so sessions on the first stop working once it is closed.)
    const other = await createTestApp({ API_KEY_RATE_LIMIT_PER_MINUTE: '20' }, t);
    try {
      for (let i = 0; i < 2; i += 1) await other.api.get('/api/admin/sites').set(withKey(key)).expect(200);
      await t.api.get('/api/admin/sites').set(withKey(key)).expect(200);
      await Promise.all([usage.flush(), other.app.get(ApiKeyUsage).flush()]);
      expect(await useCount()).toBe(6);
      expect(usage.unwritten + other.app.get(ApiKeyUsage).unwritten).toBe(0);
      // What an instance counted and had not written yet is written when it shuts down.
      await other.api.get('/api/admin/sites/00000000-0000-4000-8000-000000000000').set(withKey(key)).expect(404);
    } finally {
      await other.close();
    }
    const [{ use_count }] = await t.dataSource.query(`SELECT use_count FROM api_keys WHERE id = $1`, [apiKey.id]);
    expect(Number(use_count)).toBe(7);
  });
});
