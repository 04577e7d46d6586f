import Stripe from 'stripe';
import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { bearer, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { phoneJpeg } from './helpers/images';
import { as, BILLING, COMPLETE_FORM, orderAndCheckout, startDraft } from './helpers/orders';
import { outboxFor, tokenFromMail } from './helpers/outbox';
import { payOnSandbox, sandboxEvents } from './helpers/scenarios';
import { appWithSandbox, postEvent, webhooksProcessed } from './helpers/stripe';

interface SandboxEvent {
  id: string;
  type: string;
  event: Stripe.Event;
}

/**
 * From a paid checkout to an account and a site: provisioning from Stripe's webhook through the sandbox, once only
 * whatever the events do, the anonymous-checkout rule, and the clients' sites.
 */
describe('ordering and provisioning', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let webhookUrl: string;

  /** Pays on the hosted checkout; the events the sandbox delivers are processed before it returns. */
  const pay = async (sessionId: string) => {
    const res = await payOnSandbox(sandbox, sessionId);
    await webhooksProcessed(t);
    return res;
  };
  /** Pays with webhooks held back (no endpoint: no delivery, no retry), and gives that payment's events, to deliver by hand. */
  async function payOffline(sessionId: string): Promise<Stripe.Event[]> {
    sandbox.setWebhookUrl('');
    try {
      expect((await pay(sessionId)).status).toBe(303);
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return (await sandboxEvents<SandboxEvent>(sandbox))
        .filter((e) => JSON.stringify(e.event.data.object).includes(session.customer as string))
        .map((e) => e.event);
    } finally {
      sandbox.setWebhookUrl(webhookUrl);
    }
  }
  const count = async (sql: string, params: unknown[]) =>
    ((await t.dataSource.query(`SELECT count(*)::int AS n FROM ${sql}`, params)) as Array<{ n: number }>)[0].n;

  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ sandbox, stripe, t, webhookUrl, close } = await appWithSandbox());
  });
  afterAll(() => close());

  describe('a buyer ordering as a private individual (decision 0022)', () => {
    const message = 'Cochez la case pour demander que la création de votre site commence dès maintenant.';

    it('must ask expressly for the service to start and acknowledge losing the withdrawal right; the instant is kept', async () => {
      const { draft, owner } = await startDraft(t.api);
      await as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
        .send({ data: COMPLETE_FORM })
        .expect(200);
      const before = (await stripe.checkout.sessions.list({ limit: 100 })).data.length;
      for (const consumerRequest of [undefined, false]) {
        const refused = await as(t.api.post('/api/checkout-sessions'), owner)
          .send({ draftId: draft.id, billing: { ...BILLING, email: 'particulier@example.com' }, consumerRequest })
          .expect(400);
        expect(refused.body.errors).toEqual({ consumerRequest: message });
      }
      expect((await stripe.checkout.sessions.list({ limit: 100 })).data.length).toBe(before);
      const res = await as(t.api.post('/api/checkout-sessions'), owner)
        .send({ draftId: draft.id, billing: { ...BILLING, email: 'particulier@example.com' }, consumerRequest: true })
        .expect(201);
      const [row] = await t.dataSource.query(`SELECT opened_at, consumer_request_at FROM order_checkouts WHERE session_id = $1`, [
        res.body.sessionId,
      ]);
      expect(row.consumer_request_at).toEqual(row.opened_at);
    });

    it('is not asked of a company, whose terms are the professional ones', async () => {
      const { draft, owner } = await startDraft(t.api);
      await as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
        .send({ data: COMPLETE_FORM })
        .expect(200);
      const company = { buyerType: 'company', companyName: 'Boulangerie Martin SARL', siren: '912345675', vatNumber: '' };
      const res = await as(t.api.post('/api/checkout-sessions'), owner)
        .send({ draftId: draft.id, billing: { ...BILLING, email: 'societe@example.com', ...company } })
        .expect(201);
      const [row] = await t.dataSource.query(`SELECT consumer_request_at FROM order_checkouts WHERE session_id = $1`, [res.body.sessionId]);
      expect(row.consumer_request_at).toBeNull();
    });
  });

  describe('an anonymous buyer', () => {
    const email = 'jeanne.martin@example.com';
    let draftId: string;
    let sessionId: string;
    let siteId: string;

    beforeAll(async () => {
      const { draft, owner } = await startDraft(t.api, 'business');
      draftId = draft.id;
      await as(t.api.patch(`/api/order-drafts/${draftId}`), owner)
        .send({ data: COMPLETE_FORM, prefersCall: true })
        .expect(200);
      await as(t.api.post(`/api/order-drafts/${draftId}/photos`), owner)
        .attach('file', phoneJpeg(), 'devanture.jpg')
        .expect(201);
      const res = await as(t.api.post('/api/checkout-sessions'), owner)
        .send({ consumerRequest: true, draftId, billing: { ...BILLING, email: ` ${email.toUpperCase()} ` } })
        .expect(201);
      sessionId = res.body.sessionId;
    });

    it('pays the plan and options of the draft, priced by the catalogue, on a checkout of its own', async () => {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      expect(session.customer).toBeNull();
      expect(session.customer_email).toBe(email);
      expect(session.metadata).toEqual({
        draftId,
        planType: 'business',
        logo: 'true',
        googleBusiness: 'true',
        trustpilot: 'false',
        extraEmailCount: '1',
      });
      expect(session.success_url).toBe('http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}&prefers_call=1');
      const lines = await stripe.checkout.sessions.listLineItems(sessionId);
      expect(lines.data.map((l) => [l.price?.lookup_key, l.quantity]).sort()).toEqual(
        [
          ['addon_extra_email_monthly', 1],
          ['addon_google_business_monthly', 1],
          ['addon_logo_once', 1],
          ['plan_business_monthly', 1],
        ].sort(),
      );
      const [row] = await t.dataSource.query(`SELECT billing, checkout_session_id, status FROM order_drafts WHERE id = $1`, [draftId]);
      // An individual (the default): no company fields.
      expect(row).toEqual({
        billing: { ...BILLING, email, buyerType: 'individual', companyName: '', siren: '', vatNumber: '' },
        checkout_session_id: sessionId,
        status: 'draft',
      });
    });

    it('gets an account, a pending site, its first-login link, a receipt, and the team the whole order', async () => {
      expect((await pay(sessionId)).headers.get('location')).toBe(
        `http://localhost:3000/payment-success?session_id=${sessionId}&prefers_call=1`,
      );
      const [user] = await t.dataSource.query(`SELECT id, name, role, password_hash, stripe_customer_id FROM users WHERE email = $1`, [
        email,
      ]);
      expect(user).toMatchObject({
        name: 'Jeanne Martin',
        role: 'client',
        password_hash: null,
        stripe_customer_id: expect.stringMatching(/^cus_/),
      });
      const [site] = await t.dataSource.query(`SELECT * FROM sites WHERE order_draft_id = $1`, [draftId]);
      siteId = site.id;
      expect(site).toMatchObject({
        user_id: user.id,
        site_name: 'Boulangerie Martin',
        domain: 'boulangerie-martin.fr',
        status: 'pending',
        type: 'business',
        progression: { started: false, design_ok: false, dev_ok: false, seo_ok: false, techno_review: false },
        stripe_subscription_id: expect.stringMatching(/^sub_/),
      });
      expect(await t.dataSource.query(`SELECT site_id, user_id FROM subscriptions WHERE id = $1`, [site.stripe_subscription_id])).toEqual([
        { site_id: site.id, user_id: user.id },
      ]);
      expect(await t.dataSource.query(`SELECT status, user_id, account_created FROM order_drafts WHERE id = $1`, [draftId])).toEqual([
        { status: 'paid', user_id: user.id, account_created: true },
      ]);

      // Anyone with the session id (the success page before its buyer signs in) learns only what that page needs:
      // not whether the account is new, nor the call preference, nor the site.
      const onlyTheStatus = { status: 'complete', paymentStatus: 'paid', provisioned: true, debit: null };
      expect((await t.api.get(`/api/checkout-sessions/${sessionId}`).expect(200)).body).toEqual(onlyTheStatus);
      // Another client signed in is no one to this order either.
      const stranger = await registerClient(t.api, { email: 'curieux@example.com', name: 'Curieux' });
      expect((await t.api.get(`/api/checkout-sessions/${sessionId}`).set(bearer(stranger)).expect(200)).body).toEqual(onlyTheStatus);

      expect((await outboxFor(t, email)).map((m) => m.template).sort()).toEqual(['first-login', 'order-receipt']);
      const [receipt] = await outboxFor(t, email, 'order-receipt');
      expect(receipt.subject).toBe('Votre commande Vitrine est confirmée');
      // Business 59 + logo 15 + Google Business 10 + 1 e-mail, then 70 a month.
      expect(receipt.text).toMatch(/Premier mois : 85,00\s€/);
      expect(receipt.text).toMatch(/Mois suivants : 70,00\s€ \/ mois/);
      expect(receipt.text).toContain('Nous vous appelons dans les 24h');
      expect(receipt.action_url).toBe('http://localhost:3000/dashboard');

      const [team] = await outboxFor(t, 'equipe@vitrine.example', 'order-team');
      expect(team.subject).toBe('Nouvelle commande Business : Boulangerie Martin');
      for (const answer of [
        'Nom du site : Boulangerie Martin',
        "Secteur d'activité : Boulangerie",
        'Nom de domaine : Nouveau nom de domaine : boulangerie-martin.fr',
        'Email affiché sur le site : Adresse e-mail professionnelle : bonjour@boulangerie-martin.fr',
        'Services : Pains au levain, Viennoiseries',
        'Logo : Création de logo (15 €)',
        'Couleur dominante : Moutarde (#ca8a04)',
        'Style : Classique',
        'Fonctionnalités Business : Réservation en ligne, Galerie photos',
        'Adresses e-mail supplémentaires : commandes@boulangerie-martin.fr',
        'Suite de la commande : Appel de 30 minutes demandé',
        'Adresse : 3 place du Marché, 69001 Lyon',
      ]) {
        expect(team.text).toContain(answer);
      }
      expect(team.action_url).toBe(`http://localhost:3000/admin/sites/${site.id}`);
      const photoLink = team.text.match(/devanture\.jpg : (http:\/\/localhost:3000\/api\/order-photos\/\S+)/)![1];
      const exp = Number(new URL(photoLink).searchParams.get('exp'));
      expect(exp * 1000).toBeGreaterThan(Date.now() + 6.9 * 86400_000);
      const photo = await t.api.get(photoLink.replace('http://localhost:3000', '')).expect(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
    });

    it('sets a password through the mailed link and finds the site, pending, in its dashboard', async () => {
      expect(await outboxFor(t, email, 'first-login')).toHaveLength(1);
      const token = await tokenFromMail(t, email, 'first-login');
      const session = (await t.api.post('/api/auth/first-login').send({ token, password: 'boulangerie' }).expect(200)).body as SessionBody;
      const list = await t.api.get('/api/sites').set(bearer(session)).expect(200);
      expect(list.body).toEqual({
        sites: [
          {
            id: siteId,
            siteName: 'Boulangerie Martin',
            domain: 'boulangerie-martin.fr',
            status: 'pending',
            type: 'business',
            progression: { started: false, designOk: false, devOk: false, seoOk: false, technoReview: false },
            paymentState: 'current',
            paymentStateSince: null,
            createdAt: expect.any(String),
            updatedAt: expect.any(String),
          },
        ],
        total: 1,
      });
      expect((await t.api.get(`/api/sites/${siteId}`).set(bearer(session)).expect(200)).body.id).toBe(siteId);
      // The paid order is now the account's, read-only.
      expect((await t.api.get(`/api/order-drafts/${draftId}`).set(bearer(session)).expect(200)).body.status).toBe('paid');
      await t.api.patch(`/api/order-drafts/${draftId}`).set(bearer(session)).send({ currentStep: '1' }).expect(409);
    });

    it('is never shown another client’s site', async () => {
      const other = await registerClient(t.api);
      const res = await t.api.get(`/api/sites/${siteId}`).set(bearer(other)).expect(404);
      expect(res.body).toEqual({ statusCode: 404, message: 'Site introuvable' });
      expect((await t.api.get('/api/sites').set(bearer(other)).expect(200)).body).toEqual({ sites: [], total: 0 });
      await t.api.get('/api/sites/not-a-uuid').set(bearer(other)).expect(404);
    });

    it('is asked to sign in when its e-mail already has an account, and nothing goes to Stripe', async () => {
      const before = (await stripe.checkout.sessions.list({ limit: 100 })).data.length;
      const { draft, owner } = await startDraft(t.api);
      await as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
        .send({ data: COMPLETE_FORM })
        .expect(200);
      const res = await as(t.api.post('/api/checkout-sessions'), owner)
        .send({ consumerRequest: true, draftId: draft.id, billing: { ...BILLING, email: 'Jeanne.Martin@example.com' } })
        .expect(409);
      const message = 'Un compte existe déjà avec cet email. Connectez-vous pour finaliser votre commande.';
      expect(res.body).toEqual({ statusCode: 409, message, errors: { email: message } });
      expect((await stripe.checkout.sessions.list({ limit: 100 })).data.length).toBe(before);
      expect(await t.dataSource.query(`SELECT checkout_session_id, billing FROM order_drafts WHERE id = $1`, [draft.id])).toEqual([
        { checkout_session_id: null, billing: null },
      ]);
    });
  });

  describe('a signed-in client ordering a second site', () => {
    let client: SessionBody;
    let customerId: string;

    beforeAll(async () => {
      client = await registerClient(t.api, { email: 'atelier@example.com', name: 'Atelier Roux' });
      const first = await orderAndCheckout(t.api, { session: client, data: { siteName: 'Atelier Roux' } });
      await pay(first.sessionId);
      customerId = (await t.dataSource.query(`SELECT stripe_customer_id FROM users WHERE id = $1`, [client.user.id]))[0].stripe_customer_id;
      expect(customerId).toMatch(/^cus_/);
    });

    it('pays with the account’s e-mail and Stripe customer, and gets the site on the same account', async () => {
      const second = await orderAndCheckout(t.api, {
        session: client,
        planType: 'business',
        data: { siteName: 'Atelier Roux — boutique', domainName: 'atelier-roux.com' },
        billing: { email: 'quelquun@example.com' },
      });
      const session = await stripe.checkout.sessions.retrieve(second.sessionId);
      expect(session.customer).toBe(customerId);
      expect(session.customer_email).toBeNull();
      expect((await t.dataSource.query(`SELECT billing FROM order_drafts WHERE id = $1`, [second.draftId]))[0].billing.email).toBe(
        'atelier@example.com',
      );
      await pay(second.sessionId);
      const sites = (await t.api.get('/api/sites').set(bearer(client)).expect(200)).body;
      expect(sites.total).toBe(2);
      expect(sites.sites.map((s: { siteName: string; domain: string | null; type: string }) => [s.siteName, s.domain, s.type])).toEqual([
        ['Atelier Roux — boutique', 'atelier-roux.com', 'business'],
        ['Atelier Roux', 'boulangerie-martin.fr', 'pro'],
      ]);
      // Its buyer, signed in, is told the rest.
      const [site] = await t.dataSource.query(`SELECT id FROM sites WHERE domain = 'atelier-roux.com'`);
      expect((await t.api.get(`/api/checkout-sessions/${second.sessionId}`).set(bearer(client)).expect(200)).body).toEqual({
        status: 'complete',
        paymentStatus: 'paid',
        provisioned: true,
        siteId: site.id,
        newAccount: false,
        prefersCall: false,
        debit: null,
      });
      expect(Object.keys((await t.api.get(`/api/checkout-sessions/${second.sessionId}`).expect(200)).body).sort()).toEqual([
        'debit',
        'paymentStatus',
        'provisioned',
        'status',
      ]);
      expect(await count(`users WHERE lower(email) = $1`, ['atelier@example.com'])).toBe(1);
      expect((await outboxFor(t, 'atelier@example.com')).map((m) => m.template)).toEqual(['welcome', 'order-receipt', 'order-receipt']);
    });

    it('claims an anonymous draft started before signing in, when it checks out', async () => {
      const { draft, owner } = await startDraft(t.api);
      await as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
        .send({ data: COMPLETE_FORM })
        .expect(200);
      await as(t.api.post('/api/checkout-sessions'), { ...owner, session: client })
        .send({ consumerRequest: true, draftId: draft.id, billing: BILLING })
        .expect(201);
      expect(
        await t.dataSource.query(
          `SELECT user_id, data->>'currentEmail' AS email, billing->>'email' AS billing FROM order_drafts WHERE id = $1`,
          [draft.id],
        ),
      ).toEqual([{ user_id: client.user.id, email: 'atelier@example.com', billing: 'atelier@example.com' }]);
      await as(t.api.get(`/api/order-drafts/${draft.id}`), owner).expect(404);
      await as(t.api.get(`/api/order-drafts/${draft.id}`), { session: client }).expect(200);
    });
  });

  describe('provisioning happens once, whatever Stripe does', () => {
    const state = async (draftId: string, email: string) => ({
      users: await count(`users WHERE email = $1`, [email]),
      sites: await count(`sites WHERE order_draft_id = $1`, [draftId]),
      mails: (
        (await t.dataSource.query(`SELECT template FROM outbox_emails WHERE recipient = $1 ORDER BY template`, [email])) as Array<{
          template: string;
        }>
      ).map((m) => m.template),
      team: await count(
        `outbox_emails WHERE template = 'order-team' AND data->>'adminUrl' LIKE '%' || (SELECT id::text FROM sites WHERE order_draft_id = $1)`,
        [draftId],
      ),
      tokens: await count(`one_time_tokens WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]),
      draft: (await t.dataSource.query(`SELECT status, account_created FROM order_drafts WHERE id = $1`, [draftId]))[0],
    });
    const once = (mails: string[]) => ({ users: 1, sites: 1, mails, team: 1, tokens: 1, draft: { status: 'paid', account_created: true } });

    it('the completed event delivered twice, and a copy of it under another id, create nothing more', async () => {
      const email = 'deux-fois@example.com';
      const order = await orderAndCheckout(t.api, { billing: { email } });
      const events = await payOffline(order.sessionId);
      const completed = events.find((e) => e.type === 'checkout.session.completed')!;
      await postEvent(t.api, completed).expect(200);
      await webhooksProcessed(t);
      expect(await state(order.draftId, email)).toEqual(once(['first-login', 'order-receipt']));
      expect((await postEvent(t.api, completed).expect(200)).body).toEqual({ received: true, duplicate: true });
      expect((await postEvent(t.api, { ...completed, id: `${completed.id}_copy` }).expect(200)).body).toEqual({
        received: true,
        duplicate: false,
      });
      for (const event of events) await postEvent(t.api, event).expect(200);
      await webhooksProcessed(t);
      expect(await state(order.draftId, email)).toEqual(once(['first-login', 'order-receipt']));
    });

    it('copies arriving at the same moment as each other and as the other events create one account and one site, owning every row', async () => {
      const email = 'en-parallele@example.com';
      const order = await orderAndCheckout(t.api, { billing: { email } });
      const events = await payOffline(order.sessionId);
      const completed = events.find((e) => e.type === 'checkout.session.completed')!;
      const others = events.filter((e) => e !== completed);
      const copies = [
        completed,
        completed,
        completed,
        { ...completed, id: `${completed.id}_a` },
        { ...completed, id: `${completed.id}_b` },
        ...others,
        ...others,
      ];
      const results = await Promise.all(copies.map((event) => postEvent(t.api, event)));
      expect(results.map((r) => r.status)).toEqual(copies.map(() => 200));
      await webhooksProcessed(t);
      expect(await state(order.draftId, email)).toEqual(once(['first-login', 'order-receipt']));
      const owners = await t.dataSource.query(
        `SELECT (SELECT count(*)::int FROM subscriptions s WHERE s.user_id = u.id AND s.site_id IS NOT NULL) AS subscriptions, (SELECT count(*)::int FROM invoices i WHERE i.user_id = u.id) AS invoices
           FROM users u WHERE u.email = $1`,
        [email],
      );
      expect(owners).toEqual([{ subscriptions: 1, invoices: 1 }]);
    });

    it('the completed event before the subscription and invoice events, and the reverse, end the same', async () => {
      const results = [];
      for (const first of ['checkout.session.completed', 'invoice.paid']) {
        const email = `ordre-${first.split('.')[0]}@example.com`;
        const order = await orderAndCheckout(t.api, { billing: { email } });
        const events = await payOffline(order.sessionId);
        const ordered = [...events.filter((e) => e.type === first), ...events.filter((e) => e.type !== first)];
        if (first !== 'checkout.session.completed')
          ordered.push(
            ...ordered.splice(
              ordered.findIndex((e) => e.type === 'checkout.session.completed'),
              1,
            ),
          );
        expect(ordered.at(first === 'checkout.session.completed' ? 0 : -1)!.type).toBe('checkout.session.completed');
        // One at a time, in this order: each processed before the next arrives.
        for (const event of ordered) {
          await postEvent(t.api, event).expect(200);
          await webhooksProcessed(t);
        }
        expect(await state(order.draftId, email)).toEqual(once(['first-login', 'order-receipt']));
        const [row] = await t.dataSource.query(
          `SELECT s.status, s.plan, s.site_id = site.id AS linked, s.user_id = u.id AS owned, i.user_id = u.id AS invoice_owned
             FROM sites site JOIN users u ON u.id = site.user_id JOIN subscriptions s ON s.id = site.stripe_subscription_id JOIN invoices i ON i.subscription_id = s.id
            WHERE site.order_draft_id = $1`,
          [order.draftId],
        );
        results.push(row);
      }
      expect(results).toEqual([
        { status: 'active', plan: 'pro', linked: true, owned: true, invoice_owned: true },
        { status: 'active', plan: 'pro', linked: true, owned: true, invoice_owned: true },
      ]);
    });

    it('an order cannot be paid on two checkouts: opening a new one closes the previous', async () => {
      const { draft, owner } = await startDraft(t.api);
      await as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
        .send({ data: COMPLETE_FORM })
        .expect(200);
      const body = { consumerRequest: true, draftId: draft.id, billing: { ...BILLING, email: 'hesitant@example.com' } };
      const first = (await as(t.api.post('/api/checkout-sessions'), owner).send(body).expect(201)).body;
      const second = (await as(t.api.post('/api/checkout-sessions'), owner).send(body).expect(201)).body;
      expect((await stripe.checkout.sessions.retrieve(first.sessionId)).status).toBe('expired');
      expect((await stripe.checkout.sessions.retrieve(second.sessionId)).status).toBe('open');
      await pay(second.sessionId);
      expect((await as(t.api.post('/api/checkout-sessions'), owner).send(body).expect(404)).body.message).toBe('Commande introuvable');
    });
  });

  it('refuses to check out an incomplete order, with the spec’s messages', async () => {
    const { draft, owner } = await startDraft(t.api);
    await as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
      .send({ data: { currentEmail: 'pas-un-email', phone: '06 12', socialLinks: ['https://ok.example', 'instagram'], services: [' '] } })
      .expect(200);
    const res = await as(t.api.post('/api/checkout-sessions'), owner)
      .send({ consumerRequest: true, draftId: draft.id, billing: BILLING })
      .expect(400);
    expect(res.body.errors).toEqual({
      'data.siteName': 'Le nom du site est requis.',
      'data.currentEmail': "Format d'email invalide.",
      'data.phone': 'Numéro trop court.',
      'data.about': 'Décrivez au moins 30 caractères.',
      'data.services': 'Ajoutez au moins un service.',
      'data.socialLinks': 'Lien n°2 invalide.',
    });
    // Booking a call skips steps 2 and 3.
    await as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
      .send({ prefersCall: true, data: { siteName: 'Chez Paul', currentEmail: 'paul@example.com', phone: '' } })
      .expect(200);
    await as(t.api.post('/api/checkout-sessions'), owner)
      .send({ consumerRequest: true, draftId: draft.id, billing: { ...BILLING, email: 'paul@example.com' } })
      .expect(201);
    // Someone else's draft does not exist.
    await t.api.post('/api/checkout-sessions').send({ consumerRequest: true, draftId: draft.id, billing: BILLING }).expect(404);
  });

  it('says nothing about a session it does not know', async () => {
    expect((await t.api.get('/api/checkout-sessions/cs_test_unknown').expect(404)).body.message).toBe('Session de paiement introuvable');
  });
});
