// The team's daily work on a new site: an admin finds the pending site of a paid order by searching, ticks two build
// steps, sets the domain and the status, and the client's dashboard shows the site live with its domain.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, launch, newPage, PHONE, screenshot, signIn, signInAsAdmin } from '../browser.ts';
import { adminToken, orderPaidSite, type PaidSite } from '../orders.ts';

let browser: Browser;
let paid: PaidSite;
const suffix = Math.floor(Math.random() * 1e6).toString(36);
const siteName = `Poterie Éloïse ${suffix}`;
const domain = `poterie-eloise-${suffix}.fr`;

before(async () => {
  browser = await launch();
  paid = await orderPaidSite({ siteName, name: 'Éloïse Marchand' });
});
after(async () => {
  await browser.close();
});

describe('admin: from a paid order to a live site', () => {
  it('finds the pending site by search, ticks two steps, sets domain and status; the client sees it Actif with its domain', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto('/admin/sites?status=pending');
    const table = page.getByRole('table', { name: 'Sites' });
    await table.waitFor();

    // The search (accents included) narrows the list to this site; the list state lives in the URL.
    await page.getByRole('searchbox', { name: 'Rechercher un site' }).fill(`poterie éloïse ${suffix}`);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('q') === `poterie éloïse ${suffix}` && url.searchParams.get('status') === 'pending',
    );
    const row = table.getByRole('row').filter({ hasText: siteName });
    await row.waitFor();
    // The previous page stays on screen while the search answers: wait for the header and this site only.
    await page.waitForFunction(() => document.querySelectorAll('table tr').length === 2 && !document.querySelector('table[aria-busy]'));
    assert.ok(await row.getByText('En attente').isVisible());
    assert.ok(await row.getByText('Pro', { exact: true }).isVisible());
    assert.ok(await row.getByText('Aucun domaine').isVisible());
    assert.ok(await row.getByText('Éloïse Marchand').isVisible());
    await screenshot(page, 'admin-sites-search-desktop-light');
    await row.getByRole('link', { name: `Modifier ${siteName}` }).click();
    await page.waitForURL(`**/admin/sites/${paid.siteId}#modifier`);

    // Two build steps, each saved at once; the bar follows (2 / 5 = 40 %).
    await page.getByRole('heading', { level: 1, name: siteName }).waitFor();
    const bar = page.getByRole('progressbar', { name: 'Avancement' });
    assert.equal(await bar.getAttribute('aria-valuenow'), '0');
    for (const [step, percent] of [
      ['Démarré', '20'],
      ['Design OK', '40'],
    ] as const) {
      await page.getByRole('checkbox', { name: step }).check();
      await page.waitForFunction(
        ([value]) => document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow') === value,
        [percent],
      );
    }
    await page.getByText('Site mis à jour.').waitFor();

    // The order's answers are there for the team.
    assert.ok(await page.getByText('Façonné à la main').isVisible());

    // Domain and status, saved together.
    await page.getByRole('textbox', { name: 'Nom de domaine' }).fill(`  ${domain.toUpperCase()} `);
    await page.getByRole('combobox', { name: 'Statut' }).selectOption({ label: 'Actif' });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.locator('#modifier').getByText('Site mis à jour.').waitFor();
    assert.equal(await page.getByRole('textbox', { name: 'Nom de domaine' }).inputValue(), domain);
    await page.getByText('Statut : En attente → Actif').waitFor();
    await screenshot(page, 'admin-site-detail-desktop-light');

    // The audit log has who changed what.
    const log = await fetch(`${BASE_URL}/api/admin/audit-log?entityType=site&entityId=${paid.siteId}`, {
      headers: { Authorization: `Bearer ${await adminToken()}` },
    });
    const { entries } = (await log.json()) as { entries: Array<{ actorEmail: string; after: Record<string, unknown> }> };
    assert.deepEqual(
      entries.map((e) => e.after),
      [
        { domain, status: 'active' },
        { progression: { started: true, designOk: true, devOk: false, seoOk: false, technoReview: false } },
        { progression: { started: true, designOk: false, devOk: false, seoOk: false, technoReview: false } },
      ],
    );
    assert.ok(entries.every((e) => e.actorEmail === 'admin@example.com'));
    await context.close();

    // The client signs in: the dashboard shows the site live, with its domain.
    const client = await newPage(browser, PHONE);
    await client.page.goto('/login');
    await signIn(client.page, paid.client.email, paid.client.password);
    await client.page.waitForURL('**/dashboard');
    const mine = client.page.getByRole('list', { name: 'Mes sites' }).getByRole('link').filter({ hasText: siteName });
    await mine.waitFor();
    assert.ok(await mine.getByText(domain).isVisible());
    assert.ok(await mine.getByText('Actif').isVisible());
    await screenshot(client.page, 'client-dashboard-live-site-phone-light');
    await client.context.close();
  });

  it('keeps the list state in the URL: a reload shows the same filtered, sorted page', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await signInAsAdmin(page);
    await page.goto(`/admin/sites?q=${encodeURIComponent(suffix)}&status=active&sort=site_name&order=asc`);
    const table = page.getByRole('table', { name: 'Sites' });
    await table.getByRole('row').filter({ hasText: siteName }).waitFor();
    // On a phone the search and the filters are folded behind 'Filtres', which counts the two in use.
    await page.getByRole('button', { name: 'Filtres (2)' }).click();
    assert.equal(await page.getByRole('combobox', { name: 'Statut' }).inputValue(), 'active');
    await page.reload();
    await table.getByRole('row').filter({ hasText: siteName }).waitFor();
    await page.getByRole('button', { name: 'Filtres (2)' }).click();
    assert.equal(await page.getByRole('searchbox', { name: 'Rechercher un site' }).inputValue(), suffix);
    assert.equal(await page.getByRole('columnheader', { name: /Site/ }).first().getAttribute('aria-sort'), 'ascending');
    // On a phone each row is a card: status, plan, client and actions all in view, nothing to scroll sideways.
    const row = table.getByRole('row').filter({ hasText: siteName });
    for (const cell of await row.getByRole('cell').all()) {
      const box = (await cell.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= 390, `a cell is off the screen: ${await cell.textContent()}`);
    }
    const scroll = await table.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth);
    assert.equal(scroll, 0, 'the table scrolls sideways on a phone');
    // The search box takes the card's width (its button goes under it), room for 'Site, domaine, client ou email'.
    const search = (await page.getByRole('searchbox', { name: 'Rechercher un site' }).boundingBox())!;
    assert.ok(search.width >= 300, `the search box is ${search.width} px wide`);
    await screenshot(page, 'admin-sites-phone-dark');
    await context.close();
  });
});
