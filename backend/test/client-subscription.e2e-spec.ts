import type Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { DUE_REMINDERS_SQL } from '../src/billing/billing.repository';
import { PaymentReminders } from '../src/billing/payment-reminders';
import { bearer, type SessionBody, type TestApp } from './helpers/app';
import { outboxFor } from './helpers/outbox';
import { paidClient, sandboxControl, SIMPLE } from './helpers/scenarios';
import { appWithSandbox, webhooksProcessed } from './helpers/stripe';

const DAY = 86_400_000;

/** A client's subscription actions and a site's life following its payments, against the Stripe sandbox. */
describe('a site whose life follows its payments', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let close: () => Promise<void>;
  let client: SessionBody;
  let siteId: string;
  let subscriptionId: string;

  const control = (path: string) => sandboxControl({ sandbox, t }, path);
  const site = async () =>
    (await t.dataSource.query(`SELECT status, type, status_before_suspension FROM sites WHERE id = $1`, [siteId]))[0];
  const history = async () =>
    (
      await t.dataSource.query(`SELECT from_status, to_status, cause FROM site_status_history WHERE site_id = $1 ORDER BY created_at, id`, [
        siteId,
      ])
    ).map((r: { from_status: string | null; to_status: string; cause: string }) => `${r.from_status ?? '-'}→${r.to_status} (${r.cause})`);
  const local = async () =>
    (await t.dataSource.query(`SELECT status, cancel_at_period_end, plan FROM subscriptions WHERE id = $1`, [subscriptionId]))[0];
  const post = (action: string) => t.api.post(`/api/sites/${siteId}/subscription/${action}`).set(bearer(client));

  beforeAll(async () => {
    ({ sandbox, stripe, t, close } = await appWithSandbox());
    // The team has built it.
    ({ client, siteId, subscriptionId } = await paidClient(
      { sandbox, t },
      { email: 'fleuriste@example.com', name: 'Fleurs de Lys', data: SIMPLE, active: true },
    ));
  });
  afterAll(() => close());

  it('shows the subscription of the site', async () => {
    const res = await t.api.get(`/api/sites/${siteId}/subscription`).set(bearer(client)).expect(200);
    expect(res.body.subscription).toMatchObject({
      id: subscriptionId,
      customerId: expect.stringMatching(/^cus_/),
      status: 'active',
      statusLabel: 'Actif',
      plan: 'pro',
      planLabel: 'Pro (29\u00a0€/mois)',
      cancelAtPeriodEnd: false,
    });
    expect(await history()).toEqual(['-→pending (payment)']);
  });

  it('cancels at period end and reactivates, in Stripe and in our copy; the site stays online', async () => {
    const canceled = await post('cancel').expect(200);
    expect(canceled.body).toMatchObject({ cancelAtPeriodEnd: true, statusLabel: 'Annulation programmée', status: 'active' });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(true);
    await sandbox.flushWebhooks();
    await webhooksProcessed(t);
    expect(await local()).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(await site()).toMatchObject({ status: 'active' });

    const reactivated = await post('reactivate').expect(200);
    expect(reactivated.body).toMatchObject({ cancelAtPeriodEnd: false, statusLabel: 'Actif' });
    expect((await stripe.subscriptions.retrieve(subscriptionId)).cancel_at_period_end).toBe(false);
    await sandbox.flushWebhooks();
    await webhooksProcessed(t);
    expect(await local()).toMatchObject({ cancel_at_period_end: false });
  });

  it('upgrades Pro to Business: the prorated difference charged now, the site pending, the redirect for the success page', async () => {
    const res = await post('upgrade').expect(200);
    expect(res.body).toMatchObject({
      siteId,
      planType: 'business',
      isDowngrade: false,
      redirectTo: `/upgrade-success?site_id=${siteId}&is_downgrade=false&plan_type=business`,
    });
    // 59 € − 29 € for (almost) the whole month just started.
    expect(res.body.amountChargedCents).toBeGreaterThan(2990);
    expect(res.body.amountChargedCents).toBeLessThanOrEqual(3000);
    expect(res.body.subscription).toMatchObject({ plan: 'business', planLabel: 'Business (59\u00a0€/mois)' });
    const stripeSub = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect((stripeSub.latest_invoice as Stripe.Invoice).amount_paid).toBe(res.body.amountChargedCents);
    await sandbox.flushWebhooks();
    await webhooksProcessed(t);
    expect(await local()).toMatchObject({ plan: 'business', status: 'active' });
    const [invoice] = await t.dataSource.query(`SELECT amount_cents, status FROM invoices WHERE id = $1`, [
      (stripeSub.latest_invoice as Stripe.Invoice).id,
    ]);
    expect(invoice).toEqual({ amount_cents: res.body.amountChargedCents, status: 'paid' });
    expect(await site()).toMatchObject({ type: 'business', status: 'pending' });
    expect((await history()).at(-1)).toBe('active→pending (client)');
    // Business is not upgraded again.
    expect((await post('upgrade').expect(409)).body.message).toMatch(/^Seule la formule Pro/);
  });

  it('follows failed payments: mailed at once, reminded after 3 and 7 days, suspended when Stripe gives up, given back when paid', async () => {
    await t.dataSource.query(`UPDATE sites SET status = 'active' WHERE id = $1`, [siteId]);
    await control(`/test/subscriptions/${subscriptionId}/fail-payment`);
    expect(await site()).toMatchObject({ status: 'active' });
    expect(await outboxFor(t, 'fleuriste@example.com', 'payment-failed')).toHaveLength(1);

    const reminders = t.app.get(PaymentReminders);
    expect(await reminders.sendDue(new Date(Date.now() + 2 * DAY))).toBe(0);
    expect(await reminders.sendDue(new Date(Date.now() + 3 * DAY + 60_000))).toBe(1);
    expect(await reminders.sendDue(new Date(Date.now() + 3 * DAY + 120_000))).toBe(0); // once per step, whatever the instances
    expect(await reminders.sendDue(new Date(Date.now() + 7 * DAY + 60_000))).toBe(1);
    const sent = await outboxFor(t, 'fleuriste@example.com', 'payment-reminder');
    expect(sent.map((m) => m.text.match(/(\d+) jours après/)?.[1])).toEqual(['3', '7']);
    // A second failed attempt of the same invoice mails nothing more.
    await control(`/test/subscriptions/${subscriptionId}/fail-payment`);
    expect(await outboxFor(t, 'fleuriste@example.com', 'payment-failed')).toHaveLength(1);

    await control(`/test/subscriptions/${subscriptionId}/give-up?then=unpaid`);
    expect(await local()).toMatchObject({ status: 'unpaid' });
    expect(await site()).toMatchObject({ status: 'suspended', status_before_suspension: 'active' });
    expect(await reminders.sendDue(new Date(Date.now() + 30 * DAY))).toBe(0); // Stripe gave up: no more reminders
    const detail = await t.api.get(`/api/sites/${siteId}`).set(bearer(client)).expect(200);
    expect(detail.body.statusHistory[0]).toMatchObject({ fromStatus: 'active', toStatus: 'suspended', cause: 'payment' });

    await control(`/test/subscriptions/${subscriptionId}/renew`); // the open invoice is finally paid
    expect(await site()).toMatchObject({ status: 'active', status_before_suspension: null });
    expect((await history()).slice(-2)).toEqual(['active→suspended (payment)', 'suspended→active (payment)']);
  });

  it('finds the payments to remind through their partial index, never by reading every invoice', async () => {
    // The job's statement planned with sequential scans priced out: without a suitable index, the plan still reads
    // every invoice (in full, or through an unrelated index).
    type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
    const plan = await t.dataSource.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const [row] = (await tx.query(`EXPLAIN (FORMAT JSON) ${DUE_REMINDERS_SQL}`, [new Date()])) as Array<{
        'QUERY PLAN': Array<{ Plan: PlanNode }>;
      }>;
      return row['QUERY PLAN'][0].Plan;
    });
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
    expect(nodes(plan).filter((node) => node['Relation Name'] === 'invoices' && node['Node Type'] === 'Seq Scan')).toEqual([]);
    expect(nodes(plan).map((node) => node['Index Name'])).toContain('invoices_payment_failed_idx');
  });

  it('reactivates from the manage page by paying the open invoice with the saved card', async () => {
    await control(`/test/subscriptions/${subscriptionId}/fail-payment`);
    await control(`/test/subscriptions/${subscriptionId}/give-up?then=unpaid`);
    expect(await site()).toMatchObject({ status: 'suspended' });
    const comebacks = async () => (await history()).filter((h: string) => h.startsWith('suspended→active')).length;
    const before = await comebacks();
    const res = await post('reactivate').expect(200);
    expect(res.body).toMatchObject({ status: 'active', statusLabel: 'Actif' });
    expect(await site()).toMatchObject({ status: 'active' });
    // The paid invoice's webhook may reach the app before the reactivation's own write: then the payment is recorded
    // as the cause. Either way the site came back once, from suspended.
    expect((await history()).at(-1)).toMatch(/^suspended→active \((client|payment)\)$/);
    await sandbox.flushWebhooks();
    await webhooksProcessed(t);
    expect(await comebacks()).toBe(before + 1);
    expect(await site()).toMatchObject({ status: 'active' });
  });

  it('suspends the site when a cancellation at period end takes effect, and mails the client', async () => {
    await post('cancel').expect(200);
    await control(`/test/subscriptions/${subscriptionId}/end-period`);
    expect(await local()).toMatchObject({ status: 'canceled' });
    expect(await site()).toMatchObject({ status: 'suspended' });
    expect((await history()).at(-1)).toBe('active→suspended (client)');
    const ended = (await outboxFor(t, 'fleuriste@example.com', 'account-notice')).filter((m) => m.subject.includes('est terminé'));
    expect(ended).toHaveLength(1);
    expect(ended[0].action_url).toBe(`http://localhost:3000/dashboard/sites/${siteId}/manage`);
    expect((await post('reactivate').expect(409)).body.message).toBe(
      'Cet abonnement est terminé : relancez votre site depuis cette page pour le remettre en ligne.',
    );
    expect((await t.api.get(`/api/sites/${siteId}/subscription`).set(bearer(client)).expect(200)).body.subscription).toMatchObject({
      statusLabel: 'Abonnement terminé',
      canRestart: true,
      canReactivate: false,
    });
  });
});
