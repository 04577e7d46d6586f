// Strong customer authentication (3-D Secure) in the browser, with the sandbox's test card 4000 0027 6000 3184, whose
// bank asks every time: an order paid on the hosted checkout through the bank's page (refused once, then authorized);
// a renewal Stripe cannot take off-session, shown as 'Authentification requise' and authenticated on the hosted
// invoice page; an upgrade taken through the same page instead of failing. Webhooks arrive late and in any order (the
// runner's default); where the page must say 'Paiement en cours de confirmation…', they are held back until it has.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, newPage, PHONE, screenshot, uniqueEmail } from '../browser.ts';
import { eventually, provisionedClient, sandboxControl, signInAsClient, subscriptionOf, type ProvisionedClient } from '../orders.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

/** Authentication required on every payment, on-session and off-session (stripe-sandbox/src/three-d-secure.ts). */
const ALWAYS = '4000 0027 6000 3184';
const SLOW = { timeout: 20_000 };
const CONFIRMING = 'Paiement en cours de confirmation…';
const h1 = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor(SLOW);

async function webhooks(sandboxUrl: string, action: 'hold' | 'release'): Promise<void> {
  const res = await fetch(`${sandboxUrl}/test/webhooks/${action}`, { method: 'POST' });
  assert.equal(res.status, 200, await res.text());
}

/** The bank's test page of the sandbox: 'Authentification 3-D Secure', answered with 'Autoriser' or 'Échouer'. */
async function bank(page: Page, answer: 'Autoriser' | 'Échouer', shot?: string): Promise<void> {
  const step = page.getByRole('dialog', { name: 'Authentification 3-D Secure' });
  await step.waitFor(SLOW);
  assert.match((await step.textContent()) ?? '', /carte se terminant par 3184/);
  if (shot) await screenshot(page, shot);
  await step.getByRole('button', { name: answer, exact: true }).click();
}

/** A link opening Stripe's hosted invoice page in a new tab: that tab, loaded. */
async function openInNewTab(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const [opened] = await Promise.all([context.waitForEvent('page'), click()]);
  await opened.waitForLoadState();
  return opened;
}

/**
 * On the hosted invoice page of a payment awaiting authentication: Stripe's notice, 'Confirmer le paiement', the bank's
 * page answered 'Autoriser' with webhooks held back (released by the caller), and the invoice paid.
 */
async function authenticateInvoice(invoicePage: Page, client: ProvisionedClient, shot?: string): Promise<void> {
  await invoicePage.getByText('Authentification requise : votre banque demande de confirmer ce paiement (3-D Secure).').waitFor(SLOW);
  await invoicePage.getByRole('button', { name: 'Confirmer le paiement', exact: true }).click();
  await webhooks(client.sandboxUrl, 'hold');
  await bank(invoicePage, 'Autoriser', shot);
  await invoicePage.getByText('Paiement reçu, merci !').waitFor(SLOW);
}

describe('3-D Secure', () => {
  it('an order paid with 4000 0027 6000 3184: the bank’s page, refused once (still unpaid), then authorized, and the site started', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('3ds-commande');
    const password = 'atelier-3ds-2025';
    const registered = await page.request.post('/api/auth/register', {
      data: { name: 'Inès Carpentier', email, password, confirmPassword: password },
    });
    assert.equal(registered.status(), 201, await registered.text());
    const token = await signInAsClient(page, { email, password });
    const auth = { Authorization: `Bearer ${token}` };
    const draft = await page.request.post('/api/order-drafts', { headers: auth, data: { planType: 'pro' } });
    assert.equal(draft.status(), 201, await draft.text());
    const { id: draftId } = (await draft.json()) as { id: string };
    const saved = await page.request.patch(`/api/order-drafts/${draftId}`, {
      headers: auth,
      data: {
        prefersCall: false,
        data: {
          siteName: 'Menuiserie Carpentier',
          businessSector: 'Menuiserie',
          about: 'Menuiserie artisanale à Tours : escaliers, placards et agencements sur mesure.',
          services: ['Escaliers', 'Placards'],
        },
      },
    });
    assert.equal(saved.status(), 200, await saved.text());
    const created = await page.request.post('/api/checkout-sessions', {
      headers: auth,
      data: {
        consumerRequest: true,
        draftId,
        billing: { fullName: 'Inès Carpentier', email, address: '9 rue Colbert', city: 'Tours', postalCode: '37000' },
      },
    });
    assert.equal(created.status(), 201, await created.text());
    const { sessionId, url } = (await created.json()) as { sessionId: string; url: string };

    // The hosted checkout: the card whose bank asks, then the bank says no.
    await page.goto(url);
    await page.getByRole('heading', { name: 'Paiement sécurisé' }).waitFor(SLOW);
    await page.getByLabel('Numéro de carte').fill(ALWAYS);
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await bank(page, 'Échouer');
    const refused = page.getByRole('alert');
    await refused.waitFor(SLOW);
    assert.equal(
      (await refused.textContent())?.trim(),
      "L'authentification 3-D Secure a échoué : le paiement n'a pas été effectué. Réessayez ou utilisez une autre carte.",
    );
    await page.getByRole('heading', { name: 'Paiement sécurisé' }).waitFor();
    const unpaid = (await (await page.request.get(`/api/checkout-sessions/${sessionId}`)).json()) as Record<string, unknown>;
    assert.deepEqual({ status: unpaid.status, provisioned: unpaid.provisioned }, { status: 'open', provisioned: false });
    await screenshot(page, 'sandbox-checkout-3ds-failed');

    // Again, and the bank authorizes: back to the product, which waits for the payment, then shows the order.
    assert.equal(await page.getByLabel('Numéro de carte').inputValue(), '4000002760003184', 'the card typed is kept');
    await page.getByRole('button', { name: 'Payer', exact: true }).click();
    await bank(page, 'Autoriser');
    await page.waitForURL(`**/payment-success?*session_id=${sessionId}*`, SLOW);
    await h1(page, 'Merci, votre commande est confirmée !');
    await page.getByRole('link', { name: 'Voir mon site' }).click();
    await h1(page, 'Menuiserie Carpentier');
    await page.getByText('En attente').first().waitFor(SLOW);
    const sites = (await (await page.request.get('/api/sites', { headers: auth })).json()) as { total: number };
    assert.equal(sites.total, 1);
    await context.close();
  });

  it('a renewal the bank asks to authenticate (phone): Authentification requise, Authentifier le paiement on the invoice page, the site current', async () => {
    const client = await provisionedClient({
      siteName: 'Boulangerie Vasseur',
      prefix: '3ds-renouvellement',
      card: ALWAYS.replaceAll(' ', ''),
    });
    const { context, page } = await newPage(browser, PHONE);
    const token = await signInAsClient(page, client);
    const { id: subscriptionId } = await subscriptionOf(page, token, client.siteId);
    await sandboxControl(client, subscriptionId, 'renew');
    await eventually(
      'le renouvellement à authentifier',
      async () => (await subscriptionOf(page, token, client.siteId)).status === 'past_due',
    );
    await eventually('la demande d’authentification enregistrée', async () => {
      const res = await page.request.get('/api/billing/payment-issues', { headers: { Authorization: `Bearer ${token}` } });
      return ((await res.json()) as { issues: { reason: string }[] }).issues.some((i) => i.reason === 'authentication_required');
    });

    await page.goto(`/dashboard/sites/${client.siteId}`);
    await h1(page, client.siteName);
    const banner = page.getByRole('region', { name: 'Authentification requise' });
    await banner.waitFor(SLOW);
    assert.match((await banner.textContent()) ?? '', /Votre banque demande de confirmer le paiement de 29,00[\u202f\u00a0]€/);
    await page.getByText('Paiement en retard').first().waitFor();
    await screenshot(page, 'client-site-authentication-required-phone-light', { fullPage: false });
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(scroll, 0, 'no page-wide horizontal scroll at 390 px');

    // 'Authentifier le paiement' opens Stripe's hosted invoice page in a new tab; the bank's page is answered there.
    const invoicePage = await openInNewTab(context, () => banner.getByRole('link', { name: 'Authentifier le paiement' }).click());
    try {
      await authenticateInvoice(invoicePage, client, 'sandbox-invoice-3ds-phone');
      await invoicePage.close();
      // Stripe has the payment, its webhooks are late: the site's page says only that it is being confirmed.
      await page.getByText(CONFIRMING).waitFor(SLOW);
      assert.equal(await banner.count(), 0, 'no failure shown while the payment is being confirmed');
      await webhooks(client.sandboxUrl, 'release');
      await page.getByText(CONFIRMING).waitFor({ state: 'detached', ...SLOW });
    } finally {
      await webhooks(client.sandboxUrl, 'release');
    }
    await eventually('le site à jour', async () => (await page.getByText('Paiement en retard').count()) === 0);
    assert.equal(await banner.count(), 0);
    assert.equal((await subscriptionOf(page, token, client.siteId)).status, 'active');
    await context.close();
  });

  it('an upgrade the bank asks to authenticate: the upgrade page, Confirmer le paiement on the invoice page, then Business', async () => {
    const client = await provisionedClient({ siteName: 'Librairie Moreau', prefix: '3ds-business', card: ALWAYS.replaceAll(' ', '') });
    const { context, page } = await newPage(browser);
    const token = await signInAsClient(page, client);
    await page.goto(`/dashboard/sites/${client.siteId}/manage`);
    await h1(page, "Gérer l'abonnement");
    await page.getByRole('button', { name: 'Passer en Business', exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Passer en Business ?' });
    await dialog.getByRole('button', { name: 'Passer en Business', exact: true }).click();

    // Nothing charged yet: the page explains the bank's request and links to the invoice's page.
    await page.waitForURL(`**/upgrade-success?*authentication=1*`, SLOW);
    await h1(page, 'Authentification requise');
    await page.getByText(/Votre banque demande de confirmer le paiement du passage en Business/).waitFor();
    const invoicePage = await openInNewTab(context, () => page.getByRole('link', { name: 'Confirmer le paiement' }).click());
    try {
      await authenticateInvoice(invoicePage, client);
      await invoicePage.close();
      await h1(page, CONFIRMING);
      await webhooks(client.sandboxUrl, 'release');
    } finally {
      await webhooks(client.sandboxUrl, 'release');
    }
    await h1(page, 'Votre abonnement est mis à jour !');
    await page.getByText('Votre site est maintenant en formule Business.').waitFor();
    const site = await page.request.get(`/api/sites/${client.siteId}`, { headers: { Authorization: `Bearer ${token}` } });
    assert.equal(((await site.json()) as { type: string }).type, 'business');
    await context.close();
  });
});
