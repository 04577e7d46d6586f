// WCAG 2.1 A/AA checks (axe-core, colour contrast included) on every page of the app, in both themes, on a wide screen
// and a phone, with a picture of the public pages, the order's steps and results, the client's pages, the profile and
// the mail log as audited (for a person to look at), and every page checked for sideways scrolling. Fails listing each
// violation with the elements concerned. Each page is brought to its state once and audited in the theme it opened in,
// then in the other, switched in place as the header's toggle does: the pages alternate between opening light and
// opening dark. One journey file per width (accessibility-wide.test.ts, accessibility-phone.test.ts), so two copies of
// the product share the audit.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  BASE_URL,
  expectFailures,
  launch,
  newPage,
  openInApp,
  PHONE,
  PICTURES,
  screenshot,
  signInAsAdmin,
  uniqueEmail,
} from '../browser.ts';
import { orderPaidSite, type PaidSite, provisionedClient, type ProvisionedClient, seedDraft, signInAsClient } from '../orders.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let browser: Browser;
/** A client whose order is paid: a site pending, an invoice, a support message sent (the wait shows). */
let client: ProvisionedClient;
/** A paid order, so the admin's site pages show a site with its order and its client. */
let paid: PaidSite;
/** The accounts whose pages are audited, with a support message and a quote request. */
async function auditedAccounts(): Promise<{ client: ProvisionedClient; paid: PaidSite }> {
  const provisioned = await provisionedClient({ siteName: 'Atelier Céramique Garnier', prefix: 'a11y-client' });
  const order = await orderPaidSite({ siteName: 'Atelier Céramique Garnier' });
  const token = await (
    await fetch(`${BASE_URL}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: provisioned.email, password: provisioned.password }),
    })
  ).json();
  const sent = await fetch(`${BASE_URL}/api/support/messages`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${(token as { access_token: string }).access_token}` },
    body: JSON.stringify({ email: provisioned.email, subject: 'Horaires', message: 'Pouvez-vous ajouter nos horaires ?' }),
  });
  assert.equal(sent.status, 201, await sent.text());
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
  return { client: provisioned, paid: order };
}

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

/**
 * Lets entrance transitions finish: half-faded text would be measured at the wrong contrast. Waits until no animation
 * runs over two frames in a row, since a section hydrated late (the home page's islands) can start one after the
 * first have ended.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = () => document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    for (let quiet = 0; quiet < 2;) {
      await Promise.all(finite().map((a) => a.finished.catch(() => undefined)));
      await new Promise((r) => requestAnimationFrame(r));
      quiet = finite().some((a) => a.playState === 'running') ? 0 : quiet + 1;
    }
  });
}

type Theme = 'light' | 'dark';

/** The theme the page shows (its document's class, as public/theme-init.js and the toggle set it). */
function shownTheme(page: Page): Promise<Theme> {
  return page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'));
}

/**
 * Switches the theme as a person does with the header's toggle (its click, dispatched to the button itself, so that a
 * modal dialog open over the page, or the phone's menu, stays open), and waits until the app shows it: the document's
 * class, and the toggle's own state, which the app renders from the theme it holds.
 */
async function switchTheme(page: Page, to: Theme): Promise<void> {
  const toggle = 'header button[aria-label="Basculer le thème"]';
  await page.locator(toggle).evaluate((button) => (button as HTMLButtonElement).click());
  await page.waitForFunction(
    ({ selector, dark }) =>
      document.documentElement.classList.contains('dark') === dark &&
      document.querySelector(selector)?.getAttribute('aria-pressed') === String(dark),
    { selector: toggle, dark: to === 'dark' },
  );
}

/**
 * Audits the page as it is, in the theme it shows, then in the other: axe, sideways scrolling, and its picture
 * (`<picture>-<phone|wide>-<theme>.jpg`) when it has one. `fullPage: false` pictures only the window (a dialog).
 */
async function auditBothThemes(
  page: Page,
  where: string,
  width: number,
  problems: string[],
  picture?: { name: string; fullPage?: boolean },
): Promise<void> {
  const first = await shownTheme(page);
  for (const theme of [first, first === 'light' ? 'dark' : 'light'] as const) {
    if (theme !== first) await switchTheme(page, theme);
    await settled(page);
    const label = `${where} ${theme} ${width} px`;
    problems.push(...describeViolations(label, await audit(page)));
    problems.push(...(await sidewaysScroll(page, label)));
    if (picture && PICTURES) {
      const fullPage = picture.fullPage ?? true;
      if (fullPage) {
        await loadLazyImages(page);
        // From the top, where the header's fixed bar belongs.
        await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      }
      await screenshot(page, `${picture.name}-${width <= PHONE.width ? 'phone' : 'wide'}-${theme}`, { fullPage });
    }
  }
}

interface PageCheck {
  path: string;
  /** Resolves when the page shows what it will show (data loaded), after opening what the page can open. */
  ready: (page: Page) => Promise<unknown>;
  /** A picture of the page as audited, in the artifacts (`<picture>-<phone|wide>-<theme>.jpg`), for a person to look at. */
  picture?: string;
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
      // Lazy images and the sections that wake as they come near: scroll through the page once.
      await scrollThrough(page);
      // An open FAQ answer, and the Teams quote form showing its validation messages.
      await page.locator('#faq').getByRole('button').first().click();
      await page.locator('#features').getByRole('button', { name: 'Demander un devis' }).click();
      const form = page.getByRole('form', { name: 'Demande de devis' });
      await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
      await form.getByText('Le nom complet est requis').waitFor();
    },
    picture: 'public-home',
  },
  { path: '/services', ready: h1, picture: 'public-services' },
  { path: '/contact', ready: h1, picture: 'public-contact' },
  { path: '/cgv', ready: (page) => page.getByText('Version du 06/09/2025').waitFor(), picture: 'public-cgv' },
  {
    path: '/mentions-legales',
    ready: (page) => page.getByText('Dernière mise à jour : 06/09/2025').waitFor(),
    picture: 'public-mentions-legales',
  },
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
  { path: '/page-inexistante', ready: (page) => h1(page).then(() => openMenuOnPhone(page)) },
];

/** A new account's pages: nothing ordered yet (the empty lists). */
const newClientPages: PageCheck[] = [
  { path: '/dashboard', ready: (page) => page.getByText('Aucun site créé').waitFor() },
  {
    path: '/dashboard/profile',
    ready: (page) => page.getByRole('heading', { level: 1, name: 'Mon profil' }).waitFor(),
    picture: 'profile',
  },
  { path: '/dashboard/invoices', ready: (page) => page.getByText('Aucune facture').waitFor() },
];

/** Every page of a client with a paid order, showing its data (and the forms' messages). */
const clientPages = (siteId: string): PageCheck[] => [
  {
    path: '/dashboard',
    ready: (page) => page.getByRole('list', { name: 'Mes sites' }).getByRole('link').first().waitFor(),
    picture: 'client-dashboard',
  },
  {
    path: '/dashboard/sites',
    ready: (page) => page.getByRole('list', { name: 'Mes sites' }).getByRole('link').first().waitFor(),
    picture: 'client-sites',
  },
  {
    path: `/dashboard/sites/${siteId}`,
    ready: async (page) => {
      await page.getByRole('list', { name: 'Étapes de création' }).waitFor();
      await page.getByText('Pas encore vérifié').waitFor();
      await page.getByRole('button', { name: 'Demander une modification' }).click();
      await page.getByLabel('Description').waitFor();
    },
    picture: 'client-site',
  },
  {
    path: `/dashboard/sites/${siteId}/manage`,
    ready: (page) => page.getByRole('button', { name: 'Annuler à la fin de la période', exact: true }).waitFor(),
    picture: 'client-manage',
  },
  {
    path: '/dashboard/invoices',
    ready: (page) => page.getByRole('table', { name: 'Factures' }).getByText('Payée').waitFor(),
    picture: 'client-invoices',
  },
  {
    path: '/dashboard/support',
    ready: (page) => page.getByText(/^Vous pourrez envoyer un nouveau message dans /).waitFor(),
    picture: 'client-support',
  },
  {
    path: `/dashboard/sites/${siteId}/business-options`,
    ready: async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Options Business' }).waitFor();
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await page.getByText("Le nom de l'entreprise est requis").waitFor();
    },
    picture: 'client-business-options',
  },
];

/** The subscription's confirmation dialog, over the manage page. */
async function auditManageDialog(page: Page, siteId: string, width: number, problems: string[]): Promise<void> {
  await openInApp(page, `/dashboard/sites/${siteId}/manage`);
  await page.getByRole('button', { name: 'Annuler à la fin de la période', exact: true }).click();
  await page.getByRole('dialog', { name: 'Annuler à la fin de la période ?' }).waitFor();
  await auditBothThemes(page, '/dashboard/sites/{id}/manage (dialogue)', width, problems);
  await page.getByRole('dialog', { name: 'Annuler à la fin de la période ?' }).waitFor();
  await page.keyboard.press('Escape');
}

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
      await page.getByText('Pas encore vérifié').waitFor();
    },
  },
  { path: '/admin/clients', ready: (page) => page.getByRole('table', { name: 'Utilisateurs' }).waitFor() },
  { path: '/admin/audit', ready: (page) => page.getByRole('heading', { level: 1, name: "Journal d'audit" }).waitFor() },
  { path: '/admin/settings', ready: (page) => page.getByRole('textbox', { name: 'Téléphone' }).waitFor() },
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
      await page
        .getByRole('button', { name: /^Voir l'e-mail/ })
        .first()
        .click();
      await page.getByTitle(/^Aperçu : /).waitFor();
      // The sandboxed preview paints in its own process, once on screen: its text, for the picture.
      await page.getByTitle(/^Aperçu : /).scrollIntoViewIfNeeded();
      await page.frameLocator('iframe[title^="Aperçu"]').locator('body').getByText(/\S/).first().waitFor();
    },
    picture: 'admin-emails',
  },
  { path: '/admin/quotes', ready: (page) => page.getByText('Non spécifié').first().waitFor() },
  { path: '/admin/status', ready: (page) => page.getByText('Envoi des e-mails').first().waitFor() },
  { path: '/admin/integrations', ready: (page) => page.getByRole('heading', { level: 1, name: 'Intégrations' }).waitFor() },
];

/**
 * Audits each page: `inApp`, the first loaded and the next ones reached inside the app (openInApp), as a person
 * signed in moves between them; otherwise each page loaded.
 */
async function auditPages(page: Page, pages: PageCheck[], width: number, problems: string[], { inApp = false } = {}): Promise<void> {
  for (const [i, check] of pages.entries()) {
    if (inApp && i > 0) await openInApp(page, check.path);
    else await page.goto(check.path);
    await check.ready(page);
    await auditBothThemes(page, check.path, width, problems, check.picture ? { name: check.picture } : undefined);
  }
}

/** The page's width beyond the window's, said as a problem (a page scrolling sideways), or nothing. */
async function sidewaysScroll(page: Page, where: string): Promise<string[]> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  return scroll > client ? [`${where} — la page défile de côté (${scroll} > ${client} px)`] : [];
}

/**
 * Scrolls through the page once, then back to the top. Headless Chromium on a busy machine sometimes stops painting a
 * page for good right after such a scroll (docs/performance-tests.md, "A page that stops painting"): its frames never
 * come again, so a click waits for ever for its button to be stable and a picture for a frame. The page is then loaded
 * again and scrolled through once more, and the journey says so.
 */
async function scrollThrough(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight * 0.8) {
        window.scrollTo({ top: y, behavior: 'instant' });
        await new Promise((r) => setTimeout(r, 40));
      }
      window.scrollTo({ top: 0, behavior: 'instant' });
    });
    const painting = await page.evaluate(() =>
      Promise.race([
        new Promise<boolean>((r) => requestAnimationFrame(() => r(true))),
        new Promise<boolean>((r) => setTimeout(() => r(false), 5_000)),
      ]),
    );
    if (painting || attempt === 2) return;
    console.warn(`Chromium ne peint plus ${page.url()} après l'avoir parcourue : page chargée de nouveau.`);
    await page.reload();
  }
}

/**
 * Waits for the page's shown images (for a picture); when some are not loaded yet, scrolls through the page first so
 * that the lazy ones load, then goes back to the top. Once both themes' images are loaded, nothing is scrolled again.
 */
async function loadLazyImages(page: Page): Promise<void> {
  const loaded = () => Array.from(document.images).every((img) => img.complete || !img.checkVisibility());
  if (!(await page.evaluate(loaded))) await scrollThrough(page);
  await page.waitForFunction(loaded);
}

/**
 * The order wizard (each step, with validation messages showing), the billing dialog with its messages, the payment
 * through the sandbox's hosted page and the payment-result pages, for a visitor whose draft is filled through the API;
 * none scrolls sideways, and each is pictured (`order-<step>-<phone|wide>-<theme>.jpg`, `payment-…`).
 */
async function auditOrder(page: Page, width: number, problems: string[]): Promise<void> {
  const audited = (where: string, picture: string, { fullPage = true } = {}) =>
    auditBothThemes(page, where, width, problems, { name: picture, fullPage });
  const step = (name: string) => page.getByRole('heading', { level: 2, name }).waitFor();
  const next = () => page.getByRole('button', { name: 'Continuer' }).click();

  await page.goto('/');
  await seedDraft(page);
  await page.goto('/order');
  await step('Informations générales');
  await page.getByLabel('Nom du site').fill('');
  await page.getByLabel('Nom du site').blur();
  await page.getByText('Le nom du site est requis.').waitFor();
  await audited('/order étape 1', 'order-step1');
  await page.getByLabel('Nom du site').fill('Atelier Céramique Garnier');
  await next();
  await step('Comment souhaitez-vous continuer ?');
  await audited('/order étape 1.5', 'order-step1-5');
  await page.getByRole('button', { name: /Continuer le formulaire/ }).click();
  await step('Contenu de votre site');
  await page.getByRole('textbox', { name: 'Lien 2' }).focus();
  await page.getByRole('textbox', { name: 'Lien 2' }).blur();
  await page.getByText('Lien n°2 invalide.').waitFor();
  await audited('/order étape 2', 'order-step2');
  await page.getByRole('textbox', { name: 'Lien 2' }).fill('https://www.facebook.com/atelier');
  await next();
  await step('Design et options');
  await page.getByText('3 / 10 photos').waitFor();
  await page.evaluate(() => Promise.all(Array.from(document.images).map((img) => img.decode().catch(() => undefined))));
  await audited('/order étape 3', 'order-step3');
  await next();
  await step('Validation et paiement');
  await audited('/order étape 4', 'order-step4');
  await page.getByRole('button', { name: 'Finaliser ma commande' }).click();
  const dialog = page.getByRole('dialog', { name: 'Informations de facturation' });
  await dialog.getByRole('button', { name: 'Procéder au paiement' }).click();
  await dialog.getByText('Le nom complet est requis.').waitFor();
  await dialog.getByText('Cochez la case pour demander que la création de votre site commence dès maintenant.').waitFor();
  await audited('/order facturation', 'order-billing', { fullPage: false });
  await dialog.getByLabel('Nom complet').fill('Hélène Garnier');
  await dialog.getByLabel('Adresse').fill('3 quai de la Fosse');
  await dialog.getByLabel('Code postal').fill('44000');
  await dialog.getByLabel('Ville').fill('Nantes');
  await dialog.getByRole('checkbox', { name: /Je demande que la création de mon site commence dès maintenant/ }).check();
  await dialog.getByRole('button', { name: 'Procéder au paiement' }).click();
  await page.getByRole('button', { name: 'Payer' }).click();
  await page.getByRole('heading', { level: 1, name: 'Merci, votre commande est confirmée !' }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Rester sur cette page' }).click();
  await audited('/payment-success (payée)', 'payment-success');

  await page.goto('/order?canceled=1');
  await page.getByText('Une erreur est survenue lors du paiement. Veuillez réessayer.').waitFor();
  await audited('/order?canceled=1', 'order-canceled');
  await page.goto('/payment-success');
  await page.getByRole('heading', { level: 1, name: 'Session de paiement manquante' }).waitFor();
  await audited('/payment-success', 'payment-missing');
  expectFailures(page, /^404 GET \/api\/checkout-sessions\/cs_inconnu$/);
  await page.goto('/payment-success?session_id=cs_inconnu');
  await page.getByRole('heading', { level: 1, name: 'Erreur lors du traitement du paiement' }).waitFor({ timeout: 15_000 });
  await audited('/payment-success?session_id=…', 'payment-error');
  await page.goto('/upgrade-success?site_id=0b6c7a9e-1f0e-4a55-9d4c-3c2f1a7e8b10&plan_type=pro&is_downgrade=true');
  await page.getByRole('heading', { level: 1, name: 'Votre formule a changé' }).waitFor();
  await audited('/upgrade-success', 'upgrade-success');
}

/** Registers the audit of every page in both themes, at one width (1440 px or a phone's). */
export function auditEveryPage(viewport: { width: number; height: number }): void {
  before(async () => {
    browser = await launch();
    ({ client, paid } = await auditedAccounts());
  });
  after(async () => {
    await browser.close();
  });

  describe(`accessibility (axe-core, WCAG 2.1 AA) at ${viewport.width} px`, () => {
    it(`every page passes in the light and the dark theme at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(browser, viewport);
      // The 404 page is audited too: its address answers a real 404 status.
      expectFailures(page, /^404 GET \/page-inexistante$/);
      const problems: string[] = [];
      const width = viewport.width;

      await auditPages(page, publicPages, width, problems);
      await auditOrder(page, width, problems);

      // A client's pages (a new account, whose welcome mail also fills the admin's mail log).
      const res = await page.request.post('/api/auth/register', {
        data: { name: 'Inès Moreau', email: uniqueEmail('a11y'), password: 'motdepasse1', confirmPassword: 'motdepasse1' },
      });
      assert.equal(res.status(), 201);
      await auditPages(page, newClientPages, width, problems, { inApp: true });
      await context.clearCookies();

      // A client with a paid order (a site, an invoice, a support message waiting).
      await signInAsClient(page, client);
      await auditPages(page, clientPages(client.siteId), width, problems, { inApp: true });
      await auditManageDialog(page, client.siteId, width, problems);
      await context.clearCookies();

      await signInAsAdmin(page);
      await auditPages(page, adminPages(), width, problems, { inApp: true });

      await context.close();
      assert.deepEqual(problems, [], `${problems.length} accessibility violation(s):\n${problems.join('\n')}`);
    });
  });
}
