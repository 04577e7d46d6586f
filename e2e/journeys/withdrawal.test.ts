// A consumer's withdrawal on a phone (390 px, issue 38 item 22, decision 0022): a client who ordered as a private
// individual opens their site's subscription page, finds the model withdrawal form filled with the order's name and
// address, sends it after the confirmation dialog, and reads its acknowledgement; the subscription ends (the webhook
// of its cancellation at Stripe) and the refund's credit note is in their invoices.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launch, newPage, PHONE, screenshot } from '../browser.ts';
import { provisionedClient, signInAsClient } from '../orders.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

const SLOW = { timeout: 20_000 };

describe('a consumer’s withdrawal', () => {
  it('sends the model form from the subscription page on a phone, confirmed in a dialog; the subscription ends and the refund is credited', async () => {
    const client = await provisionedClient({ siteName: 'Atelier Rétro', prefix: 'retractation' });
    const { context, page } = await newPage(browser, PHONE);
    await signInAsClient(page, client);
    await page.goto(`/dashboard/sites/${client.siteId}/manage`);
    const section = page.locator('#retractation');
    await section.getByRole('heading', { name: 'Droit de rétractation' }).waitFor(SLOW);
    const form = section.getByRole('form', { name: 'Formulaire de rétractation' });
    await form
      .getByText('Je vous notifie par la présente ma rétractation du contrat portant sur la prestation de services ci-dessous :')
      .waitFor();
    assert.equal(await form.getByLabel('Nom du consommateur').inputValue(), 'Lys Bernard');
    assert.equal(await form.getByLabel('Adresse du consommateur').inputValue(), '4 place du Marché, 49000 Angers');
    // Nothing runs past a phone's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `la page déborde de ${overflow} px à 390 px`);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'withdrawal-form-phone');

    await form.getByRole('button', { name: 'Envoyer ma rétractation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vous rétracter de ce contrat ?' });
    await dialog.waitFor();
    await screenshot(page, 'withdrawal-dialog-phone', { fullPage: false });
    await dialog.getByRole('button', { name: 'Confirmer ma rétractation' }).click();
    await dialog.waitFor({ state: 'detached', ...SLOW });
    await section.getByText(/^Votre rétractation a été reçue le \d{2}\/\d{2}\/\d{4}\./).waitFor(SLOW);
    assert.equal(await form.count(), 0);

    // The cancellation's webhook ends the subscription; the page says so once it is read again.
    let ended = false;
    for (let i = 0; i < 40 && !ended; i++) {
      await page.reload();
      ended = await page
        .getByText(/^Abonnement terminé le /)
        .waitFor({ timeout: 1_000 })
        .then(() => true)
        .catch(() => false);
    }
    assert.ok(ended, 'l’abonnement n’est pas terminé après la rétractation');
    await section.getByText(/^Votre rétractation a été reçue le /).waitFor();
    await screenshot(page, 'withdrawal-received-phone');

    // The refund's credit note (avoir) is listed with the invoice.
    await page.goto('/dashboard/invoices');
    await page
      .getByText(/^Avoir .+ \(PDF\)$/)
      .first()
      .waitFor(SLOW);
    await context.close();
  });
});
