import type Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { bearer, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { orderAndCheckout } from './helpers/orders';
import { outboxFor } from './helpers/outbox';
import { paidClient, payAndSettle, settle, SIMPLE } from './helpers/scenarios';
import { appWithSandbox } from './helpers/stripe';

const DAY = 86_400_000;

/**
 * A consumer's withdrawal from the client area (Code de la consommation L221-18 to L221-25, decision 0022): offered for
 * 14 days after an order made as a private individual; sending the model form cancels the subscription at Stripe, gives
 * the payment back through the refund path of payments given back (cause `withdrawal`, its credit note), ends the site,
 * mails the acknowledgement (L221-21) naming the mediator and the team, and audits it. Against the Stripe sandbox.
 */
describe('a consumer’s withdrawal', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let close: () => Promise<void>;

  const FORM = { fullName: 'Jeanne Martin', address: '3 place du Marché, 69001 Lyon' };
  const get = (client: SessionBody, siteId: string) => t.api.get(`/api/sites/${siteId}/withdrawal`).set(bearer(client));
  const send = (client: SessionBody, siteId: string, body: object = FORM) =>
    t.api.raw.post(`/api/sites/${siteId}/withdrawal`).set(bearer(client)).send(body);

  beforeAll(async () => {
    ({ sandbox, stripe, t, close } = await appWithSandbox({
      AGENCY_MEDIATOR_NAME: 'CM2C',
      AGENCY_MEDIATOR_WEBSITE: 'https://www.cm2c.net',
    }));
  });
  afterAll(() => close());

  it('within 14 days: the subscription canceled, the payment refunded to the cent with its credit note, the site ended, the acknowledgement mailed', async () => {
    const { client, siteId, subscriptionId } = await paidClient(
      { sandbox, t },
      { email: 'jeanne@example.com', name: 'Jeanne', data: SIMPLE },
    );
    const [sub] = await t.dataSource.query(`SELECT started_at, current_period_end FROM subscriptions WHERE id = $1`, [subscriptionId]);
    const [paid] = await t.dataSource.query(
      `SELECT id, amount_cents FROM invoices WHERE subscription_id = $1 AND status = 'paid' ORDER BY date LIMIT 1`,
      [subscriptionId],
    );
    expect(paid.amount_cents).toBe(2900);

    // The order's confirmation repeats the consent given at payment, on a durable medium (L221-13), with the model form.
    const [receipt] = await outboxFor(t, 'jeanne@example.com', 'order-receipt');
    const [checkout] = await t.dataSource.query(`SELECT consumer_request_at FROM order_checkouts WHERE status = 'paid' AND user_id = $1`, [
      client.user.id,
    ]);
    const requestedAt = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' }).format(
      checkout.consumer_request_at,
    );
    for (const words of [
      `Le ${requestedAt}, au moment du paiement, vous avez demandé expressément que la création de votre site commence sans attendre la fin du délai de rétractation de 14 jours, et reconnu perdre votre droit de rétractation une fois la prestation pleinement exécutée`,
      'support durable (article L221-13)',
      'je vous notifie par la présente ma rétractation du contrat portant sur la prestation de services ci-dessous',
      `Formulaire de rétractation en ligne : http://localhost:3000/dashboard/sites/${siteId}/manage#retractation`,
      'http://localhost:3000/cgv#consommateurs',
    ])
      expect(receipt.text).toContain(words);

    const offered = (await get(client, siteId).expect(200)).body;
    expect(offered).toEqual({
      available: true,
      consumer: true,
      orderedAt: sub.started_at.toISOString(),
      withdrawableUntil: new Date(sub.started_at.getTime() + 14 * DAY).toISOString(),
      fullName: 'Jeanne Martin',
      address: '3 place du Marché, 69001 Lyon',
      withdrawal: null,
    });

    // The model form's fields are required, with a French message each.
    const empty = await send(client, siteId, { fullName: ' ', address: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ fullName: 'Votre nom est requis', address: 'Votre adresse est requise' });

    const res = await send(client, siteId);
    expect(res.status).toBe(200);
    // Withdrawn on the day of the order: one day of service begun out of the paid period's days (L221-25), waived by the
    // CGV's 30-day guarantee: everything comes back.
    const periodDays = Math.round((sub.current_period_end.getTime() - sub.started_at.getTime()) / DAY);
    const due = Math.round(2900 / periodDays);
    expect(res.body.available).toBe(false);
    expect(res.body.withdrawal).toEqual({
      withdrawnAt: expect.any(String),
      fullName: 'Jeanne Martin',
      address: '3 place du Marché, 69001 Lyon',
      paidCents: 2900,
      dueCents: due,
      refundCents: 2900,
    });
    await settle({ sandbox, t }, 2);

    // At Stripe: canceled at once, the payment refunded.
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    const invoice = await stripe.invoices.retrieve(paid.id, { expand: ['payments'] });
    const refunds = await stripe.refunds.list({ payment_intent: invoice.payments!.data[0].payment.payment_intent as string });
    expect(refunds.data.map((r) => [r.amount, r.status, r.metadata?.duplicatePaymentId !== undefined])).toEqual([
      [2900, 'succeeded', true],
    ]);

    // Our copy: the refund path's row, the refunded invoice, the credit note of the whole payment, the site ended.
    const [given] = await t.dataSource.query(`SELECT * FROM duplicate_payments WHERE subscription_id = $1`, [subscriptionId]);
    expect(given).toMatchObject({
      cause: 'withdrawal',
      kind: 'order',
      status: 'refunded',
      amount_cents: 2900,
      refund_cents: 2900,
      refunded_cents: 2900,
    });
    expect((await t.dataSource.query(`SELECT refunded_cents FROM invoices WHERE id = $1`, [paid.id]))[0].refunded_cents).toBe(2900);
    const credits = await t.dataSource.query(
      `SELECT total_incl_cents, source_key FROM legal_invoices WHERE user_id = $1 AND kind = 'credit_note'`,
      [client.user.id],
    );
    expect(credits).toEqual([{ total_incl_cents: 2900, source_key: `refund:${refunds.data[0].id}` }]);
    expect((await t.dataSource.query(`SELECT status FROM subscriptions WHERE id = $1`, [subscriptionId]))[0].status).toBe('canceled');
    expect((await t.dataSource.query(`SELECT payment_state FROM sites WHERE id = $1`, [siteId]))[0].payment_state).toBe('ended');

    // The acknowledgement on a durable medium (L221-21), with the form's content and the mediator; the team told once.
    const ack = (await outboxFor(t, 'jeanne@example.com', 'account-notice')).find((m) => m.subject.startsWith('Accusé de réception'));
    expect(ack?.subject).toBe('Accusé de réception de votre rétractation : site « Boulangerie Martin »');
    for (const words of [
      'Je vous notifie par la présente ma rétractation du contrat portant sur la prestation de services ci-dessous',
      'Nom du consommateur : Jeanne Martin',
      'Adresse du consommateur : 3 place du Marché, 69001 Lyon',
      'Nous vous remboursons 29,00',
      'CM2C (https://www.cm2c.net)',
      'article L221-21',
    ])
      expect(ack!.text).toContain(words);
    const refunded = (await outboxFor(t, 'jeanne@example.com', 'account-notice')).find(
      (m) => m.subject === 'Remboursement de votre rétractation',
    );
    expect(refunded?.text).toContain('29,00');
    const team = await t.dataSource.query(
      `SELECT subject FROM outbox_emails WHERE template = 'team-notice' AND subject LIKE '%étractation%'`,
    );
    expect(team.map((m: { subject: string }) => m.subject).sort()).toEqual([
      "Rétractation d'un client consommateur : Boulangerie Martin",
      'Rétractation remboursée : Boulangerie Martin',
    ]);
    const [audit] = await t.dataSource.query(`SELECT actor_id, action, entity_id, after FROM audit_log WHERE action = 'site.withdrawal'`);
    expect(audit).toMatchObject({
      actor_id: client.user.id,
      entity_id: siteId,
      after: { paidCents: 2900, refundCents: 2900, dueCents: due },
    });

    // Once: a second form is refused, the page shows what was sent.
    const again = await send(client, siteId);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^Votre rétractation a déjà été reçue le /);
    expect((await get(client, siteId).expect(200)).body).toMatchObject({ available: false, withdrawal: { refundCents: 2900 } });
  });

  it('gives back every payment of the contract: the order’s and an upgrade’s prorata, each with its credit note', async () => {
    const { client, siteId, subscriptionId } = await paidClient({ sandbox, t }, { email: 'montee@example.com', data: SIMPLE });
    const upgraded = await t.api.post(`/api/sites/${siteId}/subscription/upgrade`).set(bearer(client)).expect(200);
    const prorata = upgraded.body.amountChargedCents as number;
    expect(prorata).toBeGreaterThan(0);
    await settle({ sandbox, t });

    const res = await send(client, siteId, { fullName: 'Paul Montée', address: '1 rue Haute, 69004 Lyon' });
    expect(res.status).toBe(200);
    expect(res.body.withdrawal).toMatchObject({ paidCents: 2900 + prorata, refundCents: 2900 + prorata });
    await settle({ sandbox, t }, 2);

    const given = await t.dataSource.query(
      `SELECT kind, status, refunded_cents FROM duplicate_payments WHERE subscription_id = $1 ORDER BY kind DESC`,
      [subscriptionId],
    );
    expect(given).toEqual([
      { kind: 'order', status: 'refunded', refunded_cents: 2900 },
      { kind: 'invoice', status: 'refunded', refunded_cents: prorata },
    ]);
    const credits = await t.dataSource.query(
      `SELECT total_incl_cents FROM legal_invoices WHERE user_id = $1 AND kind = 'credit_note' ORDER BY total_incl_cents`,
      [client.user.id],
    );
    expect(credits.map((c: { total_incl_cents: number }) => c.total_incl_cents).sort((a: number, b: number) => a - b)).toEqual(
      [2900, prorata].sort((a, b) => a - b),
    );
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
  });

  it('after 14 days: not offered, 409 in French, nothing changed', async () => {
    const { client, siteId, subscriptionId } = await paidClient({ sandbox, t }, { email: 'tardif@example.com', data: SIMPLE });
    await t.dataSource.query(`UPDATE subscriptions SET started_at = now() - interval '15 days' WHERE id = $1`, [subscriptionId]);
    expect((await get(client, siteId).expect(200)).body).toMatchObject({ available: false, consumer: true, withdrawal: null });
    const res = await send(client, siteId);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Le délai de rétractation de 14 jours a expiré le \d+ \S+ \d{4}\./);
    expect(await t.dataSource.query(`SELECT 1 FROM withdrawals WHERE subscription_id = $1`, [subscriptionId])).toEqual([]);
    expect(await t.dataSource.query(`SELECT 1 FROM duplicate_payments WHERE subscription_id = $1`, [subscriptionId])).toEqual([]);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
  });

  it('for a company buyer: not offered, 403 in French', async () => {
    const client = await registerClient(t.api, { email: 'garage@example.com', name: 'Garage' });
    const { sessionId } = await orderAndCheckout(t.api, {
      session: client,
      data: SIMPLE,
      billing: { buyerType: 'company', companyName: 'Garage Martin SARL' } as object,
    });
    await payAndSettle({ sandbox, t }, sessionId);
    const [site] = await t.dataSource.query(`SELECT id, stripe_subscription_id FROM sites WHERE user_id = $1`, [client.user.id]);
    expect((await get(client, site.id).expect(200)).body).toEqual({
      available: false,
      consumer: false,
      orderedAt: null,
      withdrawableUntil: null,
      fullName: '',
      address: '',
      withdrawal: null,
    });
    // A company's confirmation says nothing of a withdrawal right it does not have.
    const [receipt] = await outboxFor(t, 'garage@example.com', 'order-receipt');
    expect(receipt.text).not.toContain('rétractation');
    const res = await send(client, site.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^Le droit de rétractation est réservé aux commandes passées en tant que particulier/);
    expect((await stripe.subscriptions.retrieve(site.stripe_subscription_id)).status).toBe('active');
  });

  it("another client's site: 404, nothing withdrawn", async () => {
    const { siteId, subscriptionId } = await paidClient({ sandbox, t }, { email: 'alice@example.com', data: SIMPLE });
    const bob = await registerClient(t.api, { email: 'bob@example.com' });
    expect((await get(bob, siteId).expect(404)).body).toEqual({ statusCode: 404, message: 'Site introuvable' });
    const res = await send(bob, siteId);
    expect(res.status).toBe(404);
    expect(await t.dataSource.query(`SELECT 1 FROM withdrawals WHERE subscription_id = $1`, [subscriptionId])).toEqual([]);
  });
});
