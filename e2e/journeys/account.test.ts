// Journeys of issue 2: register → logout → login → change name; guards; theme survives a reload; the mobile menu.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { ADMIN } from '../app.ts';
import { DESKTOP, expectFailures, launch, newPage, PHONE, screenshot, signIn, uniqueEmail } from '../browser.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

describe('account', () => {
  it('registers, logs out, logs back in and changes the name', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('parcours');
    await page.goto('/register');
    await page.getByLabel('Nom', { exact: true }).fill('Camille Dupont');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse1');
    await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('motdepasse1');
    await screenshot(page, 'register-desktop-light');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Bonjour, Camille Dupont').waitFor();
    await screenshot(page, 'dashboard-desktop-light');

    await page.getByRole('button', { name: 'Se déconnecter' }).first().click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Connexion' }).first().waitFor();

    await page.goto('/login');
    expectFailures(page, /^401 POST \/api\/auth\/login$/);
    await signIn(page, email, 'mauvais-mot-de-passe');
    await page.getByText('Email ou mot de passe incorrect').waitFor();
    await page.getByLabel('Mot de passe', { exact: true }).fill('motdepasse1');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/dashboard/profile');
    const name = page.getByLabel('Nom', { exact: true });
    await name.fill('Camille Martin');
    await page
      .getByRole('button', { name: /Enregistrer/ })
      .first()
      .click();
    await page.getByText('Profil mis à jour.').waitFor();
    await screenshot(page, 'profile-desktop-light');
    await page.getByRole('link', { name: 'Tableau de bord', exact: true }).first().click();
    await page.getByText('Bonjour, Camille Martin').waitFor();
    // The session survives a reload (restored from the refresh cookie), and the new name is the one stored.
    await page.reload();
    await page.getByText('Bonjour, Camille Martin').waitFor();
    await context.close();
  });

  it('sends a visitor of a protected page to /login, then back to that page', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('garde');
    const res = await page.request.post('/api/auth/register', {
      data: { name: 'Garde', email, password: 'motdepasse1', confirmPassword: 'motdepasse1' },
    });
    assert.equal(res.status(), 201);
    await context.clearCookies();
    await page.goto('/dashboard/profile');
    await page.waitForURL('**/login');
    await signIn(page, email, 'motdepasse1');
    await page.waitForURL('**/dashboard/profile');
    // A client is sent away from the admin area.
    await page.goto('/admin');
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('lets the admin reach the admin area and list users', async () => {
    const { context, page } = await newPage(browser);
    // Through the sign-in form (the other journeys sign the admin in through the API).
    await page.goto('/login');
    await signIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/admin');
    await page.getByRole('region', { name: 'Chiffres clés' }).waitFor();
    await screenshot(page, 'admin-desktop-light');
    await page.getByRole('link', { name: 'Gérer les utilisateurs' }).click();
    await page.waitForURL('**/admin/clients');
    await page.getByRole('searchbox', { name: 'Rechercher un utilisateur' }).fill('admin@example.com');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.getByRole('table', { name: 'Utilisateurs' }).getByRole('row').filter({ hasText: 'admin@example.com' }).waitFor();
    await context.close();
  });
});

describe('theme and menu', () => {
  it('keeps the dark theme across a reload, without a flash of light', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), false);
    await screenshot(page, 'home-desktop-light');
    await page.getByRole('button', { name: 'Basculer le thème' }).first().click();
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
    assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
    await page.reload({ waitUntil: 'commit' });
    // Applied by the head script before the app renders.
    await page.waitForFunction(() => document.body !== null);
    assert.equal(await page.evaluate(() => document.documentElement.classList.contains('dark')), true);
    // The page as a visitor sees it: prices loaded from the API (not 'networkidle', which a busy machine can keep from
    // ever coming within the test's time).
    await page.locator('#features').getByRole('link', { name: 'Commencer avec la formule Pro' }).waitFor();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await screenshot(page, 'home-desktop-dark');
    await page.goto('/login');
    await screenshot(page, 'login-desktop-dark');
    await context.close();
  });

  it("shows a dark visitor the dark theme's hero and toggle before the app's scripts have run, and after", async () => {
    const { context, page } = await newPage(browser);
    await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    const heroCode: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/Hero-[^/]*\.js$/.test(request.url())) heroCode.push(request.url());
    });
    // The page as its HTML paints it, its scripts held until the assertions below have been made.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const loading = page.goto('/');
    await page.waitForURL('/', { waitUntil: 'commit' });
    // What shows: the poster on screen, loaded, and the toggle's icon on screen.
    const shown = () =>
      page.waitForFunction(() => {
        const hero = document.querySelector('section[aria-labelledby="hero-titre"]');
        const posters = Array.from(hero?.querySelectorAll('picture img') ?? []).filter((img) => img.checkVisibility());
        const icons = Array.from(document.querySelectorAll('header button[aria-label="Basculer le thème"] svg')).filter((svg) =>
          svg.checkVisibility(),
        );
        const poster = posters[0] as HTMLImageElement | undefined;
        if (posters.length !== 1 || !poster?.complete || !poster.currentSrc || icons.length < 1) return null;
        return { poster: poster.currentSrc, sun: icons.every((svg) => svg.querySelector('circle') !== null) };
      });
    const beforeScripts = await (await shown()).jsonValue();
    assert.equal(await page.evaluate(() => document.documentElement.dataset.appReady), undefined, 'the app has not run yet');
    assert.match(beforeScripts!.poster, /hero-dark-\d+-/, 'the dark poster, before the scripts');
    assert.equal(beforeScripts!.sun, true, 'the toggle offers the light theme (a sun), before the scripts');
    release();
    await loading;
    const afterScripts = await (await shown()).jsonValue();
    assert.match(afterScripts!.poster, /hero-dark-\d+-/, 'the dark poster, once hydrated');
    assert.equal(afterScripts!.sun, true);
    // The hero's code waits for the visitor's first interaction, as for a light visitor (its HTML is the same).
    assert.deepEqual(heroCode, [], 'no hero code before an interaction');
    await context.close();
  });

  it('opens the mobile menu with every link, and closes it on navigation', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/');
    const menu = page.getByRole('button', { name: 'Menu' });
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    await screenshot(page, 'home-phone-light');
    await menu.click();
    assert.equal(await menu.getAttribute('aria-expanded'), 'true');
    const panelId = await menu.getAttribute('aria-controls');
    assert.ok(panelId, 'the menu button names its panel');
    const panel = page.locator(`[id="${panelId}"]`);
    for (const label of ['Accueil', 'Services', 'Prix', 'Portfolio', 'Contact', 'Connexion']) {
      assert.ok(await panel.getByRole('link', { name: label, exact: true }).isVisible(), `${label} visible in the mobile menu`);
    }
    await screenshot(page, 'menu-phone-light');
    await panel.getByRole('link', { name: 'Connexion', exact: true }).click();
    await page.waitForURL('**/login');
    assert.equal(await menu.getAttribute('aria-expanded'), 'false');
    await page.getByRole('button', { name: 'Basculer le thème' }).first().click();
    await screenshot(page, 'login-phone-dark');
    await context.close();
  });

  it('serves the API documentation and the health check on the same port', async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    const health = await page.request.get('/api/health');
    assert.deepEqual(await health.json(), { status: 'ok', database: 'up' });
    await page.goto('/api/docs');
    await page.getByText('Vitrine API').first().waitFor();
    await screenshot(page, 'api-docs');
    await context.close();
  });
});
