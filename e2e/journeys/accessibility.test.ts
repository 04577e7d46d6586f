// WCAG 2.1 A/AA checks (axe-core, colour contrast included) on every page of the app, in both themes, on a wide
// screen and a phone. Fails listing each violation with the elements concerned.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launch, newPage, PHONE, signInAsAdmin, uniqueEmail } from '../browser.ts';
import { orderPaidSite, type PaidSite } from '../orders.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
let paid: PaidSite;
before(async () => {
  browser = await launch();
  // A paid order, so the admin's site pages show a site with its order and its client.
  paid = await orderPaidSite({ siteName: 'Atelier Céramique Garnier' });
  // A quote request with its optional fields left empty, so the admin's list shows 'Non spécifié'.
  const res = await fetch(`${BASE_URL}/api/quotes`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      fullName: 'Hélène Garnier',
      email: uniqueEmail('a11y-devis'),
      phone: '06 10 20 30 40',
      description: 'Un site pour mon atelier de céramique.',
      callbackPreference: 'anytime',
    }),
  });
  assert.equal(res.status, 201, await res.text());
});
after(async () => {
  await browser.close();
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** Runs axe (WCAG 2.0/2.1 levels A and AA; color-contrast is part of them) on the page as it is. */
async function audit(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: not subject to the page's CSP, unlike an injected <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(
      // The hero's third-party video player (offline here) is not ours to audit; everything else is.
      { exclude: [['iframe[src*="player.vimeo.com"]'], ['iframe[src*="youtube-nocookie.com"]']] },
      {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        rules: { 'color-contrast': { enabled: true } },
        resultTypes: ['violations'],
        iframes: false,
      },
    );
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

function describeViolations(label: string, violations: Violation[]): string[] {
  return violations.map(
    (v) =>
      `${label} — ${v.id} (${v.impact}): ${v.help}, ${v.nodes.length} élément(s)\n` +
      v.nodes
        .slice(0, 4)
        .map((n) => `    ${JSON.stringify(n.target)} ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').trim()}`)
        .join('\n'),
  );
}

interface PageCheck {
  path: string;
  /** Resolves when the page shows what it will show (data loaded), after opening what the page can open. */
  ready: (page: Page) => Promise<unknown>;
}

/** On a phone, the page is also audited with the menu open. */
async function openMenuOnPhone(page: Page): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) {
    await menu.click();
    await page.locator('#mobile-menu').waitFor();
  }
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor();

const publicPages: PageCheck[] = [
  {
    path: '/',
    ready: async (page) => {
      await page.locator('#features').getByText('59 €').waitFor();
      // Lazy images and the scroll-driven reveals: scroll through the page once.
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight * 0.8) {
          window.scrollTo({ top: y, behavior: 'instant' });
          await new Promise((r) => setTimeout(r, 40));
        }
        window.scrollTo({ top: 0, behavior: 'instant' });
      });
      // An open FAQ answer, and the Teams quote form showing its validation messages.
      await page.locator('#faq').getByRole('button').first().click();
      await page.locator('#features').getByRole('button', { name: 'Demander un devis' }).click();
      const form = page.getByRole('form', { name: 'Demande de devis' });
      await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
      await form.getByText('Le nom complet est requis').waitFor();
    },
  },
  { path: '/services', ready: h1 },
  { path: '/contact', ready: (page) => h1(page).then(() => openMenuOnPhone(page)) },
  { path: '/cgv', ready: (page) => page.getByText('Version du 06/09/2025').waitFor() },
  { path: '/mentions-legales', ready: (page) => page.getByText('Dernière mise à jour : 06/09/2025').waitFor() },
  {
    path: '/login',
    ready: async (page) => {
      await h1(page);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.getByText("L'email est requis").waitFor();
    },
  },
  { path: '/register', ready: h1 },
  { path: '/forgot-password', ready: h1 },
  { path: '/page-inexistante', ready: h1 },
];

const clientPages: PageCheck[] = [
  { path: '/dashboard', ready: (page) => page.getByRole('heading', { level: 1, name: /Bonjour/ }).waitFor() },
  { path: '/dashboard/profile', ready: (page) => page.getByRole('heading', { level: 1, name: 'Mon profil' }).waitFor() },
];

const adminPages = (): PageCheck[] => [
  {
    path: '/admin',
    ready: async (page) => {
      await page.getByRole('region', { name: 'Chiffres clés' }).waitFor();
      await page.getByRole('button', { name: 'Exporter les données' }).click();
      await page.getByRole('button', { name: 'Exporter les sites (CSV)' }).waitFor();
    },
  },
  { path: '/admin/revenue', ready: (page) => page.getByRole('heading', { name: "Chiffre d'affaires des 12 derniers mois" }).waitFor() },
  { path: '/admin/sites', ready: (page) => page.getByRole('table', { name: 'Sites' }).waitFor() },
  { path: '/admin/sites?q=aucun-site-ne-porte-ce-nom', ready: (page) => page.getByText('Aucun site trouvé').waitFor() },
  {
    path: `/admin/sites/${paid.siteId}`,
    ready: async (page) => {
      await page.getByRole('heading', { name: 'Commande' }).waitFor();
      await page.getByRole('progressbar', { name: 'Avancement' }).waitFor();
    },
  },
  { path: '/admin/clients', ready: (page) => page.getByRole('table', { name: 'Utilisateurs' }).waitFor() },
  { path: '/admin/audit', ready: (page) => page.getByRole('heading', { level: 1, name: "Journal d'audit" }).waitFor() },
  {
    path: `/admin/clients/${paid.client.id}`,
    ready: async (page) => {
      await page.getByRole('combobox', { name: 'Modèle' }).selectOption('site-ready');
      await page.getByRole('textbox', { name: 'Objet' }).fill('');
      await page.getByRole('button', { name: 'Envoyer' }).waitFor();
    },
  },
  {
    path: '/admin/emails',
    ready: async (page) => {
      await page.getByRole('button', { name: /^Voir l'e-mail/ }).first().click();
      await page.getByTitle(/^Aperçu : /).waitFor();
    },
  },
  { path: '/admin/quotes', ready: (page) => page.getByText('Non spécifié').first().waitFor() },
];

async function auditPages(page: Page, pages: PageCheck[], label: string, problems: string[]): Promise<void> {
  for (const check of pages) {
    await page.goto(check.path);
    await check.ready(page);
    // Let entrance transitions finish: half-faded text would be measured at the wrong contrast.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    problems.push(...describeViolations(`${check.path} ${label}`, await audit(page)));
  }
}

describe('accessibility (axe-core, WCAG 2.1 AA)', () => {
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [{ width: 1440, height: 900 }, PHONE]) {
      const label = `${theme} ${viewport.width} px`;
      it(`every page passes in the ${theme} theme at ${viewport.width} px`, async () => {
        const { context, page } = await newPage(browser, viewport);
        await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
        const problems: string[] = [];

        await auditPages(page, publicPages, label, problems);

        // A client's pages (a new account, whose welcome mail also fills the admin's mail log).
        const res = await page.request.post('/api/auth/register', {
          data: { name: 'Inès Moreau', email: uniqueEmail('a11y'), password: 'motdepasse1', confirmPassword: 'motdepasse1' },
        });
        assert.equal(res.status(), 201);
        await auditPages(page, clientPages, label, problems);
        await context.clearCookies();

        await signInAsAdmin(page);
        await auditPages(page, adminPages(), label, problems);

        assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), theme === 'dark');
        await context.close();
        assert.deepEqual(problems, [], `${problems.length} accessibility violation(s):\n${problems.join('\n')}`);
      });
    }
  }
});
