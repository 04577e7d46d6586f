// Paying through the Stripe sandbox that the launcher (scripts/start.ts) runs beside the app: the French hosted
// checkout, the signed webhooks it delivers to the app, and the way back to /payment-success.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { BASE_URL, launch, newPage, screenshot, uniqueEmail } from '../browser.ts';

let browser: Browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser.close();
});

interface SandboxEvent {
  type: string;
  object_id: string;
  delivery: { status: string; last_status_code: number | null };
}

describe('checkout with the Stripe sandbox', () => {
  it('pays on the hosted page, returns to /payment-success, and the app gets the signed events', async () => {
    const email = uniqueEmail('paiement');
    // The order as the wizard leaves it: a draft held by this client's cookie, its form saved.
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
    const form = {
      siteName: 'Paiement sandbox',
      currentEmail: email,
      about: 'Un site pour vérifier le paiement de bout en bout.',
      services: ['Essai'],
    };
    const saved = await fetch(`${BASE_URL}/api/order-drafts/${draft.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ data: form }),
    });
    assert.equal(saved.status, 200);
    const created = await fetch(`${BASE_URL}/api/checkout-sessions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({
        consumerRequest: true,
        draftId: draft.id,
        billing: { fullName: 'Client Sandbox', email, address: '1 rue du Test', city: 'Lyon', postalCode: '69001' },
      }),
    });
    assert.equal(created.status, 201);
    const { sessionId, url } = (await created.json()) as { sessionId: string; url: string };

    const { page } = await newPage(browser);
    await page.goto(url);
    await page.getByRole('heading', { name: 'Paiement sécurisé' }).waitFor();
    assert.equal(await page.getByLabel('Adresse e-mail').inputValue(), email);
    await screenshot(page, 'checkout-sandbox');
    await page.getByRole('button', { name: 'Payer' }).click();
    await page.waitForURL(`${BASE_URL}/payment-success?session_id=${sessionId}`);

    // The webhook answers once the event is stored and the inbox applies it just after (as /payment-success polls):
    // on a loaded machine the order may be provisioned a moment after the redirect.
    let paid: Record<string, unknown> = {};
    for (let i = 0; i < 100 && paid.provisioned !== true; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100));
      paid = (await (await fetch(`${BASE_URL}/api/checkout-sessions/${sessionId}`)).json()) as Record<string, unknown>;
    }
    // Asked with the session id alone (the buyer is not signed in yet): the status, nothing about the buyer.
    assert.deepEqual(paid, { status: 'complete', paymentStatus: 'paid', provisioned: true, debit: null });
    // The app's webhook endpoint accepted the signature (stored the event). The sandbox sends as Stripe does (late, some
    // twice, some first attempts failed and retried): the event's delivery may still be pending when the order is
    // provisioned from a copy of it, so the journey waits for the state, up to 20 s.
    const delivery = async () => {
      const events = (await (await fetch(`${new URL(url).origin}/test/events?type=checkout.session.completed`)).json()) as {
        data: SandboxEvent[];
      };
      const completed = events.data.find((e) => e.object_id === sessionId);
      return completed?.delivery && { status: completed.delivery.status, code: completed.delivery.last_status_code };
    };
    let delivered = await delivery();
    for (let i = 0; i < 200 && delivered?.status === 'pending'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      delivered = await delivery();
    }
    assert.deepEqual(delivered, { status: 'delivered', code: 200 });
  });
});
