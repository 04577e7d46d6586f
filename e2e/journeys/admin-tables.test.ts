// The admin's tables on a phone and a wide screen, light and dark (issue 38 item 10): no cell's box overlaps
// another, no phone card's label runs over its value, no cell or button is cut by its card, and on a phone the
// lists' filters fold behind a 'Filtres' button so the first row is on screen.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, newPage, openInApp, PHONE, screenshot, signInAsAdmin, WIDE } from '../browser.ts';
import { adminToken, orderPaidSite, type PaidSite } from '../orders.ts';

let browser: Browser;
let paid: PaidSite;
/**
 * Long on purpose: the address that wrapped on four lines and pushed 'Renvoyer' out of its card. A public address
 * (the endpoint's guard resolves names, and the journeys have no DNS) that answers nothing here: the test delivery fails.
 */
const ENDPOINT_URL = 'https://93.184.215.14/integrations/agence-de-communication/vitrine/webhooks/evenements-entrants?source=vitrine';

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path} : ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

before(async () => {
  browser = await launch();
  paid = await orderPaidSite({
    siteName: 'Fromagerie Lefèvre-Dumoulin de Saint-Rémy-de-Provence',
    name: 'Marie-Antoinette Lefèvre-Dumoulin',
  });
  const token = await adminToken();
  // A key used once (its 'Dernière utilisation' is a date), a webhook endpoint with a long address and a delivery.
  const key = await api<{ key: string }>(token, 'POST', '/api/admin/api-keys', {
    name: 'Synchronisation du CRM de l’agence',
    scopes: ['sites:read'],
  });
  await api(key.key, 'GET', '/api/admin/sites');
  const { endpoint } = await api<{ endpoint: { id: string } }>(token, 'POST', '/api/admin/webhooks', {
    url: ENDPOINT_URL,
    events: ['site.status_changed', 'invoice.paid'],
  });
  await api(token, 'POST', `/api/admin/webhooks/${endpoint.id}/test`);
});
after(async () => {
  await browser.close();
});

/**
 * Every admin page with a table or a list, what it waits for before it is measured, and for a list with rows, its
 * table (whose first row must be on screen on a phone).
 */
function adminPages(page: Page): Array<[path: string, ready: () => Promise<unknown>, list?: string]> {
  const firstRow = (name: string) => () => page.getByRole('table', { name }).locator('tbody tr').first().waitFor();
  const h1 = (name: string) => () => page.getByRole('heading', { level: 1, name }).waitFor();
  return [
    ['/admin', h1('Tableau de bord')],
    ['/admin/sites', firstRow('Sites'), 'Sites'],
    ['/admin/clients', firstRow('Utilisateurs'), 'Utilisateurs'],
    [`/admin/clients/${paid.client.id}`, () => page.getByRole('combobox', { name: 'Modèle' }).waitFor()],
    ['/admin/quotes', h1('Demandes de devis')],
    ['/admin/invoices', h1('Factures et avoirs')],
    ['/admin/duplicate-payments', h1('Paiements en double')],
    ['/admin/emails', firstRow('Journal des e-mails'), 'Journal des e-mails'],
    ['/admin/audit', h1("Journal d'audit")],
    ['/admin/closures', h1('Comptes fermés')],
    [
      '/admin/integrations',
      async () => {
        await firstRow("Clés d'API")();
        await page
          .getByRole('table', { name: 'Livraisons des webhooks' })
          .getByRole('button', { name: /^Renvoyer/ })
          .first()
          .waitFor();
      },
    ],
    ['/admin/revenue', h1('Revenus')],
  ];
}

interface Defect {
  table: string;
  what: string;
}

/**
 * Every visible table of the page, measured in the page: two cells whose boxes overlap; a phone card's label (the
 * cell's ::before, measured with its own computed style) wider than its column; a cell, or a button in it, past its
 * scroll box (the card's edge); a cell's content wider than the cell, unless it is truncated on purpose with its
 * whole text in a title.
 */
function tableDefects(page: Page): Promise<Defect[]> {
  return page.evaluate(() => {
    const defects: { table: string; what: string }[] = [];
    const shown = (r: DOMRect) => r.width > 1 && r.height > 1;
    const text = (e: Element) => (e.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    for (const table of document.querySelectorAll('table')) {
      const name = table.querySelector('caption')?.textContent ?? table.getAttribute('aria-label') ?? '?';
      if (!shown(table.getBoundingClientRect())) continue;
      const box = table.parentElement!.getBoundingClientRect();
      const cells = [...table.querySelectorAll('td, th')]
        .filter((c) => !c.classList.contains('sr-only') && getComputedStyle(c).position !== 'absolute')
        .map((c) => ({ c, r: c.getBoundingClientRect() }))
        .filter(({ r }) => shown(r));
      for (let i = 0; i < cells.length; i++) {
        for (let j = i + 1; j < cells.length; j++) {
          const a = cells[i].r;
          const b = cells[j].r;
          const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (w > 1 && h > 1) defects.push({ table: name, what: `« ${text(cells[i].c)} » chevauche « ${text(cells[j].c)} »` });
        }
      }
      for (const { c, r } of cells) {
        if (r.left < box.left - 1 || r.right > box.right + 1)
          defects.push({ table: name, what: `« ${text(c)} » dépasse de sa carte (${Math.round(r.right - box.right)} px)` });
        for (const button of c.querySelectorAll('button, a')) {
          const b = button.getBoundingClientRect();
          if (shown(b) && (b.left < box.left - 1 || b.right > box.right + 1 || b.right > window.innerWidth))
            defects.push({ table: name, what: `le bouton « ${text(button)} » est coupé` });
        }
        const before = getComputedStyle(c, '::before');
        const label = c.getAttribute('data-label');
        if (label && before.content !== 'none' && before.display !== 'none' && parseFloat(before.width) > 0) {
          const probe = document.createElement('span');
          Object.assign(probe.style, {
            position: 'absolute',
            visibility: 'hidden',
            display: 'block',
            width: before.width,
            font: before.font,
            letterSpacing: before.letterSpacing,
            textTransform: before.textTransform,
            whiteSpace: before.whiteSpace,
            overflowWrap: before.overflowWrap,
            wordBreak: before.wordBreak,
          });
          probe.textContent = label;
          document.body.append(probe);
          if (probe.scrollWidth > probe.clientWidth + 1)
            defects.push({
              table: name,
              what: `l'étiquette « ${label} » déborde sur sa valeur (${probe.scrollWidth} px pour ${probe.clientWidth})`,
            });
          probe.remove();
        }
        // An element past the box that clips it (in the cell) is cut, unless it is the text of a box that ends it
        // with an ellipsis.
        for (const inner of c.querySelectorAll('*')) {
          const box = inner.getBoundingClientRect();
          if (!shown(box)) continue;
          let clipper: Element | null = inner.parentElement;
          let inlineOnly = getComputedStyle(inner).display.startsWith('inline');
          while (clipper && clipper !== c && getComputedStyle(clipper).overflowX === 'visible') {
            if (!getComputedStyle(clipper).display.startsWith('inline')) inlineOnly = false;
            clipper = clipper.parentElement;
          }
          if (!clipper) continue;
          const style = getComputedStyle(clipper);
          if (style.overflowX === 'visible') continue;
          const edge = clipper.getBoundingClientRect();
          const past = box.right > edge.right + 1 || box.left < edge.left - 1;
          if (past && !(style.textOverflow === 'ellipsis' && inlineOnly && inner.parentElement === clipper))
            defects.push({ table: name, what: `« ${text(inner)} » est coupé sans points de suspension` });
        }
        for (const inner of c.querySelectorAll('*')) {
          const style = getComputedStyle(inner);
          const cut = inner.scrollWidth > inner.clientWidth + 1 && style.overflowX !== 'visible';
          // A text shortened on purpose ends with an ellipsis; a visually hidden label is 1 px wide.
          if (cut && style.textOverflow !== 'ellipsis' && inner.clientWidth > 1)
            defects.push({ table: name, what: `« ${text(inner)} » est coupé dans sa cellule` });
        }
      }
    }
    return defects;
  });
}

describe('admin tables', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const [size, viewport] of [
      ['phone', PHONE],
      ['wide', WIDE],
    ] as const) {
      it(`at ${viewport.width} px in the ${theme} theme: no overlap, nothing cut${size === 'phone' ? ', the first row on screen' : ''}`, async () => {
        const { context, page } = await newPage(browser, viewport);
        await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
        await signInAsAdmin(page);
        const found: string[] = [];
        for (const [i, [path, ready, list]] of adminPages(page).entries()) {
          if (i === 0) await page.goto(path);
          else await openInApp(page, path);
          await ready();
          await page.waitForFunction(() => !document.querySelector('table[aria-busy]'));
          for (const d of await tableDefects(page)) found.push(`${path} (${d.table}) : ${d.what}`);
          if (list && size === 'phone') {
            const bottom = await page
              .getByRole('table', { name: list })
              .locator('tbody tr')
              .first()
              .evaluate((row) => row.getBoundingClientRect().bottom);
            if (bottom > viewport.height) found.push(`${path} : la première ligne finit à ${Math.round(bottom)} px, sous l'écran`);
          }
          const slug = path.replace(/^\/admin\/?/, '').replace(/\/.*/, '') || 'dashboard';
          await screenshot(page, `admin-tables-${slug}-${size}-${theme}`);
        }
        assert.deepEqual(found, [], found.join('\n'));
        await context.close();
      });
    }
  }

  it('folds the filters of every admin list behind a « Filtres » button on a phone: the first row is on screen', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await signInAsAdmin(page);
    const firstRowBottom = (name: string) =>
      page
        .getByRole('table', { name })
        .locator('tbody tr')
        .first()
        .evaluate((row) => row.getBoundingClientRect().bottom);
    for (const [path, table] of [
      ['/admin/sites', 'Sites'],
      ['/admin/clients', 'Utilisateurs'],
      ['/admin/emails', 'Journal des e-mails'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('table', { name: table }).locator('tbody tr').first().waitFor();
      const bottom = await firstRowBottom(table);
      assert.ok(bottom <= PHONE.height, `${path}: the first row ends at ${Math.round(bottom)} px, below a ${PHONE.height} px screen`);
      const button = page.getByRole('button', { name: /^Filtres/ });
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.getByRole('searchbox').count(), 0, `${path}: the search is folded`);
      await button.click();
      await page.getByRole('searchbox').first().waitFor();
      await button.click();
    }

    // The webhooks' deliveries on 'Intégrations' too: their two filters behind the card's own button.
    await page.goto('/admin/integrations');
    const deliveries = page.getByRole('table', { name: 'Livraisons des webhooks' });
    await deliveries.locator('tbody tr').first().waitFor();
    const status = page.getByRole('combobox', { name: 'Statut' });
    assert.equal(await status.isVisible(), false, '/admin/integrations: the deliveries’ filters are folded');
    const deliveriesFilters = page.getByRole('button', { name: /^Filtres/ });
    assert.equal(await deliveriesFilters.getAttribute('aria-expanded'), 'false');
    await deliveriesFilters.click();
    await status.selectOption('failed');
    await page.getByRole('button', { name: 'Filtres (1)' }).waitFor();
    await screenshot(page, 'admin-tables-integrations-filters-open-phone');

    // The active count: a search and a filter on the sites.
    await page.goto('/admin/sites?q=fromagerie&status=active');
    await page.getByRole('button', { name: 'Filtres (2)' }).waitFor();
    await page.getByRole('button', { name: 'Filtres (2)' }).click();
    assert.equal(await page.getByRole('searchbox', { name: 'Rechercher un site' }).inputValue(), 'fromagerie');
    await screenshot(page, 'admin-tables-sites-filters-open-phone');

    // From 640 px the filters are shown as before, and there is no button.
    await page.setViewportSize(WIDE);
    await page.getByRole('searchbox', { name: 'Rechercher un site' }).waitFor();
    assert.equal(await page.getByRole('button', { name: /^Filtres/ }).isVisible(), false);
    await context.close();
  });
});
