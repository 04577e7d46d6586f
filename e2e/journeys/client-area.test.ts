// The client area with a provisioned client (an order paid on the Stripe sandbox, the password set through the
// first-login link): dashboard → the site → its subscription, cancelled at period end and reactivated (each confirmed
// in a dialog); a support message and the server's wait surviving a reload; a modification request; the business
// options; the first invoice paid. Then the site's life following its payments, through the sandbox's time controls:
// a failed payment that Stripe gives up on suspends the site ('Annulé'), 'Réactiver' pays the open invoice and gives
// it back.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot, signIn } from '../browser.ts';
import { eventually, provisionedClient, sandboxControl, signInAsClient, subscriptionOf } from '../orders.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

const WIDE = { width: 1440, height: 900 };
const SLOW = { timeout: 20_000 };

const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor(SLOW);
const siteRow = (page: Page, siteName: string) =>
  page.getByRole('list', { name: 'Mes sites' }).getByRole('link', { name: new RegExp(siteName) });

/** Opens the confirmation dialog with `button`, checks its title, and confirms with its own button `confirm`. */
async function confirmIn(page: Page, button: string, title: string, confirm = button): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await dialog.waitFor({ state: 'detached', ...SLOW });
}

/** The manage page's subscription status ('Actif', 'Annulation programmée', …). */
const shownStatus = (page: Page) => page.locator('dt', { hasText: /^Statut$/ }).locator('xpath=following-sibling::dd[1]');

describe('the client area', () => {
  it('dashboard → site → manage: cancel at period end and reactivate; support with its wait; a modification request; business options; invoices', async () => {
    const client = await provisionedClient({ siteName: 'Fleurs de Lys' });
    const { context, page } = await newPage(browser, WIDE);
    await page.goto('/login');
    await signIn(page, client.email, client.password);
    await page.waitForURL('**/dashboard');
    await h1(page, /Bonjour/);

    // Dashboard → the site (origin 'dashboard': back goes to the dashboard).
    const row = siteRow(page, client.siteName);
    await row.waitFor(SLOW);
    assert.match((await row.textContent()) ?? '', /En attente/);
    await row.click();
    await page.waitForURL(`**/dashboard/sites/${client.siteId}`);
    await h1(page, client.siteName);
    await page.getByRole('link', { name: /Retour au tableau de bord/ }).waitFor();
    await page.getByRole('list', { name: 'Étapes de création' }).waitFor();

    // Manage: cancel at the end of the period, then reactivate, each confirmed in its dialog.
    await page.getByRole('link', { name: "Gérer l'abonnement" }).click();
    await page.waitForURL(`**/dashboard/sites/${client.siteId}/manage`);
    await h1(page, "Gérer l'abonnement");
    await shownStatus(page).filter({ hasText: 'Actif' }).waitFor(SLOW);
    await page.getByRole('button', { name: 'Annuler à la fin de la période', exact: true }).click();
    const cancelDialog = page.getByRole('dialog', { name: 'Annuler à la fin de la période ?' });
    await cancelDialog.waitFor();
    await screenshot(page, 'client-manage-cancel-dialog-desktop-light', { fullPage: false });
    // The dialog's buttons say what they do: 'Garder mon abonnement' only closes it.
    assert.equal(
      await cancelDialog.getByRole('button', { name: 'Annuler', exact: true }).count(),
      0,
      "no 'Annuler' that would keep the subscription",
    );
    await cancelDialog.getByRole('button', { name: 'Garder mon abonnement', exact: true }).click();
    await cancelDialog.waitFor({ state: 'detached' });
    assert.equal(await shownStatus(page).textContent(), 'Actif');
    await confirmIn(page, 'Annuler à la fin de la période', 'Annuler à la fin de la période ?');
    await shownStatus(page).filter({ hasText: 'Annulation programmée' }).waitFor(SLOW);
    await page.getByText(/L'abonnement prendra fin le \d{2}\/\d{2}\/\d{4}\./).waitFor();
    await confirmIn(page, 'Réactiver', 'Réactiver l’abonnement ?');
    await shownStatus(page).filter({ hasText: 'Actif' }).waitFor(SLOW);
    await page.getByRole('button', { name: 'Annuler à la fin de la période', exact: true }).waitFor();

    // A modification request from the site's page.
    await page.getByRole('link', { name: /Retour au site/ }).click();
    await h1(page, client.siteName);
    await page.getByRole('button', { name: 'Demander une modification' }).click();
    await page.getByLabel('Type de modification').selectOption({ label: 'Contenu' });
    await page.getByLabel('Priorité').selectOption({ label: 'Haute' });
    const send = page.getByRole('button', { name: 'Envoyer la demande' });
    assert.equal(await send.isDisabled(), true, 'nothing to send while the description is blank');
    await page.getByLabel('Description').fill('Ajouter nos horaires d’été sur la page d’accueil.');
    await send.click();
    await page.getByText('Votre demande a été envoyée.').waitFor(SLOW);
    assert.equal(await page.getByLabel('Description').inputValue(), '');

    // Support: 'Message envoyé', then the wait, counted down, still there after a reload (it comes from the server).
    await page.goto('/dashboard/support');
    await h1(page, 'Support');
    assert.equal(await page.getByLabel('E-mail', { exact: true }).inputValue(), client.email);
    await page.getByLabel('Sujet').fill('Horaires');
    await page.getByLabel('Message', { exact: true }).fill('Bonjour, pouvez-vous ajouter nos horaires d’été ?');
    await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
    await page.getByText('Message envoyé').waitFor(SLOW);
    const wait = page.getByText(/^Vous pourrez envoyer un nouveau message dans \d+\smin(\s\d+\ss)?\.$/);
    await wait.waitFor();
    assert.match((await wait.textContent()) ?? '', /dans 1[45]\smin(\s\d+\ss)?\./);
    assert.equal(await page.getByLabel('Sujet').inputValue(), '');
    assert.equal(await page.getByRole('button', { name: 'Envoyer', exact: true }).isDisabled(), true);
    await page.reload();
    await h1(page, 'Support');
    await wait.waitFor(SLOW);
    assert.match((await wait.textContent()) ?? '', /dans 1[45]\smin(\s\d+\ss)?\./);
    await page.getByLabel('Sujet').fill('Encore une question');
    await page.getByLabel('Message', { exact: true }).fill('Et pour les jours fériés ?');
    assert.equal(await page.getByRole('button', { name: 'Envoyer', exact: true }).isDisabled(), true, 'no second message during the wait');

    // Business options: the required fields, then saved and shown again after a reload.
    await page.goto(`/dashboard/sites/${client.siteId}/business-options`);
    await h1(page, 'Options Business');
    assert.equal(await page.getByLabel('E-mail', { exact: true }).inputValue(), client.email);
    assert.equal(await page.getByLabel('Pays').inputValue(), 'France');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText("Le nom de l'entreprise est requis").waitFor();
    await page.getByLabel("Nom de l'entreprise").fill('Fleurs de Lys SARL');
    await page.getByLabel("Type d'activité").selectOption({ label: 'Commerce' });
    await page.getByLabel("Secteur d'activité").fill('Fleuriste');
    await page.getByLabel('Services principaux').fill('Bouquets, compositions, livraisons');
    await page.getByLabel('Objectifs').fill('Recevoir des commandes de bouquets en ligne');
    await page.getByLabel('Ville').fill('Angers');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Vos informations ont été enregistrées.').waitFor(SLOW);
    await page.reload();
    await h1(page, 'Options Business');
    assert.equal(await page.getByLabel("Nom de l'entreprise").inputValue(), 'Fleurs de Lys SARL');
    assert.equal(await page.getByLabel("Type d'activité").inputValue(), 'retail');
    await page.getByText(/^Dernier enregistrement : /).waitFor();

    // Invoices: the first month, paid.
    await page.goto('/dashboard/invoices');
    await h1(page, 'Factures');
    const invoices = page.getByRole('table', { name: 'Factures' });
    await invoices.getByRole('row').nth(1).waitFor(SLOW);
    assert.equal(await invoices.getByRole('row').count(), 2, 'one invoice');
    const first = invoices.getByRole('row').nth(1);
    assert.match((await first.textContent()) ?? '', /Payée/);
    assert.match((await first.textContent()) ?? '', /29,00\s€/);
    await first.getByRole('link', { name: 'Voir' }).waitFor();
    await screenshot(page, 'client-invoices-desktop-light');
    await context.close();
  });

  it('a failed payment that Stripe gives up on suspends the site (Annulé); Réactiver pays the open invoice and gives it back', async () => {
    const client = await provisionedClient({ siteName: 'Primeurs Dubois', prefix: 'impaye' });
    const { context, page } = await newPage(browser, WIDE);
    const token = await signInAsClient(page, client);
    const { id: subscriptionId } = await subscriptionOf(page, token, client.siteId);

    await sandboxControl(client, subscriptionId, 'fail-payment');
    await sandboxControl(client, subscriptionId, 'give-up?then=unpaid');
    // The sandbox answers before its webhooks arrive (late, as Stripe sends them): the dashboard shows what the
    // server knows when it loads.
    await eventually('le site suspendu', async () => (await subscriptionOf(page, token, client.siteId)).status === 'unpaid');

    await page.goto('/dashboard');
    const row = siteRow(page, client.siteName);
    await row.waitFor(SLOW);
    assert.match((await row.textContent()) ?? '', /Annulé/);
    await row.click();
    await h1(page, client.siteName);
    await page.getByText('Abonnement annulé').waitFor();
    assert.equal(await page.getByRole('link', { name: 'Support', exact: true }).count(), 0, "'Support' gives way to the notice");
    await page.getByText(/En attente → Suspendu/).waitFor();
    await screenshot(page, 'client-site-suspended-desktop-light');

    await page.getByRole('link', { name: "Gérer l'abonnement" }).click();
    await h1(page, "Gérer l'abonnement");
    await page
      .getByText('Le dernier paiement a échoué : réactiver règle la facture en attente avec votre carte enregistrée.')
      .waitFor(SLOW);
    await confirmIn(page, 'Réactiver', 'Réactiver l’abonnement ?');
    await shownStatus(page).filter({ hasText: 'Actif' }).waitFor(SLOW);

    await page.goto('/dashboard');
    await row.waitFor(SLOW);
    assert.match((await row.textContent()) ?? '', /En attente/, 'back to the status it had');
    await page.goto('/dashboard/invoices');
    const invoices = page.getByRole('table', { name: 'Factures' });
    await invoices.getByRole('row').nth(2).waitFor(SLOW);
    assert.deepEqual(
      (await invoices.getByRole('row').allTextContents()).slice(1).map((r) => (r.match(/Payée|En attente|Annulée|Échouée/) ?? [''])[0]),
      ['Payée', 'Payée'],
    );
    await context.close();
  });
});
