// Issue 37: a client's site with the audience snippet, visited by several people on several devices, and what its
// client then reads on their site page. The "client site" is a tiny HTTP server on another local port; Chromium maps
// its domain there (--host-resolver-rules), so the page's origin is the site's domain as the ingest requires. The
// visitors' browsers say they are not automated (the script skips navigator.webdriver) and carry ordinary user agents
// (the ingest skips headless ones). The roll-up job runs every minute in the product: the journey waits for its next
// run after the visits (the admin's status API tells it), as a client would wait a minute.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, launch, newPage, PHONE, screenshot, signIn, WIDE } from '../browser.ts';
import { adminToken, orderPaidSite, type PaidSite } from '../orders.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const suffix = Math.floor(Math.random() * 1e6).toString(36);
const domain = `boulangerie-${suffix}.fr`;
const SITE = `http://${domain}`;

const UA = {
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
};

let browser: Browser;
let clientSite: Server;
let paid: PaidSite;
let snippet: string;

async function api<T>(path: string, token: string | null, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...init.headers },
  });
  const text = await res.text();
  assert.ok(res.ok, `${path} : ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** The client's site: two pages, each with the snippet in its head. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${title}</title>${snippet}</head><body><h1>${title}</h1>${body}</body></html>`;
}

before(async () => {
  paid = await orderPaidSite({ siteName: `Boulangerie Lemoine ${suffix}` });
  const admin = await adminToken();
  await api(`/api/admin/sites/${paid.siteId}`, admin, { method: 'PATCH', body: JSON.stringify({ domain, status: 'active' }) });
  const { access_token: token } = await api<{ access_token: string }>('/api/auth/login', null, {
    method: 'POST',
    body: JSON.stringify({ email: paid.client.email, password: paid.client.password }),
  });
  ({ snippet } = await api<{ snippet: string }>(`/api/sites/${paid.siteId}/audience`, token));

  clientSite = createServer((req, res) => {
    const path = new URL(req.url ?? '/', SITE).pathname;
    if (path === '/favicon.ico') return res.writeHead(204).end();
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(path === '/tarifs' ? page('Nos tarifs', '<p>Baguette : 1,20 €</p>') : page('Boulangerie', '<a href="/tarifs">Tarifs</a>'));
  });
  await new Promise<void>((resolve) => clientSite.listen(0, '127.0.0.1', resolve));
  const { port } = clientSite.address() as AddressInfo;
  browser = await launch({
    hosts: { [domain]: `127.0.0.1:${port}` },
    // The client's site is plain http here: no attempt at https first.
    args: ['--disable-features=HttpsUpgrades,HttpsFirstBalancedModeAutoEnable'],
  });
});
after(async () => {
  await browser?.close();
  clientSite?.close();
});

interface Visitor {
  userAgent: string;
  viewport: { width: number; height: number };
  locale: string;
  extraHTTPHeaders?: Record<string, string>;
}

/** A visitor's own browser: an ordinary user agent, and not reported as automated. */
async function visitorContext(visitor: Visitor): Promise<BrowserContext> {
  const context = await browser.newContext({ ...visitor, isMobile: visitor.viewport.width < 768 });
  await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'webdriver', { get: () => false }));
  return context;
}

/** Opens a page of the client's site and waits for the script's page view to be acknowledged (202). */
async function viewPage(page: Page, open: () => Promise<unknown>): Promise<void> {
  const acknowledged = page.waitForResponse((r) => r.url() === `${BASE_URL}/api/a/e` && (r.request().postData() ?? '').includes('"t":"p"'));
  await open();
  assert.equal((await acknowledged).status(), 202);
}

describe('audience: a client’s site measured without consent banner, read on the client’s site page', () => {
  it('counts three visitors on three devices, not the one under Do Not Track nor the one who objected', async () => {
    // A desktop visitor from a search engine, who then opens a second page.
    const first = await visitorContext({ userAgent: UA.firefox, viewport: WIDE, locale: 'fr-FR' });
    const firstPage = await first.newPage();
    await viewPage(firstPage, () => firstPage.goto(`${SITE}/`, { referer: 'http://www.google.fr/' }));
    await viewPage(firstPage, () => firstPage.getByRole('link', { name: 'Tarifs' }).click());
    await first.close();

    // A phone, from a newsletter campaign.
    const second = await visitorContext({ userAgent: UA.iphone, viewport: PHONE, locale: 'fr-FR' });
    const secondPage = await second.newPage();
    await viewPage(secondPage, () => secondPage.goto(`${SITE}/?utm_source=newsletter&utm_campaign=printemps`));
    await second.close();

    // An English-speaking desktop visitor typing the address.
    const third = await visitorContext({ userAgent: UA.chrome, viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    const thirdPage = await third.newPage();
    await viewPage(thirdPage, () => thirdPage.goto(`${SITE}/tarifs`));
    await third.close();

    // Do Not Track: the beacon is answered 202 and nothing is stored.
    const dnt = await visitorContext({ userAgent: UA.edge, viewport: WIDE, locale: 'fr-FR', extraHTTPHeaders: { DNT: '1' } });
    const dntPage = await dnt.newPage();
    await viewPage(dntPage, () => dntPage.goto(`${SITE}/`));
    await dnt.close();

    // A visitor who objects through the opt-out page's link: the refusal is stored on the site, nothing is sent.
    const objector = await visitorContext({ userAgent: UA.samsung, viewport: PHONE, locale: 'fr-FR' });
    const objectorPage = await objector.newPage();
    const optOut = await objectorPage.goto(`${BASE_URL}/api/a/opt-out?k=${/data-site="([^"]+)"/.exec(snippet)![1]}`);
    assert.equal(optOut?.status(), 200);
    const link = objectorPage.getByRole('link', { name: `Ne plus mesurer mes visites sur ${domain}` });
    assert.equal(await link.getAttribute('href'), `https://${domain}/#refus-mesure-audience`);
    const beacons: string[] = [];
    objectorPage.on('request', (r) => void (r.url().startsWith(`${BASE_URL}/api/a/`) && beacons.push(r.url())));
    // The script confirms with an alert, which holds the page's load until it is closed.
    const dialogs: string[] = [];
    objectorPage.on('dialog', (dialog) => void (dialogs.push(dialog.message()), dialog.accept()));
    // The link's https address as the visitor's browser would open it, served here over http.
    await objectorPage.goto(`${SITE}/#refus-mesure-audience`);
    assert.deepEqual(dialogs, ['Vos visites sur ce site ne sont plus mesurées (dans ce navigateur).']);
    await objectorPage.goto(`${SITE}/tarifs`);
    await objectorPage.getByRole('heading', { name: 'Nos tarifs' }).waitFor();
    assert.equal(await objectorPage.evaluate(() => localStorage.getItem('refus-mesure-audience')), '1');
    assert.deepEqual(beacons, []);
    await objector.close();
    const visitsDone = Date.now();

    // The roll-ups run every minute, each first writing the acknowledged events: wait for a run after the visits (one
    // that ended 5 s after them began after them; the admin's status tells when the last one ended).
    const admin = await adminToken();
    const deadline = Date.now() + 150_000;
    for (;;) {
      const status = await api<{ jobs: { job: string; lastSuccessAt: string | null }[] }>('/api/admin/status', admin);
      const rollUps = status.jobs.find((j) => j.job === 'audience-rollups');
      if (rollUps?.lastSuccessAt && new Date(rollUps.lastSuccessAt).getTime() > visitsDone + 5000) break;
      assert.ok(Date.now() < deadline, 'les statistiques n’ont pas été calculées en 150 s');
      await new Promise((r) => setTimeout(r, 1000));
    }

    for (const [viewport, theme] of [
      [WIDE, 'light'],
      [PHONE, 'dark'],
    ] as const) {
      const { context, page: clientPage } = await newPage(browser, viewport);
      await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
      await clientPage.goto('/login');
      await signIn(clientPage, paid.client.email, paid.client.password);
      await clientPage.waitForURL('**/dashboard');
      await clientPage.goto(`/dashboard/sites/${paid.siteId}`);
      const tiles = clientPage.getByLabel('Chiffres de la période');
      await tiles.waitFor();
      const figure = async (label: string) =>
        (await tiles.getByText(label, { exact: true }).locator('xpath=following-sibling::dd[1]').textContent())?.trim();
      assert.equal(await figure('Visiteurs'), '3');
      assert.equal(await figure('Pages vues'), '4');
      assert.equal(await figure('Visites'), '3');
      const pages = clientPage.getByRole('table', { name: 'Pages les plus vues' });
      assert.deepEqual(await pages.getByRole('rowheader').allTextContents(), ['/', '/tarifs']);
      const sources = clientPage.getByRole('list', { name: 'Provenance des visites' });
      assert.match((await sources.getByRole('listitem').filter({ hasText: 'Moteurs de recherche' }).textContent()) ?? '', /1 page vue/);
      assert.match((await sources.getByRole('listitem').filter({ hasText: 'Campagnes' }).textContent()) ?? '', /1 page vue/);
      const campaigns = clientPage.getByRole('table', { name: 'Campagnes' });
      assert.deepEqual(await campaigns.getByRole('rowheader').allTextContents(), ['newsletter / printemps']);
      const devices = clientPage.getByRole('table', { name: 'Appareils' });
      assert.deepEqual((await devices.getByRole('rowheader').allTextContents()).sort(), ['Mobile', 'Ordinateur']);
      const browsers = clientPage.getByRole('table', { name: 'Navigateurs' });
      assert.deepEqual((await browsers.getByRole('rowheader').allTextContents()).sort(), ['Chrome', 'Firefox', 'Safari']);
      const languages = clientPage.getByRole('table', { name: 'Langues' });
      assert.deepEqual((await languages.getByRole('rowheader').allTextContents()).sort(), ['Anglais', 'Français']);
      await clientPage.getByText('Les événements arrivent.').waitFor();
      assert.equal(await clientPage.getByText('Les statistiques de votre site sont en cours de développement.').count(), 0);

      // The period switch: 7 days shows the same visits.
      const week = clientPage.waitForResponse((r) => r.url().includes(`/api/sites/${paid.siteId}/audience?period=7d`));
      await clientPage.getByText('7 jours', { exact: true }).click();
      await week;
      assert.equal(await clientPage.getByRole('radio', { name: '7 jours' }).isChecked(), true);
      await clientPage.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      assert.equal(await figure('Visiteurs'), '3');
      // Nothing wider than the window (wide tables scroll inside their own box).
      const overflowing = await clientPage.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1 && !e.closest('.sr-only'))
          .map((e) => `${e.tagName.toLowerCase()}.${e.getAttribute('class') ?? ''} ${Math.round(e.getBoundingClientRect().right)}`)
          .slice(0, 5),
      );
      assert.deepEqual(overflowing, [], `${viewport.width} px`);
      const page = await clientPage.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
      assert.ok(page[0] <= page[1], `${viewport.width} px : la page fait ${page[0]} px de large`);

      // axe (WCAG 2.1 AA, colour contrast included) on the view, in this theme and width.
      if (!(await clientPage.evaluate(() => 'axe' in window))) await clientPage.evaluate(axeSource);
      const violations = await clientPage.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: unknown[] }> } }).axe;
        const result = await axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          rules: { 'color-contrast': { enabled: true } },
          resultTypes: ['violations'],
        });
        return result.violations;
      });
      assert.deepEqual(violations, [], JSON.stringify(violations, null, 2));
      await screenshot(clientPage, `audience-site-page-${viewport.width}-${theme}`);
      await context.close();
    }
  });
});
