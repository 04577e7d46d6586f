// Stripe's webhooks late, as they usually are: the browser is back from the hosted page before Stripe has told the
// server. Here the sandbox holds every webhook back (POST /test/webhooks/hold) while the client pays a restart, so that
// the site's page is seen before the payment is recorded: it says only 'Paiement en cours de confirmation…', never the
// ended site ('Annulé', 'Abonnement terminé') beside a thank-you, then shows the restarted site by itself once the
// webhooks arrive (released), without a reload.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launch, newPage, screenshot } from '../browser.ts';
import { eventually, provisionedClient, sandboxControl, signInAsClient } from '../orders.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

const SLOW = { timeout: 20_000 };
const CONFIRMING = 'Paiement en cours de confirmation…';
/** What the site's page says of an ended site: never to be seen beside the thank-you of its restart. */
const ENDED = /Annulé|Abonnement annulé|Abonnement terminé/;

async function webhooks(sandboxUrl: string, action: 'hold' | 'release'): Promise<void> {
  const res = await fetch(`${sandboxUrl}/test/webhooks/${action}`, { method: 'POST' });
  assert.equal(res.status, 200, await res.text());
}

/** Records, from now on, whether the page ever showed an ended site together with a thank-you. */
async function watchForStaleThanks(page: Page): Promise<() => Promise<boolean>> {
  await page.evaluate((source) => {
    const ended = new RegExp(source);
    const w = window as unknown as { staleThanks?: boolean };
    w.staleThanks = false;
    const check = () => {
      const text = document.body.innerText;
      if (text.includes('Merci') && ended.test(text)) w.staleThanks = true;
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    check();
  }, ENDED.source);
  return () => page.evaluate(() => Boolean((window as unknown as { staleThanks?: boolean }).staleThanks));
}

describe('late webhooks', () => {
  it('a restart paid while Stripe’s webhooks are late: only the confirmation, then the restarted site, never the ended one beside Merci', async () => {
    const client = await provisionedClient({ siteName: 'Forge Lemaire', prefix: 'tardif' });
    const { context, page } = await newPage(browser);
    const token = await signInAsClient(page, client);
    const auth = { headers: { Authorization: `Bearer ${token}` } };
    const subscription = async () =>
      (
        (await (await page.request.get(`/api/sites/${client.siteId}/subscription`, auth)).json()) as {
          subscription: { id: string; status: string };
        }
      ).subscription;
    const { id: subscriptionId } = await subscription();
    assert.equal((await page.request.post(`/api/sites/${client.siteId}/subscription/cancel`, auth)).status(), 200);
    await sandboxControl(client, subscriptionId, 'end-period');
    await eventually("la fin de l'abonnement", async () => (await subscription()).status === 'canceled');

    await page.goto(`/dashboard/sites/${client.siteId}/manage`);
    await page.getByRole('button', { name: 'Relancer mon site', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Relancer votre site ?' });
    await dialog.getByRole('button', { name: 'Relancer mon site', exact: true }).click();
    await page.getByRole('heading', { name: 'Paiement sécurisé' }).waitFor(SLOW);

    // Stripe takes the payment, its webhooks wait: the browser is back first.
    await webhooks(client.sandboxUrl, 'hold');
    try {
      await page.getByRole('button', { name: 'Payer', exact: true }).click();
      await page.waitForURL(`**/dashboard/sites/${client.siteId}?restarted=1&session_id=*`, SLOW);
      await page.getByRole('heading', { level: 1, name: CONFIRMING }).waitFor(SLOW);
      const staleThanks = await watchForStaleThanks(page);
      const text = await page.locator('main').innerText();
      assert.doesNotMatch(text, ENDED, 'nothing of the ended site while the payment is being confirmed');
      assert.doesNotMatch(text, /Merci/);
      assert.equal((await subscription()).id, subscriptionId, 'the server has not recorded the restart yet');
      await screenshot(page, 'client-site-restart-confirming-desktop-light');

      // The webhooks arrive: the page shows the restarted site by itself.
      await webhooks(client.sandboxUrl, 'release');
      await page.getByText('Merci ! Votre paiement est enregistré').waitFor(SLOW);
      await page.getByRole('heading', { level: 1, name: client.siteName }).waitFor();
      assert.doesNotMatch(await page.locator('main').innerText(), ENDED);
      assert.equal(await staleThanks(), false, 'the ended site was never shown beside the thank-you');
      assert.equal(await page.getByText(CONFIRMING).count(), 0);
      await eventually("l'adresse nettoyée", async () => !page.url().includes('session_id'));
      assert.notEqual((await subscription()).id, subscriptionId, 'the site has its new subscription');
    } finally {
      await webhooks(client.sandboxUrl, 'release');
    }
    await context.close();
  });
});
