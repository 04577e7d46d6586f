// A paid order through the real API, as the wizard and Stripe's hosted page make it: a client account, its order
// draft filled in, a checkout session, the sandbox's 'Payer', then the webhook's provisioning (a pending site).
// Nothing is written to the database by hand.
import assert from 'node:assert/strict';
import { ADMIN } from './app.ts';
import { BASE_URL, uniqueEmail } from './browser.ts';

export interface PaidSite {
  siteId: string;
  siteName: string;
  client: { email: string; password: string; name: string; id: string };
}

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  assert.equal(res.status, status, `${res.url} : ${text}`);
  return JSON.parse(text) as T;
}

/** Registers a client, orders a site signed in, pays on the sandbox, and waits for the site to exist. */
export async function orderPaidSite(options: { siteName: string; name?: string; planType?: 'pro' | 'business' }): Promise<PaidSite> {
  const email = uniqueEmail('commande');
  const password = 'motdepasse1';
  const name = options.name ?? 'Hélène Garnier';
  const session = await json<{ access_token: string; user: { id: string } }>(
    await fetch(`${BASE_URL}/api/auth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name, email, password, confirmPassword: password }) }),
    201,
  );
  const auth = { 'Content-Type': 'application/json', Authorization: `Bearer ${session.access_token}` };
  const draft = await json<{ id: string }>(await fetch(`${BASE_URL}/api/order-drafts`, { method: 'POST', headers: auth, body: JSON.stringify({ planType: options.planType ?? 'pro' }) }), 201);
  const form = {
    siteName: options.siteName,
    businessSector: 'Céramique',
    about: 'Un atelier de céramique artisanale : pièces uniques, cours et stages.',
    services: ['Cours', 'Stages'],
    tagline: 'Façonné à la main',
  };
  await json(await fetch(`${BASE_URL}/api/order-drafts/${draft.id}`, { method: 'PATCH', headers: auth, body: JSON.stringify({ data: form, prefersCall: false }) }), 200);
  const checkout = await json<{ sessionId: string; url: string }>(
    await fetch(`${BASE_URL}/api/checkout-sessions`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ draftId: draft.id, billing: { fullName: name, email, address: '4 rue des Potiers', city: 'Nantes', postalCode: '44000' } }),
    }),
    201,
  );
  // The sandbox's hosted page: 'Payer' posts the card, the sandbox delivers the signed events, then redirects.
  const paid = await fetch(`${new URL(checkout.url).origin}/checkout/${checkout.sessionId}/pay`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'card=4242424242424242',
    redirect: 'manual',
  });
  assert.equal(paid.status, 303, await paid.text());
  for (let i = 0; i < 100; i++) {
    const status = await json<{ provisioned: boolean; siteId: string | null }>(await fetch(`${BASE_URL}/api/checkout-sessions/${checkout.sessionId}`), 200);
    if (status.provisioned && status.siteId) return { siteId: status.siteId, siteName: options.siteName, client: { email, password, name, id: session.user.id } };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`la commande ${draft.id} n'a pas créé de site`);
}

/** An admin's access token, for API calls made by the tests themselves. */
export async function adminToken(): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(ADMIN) });
  return (await json<{ access_token: string }>(res, 200)).access_token;
}
