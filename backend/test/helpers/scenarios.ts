import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import type { Api, SessionBody, TestApp } from './app';
import { registerClient } from './app';
import { orderAndCheckout } from './orders';
import { untilQuiet } from './stripe';

/**
 * The set-ups the e2e specs share against the Stripe sandbox: paying a hosted checkout as the buyer's browser does,
 * waiting until what the sandbox sent is processed, a sandbox test control, and a paid client with its site.
 */

/** The card the sandbox accepts. */
export const TEST_CARD = '4242424242424242';
/** An order's options with nothing added: no logo, no listings, no extra mailbox. */
export const SIMPLE = { logoOption: 'none', includeGoogleBusiness: false, includeTrustpilot: false, extraEmails: [] };

/** A test app with its sandbox (appWithSandbox's, or a spec's own pair), and any other instance sharing its database. */
export interface SandboxApp {
  sandbox: StripeSandbox;
  t: Pick<TestApp, 'app'>;
  others?: Array<Pick<TestApp, 'app'>>;
}

/** The hosted checkout session's id, from its id or its URL (`…/checkout/<id>`). */
export const sessionIdOf = (sessionOrUrl: string) =>
  sessionOrUrl.startsWith('http') ? new URL(sessionOrUrl).pathname.split('/').filter(Boolean).at(-1)! : sessionOrUrl;

/**
 * Pays on the sandbox's hosted checkout page (or saves a card on a setup-mode one) as the buyer's browser posts its
 * form: the sandbox answers 303 when paid. `fields` default to the test card alone.
 */
export function payOnSandbox(
  sandbox: Pick<StripeSandbox, 'url'>,
  sessionOrUrl: string,
  fields: Record<string, string> = { card: TEST_CARD },
) {
  return postForm(`${sandbox.url}/checkout/${sessionIdOf(sessionOrUrl)}/pay`, fields);
}

/** Posts a form of the sandbox's hosted pages (checkout, invoice) as a browser does, without following the redirect. */
export function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/**
 * Waits until the sandbox has delivered every webhook on its way (late, in any order, some twice) and every instance
 * has processed them, again while what an instance does makes the sandbox send more (at least `rounds` rounds).
 */
export function settle({ sandbox, t, others = [] }: SandboxApp, rounds = 1): Promise<void> {
  return untilQuiet(sandbox, [t, ...others], rounds);
}

/** Pays the checkout with the test card (303) and waits until its events are processed. */
export async function payAndSettle(env: SandboxApp, sessionOrUrl: string): Promise<void> {
  expect((await payOnSandbox(env.sandbox, sessionOrUrl)).status).toBe(303);
  await settle(env);
}

/** A sandbox test control (`/test/clock/advance`, `/test/subscriptions/…/fail-next-payment`…): 200, then settled. */
export async function sandboxControl<T = unknown>(env: SandboxApp, path: string, rounds = 1): Promise<T> {
  const res = await fetch(`${env.sandbox.url}${path}`, { method: 'POST' });
  expect(res.status).toBe(200);
  const body = (await res.json()) as T;
  await settle(env, rounds);
  return body;
}

/** The events the sandbox recorded (`?type=…` to filter), newest first as it lists them. */
export async function sandboxEvents<T>(sandbox: Pick<StripeSandbox, 'url'>, query = ''): Promise<T[]> {
  return ((await (await fetch(`${sandbox.url}/test/events${query}`)).json()) as { data: T[] }).data;
}

/** What `paidClient` answers: the signed-in client, the site its order created and that site's subscription. */
export interface PaidClient {
  client: SessionBody;
  siteId: string;
  subscriptionId: string;
  sessionId: string;
  draftId: string;
}

/**
 * A paid client: registered, its order of `planType` checked out, paid with the test card, the events processed.
 * `active`: the team has built the site (status 'active').
 */
export async function paidClient(
  env: SandboxApp & { t: Pick<TestApp, 'app' | 'dataSource'> & { api: Api } },
  {
    email,
    name,
    planType = 'pro',
    data,
    password,
    active = false,
  }: { email: string; name?: string; planType?: 'pro' | 'business'; data?: object; password?: string; active?: boolean },
): Promise<PaidClient> {
  const client = await registerClient(env.t.api, { email, ...(name ? { name } : {}), ...(password ? { password } : {}) });
  const { sessionId, draftId } = await orderAndCheckout(env.t.api, { session: client, planType, data });
  await payAndSettle(env, sessionId);
  const [site] = (await env.t.dataSource.query(`SELECT id, stripe_subscription_id FROM sites WHERE user_id = $1`, [
    client.user.id,
  ])) as Array<{
    id: string;
    stripe_subscription_id: string;
  }>;
  if (active) await env.t.dataSource.query(`UPDATE sites SET status = 'active' WHERE id = $1`, [site.id]);
  return { client, siteId: site.id, subscriptionId: site.stripe_subscription_id, sessionId, draftId };
}
