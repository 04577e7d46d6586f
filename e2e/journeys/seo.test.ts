// The public site as search engines and link previews read it (issue 27): every public page's HTML, fetched without
// running any JavaScript, holds its own h1, title, description, canonical address, social card and schema.org data;
// sitemap.xml lists exactly those pages; the signed-in areas are `noindex`; an unknown address is a real 404. In the
// browser, the prerendered page is hydrated without a console error (React reports any mismatch there) and keeps its
// DOM, and the tab's title follows the navigation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, expectFailures, launch, newPage, PHONE, signInAsAdmin } from '../browser.ts';

const PUBLIC_PAGES: Array<{ path: string; h1: RegExp; title: RegExp; types: string[] }> = [
  {
    path: '/',
    h1: /Votre site vitrine professionnel/,
    title: /^Vitrine — Sites vitrines/,
    types: ['ProfessionalService', 'Service', 'FAQPage'],
  },
  { path: '/services', h1: /./, title: /^Nos services/, types: ['ProfessionalService', 'Service', 'BreadcrumbList'] },
  { path: '/contact', h1: /Parlons de votre projet/, title: /^Contact/, types: ['ProfessionalService', 'BreadcrumbList'] },
  { path: '/order', h1: /Commander mon site/, title: /^Commander/, types: ['ProfessionalService', 'BreadcrumbList'] },
  {
    path: '/cgv',
    h1: /Conditions générales de vente/,
    title: /^Conditions générales de vente/,
    types: ['ProfessionalService', 'BreadcrumbList'],
  },
  { path: '/mentions-legales', h1: /Mentions légales/, title: /^Mentions légales/, types: ['ProfessionalService', 'BreadcrumbList'] },
];

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
const metaContent = (html: string, attribute: string, key: string) =>
  html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`))?.[1];

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

describe('the public pages as HTML, without JavaScript', () => {
  for (const page of PUBLIC_PAGES) {
    it(`${page.path}: its own h1, title, description, canonical, social card and JSON-LD`, async () => {
      const res = await fetch(`${BASE_URL}${page.path}`);
      assert.equal(res.status, 200);
      const html = await res.text();
      assert.match(html, /<html lang="fr">/);
      const h1 = html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1];
      assert.ok(h1, `${page.path} : pas de h1 dans le HTML`);
      assert.match(text(h1), page.h1);
      assert.match(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? '', page.title);
      assert.equal(html.match(/<title>/g)?.length, 1, 'un seul <title>');
      const description = metaContent(html, 'name', 'description') ?? '';
      assert.ok(description.length >= 50 && description.length <= 200, `description de ${description.length} caractères`);
      const canonical = `${BASE_URL}${page.path}`;
      assert.ok(html.includes(`<link rel="canonical" href="${canonical}">`), `canonical ${canonical}`);
      assert.equal(metaContent(html, 'property', 'og:url'), canonical);
      assert.equal(metaContent(html, 'property', 'og:image'), `${BASE_URL}/og-image.png`);
      assert.equal(metaContent(html, 'name', 'twitter:card'), 'summary_large_image');
      assert.equal(metaContent(html, 'name', 'robots'), undefined, 'une page publique est indexable');

      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
      assert.equal(blocks.length, 1);
      assert.equal(blocks[0]['@context'], 'https://schema.org');
      const types = (blocks[0]['@graph'] as Array<{ '@type': string }>).map((node) => node['@type']);
      assert.deepEqual(types, page.types);
    });
  }

  it('the JSON-LD says what the API says: the agency, the priced plans, the FAQ', async () => {
    const [html, agency, catalogue] = await Promise.all([
      fetch(`${BASE_URL}/`).then((r) => r.text()),
      fetch(`${BASE_URL}/api/agency`).then((r) => r.json()),
      fetch(`${BASE_URL}/api/catalogue`).then((r) => r.json()),
    ]);
    const graph = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1])['@graph'];
    const [organization, service, faq] = graph;
    assert.equal(organization.name, agency.name);
    assert.equal(organization.telephone, agency.phone);
    assert.equal(organization.email, agency.email);
    const priced = catalogue.plans.filter((plan: { monthlyPriceCents: number | null }) => plan.monthlyPriceCents !== null);
    assert.deepEqual(
      service.offers.map((offer: { price: string; priceCurrency: string }) => [offer.price, offer.priceCurrency]),
      priced.map((plan: { monthlyPriceCents: number }) => [(plan.monthlyPriceCents / 100).toFixed(2), 'EUR']),
    );
    assert.equal(faq.mainEntity.length, 9);
    assert.equal(faq.mainEntity[0]['@type'], 'Question');
    // The page shows the same figures.
    assert.ok(text(html).includes(agency.phone), "le téléphone de l'agence est dans le HTML");
    assert.ok(text(html).includes('29'), 'le prix Pro est dans le HTML');
  });

  it('sitemap.xml lists exactly the public pages; robots.txt closes the API and the signed-in areas', async () => {
    const sitemap = await fetch(`${BASE_URL}/sitemap.xml`);
    assert.match(sitemap.headers.get('content-type') ?? '', /^application\/xml/);
    const listed = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    assert.deepEqual(listed.sort(), PUBLIC_PAGES.map((page) => `${BASE_URL}${page.path}`).sort());
    const robots = await (await fetch(`${BASE_URL}/robots.txt`)).text();
    for (const closed of ['/api/', '/dashboard', '/admin', '/login']) assert.ok(robots.includes(`Disallow: ${closed}\n`), closed);
    assert.ok(robots.includes(`Sitemap: ${BASE_URL}/sitemap.xml`));
  });

  it("the signed-in areas and the account pages: a useful title, noindex, nobody's content", async () => {
    for (const [path, title] of [
      ['/dashboard/sites', 'Mes sites — Vitrine'],
      ['/admin/clients', 'Clients — Vitrine'],
      ['/login', 'Connexion — Vitrine'],
    ]) {
      const res = await fetch(`${BASE_URL}${path}`);
      assert.equal(res.status, 200);
      const html = await res.text();
      assert.ok(html.includes(`<title>${title}</title>`), `${path} : ${title}`);
      assert.equal(metaContent(html, 'name', 'robots'), 'noindex');
      const root = html.slice(html.indexOf('<div id="root">'), html.indexOf('</main>'));
      if (path === '/login') assert.ok(html.includes('<div id="root"></div>'), `${path} est rendu dans le navigateur`);
      // A signed-in area paints from its HTML: the layout and the session loading, nobody's data.
      else assert.match(root, /<main id="contenu"[^>]*>.*role="status".*Chargement\.\.\./s, `${path} : la mise en page et le chargement`);
    }
  });

  it('/commande is the order page in the HTML, as /order, never listed; the desktop header has Connexion (issue 38)', async () => {
    const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'));
    const [order, alias] = await Promise.all(['/order', '/commande'].map((path) => fetch(`${BASE_URL}${path}`)));
    assert.equal(alias.status, 200);
    const [orderHtml, aliasHtml] = await Promise.all([order.text(), alias.text()]);
    assert.match(aliasHtml, /<h1[^>]*>/, '/commande : un h1 dans le HTML');
    assert.equal(root(aliasHtml), root(orderHtml));
    assert.equal(metaContent(aliasHtml, 'name', 'robots'), 'noindex');
    const header = aliasHtml.slice(aliasHtml.indexOf('<header'), aliasHtml.indexOf('</header>'));
    // The desktop bar's link and the mobile menu's.
    assert.equal(header.match(/<a[^>]*href="\/login"[^>]*>Connexion<\/a>/g)?.length, 2);
  });

  it('an unknown address is the 404 page with a 404 status', async () => {
    const res = await fetch(`${BASE_URL}/cette-page-n-existe-pas`);
    assert.equal(res.status, 404);
    const html = await res.text();
    assert.match(html, /<h1[^>]*>Page introuvable<\/h1>/);
    assert.equal(metaContent(html, 'name', 'robots'), 'noindex');
  });

  it('the social card image is served', async () => {
    const res = await fetch(`${BASE_URL}/og-image.png`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/png');
  });
});

describe('the prerendered pages in the browser', () => {
  it('hydrate without a mismatch, keep their HTML, and the title follows the navigation', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // The server's h1 element is still the one shown once React has taken over (hydrated, not re-rendered).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __serverH1: Element | null }).__serverH1 = document.querySelector('h1');
      });
    });
    for (const path of ['/', '/services', '/contact', '/cgv', '/mentions-legales', '/order']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const kept = await page.evaluate(() => {
        const server = (window as unknown as { __serverH1: Element | null }).__serverH1;
        return server !== null && server.isConnected && server === document.querySelector('h1');
      });
      assert.ok(kept, `${path} : le h1 du serveur est remplacé au lieu d'être hydraté`);
    }
    await page.getByRole('contentinfo').getByRole('link', { name: 'Conditions générales de vente' }).click();
    await page.waitForURL('**/cgv');
    // The title changes as the page shows (after its lazy module has loaded).
    await page.waitForFunction(() => document.title.startsWith('Conditions générales de vente —'));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/contact');
    await page.waitForFunction(() => document.title.startsWith('Contact et demande de devis —'));
    assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `${BASE_URL}/contact`);
    await context.close();
  });

  it("a signed-in area's shell is hydrated, then shows the signed-in page with the session its loader asked for", async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsAdmin(page);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { __serverHeader: Element | null }).__serverHeader = document.querySelector('header');
      });
      // Notes that the page's loader started the refresh (the app takes and deletes it).
      let early: unknown;
      Object.defineProperty(window, '__vitrineRefresh', {
        configurable: true,
        get: () => early,
        set: (value: unknown) => {
          early = value;
          (window as unknown as { __earlyRefresh: boolean }).__earlyRefresh = true;
        },
      });
    });
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshes.push(request.url());
    });
    await page.goto('/admin/clients');
    await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor();
    // The session was asked for once, by the page's loader, and the app took that answer.
    assert.equal(refreshes.length, 1);
    assert.equal(await page.evaluate(() => (window as unknown as { __earlyRefresh?: boolean }).__earlyRefresh), true);
    // The page's own module was hinted with the entry's files, from the list in its shell.
    const hinted = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => new URL(link.href).pathname),
    );
    assert.ok(
      hinted.some((path) => /\/assets\/AdminClientsPage-[\w-]+\.js$/.test(path)),
      hinted.join(' '),
    );
    const kept = await page.evaluate(() => {
      const server = (window as unknown as { __serverHeader: Element | null }).__serverHeader;
      return server !== null && server.isConnected && server === document.querySelector('header');
    });
    assert.ok(kept, "l'en-tête du serveur est remplacé au lieu d'être hydraté");
    await context.close();
  });

  it('the dark theme is kept through hydration', async () => {
    const { context, page } = await newPage(browser);
    await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await page.goto('/contact');
    await page.waitForLoadState('networkidle');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
    assert.equal(await page.getByRole('button', { name: 'Basculer le thème' }).getAttribute('aria-pressed'), 'true');
    await context.close();
  });

  it('the 404 page in the browser', async () => {
    const { context, page } = await newPage(browser);
    expectFailures(page, /^404 GET \/adresse-inconnue$/);
    await page.goto('/adresse-inconnue');
    await page.getByRole('heading', { name: 'Page introuvable' }).waitFor();
    assert.match(await page.title(), /^Page introuvable/);
    await context.close();
  });
});
