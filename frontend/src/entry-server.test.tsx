import { act, within } from '@testing-library/react';
import type { AgencyResponseDto, CatalogueResponseDto } from './api/generated/model';
import { boot } from './app/boot';
import { bootPublic, unmountPublic } from './app/public/boot-public';
import {
  classify,
  NOT_FOUND_KEY,
  PRERENDERED_PATHS,
  renderAppPage,
  renderPage,
  renderShell,
  robots,
  routeChunks,
  sitemap,
  type ViteManifest,
} from './entry-server';
import type { RouteObject } from 'react-router';
import { type PageHandle, routes } from './app/router';
import { PUBLIC_PAGES } from './app/seo/page-heads';
import catalogue from './test/fixtures/catalogue.json';
import { jsonResponse, mockApi } from './test/utils';

const agency: AgencyResponseDto = {
  name: 'Vitrine',
  legalName: 'Vitrine SAS',
  legalForm: 'SAS',
  capital: '1 000 €',
  address: '3 place du Théâtre, 59000 Lille',
  country: 'France',
  director: 'Claire Lemaire',
  email: 'bonjour@vitrine.example',
  phone: '03 20 12 34 56',
  phoneHref: 'tel:+33320123456',
  bookingUrl: 'https://calendly.com/vitrine/appel',
  rcs: 'RCS Lille 912 345 675',
  siret: '91234567500017',
  vat: 'FR65912345675',
  legalLine: 'Vitrine SAS au capital de 1 000 €',
  host: { name: 'OVH SAS', address: '2 rue Kellermann, 59100 Roubaix', website: 'https://www.ovhcloud.com' },
  mediator: null,
};
const TEMPLATE =
  '<!doctype html><html lang="fr"><head><meta charset="UTF-8" /><meta name="description" content="shell" /><title>Vitrine</title></head><body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';
const PUBLIC_TEMPLATE = TEMPLATE.replace('/assets/index.js', '/assets/public.js');
const input = {
  template: TEMPLATE,
  emptyTemplate: TEMPLATE.replace('<title>Vitrine</title>', '<title>Vitrine</title><!--vide-->'),
  appUrl: 'https://www.agence.example',
  agency,
  catalogue: catalogue as CatalogueResponseDto,
};

describe('the server-rendered public pages (entry-server.tsx)', () => {
  it('renders every public page with its own head, the data it used, and a 404 page with its status', async () => {
    expect(PRERENDERED_PATHS).toEqual(['/', '/services', '/contact', '/order', '/cgv', '/mentions-legales', '/commande']);
    for (const path of PRERENDERED_PATHS.filter((p) => p !== '/commande')) {
      const page = await renderPage(path, input);
      expect(page.status).toBe(200);
      expect(page.html.match(/<title>/g)).toHaveLength(1);
      expect(page.html).not.toContain('content="shell"');
      expect(page.html).toContain(`<link rel="canonical" href="https://www.agence.example${path}">`);
      expect(page.html).toMatch(/<div id="root"><.+<\/div><script type="application\/json" id="vitrine-page-data">/s);
    }
    const missing = await renderPage(NOT_FOUND_KEY, input);
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Page introuvable');
    expect(missing.html).toContain('<meta name="robots" content="noindex">');
    expect(missing.html).not.toContain('rel="canonical"');
  });

  it('serves /commande as /order: the same prerendered page under its own head, never listed (issue 38)', async () => {
    expect(classify('/commande')).toBe('prerendered');
    const order = await renderPage('/order', input);
    const alias = await renderPage('/commande', input);
    const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="module"'));
    expect(root(alias.html)).toContain('<h1');
    expect(root(alias.html)).toBe(root(order.html));
    expect(alias.html).toContain('<title>Commander votre site vitrine — Vitrine</title>');
    expect(alias.html).toContain('<meta name="robots" content="noindex">');
    expect(alias.html).not.toContain('rel="canonical"');
  });

  it('puts the header’s Connexion link in the server’s HTML, before any session check (issue 38)', async () => {
    for (const path of ['/', '/order', '/commande']) {
      const page = await renderPage(path, input);
      const header = page.html.slice(page.html.indexOf('<header'), page.html.indexOf('</header>'));
      // The desktop bar's and the mobile menu's.
      expect(header.match(/<a[^>]*href="\/login"[^>]*>Connexion<\/a>/g)).toHaveLength(2);
    }
  });

  it("escapes what an admin typed: the agency's name can neither close a tag nor the JSON's <script>", async () => {
    const hostile = { ...agency, name: '</script><script>alert(1)</script>', phone: '"><img src=x onerror=alert(1)>' };
    const page = await renderPage('/contact', { ...input, agency: hostile });
    expect(page.html).not.toContain('<script>alert(1)</script>');
    expect(page.html).not.toContain('<img src=x');
    const data = page.html.match(/<script type="application\/json" id="vitrine-page-data">(.*?)<\/script>/s)![1];
    expect(JSON.parse(data).agency.name).toBe(hostile.name);
  });

  it('gives the other routes a shell with their title and noindex, and classifies addresses', async () => {
    const shell = await renderShell('/dashboard/sites', input);
    expect(shell).toContain('<title>Mes sites — Vitrine</title><meta name="description"');
    expect(shell).toContain('<meta name="robots" content="noindex">');
    // A signed-in area's shell holds what the client renders first: the layout, and the session loading.
    const root = shell.slice(shell.indexOf('<div id="root">'), shell.indexOf('<script type="module"'));
    expect(root).toContain('Chargement...');
    expect(root).toContain('id="contenu"');
    // Under the page's own head when it does not depend on who is signed in (its largest text, painted from the HTML).
    expect(root).toMatch(/<h1[^>]*>Mes sites<\/h1>/);
    const admin = await renderShell('/admin/sites', input);
    expect(admin).toMatch(/<h1[^>]*>Sites<\/h1><p[^>]*>Tous les sites des clients : recherche, filtres et suivi de la création\.<\/p>/);
    expect(await renderShell('/admin/revenue', input)).not.toContain('<h1');
    expect(shell).not.toContain('<!--vide-->');
    expect(shell).toContain('<script type="application/json" id="vitrine-page-data">');
    // The other client-rendered pages depend on the browser from their first render: an empty root, as built.
    for (const path of ['/login', '/reset-password', '/payment-success']) {
      const other = await renderShell(path, input);
      expect(other).toContain('<div id="root"></div>');
      expect(other).toContain('<!--vide-->');
      expect(other).not.toContain('vitrine-page-data');
    }
    expect(classify('/')).toBe('prerendered');
    expect(classify('/admin/sites/3b0c1e9a-0000-4000-8000-000000000000')).toBe('app');
    expect(classify('/dashboard/sites/abc/manage')).toBe('app');
    expect(classify('/wp-login.php')).toBe('not-found');
    expect(classify('/services/nope')).toBe('not-found');
  });

  it("names each lazy page's module as Vite's manifest does, the one its route loads", async () => {
    const lazyRoutes = (list: RouteObject[]): RouteObject[] =>
      list.flatMap((route) => [...(route.lazy ? [route] : []), ...lazyRoutes(route.children ?? [])]);
    const all = lazyRoutes(routes);
    expect(all.length).toBeGreaterThan(25);
    for (const route of all) {
      const { module } = route.handle as PageHandle;
      expect(module).toMatch(/^src\/features\/.+\.tsx$/);
      const loaded = (await (route.lazy as () => Promise<{ Component: unknown }>)()).Component;
      const source = (await import(/* @vite-ignore */ `./${module.slice('src/'.length)}`)) as Record<string, unknown>;
      expect(Object.values(source)).toContain(loaded);
    }
  });

  it("lists a signed-in page's own built files, less what the entry loads, for its loader to ask for early", async () => {
    const manifest: ViteManifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_button-2.js'] },
      '_button-2.js': { file: 'assets/button-2.js' },
      '_table-3.js': { file: 'assets/table-3.js', imports: ['_button-2.js'] },
      'src/features/admin/AdminClientsPage.tsx': { file: 'assets/AdminClientsPage-4.js', imports: ['_table-3.js', '_button-2.js'] },
      'src/features/admin/AdminPage.tsx': { file: 'assets/AdminPage-5.js' },
    };
    expect(routeChunks(['src/features/admin/AdminClientsPage.tsx'], manifest)).toEqual([
      '/assets/AdminClientsPage-4.js',
      '/assets/table-3.js',
    ]);
    const shell = await renderShell('/admin/clients', { ...input, manifest });
    expect(shell).toContain(
      '<script type="application/json" id="vitrine-route-chunks">["/assets/AdminClientsPage-4.js","/assets/table-3.js"]</script>',
    );
    expect(await renderShell('/admin/clients', input)).not.toContain('vitrine-route-chunks');
  });

  it('knows every route of the router (an address missing here would be answered with the 404 page)', () => {
    const leaves = (list: RouteObject[], parent: string): string[] =>
      list.flatMap((route) => {
        const path = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
        return route.children ? leaves(route.children, path) : route.path === undefined || route.path === '*' ? [] : [path];
      });
    const addresses = leaves(routes, '').map((path) => path.replace(/:\w+/g, '3b0c1e9a-0000-4000-8000-000000000000'));
    expect(addresses).toContain('/admin/invoices');
    for (const address of addresses) expect([address, classify(address)]).not.toEqual([address, 'not-found']);
  });

  it('lists exactly the indexed public pages in the sitemap, and closes the private areas in robots.txt', () => {
    const locations = [...sitemap('https://www.agence.example').matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(PUBLIC_PAGES.map((page) => `https://www.agence.example${page.path}`));
    const text = robots('https://www.agence.example');
    expect(text).toContain('Disallow: /admin\n');
    expect(text).toContain('Disallow: /api/\n');
    expect(text).toContain('Sitemap: https://www.agence.example/sitemap.xml');
  });
});

describe("hydrating a signed-in area's shell (app/boot.tsx)", () => {
  for (const path of ['/dashboard', '/dashboard/sites', '/admin', '/admin/sites']) {
    it(`${path}: React takes over the loading shell without a mismatch, then follows the session`, async () => {
      mockApi({ 'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }) });
      document.cookie = 'vitrine_session=1; path=/';
      window.history.replaceState(null, '', path);
      const shell = await renderShell(path, input);
      document.body.innerHTML = shell.slice(shell.indexOf('<div id="root">'), shell.indexOf('<script type="module"'));
      const container = document.getElementById('root')!;
      const loading = container.querySelector('[role="status"]');
      expect(loading?.textContent).toBe('Chargement...');
      const mismatches: unknown[] = [];
      await act(async () => {
        expect(await boot(container, { onRecoverableError: (error) => mismatches.push(error) })).toBe('hydrated');
      });
      expect(mismatches).toEqual([]);
      // No session: the guard sends the visitor to the sign-in page.
      await vi.waitFor(() => expect(window.location.pathname).toBe('/login'));
      document.cookie = 'vitrine_session=; path=/; max-age=0';
      document.body.innerHTML = '';
    });
  }
});

describe('hydrating a prerendered page (app/boot.tsx)', () => {
  for (const path of ['/', '/services', '/contact', '/order', '/commande', '/cgv', '/mentions-legales']) {
    it(`${path}: React takes over the server's HTML without a mismatch or a request for what it already has`, async () => {
      const { calls } = mockApi({
        'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }),
        'GET /api/order-drafts/current': () => new Response(null, { status: 204 }),
      });
      window.history.replaceState(null, '', path);
      const page = await renderPage(path, input);
      document.body.innerHTML = page.html.slice(page.html.indexOf('<div id="root">'), page.html.indexOf('<script type="module"'));
      const container = document.getElementById('root')!;
      const h1 = container.querySelector('h1');
      expect(h1).not.toBeNull();
      const mismatches: unknown[] = [];
      await act(async () => {
        expect(await boot(container, { onRecoverableError: (error) => mismatches.push(error) })).toBe('hydrated');
      });
      expect(mismatches).toEqual([]);
      expect(container.querySelector('h1')).toBe(h1);
      expect(calls.map((call) => `${call.method} ${call.url}`).filter((call) => /agency|catalogue/.test(call))).toEqual([]);
      document.body.innerHTML = '';
    });
  }
});

describe('hydrating a prerendered public page with its light entry (app/public)', () => {
  for (const path of ['/', '/services', '/contact', '/cgv', '/mentions-legales', '/une-page-inconnue']) {
    it(`${path}: React takes over the server's HTML without a mismatch, a warning, nor a request for what it already has`, async () => {
      const { calls } = mockApi({ 'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }) });
      const errors = vi.spyOn(console, 'error');
      window.history.replaceState(null, '', path);
      const page = await renderPage(path === '/une-page-inconnue' ? NOT_FOUND_KEY : path, { ...input, publicTemplate: PUBLIC_TEMPLATE });
      expect(page.html).toContain('src="/assets/public.js"');
      document.body.innerHTML = page.html.slice(page.html.indexOf('<div id="root">'), page.html.indexOf('<script type="module"'));
      const container = document.getElementById('root')!;
      const h1 = container.querySelector('h1');
      expect(h1).not.toBeNull();
      const mismatches: unknown[] = [];
      const loadApp = vi.fn();
      await act(async () => {
        expect(await bootPublic(container, { onRecoverableError: (error) => mismatches.push(error), loadApp })).toBe('hydrated');
      });
      await vi.waitFor(() => expect(document.documentElement.dataset.appReady).toBe('true'));
      expect(mismatches).toEqual([]);
      expect(errors).not.toHaveBeenCalled();
      expect(container.querySelector('h1')).toBe(h1);
      expect(loadApp).not.toHaveBeenCalled();
      expect(calls.map((call) => `${call.method} ${call.url}`).filter((call) => /agency|catalogue/.test(call))).toEqual([]);
      await act(async () => unmountPublic(container));
      delete document.documentElement.dataset.appReady;
    });
  }

  it('renders each light page as the app renders it (the same HTML from either tree)', async () => {
    // React's generated ids (useId) depend on the tree's shape: each becomes its order of appearance, so that the
    // elements they tie together (a question and its answer) still have to agree.
    const canonical = (html: string) => {
      const ids = new Map<string, string>();
      return html.replace(/_R_[0-9a-zA-Z]+_/g, (id) => ids.get(id) ?? (ids.set(id, `id${ids.size}`), `id${ids.size - 1}`));
    };
    for (const path of ['/', '/services', '/contact', '/cgv', '/mentions-legales', NOT_FOUND_KEY]) {
      const light = await renderPage(path, input);
      const app = await renderAppPage(path, input);
      expect(canonical(light.html)).toBe(canonical(app));
    }
  });

  it('follows a link to another public page itself, and hands a link into the app over to the whole app, with the session', async () => {
    mockApi({ 'POST /api/auth/refresh': () => jsonResponse(401, { statusCode: 401, message: 'Session expirée' }) });
    window.history.replaceState(null, '', '/');
    const page = await renderPage('/', { ...input, publicTemplate: PUBLIC_TEMPLATE });
    document.body.innerHTML = page.html.slice(page.html.indexOf('<div id="root">'), page.html.indexOf('<script type="module"'));
    const container = document.getElementById('root')!;
    const shown: string[] = [];
    const mount = vi.fn((into: HTMLElement) => {
      shown.push(window.location.pathname);
      into.innerHTML = '<p>app</p>';
    });
    const enterApp = vi.fn(async () => mount);
    await act(async () => {
      await bootPublic(container, { loadApp: async () => enterApp });
    });
    await vi.waitFor(() => expect(document.documentElement.dataset.appReady).toBe('true'));

    const nav = within(container).getByRole('navigation', { name: 'Navigation principale' });
    await act(async () => within(nav).getByRole('link', { name: 'Services' }).click());
    const services = await renderPage('/services', input);
    const servicesTitle = /<h1[^>]*>(.*?)<\/h1>/s.exec(services.html)![1].replace(/<[^>]+>/g, '');
    await vi.waitFor(() => expect(container.querySelector('h1')?.textContent).toBe(servicesTitle.replace(/&#x27;/g, "'")));
    expect(window.location.pathname).toBe('/services');
    expect(within(nav).getByRole('link', { name: 'Services' }).getAttribute('aria-current')).toBe('page');
    expect(enterApp).not.toHaveBeenCalled();

    await act(async () => within(container).getAllByRole('link', { name: 'Connexion' })[0].click());
    await vi.waitFor(() => expect(mount).toHaveBeenCalledWith(container));
    expect(enterApp).toHaveBeenCalledWith('/login', null);
    // The address is the app's page's before the app renders (its router starts from it).
    expect(shown).toEqual(['/login']);
    expect(container.innerHTML).toBe('<p>app</p>');
    delete document.documentElement.dataset.appReady;
    document.body.innerHTML = '';
  });
});
