import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PublicPagesService } from '../src/public-pages/public-pages.service';
import { bearer, createTestApp, loginAdmin, type TestApp } from './helpers/app';
import { waitForState } from './helpers/wait';

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

/**
 * A stand-in for the frontend's server bundle (dist-ssr/entry-server.js, built from frontend/src/entry-server.tsx):
 * the same exports, pages that print what they were rendered with. The real bundle is checked by the browser tier
 * (e2e/journeys/seo.test.ts), which runs after the build.
 */
const FAKE_RENDERER = `
import { appendFileSync } from 'node:fs';
// Each render is written down: the bundle runs in the renderer's own process (public-pages/renderer-process.ts).
const log = (line) => appendFileSync(new URL('./renders.log', import.meta.url), line + '\\n');
log('start ' + process.pid);
export const PRERENDERED_PATHS = ['/', '/contact', '/broken'];
export const NOT_FOUND_KEY = '404';
export function classify(path) {
  if (PRERENDERED_PATHS.includes(path)) return 'prerendered';
  return path.startsWith('/dashboard') ? 'app' : 'not-found';
}
export async function renderPage(path, input) {
  if (path === '/broken') throw new Error('rendu impossible');
  log('page ' + path);
  const body = '<h1>' + (path === '404' ? 'Page introuvable' : path) + '</h1><p>' + input.agency.phone + '</p><p>' + input.catalogue.plans.length + ' formules</p>';
  // As the real bundle, the page of the public pages' light entry is rendered into public.html's template when there is one.
  const template = path === '/' && input.publicTemplate ? input.publicTemplate : input.template;
  return { status: path === '404' ? 404 : 200, html: template.replace('<div id="root"></div>', '<div id="root">' + body + '</div><link rel="canonical" href="' + input.appUrl + path + '">') };
}
export async function renderShell(path, input) {
  if (path === '/dashboard/broken') throw new Error('coquille impossible');
  log('shell ' + path);
  const titled = (template) => template.replace('<title>Vitrine</title>', '<title>Coquille ' + path + '</title>');
  if (!path.startsWith('/dashboard/')) return titled(input.emptyTemplate);
  return titled(input.template).replace(
    '<div id="root"></div>',
    '<div id="root"><p>Chargement...</p><p>' + input.agency.phone + '</p><p>' + Object.keys(input.manifest ?? {}).join(',') + '</p></div>',
  );
}
export const sitemap = (appUrl) => '<urlset><url><loc>' + appUrl + '/</loc></url></urlset>';
export const robots = (appUrl) => 'User-agent: *\\nSitemap: ' + appUrl + '/sitemap.xml';
`;

describe('the public pages rendered on the server', () => {
  let t: TestApp;
  const frontend = mkdtempSync(join(tmpdir(), 'vitrine-frontend-'));
  const dist = join(frontend, 'dist');
  /** The lines the fake bundle wrote that start with `kind` ('page', 'shell', 'start'). */
  const logged = (kind: string) =>
    readFileSync(join(frontend, 'dist-ssr', 'renders.log'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith(`${kind} `));
  beforeAll(async () => {
    mkdirSync(dist);
    mkdirSync(join(frontend, 'dist-ssr'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="fr"><head><script src="/theme-init.js"></script><title>Vitrine</title>' +
        '<script type="module" crossorigin src="/assets/index-abc.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/chunk-def.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">' +
        '</head><body><div id="root"></div></body></html>',
    );
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify({ 'index.html': { file: 'assets/index-abc.js', isEntry: true } }));
    writeFileSync(join(dist, 'theme-init.js'), "document.documentElement.classList.toggle('dark', false);\n");
    writeFileSync(join(dist, 'assets', 'index-abc.css'), 'body{color:#111}');
    writeFileSync(join(frontend, 'dist-ssr', 'package.json'), '{"type":"module"}');
    writeFileSync(join(frontend, 'dist-ssr', 'entry-server.js'), FAKE_RENDERER);
    t = await createTestApp({ FRONTEND_DIST: dist, APP_URL: 'https://www.agence.example', AGENCY_PHONE: '04 72 00 00 00' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(frontend, { recursive: true, force: true });
  });

  it("answers a public page as HTML rendered with the agency's identity, the catalogue and APP_URL, revalidated by its ETag", async () => {
    const page = await t.api.raw.get('/contact').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<h1>/contact</h1><p>04 72 00 00 00</p><p>3 formules</p>');
    expect(page.text).toContain('<link rel="canonical" href="https://www.agence.example/contact">');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toMatch(/^"[\w-]{27}"$/);
    await t.api.raw.get('/contact').set('If-None-Match', page.headers.etag).expect(304);
  });

  it('renders a page once, not per request, and again at once when an admin changes the agency', async () => {
    await t.api.raw.get('/').expect(200);
    const before = logged('page').length;
    for (let i = 0; i < 5; i += 1) await t.api.raw.get('/').expect(200);
    expect(logged('page')).toHaveLength(before);

    const admin = await loginAdmin(t.api);
    const settings = (await t.api.get('/api/admin/agency-settings').set(bearer(admin)).expect(200)).body as Record<string, unknown>;
    const form = Object.fromEntries(Object.entries(settings).filter(([key]) => key !== 'savedAt' && key !== 'source'));
    await t.api
      .put('/api/admin/agency-settings')
      .set(bearer(admin))
      .send({ ...form, phone: '03 20 12 34 56' })
      .expect(200);
    expect((await t.api.raw.get('/').expect(200)).text).toContain('<p>03 20 12 34 56</p>');
    expect(logged('page')).toHaveLength(before + 1);
  });

  it('answers an unknown address with the 404 page and a 404 status, and an app route with its shell', async () => {
    const missing = await t.api.raw.get('/une-page-qui-n-existe-pas').expect(404);
    expect(missing.text).toContain('<h1>Page introuvable</h1>');
    const shell = await t.api.raw.get('/dashboard/sites').expect(200);
    expect(shell.text).toContain('<title>Coquille /dashboard/sites</title>');
    // Rendered with the client build's manifest, to hint the page's own files.
    expect(shell.text).toContain('<div id="root"><p>Chargement...</p>');
    expect(shell.text).toContain('<p>index.html</p></div>');
  });

  it('renders an app shell once per address, and serves index.html as built when it fails to render', async () => {
    await t.api.raw.get('/dashboard/invoices').expect(200);
    const before = logged('shell').length;
    for (let i = 0; i < 5; i += 1) await t.api.raw.get('/dashboard/invoices').expect(200);
    expect(logged('shell')).toHaveLength(before);
    const broken = await t.api.raw.get('/dashboard/broken').expect(200);
    expect(broken.text).toContain('<div id="root"></div>');
    expect(broken.text).toContain('<title>Vitrine</title>');
  });

  it('serves the app shell when a page fails to render, never an error', async () => {
    const res = await t.api.raw.get('/broken').expect(200);
    expect(res.text).toContain('<title>Coquille /broken</title>');
  });

  it('writes the CSS and the theme script into a prerendered page, asks for its JavaScript after the first paint, and allows exactly those inline scripts', async () => {
    const page = await t.api.raw.get('/').expect(200);
    expect(page.text).toContain('<style>body{color:#111}</style>');
    expect(page.text).toContain("<script>document.documentElement.classList.toggle('dark', false);\n</script>");
    expect(page.text).not.toMatch(/<link rel="(stylesheet|modulepreload)"|<script type="module" crossorigin/);
    const inline = [...page.text.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(inline).toHaveLength(2);
    expect(inline[1]).toContain('import("/assets/index-abc.js")');
    expect(inline[1]).toContain('["/assets/chunk-def.js"]');
    // A returning user's session is asked for beside the JavaScript, under the app's Web Lock, left for the app to take.
    expect(inline[1]).toContain("fetch('/api/auth/refresh'");
    expect(inline[1]).toContain('vitrine_session=');
    expect(inline[1]).toContain("navigator.locks.request('vitrine-auth-refresh'");
    expect(inline[1]).toContain('window.__vitrineRefresh=');
    // A signed-in area's page files, listed in its shell, are asked for with the entry's.
    expect(inline[1]).toContain("document.getElementById('vitrine-route-chunks')");
    const scriptSrc = (page.headers['content-security-policy'] as string).split(';').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc.split(' ').slice(1).sort()).toEqual(
      ["'self'", ...inline.map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`)].sort(),
    );
    // A signed-in area's shell, which holds the layout, is made the same way; an empty shell keeps the linked, cached files.
    const shell = await t.api.raw.get('/dashboard/sites').expect(200);
    expect(shell.text).toContain('<style>body{color:#111}</style>');
    expect(shell.text).toContain('import("/assets/index-abc.js")');
    expect(shell.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    const empty = await t.api.raw.get('/dashboard').expect(200);
    expect(empty.text).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(empty.text).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  it('renders in a process of its own, stopped once idle and started again for an address not seen yet', async () => {
    const pages = t.app.get(PublicPagesService);
    await waitForState('the renderer stopped once idle', () => Promise.resolve(!pages.rendering), 30_000);
    const started = logged('start').length;
    // What was rendered or classified before is answered without it.
    await t.api.raw.get('/').expect(200);
    await t.api.raw.get('/dashboard/invoices').expect(200);
    expect(pages.rendering).toBe(false);
    const shell = await t.api.raw.get('/dashboard/settings').expect(200);
    expect(shell.text).toContain('<title>Coquille /dashboard/settings</title>');
    expect(logged('start')).toHaveLength(started + 1);
    expect(logged('start').at(-1)).not.toBe(`start ${process.pid}`);
  });

  it('serves sitemap.xml and robots.txt from APP_URL', async () => {
    const sitemap = await t.api.raw.get('/sitemap.xml').expect(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.text).toContain('<loc>https://www.agence.example/</loc>');
    const robots = await t.api.raw.get('/robots.txt').expect(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.text).toContain('Sitemap: https://www.agence.example/sitemap.xml');
  });
});

describe("the public pages' light entry (frontend/public.html)", () => {
  let t: TestApp;
  const frontend = mkdtempSync(join(tmpdir(), 'vitrine-frontend-'));
  const dist = join(frontend, 'dist');
  const page = (entry: string, chunk: string) =>
    '<!doctype html><html lang="fr"><head><script src="/theme-init.js"></script><title>Vitrine</title>' +
    `<script type="module" crossorigin src="/assets/${entry}.js"></script>` +
    `<link rel="modulepreload" crossorigin href="/assets/${chunk}.js">` +
    '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">' +
    '</head><body><div id="root"></div></body></html>';
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(join(frontend, 'dist-ssr'));
    writeFileSync(join(dist, 'index.html'), page('index-abc', 'chunk-def'));
    writeFileSync(join(dist, 'public.html'), page('public-123', 'chunk-456'));
    writeFileSync(join(dist, 'theme-init.js'), "document.documentElement.classList.toggle('dark', false);\n");
    writeFileSync(join(dist, 'assets', 'index-abc.css'), 'body{color:#111}');
    writeFileSync(join(frontend, 'dist-ssr', 'package.json'), '{"type":"module"}');
    writeFileSync(join(frontend, 'dist-ssr', 'entry-server.js'), FAKE_RENDERER);
    t = await createTestApp({ FRONTEND_DIST: dist, APP_URL: 'https://www.agence.example', AGENCY_PHONE: '04 72 00 00 00' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(frontend, { recursive: true, force: true });
  });

  it('renders its pages into public.html made as index.html is (CSS inline, JavaScript after the first paint), the others into the app’s, and allows both loaders', async () => {
    const home = await t.api.raw.get('/').expect(200);
    expect(home.text).toContain('<style>body{color:#111}</style>');
    expect(home.text).toContain('import("/assets/public-123.js")');
    expect(home.text).toContain('["/assets/chunk-456.js"]');
    expect(home.text).not.toContain('index-abc.js');
    const contact = await t.api.raw.get('/contact').expect(200);
    expect(contact.text).toContain('import("/assets/index-abc.js")');
    expect(contact.text).not.toContain('public-123.js');
    const shell = await t.api.raw.get('/dashboard/sites').expect(200);
    expect(shell.text).toContain('import("/assets/index-abc.js")');

    const loaders = [home.text, contact.text].map((html) => [...html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)][0][1]);
    const theme = "document.documentElement.classList.toggle('dark', false);\n";
    const scriptSrc = (home.headers['content-security-policy'] as string).split(';').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc.split(' ').slice(1).sort()).toEqual(
      ["'self'", ...[theme, ...loaders].map((code) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`)].sort(),
    );
  });
});
