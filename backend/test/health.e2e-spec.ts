import { Lifecycle } from '../src/health/lifecycle';
import { createTestApp, type TestApp } from './helpers/app';

describe('health, errors and HTTP hardening', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CORS_ORIGINS: 'http://localhost:5173' });
  });
  afterAll(() => t.close());

  it('reports the database as up', async () => {
    const res = await t.api.get('/api/health').expect(200);
    expect(res.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers the liveness and readiness probes: alive, and ready once the database has every migration', async () => {
    expect((await t.api.get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    expect((await t.api.get('/api/health/ready').expect(200)).body).toEqual({ status: 'ok', database: 'up', migrations: 'done' });

    // A database behind this version (its last migration not applied yet): not ready, still alive.
    const [last] = await t.dataSource.query<Array<{ id: number; timestamp: string; name: string }>>(
      'SELECT id, timestamp, name FROM migrations ORDER BY id DESC LIMIT 1',
    );
    await t.dataSource.query('DELETE FROM migrations WHERE id = $1', [last.id]);
    try {
      const res = await t.api.get('/api/health/ready').expect(503);
      expect(res.body.message).toBe('Migrations en attente : la base n’a pas encore le schéma de cette version');
      await t.api.get('/api/health/live').expect(200);
    } finally {
      await t.dataSource.query('INSERT INTO migrations (id, timestamp, name) VALUES ($1, $2, $3)', [last.id, last.timestamp, last.name]);
    }
    await t.api.get('/api/health/ready').expect(200);
  });

  it('answers malformed JSON with a French 400, not a stack trace', async () => {
    const res = await t.api.raw.post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": ').expect(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'JSON invalide' });
    expect(res.text).not.toMatch(/at .*\.js|SyntaxError/);
  });

  it('refuses bodies over the size limit with 413', async () => {
    const res = await t.api.raw
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a'.repeat(200_000) }))
      .expect(413);
    expect(res.body).toEqual({ statusCode: 413, message: 'Requête trop volumineuse' });
  });

  it('answers unknown API routes with a French JSON 404', async () => {
    const res = await t.api.raw.get('/api/nope').expect(404);
    expect(res.body).toEqual({ statusCode: 404, message: 'Ressource introuvable' });
  });

  it('sets security headers (helmet)', async () => {
    const res = await t.api.get('/api/health').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it("gives the API's data answers the headers of data, and what a browser shows as a page the pages' headers", async () => {
    for (const data of [await t.api.get('/api/health').expect(200), await t.api.raw.get('/api/nope').expect(404)]) {
      // Nothing loads in it or frames it, no sniffing, read by this origin's pages only.
      expect(data.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(data.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'cross-origin-resource-policy': 'same-origin',
        'cache-control': 'no-store',
      });
      for (const pageOnly of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ])
        expect(data.headers[pageOnly]).toBeUndefined();
    }
    // The API's docs, the audience's opt-out page, and the API under another spelling (the frontend's pages:
    // frontend-serving.e2e-spec.ts).
    for (const path of ['/api/docs', '/api/docs-json', '/api/a/opt-out?k=inconnu', '/API/health']) {
      const page = await t.api.raw.get(path);
      expect(page.headers['content-security-policy']).toContain("default-src 'self';");
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
      });
    }
  });

  it('compresses answers the client accepts gzip for', async () => {
    const res = await t.api.raw.get('/api/docs-json').set('Accept-Encoding', 'gzip').expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await t.api.raw.get('/api/docs-json').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('allows CORS only for the allow-list', async () => {
    const allowed = await t.api.raw.get('/api/health').set('Origin', 'http://localhost:5173').expect(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
    const denied = await t.api.raw.get('/api/health').set('Origin', 'https://evil.example').expect(200);
    expect(denied.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('grants nothing to a request without an Origin (not a cross-origin browser request) but says answers vary by it', async () => {
    const plain = await t.api.raw.get('/api/health').expect(200);
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect(plain.headers['access-control-allow-credentials']).toBeUndefined();
    expect(plain.headers['access-control-expose-headers']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/\bOrigin\b/);
    const preflight = await t.api.raw
      .options('/api/auth/me')
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'PATCH')
      .expect(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
  });

  it('serves Swagger UI and the JSON document', async () => {
    const ui = await t.api.raw.get('/api/docs').redirects(1).expect(200);
    expect(ui.text).toContain('swagger-ui');
    const json = await t.api.raw.get('/api/docs-json').expect(200);
    expect(json.body.paths['/api/auth/login'].post.operationId).toBe('login');
    // A session-only route takes the document's bearer scheme; a route open to API keys lists both, with its scope.
    expect(json.body.paths['/api/admin/stats'].get.security).toBeUndefined();
    expect(json.body.paths['/api/admin/users'].get.security).toEqual([{ bearer: [] }, { apiKey: [] }]);
    expect(json.body.paths['/api/admin/users'].get['x-required-scope']).toBe('clients:read');
    expect(json.body.paths['/api/auth/login'].post.security).toEqual([]);
    expect(json.body.security).toEqual([{ bearer: [] }]);
  });

  it('while draining: not ready (503), still alive', async () => {
    const draining = await createTestApp();
    try {
      draining.app.get(Lifecycle).startDraining();
      await draining.api.get('/api/health/ready').expect(503);
      await draining.api.get('/api/health').expect(503);
      expect((await draining.api.get('/api/health/live').expect(200)).body).toEqual({ status: 'ok' });
    } finally {
      await draining.close();
    }
  });
});
