// Journeys of issue 5: the public site's calls to action, the Teams quote request (real backend, then seen by the
// admin), the FAQ, the services, contact and legal pages. Each public page in both themes on a phone and a wide
// screen (pictured, never scrolling sideways) is the accessibility audit's (accessibility.ts).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launch, newPage, PHONE, screenshot, signInAsAdmin, uniqueEmail } from '../browser.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

describe('home', () => {
  it('sends each call to action where the spec says, without loading admin or client code', async () => {
    const { context, page } = await newPage(browser);
    const scripts: string[] = [];
    const darkPosters: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      if (/\/hero-dark-/.test(r.url())) darkPosters.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    const hero = page.locator('section[aria-labelledby="hero-titre"]');
    assert.equal(await hero.getByRole('link', { name: 'Créer mon site' }).getAttribute('href'), '/#features');
    assert.equal(await hero.getByRole('link', { name: 'Voir des exemples' }).getAttribute('href'), '/#portfolio');
    const pricing = page.locator('#features');
    assert.equal(await pricing.getByRole('link', { name: 'Commencer avec la formule Pro' }).getAttribute('href'), '/order?plan=basic');
    assert.equal(
      await pricing.getByRole('link', { name: 'Commencer avec la formule Business' }).getAttribute('href'),
      '/order?plan=business',
    );
    assert.equal(await page.locator('#faq').getByRole('link', { name: 'Contactez-nous' }).getAttribute('href'), '/contact');
    assert.equal(await page.getByRole('link', { name: 'Je me lance' }).getAttribute('href'), '/#features');
    assert.equal(await page.getByRole('link', { name: 'Créer mon site maintenant' }).getAttribute('href'), '/#features');

    // The example link scrolls to the portfolio.
    await hero.getByRole('link', { name: 'Voir des exemples' }).click();
    await page.waitForURL('**/#portfolio');
    await page.waitForFunction(() => Math.abs(document.getElementById('portfolio')!.getBoundingClientRect().top) < 120);

    // The lightbox opens on an example and closes with Escape.
    await page.getByRole('button', { name: "Agrandir l'aperçu du site Boulangerie Martin" }).click();
    const dialog = page.getByRole('dialog', { name: 'Boulangerie Martin' });
    await dialog.waitFor();
    await dialog.getByRole('img').evaluate((img: HTMLImageElement) => img.decode());
    await screenshot(page, 'public-home-lightbox-desktop-light');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // The hero keeps its poster (WebP); the player is blocked or offline here, so the notice shows over it.
    const posterSrc = await hero
      .getByRole('img', { name: /^Aperçu d'un site vitrine/ })
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    assert.match(posterSrc, /hero-light-\d+-.*\.webp$/);
    assert.deepEqual(darkPosters, [], 'a light visitor never loads the dark poster');
    await page.getByText('Vidéo temporairement indisponible').waitFor({ timeout: 15_000 });
    await page.getByText('Rechargez la page pour réessayer').waitFor();

    const forbidden = scripts.filter((s) => /Admin|Dashboard|Profile/.test(s));
    assert.deepEqual(forbidden, [], 'no admin or client chunk on the home page');
    await context.close();
  });

  it('opens two FAQ answers at once', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/#faq');
    const faq = page.locator('#faq');
    const first = faq.getByRole('button', { name: 'En combien de temps mon site est-il en ligne ?' });
    const second = faq.getByRole('button', { name: 'Suis-je engagé sur la durée ?' });
    assert.equal(await first.getAttribute('aria-expanded'), 'false');
    await first.click();
    await second.click();
    assert.equal(await first.getAttribute('aria-expanded'), 'true');
    assert.equal(await second.getAttribute('aria-expanded'), 'true');
    assert.ok(await faq.getByText('Votre site est livré en 24 heures ouvrées').isVisible());
    assert.ok(await faq.getByText('L’abonnement est sans engagement').isVisible());
    assert.equal(await faq.getByRole('button', { expanded: true }).count(), 2);
    await screenshot(faq, 'public-faq-phone-light');
    await second.click();
    assert.equal(await second.getAttribute('aria-expanded'), 'false');
    assert.ok(await faq.getByText('Votre site est livré en 24 heures ouvrées').isVisible());
    await context.close();
  });

  it('shows one example on a phone, the others behind "Voir plus d\'exemples"', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/#portfolio');
    const portfolio = page.locator('#portfolio');
    const toggle = portfolio.getByRole('button', { name: "Voir plus d'exemples" });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await portfolio.getByRole('heading', { name: 'Atelier Verde' }).isVisible(), false);
    await toggle.click();
    await portfolio.getByRole('heading', { name: 'Atelier Verde' }).waitFor();
    const less = portfolio.getByRole('button', { name: 'Voir moins' });
    assert.equal(await less.getAttribute('aria-expanded'), 'true');
    await context.close();
  });

  it('opens the Teams quote panel, validates, sends the request, and the admin sees it', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('devis');
    await page.goto('/');
    const pricing = page.locator('#features');
    const teams = pricing.getByRole('button', { name: 'Demander un devis' });
    await teams.click();
    assert.equal(await pricing.getByRole('button', { name: 'Fermer le formulaire', exact: true }).getAttribute('aria-expanded'), 'true');
    const panel = page.locator('#devis-sur-mesure');
    const form = panel.getByRole('form', { name: 'Demande de devis' });
    await form.waitFor();
    // Scrolled into view.
    await page.waitForFunction(() => {
      const top = document.getElementById('devis-sur-mesure')!.getBoundingClientRect().top;
      return top >= 0 && top < window.innerHeight / 2;
    });

    await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await form.getByText('Le nom complet est requis').waitFor();
    assert.ok(await form.getByText('La description du projet est requise').isVisible());

    await form.getByLabel('Nom complet').fill('Jean-Pierre Lambert');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Téléphone').fill('06 11 22 33 44');
    await form.getByLabel(/Entreprise/).fill('Garage Lambert');
    await form
      .getByLabel('Description du projet')
      .fill('Un site pour mon garage avec prise de rendez-vous en ligne et un catalogue de pièces.');
    await form.getByLabel(/Budget/).selectOption('3000-5000');
    await form.getByRole('radio', { name: 'Après-midi (14h-17h)' }).check();
    await screenshot(page, 'public-quote-desktop-light');
    await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await panel.getByText('Demande envoyée avec succès !').waitFor();
    assert.ok(await panel.getByText('Nous vous rappellerons dans les 24h pour discuter de votre projet.').isVisible());

    // The Teams button closes the panel.
    await pricing.getByRole('button', { name: 'Fermer le formulaire', exact: true }).click();
    await panel.waitFor({ state: 'detached' });
    assert.equal(await teams.getAttribute('aria-expanded'), 'false');

    // The admin finds the request in the list, unspecified fields shown as such.
    await signInAsAdmin(page);
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Demandes de devis' }).click();
    await page.waitForURL('**/admin/quotes');
    const item = page.getByRole('listitem').filter({ hasText: email });
    await item.waitFor();
    assert.ok(await item.getByText('Garage Lambert').isVisible());
    // The labels come with the catalogue, which may answer after the list: wait for them.
    await item.getByText('3 000 € – 5 000 €').waitFor();
    assert.ok(await item.getByText('Non spécifié').isVisible(), 'the timeline was left empty');
    assert.ok(await item.getByText('Après-midi (14h-17h)').isVisible());
    await screenshot(page, 'admin-quotes-desktop-light');
    await context.close();
  });
});

describe('services, contact and legal pages', () => {
  it('goes from /services to the pricing section of the home page', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/services');
    await page.getByRole('heading', { name: 'Votre site en 24h, étape par étape' }).waitFor();
    assert.equal(await page.locator('#processus ol > li').count(), 4);
    await page.getByRole('link', { name: 'Voir les tarifs' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#features');
    await page.locator('#features').getByText('29 €').first().waitFor();
    await page.waitForFunction(() => Math.abs(document.getElementById('features')!.getBoundingClientRect().top) < 120);
    await context.close();
  });

  it('opens the quote form in a dialog from the /services hero', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto('/services');
    await page.getByRole('button', { name: 'Demander un devis' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demande de devis' });
    await dialog.getByLabel('Nom complet').waitFor();
    await screenshot(page, 'public-services-quote-phone-light');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('lists the contact channels and the hours', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/contact');
    assert.match((await page.getByRole('link', { name: /^Appeler le/ }).getAttribute('href')) ?? '', /^tel:\+33/);
    assert.match((await page.getByRole('link', { name: /Écrire au support/ }).getAttribute('href')) ?? '', /^mailto:/);
    assert.match((await page.getByRole('link', { name: /Réserver un appel/ }).getAttribute('href')) ?? '', /^https:\/\//);
    assert.equal(await page.getByRole('row', { name: 'Dimanche Fermé' }).count(), 1);
    assert.equal(await page.getByRole('row', { name: 'Samedi 9h00-17h00' }).count(), 1);
    assert.ok(await page.getByText('Réponse garantie en moins de 3 heures').isVisible());
    await context.close();
  });

  it('gives the terms 13 anchored sections (and the consumer annex) and the legal notice 11, reachable from their table of contents', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/cgv');
    await page.getByText('Version du 06/09/2025').waitFor();
    // The specification's 13 sections, then the consumer annex (decision 0022), each anchored and in the summary.
    const cgvHeadings = page.locator('section[aria-labelledby] > h2[id]');
    assert.equal(await cgvHeadings.count(), 14);
    const summary = page.getByRole('navigation', { name: 'Sommaire' });
    assert.equal(await summary.getByRole('link').count(), 14);
    assert.equal(await summary.getByRole('link', { name: /^Annexe — / }).count(), 1);
    await summary.getByRole('link', { name: /Garantie satisfait ou remboursé/ }).click();
    await page.waitForURL('**/cgv#remboursement');
    await page.waitForFunction(() => Math.abs(document.getElementById('remboursement')!.getBoundingClientRect().top) < 150);

    await page.goto('/mentions-legales');
    await page.getByText('Dernière mise à jour : 06/09/2025').waitFor();
    assert.equal(await page.locator('section[aria-labelledby] > h2[id]').count(), 11);
    const toc = page.getByRole('navigation', { name: 'Table des matières' });
    await toc.getByRole('link', { name: /Vos droits/ }).click();
    await page.waitForURL('**/mentions-legales#droits');
    await page.waitForFunction(() => Math.abs(document.getElementById('droits')!.getBoundingClientRect().top) < 150);
    assert.ok(await page.getByText('sous 30 jours').isVisible());
    await context.close();
  });
});
