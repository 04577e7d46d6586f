// Layout defects: hash links land on their section once the page has settled; no page is wider than a phone
// screen, wide tables scroll inside their own box with a visible cue.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launch, newPage, openInApp, PHONE, screenshot, signInAsAdmin, uniqueEmail, WIDE } from '../browser.ts';
import { orderPaidSite, type PaidSite, provisionedClient, type ProvisionedClient, signInAsClient } from '../orders.ts';

let browser: Browser;
/** A client whose order is paid: a site, its subscription, an invoice. */
let client: ProvisionedClient;
/** Another paid order, with a long name, for the admin's site pages. */
let paid: PaidSite;
before(async () => {
  browser = await launch();
  client = await provisionedClient({ siteName: 'Boulangerie Pâtisserie des Quatre Saisons', prefix: 'largeur-client' });
  paid = await orderPaidSite({ siteName: 'Fromagerie Lefèvre-Dumoulin de Saint-Rémy-de-Provence' });
});

/** Each client page with what it waits for before it is measured or pictured. */
function clientPages(page: Page, siteId: string): Array<[name: string, path: string, ready: () => Promise<unknown>]> {
  const h1 = (name: string | RegExp) => () => page.getByRole('heading', { level: 1, name }).waitFor();
  return [
    ['dashboard', '/dashboard', () => page.getByRole('list', { name: 'Mes sites' }).getByRole('link').first().waitFor()],
    ['sites', '/dashboard/sites', () => page.getByRole('list', { name: 'Mes sites' }).getByRole('link').first().waitFor()],
    ['site', `/dashboard/sites/${siteId}`, () => page.getByRole('list', { name: 'Étapes de création' }).waitFor()],
    [
      'manage',
      `/dashboard/sites/${siteId}/manage`,
      () => page.getByRole('button', { name: 'Annuler à la fin de la période', exact: true }).waitFor(),
    ],
    ['invoices', '/dashboard/invoices', () => page.getByRole('table', { name: 'Factures' }).getByText('Payée').waitFor()],
    ['support', '/dashboard/support', h1('Support')],
    ['business-options', `/dashboard/sites/${siteId}/business-options`, h1('Options Business')],
  ];
}
after(async () => {
  await browser.close();
});

/**
 * The target's distance from where it should be (the top of the viewport plus its scroll-margin-top, which clears
 * the fixed header), once it has stopped moving for 400 ms.
 */
async function settledOffset(page: Page, id: string): Promise<{ offset: number; top: number; headerBottom: number }> {
  const deadline = Date.now() + 8000;
  let last = Number.NaN;
  let stableSince = Date.now();
  for (;;) {
    const top = await page.evaluate((targetId) => document.getElementById(targetId)?.getBoundingClientRect().top ?? Number.NaN, id);
    if (top !== last) {
      last = top;
      stableSince = Date.now();
    }
    if (Date.now() - stableSince >= 400 || Date.now() > deadline) break;
    await page.waitForTimeout(100);
  }
  return page.evaluate((targetId) => {
    const target = document.getElementById(targetId)!;
    const margin = parseFloat(getComputedStyle(target).scrollMarginTop) || 0;
    const top = target.getBoundingClientRect().top;
    const headerBottom = document.querySelector('header')!.getBoundingClientRect().bottom;
    return { offset: top - margin, top, headerBottom };
  }, id);
}

describe('hash links', () => {
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`land on their section from another page at ${viewport.width} px, even when the prices load late`, async () => {
      const { context, page } = await newPage(browser, viewport);
      // The catalogue (prices, above the portfolio and the FAQ) answers after the first scroll, as on a slow network.
      await page.route('**/api/catalogue', async (route) => {
        await new Promise((r) => setTimeout(r, 500));
        await route.continue();
      });
      const footer = page.getByRole('contentinfo');
      for (const [id, link] of [
        ['faq', 'Questions fréquentes'],
        ['features', /^Plan Pro 29\s€\/mois$/],
        ['portfolio', 'Portfolio'],
      ] as const) {
        await page.goto('/contact');
        await page.getByRole('heading', { level: 1 }).waitFor();
        await footer.getByRole('link', { name: link, exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/' && url.hash === `#${id}`);
        await page.locator('#features').getByText('59 €').waitFor();
        const { offset, top, headerBottom } = await settledOffset(page, id);
        assert.ok(
          Math.abs(offset) <= 10,
          `#${id} at ${viewport.width} px: ${Math.round(offset)} px from its place (top ${Math.round(top)} px)`,
        );
        assert.ok(top >= headerBottom - 1, `#${id} is not hidden under the header (${Math.round(top)} < ${Math.round(headerBottom)})`);
      }
      await screenshot(page, `hash-portfolio-${name}`);
      await context.close();
    });
  }

  // Opened directly (a link in a mail, a bookmark): the page is prerendered, then hydrated; the browser's own jump to
  // the anchor and the app's alignment used to fight, stopping up to 348 px past the section on a phone (issue 38).
  // Twice per section, theme and width (16 cold loads): before the fix, every one of them failed (-470 px at 390 px,
  // -44 px at 1440 px).
  for (const viewport of [PHONE, WIDE]) {
    it(`land on their section when the address is opened cold at ${viewport.width} px, every time, light and dark`, async () => {
      for (const theme of ['light', 'dark'] as const) {
        for (const id of ['faq', 'portfolio']) {
          for (let load = 1; load <= 2; load += 1) {
            const { context, page } = await newPage(browser, viewport);
            if (theme === 'dark') await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
            await page.goto(`/#${id}`);
            const { offset, top, headerBottom } = await settledOffset(page, id);
            const where = `/#${id} at ${viewport.width} px (${theme}, load ${load})`;
            assert.ok(Math.abs(offset) <= 2, `${where}: ${Math.round(offset)} px from its place (top ${Math.round(top)} px)`);
            assert.ok(top >= headerBottom - 1, `${where} is under the header (${Math.round(top)} < ${Math.round(headerBottom)})`);
            if (load === 1) await screenshot(page, `hash-cold-${id}-${viewport.width}-${theme}`, { fullPage: false });
            await context.close();
          }
        }
      }
    });
  }
});

async function signInAsNewClient(context: BrowserContext, page: Page): Promise<void> {
  const res = await page.request.post('/api/auth/register', {
    data: { name: 'Camille Lefèvre', email: uniqueEmail('largeur'), password: 'motdepasse1', confirmPassword: 'motdepasse1' },
  });
  assert.equal(res.status(), 201);
  assert.ok((await context.cookies()).some((c) => c.name === 'vitrine_session'));
}

/** Nothing sticks out sideways, and the header's menu button is on screen. */
async function assertFitsPhone(page: Page, path: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  assert.ok(scrollWidth <= innerWidth, `${path} is ${scrollWidth} px wide on a ${innerWidth} px screen`);
  const menu = await page.getByRole('banner').getByRole('button', { name: 'Menu' }).boundingBox();
  assert.ok(menu, `${path}: the menu button is shown`);
  assert.ok(menu.x >= 0 && menu.x + menu.width <= innerWidth, `${path}: the menu button is off-screen (x ${Math.round(menu.x)})`);
}

describe('narrow screens', () => {
  it('keeps the client and admin pages within a 390 px screen, wide tables scrolling in their own box', async () => {
    const { context, page } = await newPage(browser, PHONE);
    // A client (whose welcome mail fills the mail log)…
    await signInAsNewClient(context, page);
    for (const [path, heading] of [
      ['/dashboard', /Bonjour/],
      ['/dashboard/profile', 'Mon profil'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await assertFitsPhone(page, path);
    }
    await context.clearCookies();

    // …a client with a paid order (a site, an invoice), the site's name long…
    await signInAsClient(page, client);
    for (const [i, [, path, ready]] of clientPages(page, client.siteId).entries()) {
      if (i === 0) await page.goto(path);
      else await openInApp(page, path);
      await ready();
      await assertFitsPhone(page, path);
    }
    await context.clearCookies();

    // …then the admin.
    await signInAsAdmin(page);
    for (const [path, ready] of [
      ['/admin', () => page.getByRole('region', { name: 'Chiffres clés' }).waitFor()],
      ['/admin/revenue', () => page.getByRole('heading', { name: "Chiffre d'affaires des 12 derniers mois" }).waitFor()],
      ['/admin/sites', () => page.getByRole('table', { name: 'Sites' }).waitFor()],
      [`/admin/sites/${paid.siteId}`, () => page.getByRole('heading', { name: 'Commande' }).waitFor()],
      ['/admin/clients', () => page.getByRole('table', { name: 'Utilisateurs' }).waitFor()],
      ['/admin/audit', () => page.getByRole('heading', { level: 1, name: "Journal d'audit" }).waitFor()],
      [`/admin/clients/${paid.client.id}`, () => page.getByRole('combobox', { name: 'Modèle' }).waitFor()],
      ['/admin/emails', () => page.getByRole('table', { name: 'Journal des e-mails' }).waitFor()],
      ['/admin/quotes', () => page.getByRole('heading', { level: 1, name: 'Demandes de devis' }).waitFor()],
    ] as const) {
      await openInApp(page, path);
      await ready();
      await assertFitsPhone(page, path);
    }

    // On a phone a list is cards: the mail log's rows fit the screen with nothing to scroll sideways.
    await page.goto('/admin/emails');
    const table = page.getByRole('table', { name: 'Journal des e-mails' });
    await table.getByRole('row').nth(1).waitFor();
    assert.equal(await table.evaluate((e) => e.parentElement!.scrollWidth - e.parentElement!.clientWidth), 0);

    // Between a phone and a wide screen the mail log's table is wider than its card: it scrolls in its box, which
    // says so with a shadow on the side that has more, and can be scrolled from the keyboard.
    await page.setViewportSize({ width: 700, height: 900 });
    const box = page.getByRole('region', { name: 'Journal des e-mails' });
    await box.waitFor();
    const shadow = (side: 'start' | 'end') =>
      page
        .locator(`[data-scroll-shadow="${side}"]`)
        .first()
        .evaluate((e) => getComputedStyle(e).opacity);
    assert.ok(await box.evaluate((e) => e.scrollWidth > e.clientWidth), 'the table is wider than its box');
    assert.equal(await box.getAttribute('tabindex'), '0');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('[data-scroll-shadow="end"]')!).opacity === '1');
    assert.equal(await shadow('start'), '0');
    await screenshot(page, 'admin-emails-phone-scroll-cue');
    await box.evaluate((e) => e.scrollTo({ left: e.scrollWidth, behavior: 'instant' }));
    await page.waitForFunction(() => getComputedStyle(document.querySelector('[data-scroll-shadow="start"]')!).opacity === '1');
    await page.waitForFunction(() => getComputedStyle(document.querySelector('[data-scroll-shadow="end"]')!).opacity === '0');
    await assertFitsPhone(page, '/admin/emails (scrolled)');
    await context.close();
  });
});
