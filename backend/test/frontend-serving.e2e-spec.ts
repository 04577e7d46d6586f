import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './helpers/app';

/** The built frontend on the API's port: its files and the SPA fallback, never for a path under /api. */
describe('serving the built frontend', () => {
  let t: TestApp;
  const dist = mkdtempSync(join(tmpdir(), 'vitrine-frontend-dist-'));
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, 'api', 'auth'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Vitrine</title>');
    writeFileSync(join(dist, 'assets', 'app-123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'api', 'auth', 'me'), 'a file that must never answer for the API');
    t = await createTestApp({ FRONTEND_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves hashed assets cached for a year, and index.html for the app routes', async () => {
    const asset = await t.api.raw.get('/assets/app-123.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await t.api.raw.get('/dashboard/sites').expect(200);
    expect(page.text).toContain('<title>Vitrine</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    // index.html is revalidated by its date (no ETags in this app: the API answers are never stored).
    expect(page.headers['last-modified']).toEqual(expect.any(String));
    await t.api.raw.get('/dashboard/sites').set('If-Modified-Since', page.headers['last-modified']).expect(304);
  });

  it('never answers an API path from the files (the static handler is skipped for /api, no file system look-up)', async () => {
    const res = await t.api.raw.get('/api/auth/me').expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: 'Authentification requise' });
  });
});
