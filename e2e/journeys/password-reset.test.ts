// Forgot password → follow the link from the captured mail → choose a new password → signed in.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { capturedLink, expectFailures, launch, newPage, screenshot, signInAsAdmin, uniqueEmail } from '../browser.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

describe('password reset', () => {
  it('sends a link by mail that sets a new password once and signs in', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('oubli');
    const created = await page.request.post('/api/auth/register', {
      data: { name: 'Oublieux', email, password: 'ancien-mdp', confirmPassword: 'ancien-mdp' },
    });
    assert.equal(created.status(), 201);
    await context.clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.waitForURL('**/forgot-password');
    // React Router changes the address, then commits the new page in a transition: on a loaded machine the sign-in
    // page, with an 'E-mail' field of its own, is still shown, and an address typed then goes with it (CI, 2026-11-28).
    await page.getByRole('heading', { level: 1, name: 'Mot de passe oublié' }).waitFor();
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await page.getByText('Si un compte existe pour cette adresse').waitFor();
    await screenshot(page, 'forgot-password-desktop-light');

    const link = await capturedLink(email, 'password-reset');
    assert.match(link, /\/reset-password\?token=/);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel('Mot de passe', { exact: true }).fill('nouveau-mdp');
    await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('nouveau-mdp');
    await screenshot(page, 'reset-password-desktop-light');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByText('Bonjour, Oublieux').waitFor();

    // The link works once.
    expectFailures(page, /^400 POST \/api\/auth\/reset-password$/);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel('Mot de passe', { exact: true }).fill('troisieme-mdp');
    await page.getByLabel('Confirmer le mot de passe', { exact: true }).fill('troisieme-mdp');
    await page.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await page.getByText('Lien invalide ou expiré').waitFor();

    const relogin = await page.request.post('/api/auth/login', { data: { email, password: 'nouveau-mdp' } });
    assert.equal(relogin.status(), 200);
    await context.close();
  });

  it('shows the admin the mail log with the captured mail', async () => {
    const { context, page } = await newPage(browser);
    await signInAsAdmin(page);
    await page.goto('/admin/emails');
    await page.getByRole('heading', { name: 'Journal des e-mails' }).waitFor();
    await page
      .getByRole('button', { name: /^Voir l'e-mail « Réinitialisation de votre mot de passe »/ })
      .first()
      .click();
    const frame = page.frameLocator('iframe[title^="Aperçu"]');
    await frame.getByText('Choisir un nouveau mot de passe').first().waitFor();
    await screenshot(page, 'admin-emails-desktop-light');
    await context.close();
  });
});
