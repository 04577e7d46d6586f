// Data rights and the client view (issue 25), in the browser: a provisioned client asks for their data archive from
// their profile and downloads it with the mailed link; the admin opens that client's space read only ('Voir comme le
// client'), sees the banner, is refused a write, and leaves; the client sees that view in their activity, then closes
// their account behind its dialog; the sign-in page says so and refuses their password; the admin sees 'Compte fermé
// le …' and the erasure request. Screenshots at 1440 px light and 390 px dark.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { capturedLink, expectFailures, launch, newPage, PHONE, screenshot, signIn, signInAsAdmin } from '../browser.ts';
import { provisionedClient } from '../orders.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** No WCAG 2.1 A/AA violation (axe-core, colour contrast included) on the page as it is. */
async function accessible(page: Page, where: string): Promise<void> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (c: unknown, o: unknown) => Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
      iframes: false,
    });
    return result.violations.map((v) => `${v.id}: ${v.help} ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  });
  assert.deepEqual(violations, [], `${where} : ${violations.join('\n')}`);
}

const WIDE = { width: 1440, height: 900 };
const SLOW = { timeout: 20_000 };
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor(SLOW);
const banner = (page: Page) => page.getByRole('region', { name: 'Consultation de l’espace d’un client' });

describe('data rights and the client view', () => {
  it('archive by mail, a read-only view by the team, then the account closed', async () => {
    const client = await provisionedClient({ siteName: 'Atelier Données', prefix: 'donnees' });

    // The client asks for their archive from the profile, and downloads it with the mailed link.
    const { context, page } = await newPage(browser, WIDE);
    await page.goto('/login');
    await signIn(page, client.email, client.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/dashboard/profile');
    await h1(page, 'Mon profil');
    await page.getByRole('button', { name: 'Télécharger mes données' }).click();
    await page.getByText(/nous préparons l’archive de vos données/).waitFor(SLOW);
    const link = new URL(await capturedLink(client.email, 'data-export-ready'));
    await page.goto(`${link.pathname}${link.search}`);
    await h1(page, 'Mes données');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger l’archive' }).click(),
    ]);
    const archive = readFileSync((await download.path())!);
    assert.equal(archive.subarray(0, 2).toString(), 'PK', 'a ZIP');
    assert.match(archive.toString('latin1'), /LISEZMOI\.txt/);
    await page.getByText(/Votre archive est téléchargée/).waitFor();
    await screenshot(page, 'data-export-desktop-light', { fullPage: false });
    await page.goto('/dashboard/profile#mes-donnees');
    await page.getByRole('list', { name: 'Vos demandes d’archive' }).getByText('Téléchargée', { exact: true }).waitFor(SLOW);
    await accessible(page, 'profil (1440 px, clair)');

    // The admin opens the client's space, read only.
    const admin = await newPage(browser, WIDE);
    expectFailures(admin.page, /^403 POST \/api\/support\/messages$/);
    await signInAsAdmin(admin.page);
    await admin.page.goto(`/admin/clients?q=${encodeURIComponent(client.email)}`);
    await admin.page.getByRole('table').getByRole('row').nth(1).getByRole('link').first().click();
    await h1(admin.page, /.+/);
    await admin.page.getByRole('heading', { name: 'Voir comme le client' }).waitFor(SLOW);
    await accessible(admin.page, 'fiche client (1440 px, clair)');
    await admin.page.getByRole('button', { name: 'Fermer le compte' }).click();
    const closeDialog = admin.page.getByRole('dialog', { name: 'Fermer le compte de ce client' });
    await closeDialog.getByText(/Ses abonnements en cours sont résiliés dans Stripe/).waitFor(SLOW);
    await accessible(admin.page, 'fermeture par l’équipe : dialogue (1440 px, clair)');
    await screenshot(admin.page, 'admin-close-dialog-desktop-light', { fullPage: false });
    await closeDialog.getByRole('button', { name: 'Retour' }).click();
    await admin.page.getByRole('button', { name: 'Voir comme le client' }).click();
    await admin.page.waitForURL('**/dashboard');
    await banner(admin.page)
      .getByText(/Vous consultez l'espace de .+ — lecture seule/)
      .waitFor(SLOW);
    await admin.page
      .getByRole('list', { name: 'Mes sites' })
      .getByRole('link', { name: /Atelier Données/ })
      .waitFor(SLOW);
    await screenshot(admin.page, 'client-view-dashboard-desktop-light', { fullPage: false });
    await accessible(admin.page, 'consultation : tableau de bord (1440 px, clair)');
    // A write is refused, whatever the page (moving inside the app: a reload is the admin again, the view is in memory).
    await admin.page.getByRole('link', { name: 'Contacter le support' }).click();
    await h1(admin.page, 'Support');
    await admin.page.getByLabel('Sujet').fill('Essai');
    await admin.page.getByLabel('Message', { exact: true }).fill('Envoyé par la consultation');
    // Refused by the server (the support form's failure is silent, spec §8; the banner says the view is read only).
    const refused = admin.page.waitForResponse((r) => r.url().endsWith('/api/support/messages') && r.request().method() === 'POST');
    await admin.page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    assert.equal((await refused).status(), 403);
    await banner(admin.page).getByRole('button', { name: 'Quitter la consultation' }).click();
    await admin.page.getByText('Vous avez quitté la consultation de l’espace du client.').waitFor(SLOW);
    await admin.context.close();

    // The client sees the view in their activity, then closes their account.
    await page.goto('/dashboard/profile#activite');
    await page.reload();
    await page
      .getByRole('region', { name: 'Consultations par l’équipe' })
      .getByText(/^Le \d{2}\/\d{2}\/\d{4}/)
      .waitFor(SLOW);
    await page.getByRole('button', { name: 'Fermer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fermer votre compte' });
    await dialog.getByText(/Vos abonnements en cours sont résiliés/).waitFor(SLOW);
    await dialog.getByText(/conservés jusqu’au 31\/12\/\d{4}/).waitFor();
    await screenshot(page, 'close-account-dialog-desktop-light', { fullPage: false });
    await accessible(page, 'fermeture du compte : dialogue (1440 px, clair)');
    // The end of the paid period is the default; this client closes at once.
    assert.equal(await dialog.getByRole('radio', { name: /À la fin de la période payée/ }).isChecked(), true);
    await dialog.getByRole('radio', { name: /Tout de suite/ }).check();
    await dialog.getByLabel('Mot de passe').fill(client.password);
    await dialog.getByRole('button', { name: 'Fermer définitivement mon compte' }).click();
    await page.waitForURL('**/login', SLOW);
    await page.getByText('Votre compte est fermé. Un e-mail de confirmation vous a été envoyé.').waitFor();
    expectFailures(page, /^401 POST \/api\/auth\/login$/);
    await signIn(page, client.email, client.password);
    await page.getByRole('alert').waitFor();
    await context.close();

    // The admin sees the closed account as such, and its erasure request.
    const after = await newPage(browser, PHONE);
    await after.context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await signInAsAdmin(after.page);
    await after.page.goto('/admin/closures');
    await h1(after.page, 'Comptes fermés');
    const row = after.page.getByRole('table', { name: 'Comptes fermés' }).getByRole('row').nth(1);
    await row.getByRole('link', { name: /^Compte fermé le \d{2}\/\d{2}\/\d{4}$/ }).waitFor(SLOW);
    assert.doesNotMatch((await after.page.content()) ?? '', new RegExp(client.email.replace(/[.+]/g, '\\$&')));
    await screenshot(after.page, 'admin-closures-phone-dark');
    await accessible(after.page, 'comptes fermés (390 px, sombre)');
    await row.getByRole('link').click();
    await h1(after.page, /^Compte fermé le/);
    await screenshot(after.page, 'admin-closed-client-phone-dark');
    await accessible(after.page, 'compte fermé (390 px, sombre)');
    await after.context.close();
  });

  it('on a phone in the dark theme: the profile’s cards, the closing dialog, the client view’s banner', async () => {
    const client = await provisionedClient({ siteName: 'Atelier Nuit', prefix: 'donnees-nuit' });
    const { context, page } = await newPage(browser, PHONE);
    await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await page.goto('/login');
    await signIn(page, client.email, client.password);
    await page.waitForURL('**/dashboard');
    await page.goto('/dashboard/profile');
    await h1(page, 'Mon profil');
    await page.getByRole('region', { name: 'Consultations par l’équipe' }).waitFor(SLOW);
    await accessible(page, 'profil (390 px, sombre)');
    await screenshot(page, 'profile-data-rights-phone-dark');
    await page.getByRole('button', { name: 'Fermer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fermer votre compte' });
    await dialog.getByText(/Vos abonnements en cours sont résiliés/).waitFor(SLOW);
    await accessible(page, 'fermeture du compte : dialogue (390 px, sombre)');
    await screenshot(page, 'close-account-dialog-phone-dark', { fullPage: false });
    await dialog.getByRole('button', { name: 'Garder mon compte' }).click();
    await page.goto('/dashboard/data-export?export=inconnu');
    await h1(page, 'Mes données');
    await accessible(page, 'lien d’archive invalide (390 px, sombre)');
    await context.close();

    const admin = await newPage(browser, PHONE);
    await admin.context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await signInAsAdmin(admin.page);
    await admin.page.goto(`/admin/clients?q=${encodeURIComponent(client.email)}`);
    await admin.page.getByRole('table').getByRole('row').nth(1).getByRole('link').first().click();
    await admin.page.getByRole('button', { name: 'Voir comme le client' }).click();
    await admin.page.waitForURL('**/dashboard');
    await banner(admin.page)
      .getByText(/lecture seule/)
      .waitFor(SLOW);
    await admin.page
      .getByRole('list', { name: 'Mes sites' })
      .getByRole('link', { name: /Atelier Nuit/ })
      .waitFor(SLOW);
    await accessible(admin.page, 'consultation : tableau de bord (390 px, sombre)');
    await screenshot(admin.page, 'client-view-dashboard-phone-dark', { fullPage: false });
    await banner(admin.page).getByRole('button', { name: 'Quitter la consultation' }).click();
    await admin.page.getByText('Vous avez quitté la consultation de l’espace du client.').waitFor(SLOW);
    await admin.context.close();
  });
});
