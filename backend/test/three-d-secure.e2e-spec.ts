import type Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { bearer, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { orderAndCheckout } from './helpers/orders';
import { outboxFor } from './helpers/outbox';
import { payOnSandbox, postForm, sandboxControl, settle, SIMPLE } from './helpers/scenarios';
import { appWithSandbox } from './helpers/stripe';
import { waitForState } from './helpers/wait';

/** Stripe's 3-D Secure test cards (the sandbox's three-d-secure.ts). */
const ALWAYS = '4000002760003184';
const ONCE = '4000002500003155';

interface Issue {
  siteId: string;
  reason: string;
  message: string;
  payUrl: string | null;
  invoiceId: string | null;
}

/** Strong customer authentication: purchases, renewals and an upgrade with cards whose bank asks for 3-D Secure. */
describe('3-D Secure: payments the client authenticates', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ sandbox, stripe, t, close } = await appWithSandbox());
  });
  afterAll(() => close());

  /** A client whose order is paid on the hosted checkout with `card`, authenticated on the bank's page. */
  async function clientPayingWith(email: string, card: string): Promise<{ client: SessionBody; siteId: string; subscriptionId: string }> {
    const client = await registerClient(t.api, { email });
    const { sessionId } = await orderAndCheckout(t.api, { session: client, planType: 'pro', data: SIMPLE });
    const page = await payOnSandbox(sandbox, sessionId, { card });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Authentification 3-D Secure');
    expect((await postForm(`${sandbox.url}/checkout/${sessionId}/authenticate`, { result: 'authorize' })).status).toBe(303);
    await settle({ sandbox, t });
    const [site] = (await t.dataSource.query(`SELECT id, stripe_subscription_id FROM sites WHERE user_id = $1`, [
      client.user.id,
    ])) as Array<{
      id: string;
      stripe_subscription_id: string;
    }>;
    expect(site?.stripe_subscription_id).toMatch(/^sub_/);
    await t.dataSource.query(`UPDATE sites SET status = 'active' WHERE id = $1`, [site.id]);
    return { client, siteId: site.id, subscriptionId: site.stripe_subscription_id };
  }

  const issuesOf = async (client: SessionBody): Promise<Issue[]> =>
    (await t.api.get('/api/billing/payment-issues').set(bearer(client)).expect(200)).body.issues as Issue[];
  const siteOf = async (siteId: string) =>
    (await t.dataSource.query(`SELECT status, type, payment_state FROM sites WHERE id = $1`, [siteId]))[0] as {
      status: string;
      type: string;
      payment_state: string;
    };

  it('4000 0025 0000 3155: authenticated at checkout, the renewal goes through off-session with nothing asked', async () => {
    const { client, siteId, subscriptionId } = await clientPayingWith('une-fois@example.com', ONCE);
    await sandboxControl({ sandbox, t }, `/test/subscriptions/${subscriptionId}/renew`);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
    expect(await siteOf(siteId)).toMatchObject({ status: 'active', payment_state: 'current' });
    expect(await issuesOf(client)).toEqual([]);
    expect(await outboxFor(t, 'une-fois@example.com', 'payment-action-required')).toEqual([]);
  });

  it('4000 0027 6000 3184: the renewal waits for the client, mailed once; the banner says so; paid on the hosted page, the site is current', async () => {
    const { client, siteId, subscriptionId } = await clientPayingWith('toujours@example.com', ALWAYS);
    const renewal = await sandboxControl<{ invoice: Stripe.Invoice }>({ sandbox, t }, `/test/subscriptions/${subscriptionId}/renew`);
    const invoiceId = renewal.invoice.id!;
    await waitForState('le paiement à authentifier enregistré', async () => (await issuesOf(client)).length === 1);
    const [issue] = await issuesOf(client);
    expect(issue).toMatchObject({ siteId, reason: 'authentication_required', invoiceId, payUrl: renewal.invoice.hosted_invoice_url });
    expect(issue.message).toMatch(/^Votre banque demande de confirmer le paiement de 29,00[\u202f\u00a0]€/);
    expect(await siteOf(siteId)).toMatchObject({ status: 'active', payment_state: 'past_due' });
    // One mail with the link to authenticate, whatever the number of events (payment_failed and payment_action_required).
    const mails = await outboxFor(t, 'toujours@example.com', 'payment-action-required');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(renewal.invoice.hosted_invoice_url!);
    expect(await outboxFor(t, 'toujours@example.com', 'payment-failed')).toEqual([]);

    // The client opens the link: 'Confirmer le paiement', then the bank's page.
    const page = await postForm(`${sandbox.url}/invoices/${invoiceId}/confirm`, {});
    expect(await page.text()).toContain('Authentification 3-D Secure');
    expect((await postForm(`${sandbox.url}/invoices/${invoiceId}/authenticate`, { result: 'authorize' })).status).toBe(303);
    await settle({ sandbox, t });
    expect(await issuesOf(client)).toEqual([]);
    expect(await siteOf(siteId)).toMatchObject({ status: 'active', payment_state: 'current' });
    const [row] = await t.dataSource.query(`SELECT status, action_required FROM invoices WHERE id = $1`, [invoiceId]);
    expect(row).toEqual({ status: 'paid', action_required: false });
  });

  it('an upgrade whose payment needs authentication takes the client through it, and applies once the invoice is paid', async () => {
    const { client, siteId, subscriptionId } = await clientPayingWith('montee@example.com', ALWAYS);
    const res = await t.api.post(`/api/sites/${siteId}/subscription/upgrade`).set(bearer(client)).expect(200);
    expect(res.body).toMatchObject({
      siteId,
      planType: 'business',
      amountChargedCents: 0,
      authenticationUrl: expect.stringContaining('/invoices/in_'),
    });
    expect(res.body.redirectTo).toContain('authentication=1');
    await settle({ sandbox, t });
    // Nothing changed yet: the subscription is still Pro (a pending update at Stripe), the site too.
    const pending = await stripe.subscriptions.retrieve(subscriptionId);
    expect(pending.pending_update).not.toBeNull();
    expect(await siteOf(siteId)).toMatchObject({ type: 'pro', status: 'active', payment_state: 'current' });
    expect(await issuesOf(client)).toEqual([]);

    const invoiceId = new URL(res.body.authenticationUrl as string).pathname.split('/').at(-1)!;
    await postForm(`${sandbox.url}/invoices/${invoiceId}/confirm`, {});
    expect((await postForm(`${sandbox.url}/invoices/${invoiceId}/authenticate`, { result: 'authorize' })).status).toBe(303);
    await settle({ sandbox, t });
    expect(await siteOf(siteId)).toMatchObject({ type: 'business', status: 'pending' });
    const [local] = await t.dataSource.query(`SELECT plan, status FROM subscriptions WHERE id = $1`, [subscriptionId]);
    expect(local).toEqual({ plan: 'business', status: 'active' });
    expect(await outboxFor(t, 'montee@example.com', 'account-notice')).toEqual(
      expect.arrayContaining([expect.objectContaining({ subject: expect.stringContaining('Business') })]),
    );
  });
});
