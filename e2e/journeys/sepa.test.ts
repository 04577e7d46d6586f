// An order paid by SEPA Direct Debit on the sandbox's hosted checkout: the payment-success page says the bank is
// processing the debit (and stops asking), the sandbox's control settles it as the bank would days later, and the
// page, opened again, says the order is confirmed: the site is started.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, launch, newPage, screenshot, uniqueEmail } from '../browser.ts';

const SLOW = { timeout: 20_000 };
const PENDING = 'Merci, votre commande est bien reçue';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

describe('an order paid by SEPA Direct Debit', () => {
  it('pending page after the hosted checkout, then the site started once the sandbox settles the debit', async () => {
    const email = uniqueEmail('prelevement');
    const started = await fetch(`${BASE_URL}/api/order-drafts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ planType: 'pro' }),
    });
    assert.equal(started.status, 201);
    const draft = (await started.json()) as { id: string };
    const cookie = started.headers
      .getSetCookie()
      .find((c) => c.startsWith('order_draft='))!
      .split(';')[0];
    const saved = await fetch(`${BASE_URL}/api/order-drafts/${draft.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({
        data: {
          siteName: 'Prélèvement SEPA',
          currentEmail: email,
          about: 'Un site pour vérifier le prélèvement SEPA de bout en bout.',
          services: ['Essai'],
        },
      }),
    });
    assert.equal(saved.status, 200);
    const created = await fetch(`${BASE_URL}/api/checkout-sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({
        consumerRequest: true,
        draftId: draft.id,
        billing: { fullName: 'Client Prélevé', email, address: '1 rue du Test', city: 'Lyon', postalCode: '69001' },
      }),
    });
    assert.equal(created.status, 201);
    const { sessionId, url } = (await created.json()) as { sessionId: string; url: string };

    const { page } = await newPage(browser);
    await page.goto(url);
    await page.getByRole('heading', { name: 'Paiement sécurisé' }).waitFor(SLOW);
    await page.getByLabel('Prélèvement SEPA').check();
    await page.getByLabel('IBAN').fill('FR30 2004 1010 0505 0001 3M02 609');
    await page.getByLabel('Titulaire du compte').fill('Client Prélevé');
    await page.getByText(/vous autorisez \(A\)/).waitFor();
    await screenshot(page, 'checkout-sepa');
    await page.getByRole('button', { name: 'Payer' }).click();
    await page.waitForURL(`${BASE_URL}/payment-success?session_id=${sessionId}`, SLOW);

    await page.getByRole('heading', { level: 1, name: PENDING }).waitFor(SLOW);
    await page.getByText('nous démarrons votre site dès sa confirmation par votre banque').waitFor();
    await screenshot(page, 'payment-success-sepa-pending');

    // The bank confirms the debit (days later at Stripe): the sandbox's control, then the page opened again.
    const settled = await fetch(`${new URL(url).origin}/test/debits/settle?session=${sessionId}`, { method: 'POST' });
    assert.equal(settled.status, 200);
    assert.equal(((await settled.json()) as { settled: string[] }).settled.length, 1);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Merci, votre commande est confirmée !' }).waitFor(SLOW);
    const paid = (await (await fetch(`${BASE_URL}/api/checkout-sessions/${sessionId}`)).json()) as Record<string, unknown>;
    // Asked with the session id alone: the status, not the site (told to its buyer signed in only).
    assert.deepEqual(paid, { status: 'complete', paymentStatus: 'paid', provisioned: true, debit: null });
  });
});
