import type Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { CHECKOUT_IN_PROGRESS } from '../src/billing/checkout.service';
import { StripeProvider } from '../src/billing/stripe.provider';
import { bearer, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { as, BILLING, COMPLETE_FORM, orderAndCheckout, startDraft } from './helpers/orders';
import { outboxFor } from './helpers/outbox';
import { payOnSandbox, postForm, sandboxControl, sessionIdOf, settle as settleWebhooks, SIMPLE, TEST_CARD } from './helpers/scenarios';
import { appWithSandbox } from './helpers/stripe';

const plain = (s: string) => s.replace(/\u202f|\u00a0/g, ' ');

/**
 * Money over a subscription's whole life, against the Stripe sandbox and a real database: one order is paid once
 * (whatever the concurrency; a second payment that completes anyway is refunded), a failed payment the client sees and
 * fixes (hosted invoice page, new card), Stripe giving up and the site coming back, an ended subscription restarted on
 * the same site, and every change mailed to the client and the team.
 */
describe('a subscription over its whole life', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let close: () => Promise<void>;

  const settle = () => settleWebhooks({ sandbox, t }, 2);
  const control = (path: string) => sandboxControl({ sandbox, t }, path, 2);
  /** The buyer pays on the sandbox's hosted checkout page (or saves a card on a setup-mode one). */
  const payCheckout = async (url: string, card = TEST_CARD) =>
    (await payOnSandbox(sandbox, url, { card, email: 'acheteur@example.com', name: 'Acheteur' })).status;
  const sitesOf = (userId: string) =>
    t.dataSource.query(`SELECT id, status, type, payment_state, stripe_subscription_id FROM sites WHERE user_id = $1`, [userId]);

  /** A signed-in client's paid order: its site (built by the team: active) and subscription. */
  async function paidSite(email: string): Promise<{ client: SessionBody; siteId: string; subscriptionId: string }> {
    const client = await registerClient(t.api, { email, name: 'Jeanne Martin' });
    const { url } = await orderAndCheckout(t.api, { session: client, planType: 'pro', data: SIMPLE });
    expect(await payCheckout(url)).toBe(303);
    await settle();
    const [site] = await sitesOf(client.user.id);
    await t.dataSource.query(`UPDATE sites SET status = 'active' WHERE id = $1`, [site.id]);
    return { client, siteId: site.id, subscriptionId: site.stripe_subscription_id };
  }

  beforeAll(async () => {
    ({ sandbox, stripe, t, close } = await appWithSandbox());
  });
  afterAll(() => close());

  describe('paying once', () => {
    it('8 parallel checkouts of one signed-in draft open one payable session: one subscription, one site, one charge', async () => {
      const client = await registerClient(t.api, { email: 'parallele@example.com' });
      const { draft, owner } = await startDraft(t.api, 'pro', client);
      await as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
        .send({ data: { ...COMPLETE_FORM, ...SIMPLE }, prefersCall: false, currentStep: '4' })
        .expect(200);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          as(t.api.post('/api/checkout-sessions'), owner).send({ consumerRequest: true, draftId: draft.id, billing: BILLING }),
        ),
      );
      // Requests that overlap one being served wait for nothing: 409. One that arrives after it closes the session it
      // opened before opening its own. Either way, only the last session can be paid.
      const opened = answers.filter((a) => a.status === 201);
      expect(opened.length).toBeGreaterThanOrEqual(1);
      for (const refused of answers.filter((a) => a.status !== 201))
        expect(refused.body).toMatchObject({ statusCode: 409, message: CHECKOUT_IN_PROGRESS });
      // Every URL any answer gave is paid: only one can be.
      const paid = [];
      for (const a of opened) paid.push(await payCheckout(a.body.url));
      expect(paid.filter((status) => status === 303)).toHaveLength(1);
      await settle();
      expect(await sitesOf(client.user.id)).toHaveLength(1);
      const customerId = (await t.dataSource.query(`SELECT stripe_customer_id FROM users WHERE id = $1`, [client.user.id]))[0]
        .stripe_customer_id;
      expect((await stripe.subscriptions.list({ customer: customerId })).data).toHaveLength(1);
      expect((await stripe.invoices.list({ customer: customerId })).data.filter((i) => i.status === 'paid')).toHaveLength(1);
      // Once paid, another checkout of the same order is refused.
      expect(
        (
          await as(t.api.post('/api/checkout-sessions'), owner)
            .send({ consumerRequest: true, draftId: draft.id, billing: BILLING })
            .expect(409)
        ).body.message,
      ).toBe('Cette commande est déjà payée');
    });

    it('the same with an anonymous buyer; and one after the other, the older session can no longer be paid', async () => {
      const { draft, owner } = await startDraft(t.api, 'pro');
      const billing = { ...BILLING, email: 'anonyme-parallele@example.com' };
      await as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
        .send({ data: { ...COMPLETE_FORM, ...SIMPLE, currentEmail: billing.email }, prefersCall: false, currentStep: '4' })
        .expect(200);
      const answers = await Promise.all(
        Array.from({ length: 8 }, () =>
          as(t.api.post('/api/checkout-sessions'), owner).send({ consumerRequest: true, draftId: draft.id, billing }),
        ),
      );
      const urls = answers.filter((a) => a.status === 201).map((a) => a.body.url as string);
      for (const refused of answers.filter((a) => a.status !== 201))
        expect(refused.body).toMatchObject({ statusCode: 409, message: CHECKOUT_IN_PROGRESS });
      const last = (
        await as(t.api.post('/api/checkout-sessions'), owner).send({ consumerRequest: true, draftId: draft.id, billing }).expect(201)
      ).body.url as string;
      for (const url of urls) expect(await payCheckout(url)).not.toBe(303);
      expect(await payCheckout(last)).toBe(303);
      await settle();
      const [buyer] = await t.dataSource.query(`SELECT id, stripe_customer_id FROM users WHERE email = $1`, [billing.email]);
      expect(await sitesOf(buyer.id)).toHaveLength(1);
      expect((await stripe.subscriptions.list({ customer: buyer.stripe_customer_id })).data).toHaveLength(1);
    });

    it('a second payment of the same order that completes anyway is cancelled and refunded, recorded, and the team and the client are mailed', async () => {
      const client = await registerClient(t.api, { email: 'double@example.com', name: 'Paul Double' });
      const { draftId, url } = await orderAndCheckout(t.api, { session: client, planType: 'pro', data: SIMPLE });
      // A second session of the same order, opened behind the lease's back (as one paid in the instant before it was expired).
      const original = await stripe.checkout.sessions.retrieve(sessionIdOf(url));
      const price = (await stripe.checkout.sessions.listLineItems(original.id)).data[0].price!.id;
      const twin = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        customer_email: 'double@example.com',
        metadata: { ...original.metadata },
        subscription_data: { metadata: { planType: 'pro', draftId } },
        success_url: 'http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}',
      });
      expect(await payCheckout(url)).toBe(303);
      expect(await payCheckout(twin.url!)).toBe(303);
      await settle();

      expect(await sitesOf(client.user.id)).toHaveLength(1);
      const [dup] = await t.dataSource.query(`SELECT * FROM duplicate_payments WHERE reference_id = $1`, [draftId]);
      // The duplicate is whichever payment's webhook came second (Stripe sends them in any order).
      expect([original.id, twin.id]).toContain(dup.checkout_session_id);
      expect(dup).toMatchObject({
        kind: 'order',
        status: 'refunded',
        amount_cents: 2900,
        refunded_cents: 2900,
      });
      const extra = await stripe.subscriptions.retrieve(dup.subscription_id);
      expect(extra.status).toBe('canceled');
      const invoice = await stripe.invoices.retrieve(dup.invoice_id, { expand: ['payments'] });
      const pi = invoice.payments!.data[0].payment.payment_intent as string;
      const refunds = await stripe.refunds.list({ payment_intent: pi });
      expect(refunds.data.map((r) => [r.amount, r.reason])).toEqual([[2900, 'duplicate']]);
      // The kept subscription is the site's, and it still renews.
      const [site] = await sitesOf(client.user.id);
      expect(site.stripe_subscription_id).not.toBe(dup.subscription_id);
      const kept = dup.checkout_session_id === twin.id ? original.id : twin.id;
      expect(site.stripe_subscription_id).toBe((await stripe.checkout.sessions.retrieve(kept)).subscription);
      expect((await stripe.subscriptions.retrieve(site.stripe_subscription_id)).status).toBe('active');

      const team = await outboxFor(t, 'equipe@vitrine.example', 'team-notice');
      expect(team.map((m) => m.subject)).toEqual(
        expect.arrayContaining(['Paiement en double détecté', 'Paiement en double remboursé : Boulangerie Martin']),
      );
      const refunded = await outboxFor(t, 'double@example.com', 'account-notice');
      expect(refunded.map((m) => m.subject)).toEqual(['Paiement en double remboursé']);
      expect(plain(refunded[0].text)).toContain('remboursé 29,00 €');
      // No "your subscription ended" mail for the cancelled duplicate.
      expect((await outboxFor(t, 'double@example.com')).map((m) => m.subject)).not.toContainEqual(expect.stringContaining('est terminé'));
      // The client's invoice reads refunded; the admin sees the record.
      const invoices = (await t.api.get('/api/billing/invoices').set(bearer(client)).expect(200)).body.invoices;
      expect(invoices.find((i: { id: string }) => i.id === dup.invoice_id)).toMatchObject({ status: 'paid', refundedCents: 2900 });
      const admin = await loginAdmin(t.api);
      const list = (await t.api.get('/api/admin/duplicate-payments').set(bearer(admin)).expect(200)).body;
      expect(list.duplicatePayments[0]).toMatchObject({
        kind: 'order',
        status: 'refunded',
        refundedCents: 2900,
        customerEmail: 'double@example.com',
        siteId: site.id,
      });
      // A replay of every event changes nothing.
      for (const e of (await stripe.events.list({ limit: 100 })).data)
        await fetch(`${sandbox.url}/test/events/${e.id}/resend`, { method: 'POST' });
      await settle();
      expect(await sitesOf(client.user.id)).toHaveLength(1);
      expect(await stripe.refunds.list({ payment_intent: pi }).then((r) => r.data.length)).toBe(1);
      expect((await outboxFor(t, 'double@example.com', 'account-notice')).length).toBe(1);
    });
  });

  describe('a failed payment', () => {
    it('shows on the banners and the invoice, is paid on the hosted invoice page, and the site is back with a mail', async () => {
      const { client, siteId, subscriptionId } = await paidSite('retard@example.com');
      await control(`/test/subscriptions/${subscriptionId}/fail-payment`);

      const issues = (await t.api.get('/api/billing/payment-issues').set(bearer(client)).expect(200)).body.issues;
      expect(issues).toHaveLength(1);
      const today = new Intl.DateTimeFormat('fr-FR', {
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
        timeZone: 'Europe/Paris',
      }).format(new Date());
      expect(issues[0]).toMatchObject({
        siteId,
        siteName: 'Boulangerie Martin',
        state: 'past_due',
        amountCents: 2900,
        payUrl: expect.stringContaining('/invoices/in_'),
      });
      expect(plain(issues[0].message)).toBe(
        `Le paiement de 29,00 € du ${today} a échoué. Réglez la facture ou changez de carte pour garder votre site « Boulangerie Martin » en ligne.`,
      );
      expect((await t.api.get(`/api/sites/${siteId}`).set(bearer(client)).expect(200)).body).toMatchObject({
        status: 'active',
        paymentState: 'past_due',
      });
      const failed = (await t.api.get('/api/billing/invoices').set(bearer(client)).expect(200)).body.invoices.find(
        (i: { id: string }) => i.id === issues[0].invoiceId,
      );
      expect(failed).toMatchObject({ status: 'open', paymentFailed: true, siteId, siteName: 'Boulangerie Martin' });
      const sub = (await t.api.get(`/api/sites/${siteId}/subscription`).set(bearer(client)).expect(200)).body.subscription;
      expect(sub).toMatchObject({
        statusLabel: 'Paiement en retard',
        canChangeCard: true,
        canRestart: false,
        paymentIssue: { invoiceId: issues[0].invoiceId },
      });
      const failure = await outboxFor(t, 'retard@example.com', 'payment-failed');
      expect(failure).toHaveLength(1);
      expect(plain(failure[0].text)).toContain(`Le paiement de 29,00 € du ${today}`);
      expect(failure[0].action_url).toBe(issues[0].payUrl);

      // The client pays on Stripe's hosted invoice page with another card.
      const paid = await postForm(`${sandbox.url}/invoices/${issues[0].invoiceId}/pay`, {
        card: '5555555555554444',
        exp: '12/34',
        cvc: '123',
        name: 'Jeanne Martin',
      });
      expect(paid.status).toBe(303);
      await settle();
      expect((await t.api.get('/api/billing/payment-issues').set(bearer(client)).expect(200)).body.issues).toEqual([]);
      expect((await t.api.get(`/api/sites/${siteId}`).set(bearer(client)).expect(200)).body).toMatchObject({
        status: 'active',
        paymentState: 'current',
        paymentStateSince: null,
      });
      const notices = await outboxFor(t, 'retard@example.com', 'account-notice');
      expect(notices.map((m) => m.subject)).toEqual(['Paiement reçu pour votre site « Boulangerie Martin »']);
      expect((await outboxFor(t, 'equipe@vitrine.example', 'team-notice')).map((m) => m.subject)).toContain(
        'Paiement régularisé : Boulangerie Martin',
      );
    });

    it('Stripe gives up: the site is suspended and mailed; paying gives it back its status', async () => {
      const { client, siteId, subscriptionId } = await paidSite('impaye@example.com');
      await control(`/test/subscriptions/${subscriptionId}/fail-payment`);
      await control(`/test/subscriptions/${subscriptionId}/give-up?then=unpaid`);
      expect((await t.api.get(`/api/sites/${siteId}`).set(bearer(client)).expect(200)).body).toMatchObject({
        status: 'suspended',
        paymentState: 'unpaid',
      });
      const [issue] = (await t.api.get('/api/billing/payment-issues').set(bearer(client)).expect(200)).body.issues;
      expect(issue).toMatchObject({ state: 'unpaid' });
      expect(issue.message).toContain('votre site « Boulangerie Martin » est suspendu');
      const suspended = await outboxFor(t, 'impaye@example.com', 'account-notice');
      expect(suspended.map((m) => m.subject)).toEqual(['Votre site « Boulangerie Martin » est suspendu pour impayé']);
      expect(suspended[0].action_url).toBe(issue.payUrl);
      expect(plain(suspended[0].text)).toContain('Le paiement de 29,00 €');
      // The admin sees it in arrears.
      const admin = await loginAdmin(t.api);
      const arrears = (await t.api.get('/api/admin/sites?paymentState=arrears&limit=100').set(bearer(admin)).expect(200)).body;
      expect(arrears.sites.map((s: { id: string }) => s.id)).toContain(siteId);
      expect(arrears.sites.every((s: { paymentState: string }) => s.paymentState !== 'current')).toBe(true);
      expect(arrears.total).toBe(arrears.sites.length);
      const bad = await t.api.get('/api/admin/sites?paymentState=late').set(bearer(admin)).expect(400);
      expect(bad.body.errors).toEqual({ paymentState: 'Filtre de paiement invalide' });
      expect((await t.api.get(`/api/admin/sites/${siteId}`).set(bearer(admin)).expect(200)).body).toMatchObject({
        paymentState: 'unpaid',
        paymentStateSince: expect.any(String),
      });

      const paid = await postForm(`${sandbox.url}/invoices/${issue.invoiceId}/pay`, {
        card: TEST_CARD,
        exp: '12/34',
        cvc: '123',
        name: 'Jeanne Martin',
      });
      expect(paid.status).toBe(303);
      await settle();
      expect((await t.api.get(`/api/sites/${siteId}`).set(bearer(client)).expect(200)).body).toMatchObject({
        status: 'active',
        paymentState: 'current',
      });
      const history = await t.dataSource.query(
        `SELECT from_status, to_status, cause FROM site_status_history WHERE site_id = $1 ORDER BY created_at, id`,
        [siteId],
      );
      expect(history.slice(-2)).toEqual([
        { from_status: 'active', to_status: 'suspended', cause: 'payment' },
        { from_status: 'suspended', to_status: 'active', cause: 'payment' },
      ]);
      expect((await outboxFor(t, 'impaye@example.com', 'account-notice')).map((m) => m.subject)).toEqual([
        'Votre site « Boulangerie Martin » est suspendu pour impayé',
        'Paiement reçu : votre site « Boulangerie Martin » est de nouveau en ligne',
      ]);
    });

    it("Stripe's default end of dunning: canceled for payment_failed, the site ended, its open invoice voided and no longer offered, a restart offered", async () => {
      const { client, siteId, subscriptionId } = await paidSite('fin-relances@example.com');
      const failed = await control(`/test/subscriptions/${subscriptionId}/fail-payment`);
      const openId = (failed as { invoice: { id: string } }).invoice.id;
      await control(`/test/subscriptions/${subscriptionId}/give-up`);
      expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({
        status: 'canceled',
        cancellation_details: { reason: 'payment_failed' },
      });
      expect((await t.api.get(`/api/sites/${siteId}`).set(bearer(client)).expect(200)).body).toMatchObject({ paymentState: 'ended' });
      // The invoice Stripe left open is voided at Stripe and in our copy: the client is no longer asked to pay it.
      expect((await stripe.invoices.retrieve(openId)).status).toBe('void');
      const { invoices } = (await t.api.get('/api/billing/invoices').set(bearer(client)).expect(200)).body;
      expect(invoices.find((i: { id: string }) => i.id === openId)).toMatchObject({ status: 'void', paymentFailed: false });
      expect((await t.api.get('/api/billing/payment-issues').set(bearer(client)).expect(200)).body.issues).toEqual([]);
      const [ended] = (await outboxFor(t, 'fin-relances@example.com', 'account-notice')).filter((m) => m.subject.includes('est terminé'));
      expect(ended.subject).toBe("L'abonnement de votre site « Boulangerie Martin » est terminé");
      expect(plain(ended.text)).toContain('les nouvelles tentatives de paiement de sa dernière facture ont échoué');
      expect(ended.action_url).toContain(`/dashboard/sites/${siteId}/manage`);
      // The restart is offered: a new subscription's checkout for the same site.
      const restart = await t.api
        .post(`/api/sites/${siteId}/subscription/restart`)
        .set(bearer(client))
        .send({ planType: 'pro' })
        .expect(200);
      expect(restart.body.url).toMatch(/\/checkout\/cs_/);
    });

    it('an invoice paid on its hosted page after Stripe ended the subscription is refunded and credited; the site stays ended', async () => {
      const { client, siteId, subscriptionId } = await paidSite('paie-trop-tard@example.com');
      const failed = await control(`/test/subscriptions/${subscriptionId}/fail-payment`);
      const openId = (failed as { invoice: { id: string } }).invoice.id;
      // Stripe ends it; the client pays the invoice still open on its hosted page before the product hears of the end.
      expect((await fetch(`${sandbox.url}/test/webhooks/hold`, { method: 'POST' })).status).toBe(200);
      expect((await fetch(`${sandbox.url}/test/subscriptions/${subscriptionId}/give-up`, { method: 'POST' })).status).toBe(200);
      const paid = await postForm(`${sandbox.url}/invoices/${openId}/pay`, {
        card: TEST_CARD,
        exp: '12/34',
        cvc: '123',
        name: 'Jeanne Martin',
      });
      expect(paid.status).toBe(303);
      expect((await fetch(`${sandbox.url}/test/webhooks/release`, { method: 'POST' })).status).toBe(200);
      await settleWebhooks({ sandbox, t }, 3);

      const [given] = await t.dataSource.query(
        `SELECT kind, cause, status, refunded_cents, checkout_session_id, site_id FROM duplicate_payments WHERE invoice_id = $1`,
        [openId],
      );
      expect(given).toEqual({
        kind: 'invoice',
        cause: 'subscription-ended',
        status: 'refunded',
        refunded_cents: 2900,
        checkout_session_id: null,
        site_id: siteId,
      });
      expect((await t.api.get(`/api/sites/${siteId}`).set(bearer(client)).expect(200)).body).toMatchObject({ paymentState: 'ended' });
      const refunds = await stripe.refunds.list({ limit: 100 });
      expect(refunds.data.filter((r) => r.metadata?.invoiceId === openId).map((r) => r.amount)).toEqual([2900]);
      // Invoiced as received, then credited: the books show the money in and out.
      const legal = await t.dataSource.query(
        `SELECT DISTINCT l.id, l.kind FROM legal_invoices l
         WHERE l.stripe_invoice_id = $1 OR l.credited_id IN (SELECT id FROM legal_invoices WHERE stripe_invoice_id = $1)`,
        [openId],
      );
      expect(legal.map((d: { kind: string }) => d.kind).sort()).toEqual(['credit_note', 'invoice']);
      const mails = (await outboxFor(t, 'paie-trop-tard@example.com', 'account-notice')).map((m) => m.subject);
      expect(mails).toContain("Paiement remboursé : l'abonnement de votre site « Boulangerie Martin » était terminé");
      // Nothing left to void: the job found it paid and left it so.
      expect((await stripe.invoices.retrieve(openId)).status).toBe('paid');
    });

    it('a new card replaces the old one: a failing renewal is paid with it at once, and the next renewals charge it', async () => {
      const { client, siteId, subscriptionId } = await paidSite('carte@example.com');
      await control(`/test/subscriptions/${subscriptionId}/fail-payment`);
      const { url } = (await t.api.post(`/api/sites/${siteId}/subscription/payment-method`).set(bearer(client)).expect(200)).body;
      const setup = await stripe.checkout.sessions.retrieve(sessionIdOf(url));
      expect(setup).toMatchObject({ mode: 'setup', customer: expect.stringMatching(/^cus_/) });
      expect(await payCheckout(url, '5555555555554444')).toBe(303);
      await settle();

      // The new card is this subscription's (as Checkout saved the first one): the customer's other subscriptions keep theirs.
      const pm = (await stripe.subscriptions.retrieve(subscriptionId)).default_payment_method as string;
      expect((await stripe.paymentMethods.retrieve(pm)).card?.last4).toBe('4444');
      const customer = (await stripe.customers.retrieve(setup.customer as string)) as Stripe.Customer;
      expect(customer.invoice_settings.default_payment_method).toBeNull();
      // The open invoice was paid with the new card: the site is up to date.
      expect((await t.api.get(`/api/sites/${siteId}`).set(bearer(client)).expect(200)).body).toMatchObject({ paymentState: 'current' });
      expect((await outboxFor(t, 'carte@example.com', 'account-notice')).map((m) => m.subject)).toEqual(
        expect.arrayContaining(['Votre carte est enregistrée', 'Paiement reçu pour votre site « Boulangerie Martin »']),
      );
      // The next renewal charges the new card.
      await control(`/test/subscriptions/${subscriptionId}/renew`);
      const latest = (await stripe.invoices.list({ subscription: subscriptionId, limit: 1 })).data[0];
      const payments = (await stripe.invoices.retrieve(latest.id!, { expand: ['payments'] })).payments!.data;
      const intent = await stripe.paymentIntents.retrieve(payments[0].payment.payment_intent as string);
      expect(intent.payment_method).toBe(pm);
    });
  });

  describe('failures a client can fix are never frozen', () => {
    it('a declined upgrade answers 402 with the French sentence of the decline; after a card change the retry succeeds at once', async () => {
      const { client, siteId, subscriptionId } = await paidSite('refusee@example.com');
      // The card saved on the subscription now declines every charge (Stripe's 4000 0000 0000 0341).
      const sub = await stripe.subscriptions.retrieve(subscriptionId);
      const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', { customer: sub.customer as string });
      await stripe.subscriptions.update(subscriptionId, { default_payment_method: failing.id });
      await settle();

      const refused = await t.api.post(`/api/sites/${siteId}/subscription/upgrade`).set(bearer(client)).expect(402);
      expect(refused.body).toEqual({
        statusCode: 402,
        message: 'Carte refusée par votre banque. Enregistrez une autre carte puis réessayez.',
      });
      expect((await stripe.subscriptions.retrieve(subscriptionId)).items.data[0].price.id).toBe(sub.items.data[0].price.id);

      // A new card, through the product's card change; the retry goes through at once (no 24-hour replay of the decline).
      const { url } = (await t.api.post(`/api/sites/${siteId}/subscription/payment-method`).set(bearer(client)).expect(200)).body;
      expect(await payCheckout(url, '5555555555554444')).toBe(303);
      await settle();
      const upgraded = await t.api.post(`/api/sites/${siteId}/subscription/upgrade`).set(bearer(client)).expect(200);
      expect(upgraded.body).toMatchObject({ planType: 'business', amountChargedCents: expect.any(Number) });
      expect(upgraded.body.amountChargedCents).toBeGreaterThan(0);
    });

    it('an invoice paid meanwhile (a race) answers its current state, not a payment error', async () => {
      const { client, siteId, subscriptionId } = await paidSite('course@example.com');
      await control(`/test/subscriptions/${subscriptionId}/fail-payment`);
      // Between the product's read of the open invoice and its payment, the invoice is paid elsewhere (the hosted page).
      const invoices = t.app.get(StripeProvider).client.invoices;
      const pay = invoices.pay.bind(invoices);
      const spy = jest.spyOn(invoices, 'pay').mockImplementationOnce(async (id: string, ...rest: unknown[]) => {
        await stripe.invoices.pay(id);
        return pay(id, ...(rest as []));
      });
      try {
        await t.api.post(`/api/sites/${siteId}/subscription/reactivate`).set(bearer(client)).expect(200);
      } finally {
        spy.mockRestore();
      }
      await settle();
      expect((await t.api.get(`/api/sites/${siteId}`).set(bearer(client)).expect(200)).body).toMatchObject({ paymentState: 'current' });
    });
  });

  describe('each site its own card', () => {
    it("buying a second site with another card leaves the first site's renewals on the first card", async () => {
      const { client, subscriptionId: first } = await paidSite('deux-sites@example.com');
      const firstCard = (await stripe.subscriptions.retrieve(first)).default_payment_method as string;
      expect((await stripe.paymentMethods.retrieve(firstCard)).card?.last4).toBe('4242');
      const { url } = await orderAndCheckout(t.api, { session: client, planType: 'pro', data: SIMPLE });
      expect(await payCheckout(url, '5555555555554444')).toBe(303);
      await settle();
      const second = (await sitesOf(client.user.id)).find((s: { stripe_subscription_id: string }) => s.stripe_subscription_id !== first)
        .stripe_subscription_id as string;
      expect(
        (await stripe.paymentMethods.retrieve((await stripe.subscriptions.retrieve(second)).default_payment_method as string)).card?.last4,
      ).toBe('4444');
      // Each renewal is charged to its own subscription's card.
      for (const [subscriptionId, last4] of [
        [first, '4242'],
        [second, '4444'],
      ]) {
        await control(`/test/subscriptions/${subscriptionId}/renew`);
        const latest = (await stripe.invoices.list({ subscription: subscriptionId, limit: 1 })).data[0];
        const payment = (await stripe.invoices.retrieve(latest.id!, { expand: ['payments.data.payment.payment_intent'] })).payments!
          .data[0];
        const intent = payment.payment.payment_intent as Stripe.PaymentIntent;
        expect((await stripe.paymentMethods.retrieve(intent.payment_method as string)).card?.last4).toBe(last4);
      }
    });
  });

  describe('changes are mailed', () => {
    it('an upgrade: the receipt explains the proration and points to the Business form; the invoice says so', async () => {
      const { client, siteId } = await paidSite('upgrade@example.com');
      await t.api.post(`/api/sites/${siteId}/subscription/upgrade`).set(bearer(client)).expect(200);
      const [receipt] = await outboxFor(t, 'upgrade@example.com', 'account-notice');
      expect(receipt.subject).toBe('Votre site « Boulangerie Martin » passe en Business');
      expect(plain(receipt.text)).toMatch(
        /Nous avons débité \d+,\d\d € sur votre carte : c'est la différence de prix entre les deux formules du \d\d\/\d\d\/\d{4} au \d\d\/\d\d\/\d{4}/,
      );
      expect(receipt.action_url).toBe(`http://localhost:3000/dashboard/sites/${siteId}/business-options`);
      expect((await outboxFor(t, 'equipe@vitrine.example', 'team-notice')).map((m) => m.subject)).toContain(
        'Passage en Business : Boulangerie Martin',
      );
      const invoices = (await t.api.get(`/api/billing/invoices?siteId=${siteId}`).set(bearer(client)).expect(200)).body.invoices;
      expect(invoices).toHaveLength(2);
      expect(invoices.every((i: { siteName: string }) => i.siteName === 'Boulangerie Martin')).toBe(true);
      // Both are dated today: their order within the second is not meaningful.
      expect(invoices.map((i: { description: string }) => i.description)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Ajustement au prorata : passage en Business du \d\d\/\d\d\/\d{4} au \d\d\/\d\d\/\d{4}$/),
          'Abonnement Formule Pro',
        ]),
      );
    });

    it('a cancellation scheduled, then undone', async () => {
      const { client, siteId } = await paidSite('annule@example.com');
      await t.api.post(`/api/sites/${siteId}/subscription/cancel`).set(bearer(client)).expect(200);
      await t.api.post(`/api/sites/${siteId}/subscription/reactivate`).set(bearer(client)).expect(200);
      await settle();
      expect((await outboxFor(t, 'annule@example.com', 'account-notice')).map((m) => m.subject)).toEqual([
        'Annulation programmée pour votre site « Boulangerie Martin »',
        'Votre abonnement pour « Boulangerie Martin » continue',
      ]);
      expect((await outboxFor(t, 'equipe@vitrine.example', 'team-notice')).map((m) => m.subject)).toEqual(
        expect.arrayContaining(['Annulation programmée : Boulangerie Martin', 'Annulation retirée : Boulangerie Martin']),
      );
    });
  });

  describe('coming back', () => {
    it('an ended subscription restarts on the same site: no new site, the history kept, mailed', async () => {
      const { client, siteId, subscriptionId } = await paidSite('retour@example.com');
      await t.api.post(`/api/sites/${siteId}/subscription/cancel`).set(bearer(client)).expect(200);
      await control(`/test/subscriptions/${subscriptionId}/end-period`);
      const ended = (await t.api.get(`/api/sites/${siteId}/subscription`).set(bearer(client)).expect(200)).body.subscription;
      expect(ended).toMatchObject({
        statusLabel: 'Abonnement terminé',
        endedAt: expect.any(String),
        cancelAtPeriodEnd: false,
        canReactivate: false,
        canChangePlan: false,
        canCancel: false,
        canRestart: true,
      });
      expect((await t.api.post(`/api/sites/${siteId}/subscription/reactivate`).set(bearer(client)).expect(409)).body.message).toBe(
        'Cet abonnement est terminé : relancez votre site depuis cette page pour le remettre en ligne.',
      );
      expect((await outboxFor(t, 'retour@example.com', 'account-notice')).at(-1)).toMatchObject({
        subject: "L'abonnement de votre site « Boulangerie Martin » est terminé",
        action_url: `http://localhost:3000/dashboard/sites/${siteId}/manage`,
      });

      // Two restarts asked at the same moment open one payment. Whether they overlap is the machine's doing: one that
      // overlaps the other is refused (409); one that comes after it closes the other's session and opens its own.
      const answers = await Promise.all(
        [0, 1].map(() => t.api.raw.post(`/api/sites/${siteId}/subscription/restart`).set(bearer(client)).send({ planType: 'business' })),
      );
      const opened = answers.filter((a) => a.status === 200);
      expect(opened.length).toBeGreaterThanOrEqual(1);
      for (const refused of answers.filter((a) => a.status !== 200)) expect(refused.status).toBe(409);
      // By card only: a restart gives the site back at once (a SEPA debit would leave it ended for days).
      expect((await stripe.checkout.sessions.retrieve(sessionIdOf(opened[0].body.url))).payment_method_types).toEqual(['card']);
      // Every URL any answer gave is paid: only one can be.
      const paid = [];
      for (const a of opened) paid.push(await payCheckout(a.body.url));
      expect(paid.filter((status) => status === 303)).toHaveLength(1);
      await settle();

      const sites = await sitesOf(client.user.id);
      expect(sites).toHaveLength(1);
      expect(sites[0]).toMatchObject({ id: siteId, status: 'active', type: 'business', payment_state: 'current' });
      expect(sites[0].stripe_subscription_id).not.toBe(subscriptionId);
      const history = await t.dataSource.query(
        `SELECT from_status, to_status, cause FROM site_status_history WHERE site_id = $1 ORDER BY created_at, id`,
        [siteId],
      );
      expect(history.map((h: { from_status: string | null; to_status: string }) => `${h.from_status ?? '-'}→${h.to_status}`)).toEqual([
        '-→pending',
        'active→suspended',
        'suspended→active',
      ]);
      const restarted = (await t.api.get(`/api/sites/${siteId}/subscription`).set(bearer(client)).expect(200)).body.subscription;
      expect(restarted).toMatchObject({ status: 'active', plan: 'business', canRestart: false, canCancel: true });
      expect((await outboxFor(t, 'retour@example.com', 'account-notice')).at(-1)!.subject).toBe(
        'Votre site « Boulangerie Martin » est relancé',
      );
      expect((await outboxFor(t, 'equipe@vitrine.example', 'team-notice')).map((m) => m.subject)).toContain(
        'Site relancé : Boulangerie Martin',
      );
      // Both subscriptions' invoices name the site.
      const invoices = (await t.api.get(`/api/billing/invoices?siteId=${siteId}`).set(bearer(client)).expect(200)).body.invoices;
      expect(invoices.length).toBe(2);
      // Nothing to restart any more.
      await t.api.post(`/api/sites/${siteId}/subscription/restart`).set(bearer(client)).send({ planType: 'pro' }).expect(409);
    });

    it('refuses a restart with a bad plan (400 in French) and another client’s site (404)', async () => {
      const { client, siteId } = await paidSite('intrus-cible@example.com');
      const other = await registerClient(t.api, { email: 'intrus@example.com' });
      const bad = await t.api.post(`/api/sites/${siteId}/subscription/restart`).set(bearer(client)).send({ planType: 'teams' }).expect(400);
      expect(bad.body.errors).toEqual({ planType: 'Formule invalide' });
      await t.api.post(`/api/sites/${siteId}/subscription/restart`).set(bearer(other)).send({ planType: 'pro' }).expect(404);
      await t.api.post(`/api/sites/${siteId}/subscription/payment-method`).set(bearer(other)).expect(404);
      expect((await t.api.get('/api/billing/payment-issues').set(bearer(other)).expect(200)).body.issues).toEqual([]);
    });
  });
});
