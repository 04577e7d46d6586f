// Helpers of the journeys that order: pictures to upload, and a draft filled through the API as the wizard would.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { ADMIN } from './app.ts';
import { BASE_URL, capturedLink, uniqueEmail } from './browser.ts';

/** A small picture drawn by the browser (a gradient and a label), as the bytes of a JPG or PNG file. */
export async function picture(page: Page, type: 'image/jpeg' | 'image/png', label: string, hue: number): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ({ type, label, hue }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 360;
      const ctx = canvas.getContext('2d')!;
      const gradient = ctx.createLinearGradient(0, 0, 480, 360);
      gradient.addColorStop(0, `hsl(${hue} 70% 55%)`);
      gradient.addColorStop(1, `hsl(${hue + 40} 70% 35%)`);
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, 480, 360);
      ctx.fillStyle = '#fff';
      ctx.font = 'bold 40px sans-serif';
      ctx.fillText(label, 32, 200);
      return canvas.toDataURL(type, 0.85);
    },
    { type, label, hue },
  );
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

/** A draft of this browser, filled through the API as the wizard would, to show each step in every theme and width. */
export async function seedDraft(
  page: Page,
  { step = '1', email = uniqueEmail('ecrans') }: { step?: string; email?: string } = {},
): Promise<void> {
  const created = await page.request.post('/api/order-drafts', { data: { planType: 'business' } });
  assert.equal(created.status(), 201);
  const { id } = (await created.json()) as { id: string };
  const saved = await page.request.patch(`/api/order-drafts/${id}`, {
    data: {
      currentStep: step,
      prefersCall: false,
      data: {
        siteName: 'Atelier Céramique Garnier',
        businessSector: 'Artisanat',
        currentEmail: email,
        phone: '06 10 20 30 40',
        domainChoice: 'new',
        domainName: 'atelier-garnier',
        tagline: 'Des pièces uniques, tournées à la main',
        about: 'Atelier de céramique à Nantes : vaisselle, luminaires et cours de tournage pour adultes et enfants.',
        services: ['Vaisselle sur mesure', 'Cours de tournage', 'Luminaires'],
        socialLinks: [
          'https://www.instagram.com/atelier-garnier',
          step === '1' ? 'pas-un-lien' : 'https://www.facebook.com/atelier-garnier',
        ],
        dominantColor: '#0d9488',
        stylePreferences: ['moderne', 'elegant'],
        businessFeatures: ['booking', 'ecommerce'],
        logoOption: 'create',
        includeTrustpilot: true,
        extraEmails: ['cours', 'boutique'],
      },
    },
  });
  assert.equal(saved.status(), 200, await saved.text());
  for (const [name, type, hue] of [
    ['bols.jpg', 'image/jpeg', 30],
    ['atelier.png', 'image/png', 160],
    ['tour.jpg', 'image/jpeg', 280],
  ] as const) {
    const res = await page.request.post(`/api/order-drafts/${id}/photos`, {
      multipart: { file: { name, mimeType: type, buffer: await picture(page, type, name.split('.')[0], hue) } },
    });
    assert.equal(res.status(), 201, await res.text());
  }
}

export interface ProvisionedClient {
  email: string;
  password: string;
  siteName: string;
  siteId: string;
  /** The Stripe sandbox's origin (from its hosted checkout's address), for its /test/ time controls */
  sandboxUrl: string;
}

/**
 * A client as a paid order leaves one: a Pro draft saved through the API, paid on the sandbox's hosted checkout (its
 * form posted as the 'Payer' button does; with a 3-D Secure `card`, its bank's test page answered 'Autoriser'), the
 * site provisioned by the webhook, then the password set through the first-login link of the mail log. The browser is
 * not involved: sign in with `signInAsClient`.
 */
export async function provisionedClient({
  siteName = 'Fleurs de Lys',
  prefix = 'client',
  card = '4242424242424242',
}: { siteName?: string; prefix?: string; card?: string } = {}): Promise<ProvisionedClient> {
  const email = uniqueEmail(prefix);
  const password = 'fleurs-de-lys-2025';
  const json = { 'Content-Type': 'application/json' };
  const started = await fetch(`${BASE_URL}/api/order-drafts`, { method: 'POST', headers: json, body: JSON.stringify({ planType: 'pro' }) });
  assert.equal(started.status, 201, await started.clone().text());
  const draft = (await started.json()) as { id: string };
  const cookie = started.headers
    .getSetCookie()
    .find((c) => c.startsWith('order_draft='))!
    .split(';')[0];
  const form = {
    siteName,
    currentEmail: email,
    about: 'Fleuriste de quartier : bouquets, compositions et livraisons.',
    services: ['Bouquets'],
    logoOption: 'none',
  };
  const saved = await fetch(`${BASE_URL}/api/order-drafts/${draft.id}`, {
    method: 'PATCH',
    headers: { ...json, Cookie: cookie },
    body: JSON.stringify({ data: form }),
  });
  assert.equal(saved.status, 200, await saved.clone().text());
  const created = await fetch(`${BASE_URL}/api/checkout-sessions`, {
    method: 'POST',
    headers: { ...json, Cookie: cookie },
    body: JSON.stringify({
      consumerRequest: true,
      draftId: draft.id,
      billing: { fullName: 'Lys Bernard', email, address: '4 place du Marché', city: 'Angers', postalCode: '49000' },
    }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  const { sessionId, url } = (await created.json()) as { sessionId: string; url: string };
  const sandboxUrl = new URL(url).origin;
  const posted = { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, redirect: 'manual' } as const;
  let paid = await fetch(`${sandboxUrl}/checkout/${sessionId}/pay`, { ...posted, body: `card=${card}` });
  if (paid.status === 200 && (await paid.clone().text()).includes('Authentification 3-D Secure'))
    paid = await fetch(`${sandboxUrl}/checkout/${sessionId}/authenticate`, { ...posted, body: 'result=authorize' });
  assert.equal(paid.status, 303, await paid.clone().text());
  let provisioned = false;
  for (let i = 0; i < 100 && !provisioned; i++) {
    const status = (await (await fetch(`${BASE_URL}/api/checkout-sessions/${sessionId}`)).json()) as { provisioned: boolean };
    provisioned = status.provisioned;
    if (!provisioned) await new Promise((r) => setTimeout(r, 200));
  }
  assert.ok(provisioned, `la commande ${sessionId} n'a pas créé de site`);

  const token = new URL(await capturedLink(email, 'first-login')).searchParams.get('token');
  const firstLogin = await fetch(`${BASE_URL}/api/auth/first-login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ token, password }),
  });
  assert.equal(firstLogin.status, 200, await firstLogin.clone().text());
  // The site is told to the order's buyer signed in only (the session id alone says nothing about it).
  const { access_token: accessToken } = (await firstLogin.json()) as { access_token: string };
  const owned = (await (
    await fetch(`${BASE_URL}/api/checkout-sessions/${sessionId}`, { headers: { Authorization: `Bearer ${accessToken}` } })
  ).json()) as { siteId?: string | null };
  const siteId = owned.siteId;
  assert.ok(siteId, `la commande ${sessionId} n'a pas de site pour son acheteur`);
  return { email, password, siteName, siteId, sandboxUrl };
}

/** Opens a session for `client` in this page's context (the refresh cookie, as the login form leaves it); answers its access token, for calls outside the page. */
export async function signInAsClient(page: Page, client: Pick<ProvisionedClient, 'email' | 'password'>): Promise<string> {
  const res = await page.request.post('/api/auth/login', { data: { email: client.email, password: client.password } });
  assert.equal(res.status(), 200, await res.text());
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * A sandbox time control on the client's subscription (renew, fail-payment, end-period, give-up: canceled as Stripe does
 * by default, or `give-up?then=unpaid`). It answers before
 * its webhooks arrive (late, in any order, as Stripe sends them): wait for the state they bring.
 */
export async function sandboxControl(
  client: ProvisionedClient,
  subscriptionId: string,
  action: 'renew' | 'fail-payment' | 'end-period' | 'give-up' | 'give-up?then=unpaid',
): Promise<void> {
  const res = await fetch(`${client.sandboxUrl}/test/subscriptions/${subscriptionId}/${action}`, { method: 'POST' });
  assert.equal(res.status, 200, await res.text());
}

/** The client's subscription of a site as the API shows it: its id and status (late webhooks move the status). */
export async function subscriptionOf(page: Page, token: string, siteId: string): Promise<{ id: string; status: string }> {
  const res = await page.request.get(`/api/sites/${siteId}/subscription`, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status(), 200);
  return ((await res.json()) as { subscription: { id: string; status: string } }).subscription;
}

/** Waits until `check` holds (what a late webhook brings), 20 s at most, saying what never came. */
export async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (let wait = 50; Date.now() < deadline; wait = Math.min(wait * 2, 1000)) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  throw new Error(`toujours pas : ${what}`);
}

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
    await fetch(`${BASE_URL}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name, email, password, confirmPassword: password }),
    }),
    201,
  );
  const auth = { 'Content-Type': 'application/json', Authorization: `Bearer ${session.access_token}` };
  const draft = await json<{ id: string }>(
    await fetch(`${BASE_URL}/api/order-drafts`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ planType: options.planType ?? 'pro' }),
    }),
    201,
  );
  const form = {
    siteName: options.siteName,
    businessSector: 'Céramique',
    about: 'Un atelier de céramique artisanale : pièces uniques, cours et stages.',
    services: ['Cours', 'Stages'],
    tagline: 'Façonné à la main',
  };
  await json(
    await fetch(`${BASE_URL}/api/order-drafts/${draft.id}`, {
      method: 'PATCH',
      headers: auth,
      body: JSON.stringify({ data: form, prefersCall: false }),
    }),
    200,
  );
  const checkout = await json<{ sessionId: string; url: string }>(
    await fetch(`${BASE_URL}/api/checkout-sessions`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        consumerRequest: true,
        draftId: draft.id,
        billing: { fullName: name, email, address: '4 rue des Potiers', city: 'Nantes', postalCode: '44000' },
      }),
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
    const status = await json<{ provisioned: boolean; siteId?: string | null }>(
      await fetch(`${BASE_URL}/api/checkout-sessions/${checkout.sessionId}`, {
        headers: { Authorization: `Bearer ${session.access_token}` },
      }),
      200,
    );
    if (status.provisioned && status.siteId)
      return { siteId: status.siteId, siteName: options.siteName, client: { email, password, name, id: session.user.id } };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`la commande ${draft.id} n'a pas créé de site`);
}

/** An admin's access token, for API calls made by the tests themselves. */
export async function adminToken(): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return (await json<{ access_token: string }>(res, 200)).access_token;
}
