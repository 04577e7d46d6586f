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
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
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

  it('serves Swagger UI and the JSON document', async () => {
    const ui = await t.api.raw.get('/api/docs').redirects(1).expect(200);
    expect(ui.text).toContain('swagger-ui');
    const json = await t.api.raw.get('/api/docs-json').expect(200);
    expect(json.body.paths['/api/auth/login'].post.operationId).toBe('login');
    expect(json.body.paths['/api/admin/users'].get.security).toBeUndefined();
    expect(json.body.paths['/api/auth/login'].post.security).toEqual([]);
    expect(json.body.security).toEqual([{ bearer: [] }]);
  });
});
