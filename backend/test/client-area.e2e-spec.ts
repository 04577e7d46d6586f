import { bearer, createTestApp, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { outboxFor } from './helpers/outbox';
import { listRoutes } from './helpers/routes';

/** A site of `userId` straight in the table (with a local subscription copy), as provisioning leaves it. */
async function seedSite(t: TestApp, userId: string, name: string): Promise<string> {
  const sub = `sub_${name.replace(/\W/g, '')}${Date.now()}`;
  const [site] = await t.dataSource.query(
    `INSERT INTO sites (user_id, site_name, domain, type, progression, stripe_subscription_id) VALUES ($1, $2, $3, 'pro', $4, $5) RETURNING id`,
    [
      userId,
      name,
      `${name.toLowerCase().replace(/\W/g, '')}.fr`,
      JSON.stringify({ started: true, design_ok: false, dev_ok: false, seo_ok: false, techno_review: false }),
      sub,
    ],
  );
  await t.dataSource.query(
    `INSERT INTO subscriptions (id, customer_id, user_id, status, cancel_at_period_end, current_period_end, price_id, plan, site_id, synced_at)
     VALUES ($1, $2, $3, 'active', false, now() + interval '20 days', 'price_pro', 'pro', $4, now())`,
    [sub, `cus_${name.replace(/\W/g, '')}`, userId, site.id],
  );
  await t.dataSource.query(
    `INSERT INTO invoices (id, customer_id, user_id, subscription_id, number, date, amount_cents, currency, status, description, hosted_url, pdf_url, synced_at)
     VALUES ($1, $2, $3, $4, $5, now(), 2900, 'eur', 'paid', 'Formule Pro', 'https://pay.example/in', 'https://pay.example/in.pdf', now())`,
    [`in_${name.replace(/\W/g, '')}`, `cus_${name.replace(/\W/g, '')}`, userId, sub, `F-${name}`],
  );
  return site.id;
}

const BUSINESS_OPTIONS = {
  businessName: 'Boulangerie Martin',
  businessType: 'retail',
  industry: 'Boulangerie',
  targetAudience: 'Quartier',
  keyServices: 'Pain, viennoiseries',
  contactInfo: {
    email: 'martin@example.com',
    phone: '0612345678',
    address: '3 place du Marché',
    city: 'Lyon',
    postalCode: '69001',
    country: 'France',
  },
  businessGoals: 'Plus de commandes',
  socialMedia: { instagram: 'https://instagram.com/martin' },
};

describe('the client area', () => {
  let t: TestApp;
  let alice: SessionBody;
  let bob: SessionBody;
  let aliceSite: string;
  let bobSite: string;

  beforeAll(async () => {
    t = await createTestApp();
    alice = await registerClient(t.api, { name: 'Alice Martin', email: 'alice@example.com' });
    bob = await registerClient(t.api, { name: 'Bob Durand', email: 'bob@example.com' });
    aliceSite = await seedSite(t, alice.user.id, 'Atelier Alice');
    bobSite = await seedSite(t, bob.user.id, 'Garage Bob');
  });
  afterAll(() => t.close());

  /**
   * Every client route that names a site: Bob with Alice's id gets 404 and nothing of hers. A new route under a
   * client's resource must get a case here (the first test fails otherwise).
   */
  const CROSS_CLIENT: Record<string, { body?: object; own?: object }> = {
    'GET /api/sites/:id': {},
    'GET /api/sites/:id/subscription': {},
    'POST /api/sites/:id/subscription/upgrade': {},
    'POST /api/sites/:id/subscription/cancel': {},
    'POST /api/sites/:id/subscription/reactivate': {},
    'POST /api/sites/:id/subscription/restart': { body: { planType: 'pro' } },
    'POST /api/sites/:id/subscription/payment-method': {},
    // Their own site with no such session or invoice: that one is not found, not the site.
    'GET /api/sites/:id/subscription/checkout-sessions/:sessionId': { own: { message: 'Session de paiement introuvable' } },
    'GET /api/sites/:id/subscription/invoices/:invoiceId/payment': { own: { message: 'Facture introuvable' } },
    'POST /api/sites/:id/modification-requests': { body: { type: 'design', priority: 'high', description: 'Changer la couleur' } },
    'GET /api/sites/:id/business-options': {},
    'GET /api/sites/:id/audience': {},
    'GET /api/sites/:id/uptime': {},
    'GET /api/sites/:id/audience.csv': {},
    'PUT /api/sites/:id/business-options': { body: BUSINESS_OPTIONS },
    'GET /api/sites/:id/withdrawal': {},
    // Their own site, ordered by no private individual: refused (403), not unknown.
    'POST /api/sites/:id/withdrawal': { body: { fullName: 'Bob Garage', address: '1 rue du Garage, 69001 Lyon' } },
  };
  // Not site ids: their own cross-client tests (a legal invoice's download: legal-invoices.e2e-spec.ts; a data
  // archive's download: data-export.e2e-spec.ts).
  const NOT_BY_ID = /^\w+ \/api\/(admin|order-drafts|order-photos|checkout-sessions|docs|billing\/legal-invoices|privacy\/exports)\b/;

  it('has a cross-client case for every client route that takes an id', () => {
    const withId = listRoutes(t).filter((r) => r.includes('/:') && !NOT_BY_ID.test(r));
    expect(withId.filter((r) => !(r in CROSS_CLIENT))).toEqual([]);
    expect(Object.keys(CROSS_CLIENT).filter((r) => !withId.includes(r))).toEqual([]);
  });

  it.each(Object.entries(CROSS_CLIENT))(
    "%s with another client's id: 404, nothing of theirs, nothing changed",
    async (route, { body, own: ownAnswer }) => {
      const [method, path] = route.split(' ');
      const before = await t.dataSource.query(
        `SELECT s.status, s.type, (SELECT count(*) FROM modification_requests WHERE site_id = s.id) AS requests, (SELECT count(*) FROM site_business_options WHERE site_id = s.id) AS options FROM sites s WHERE id = $1`,
        [aliceSite],
      );
      const res = await t.api[method.toLowerCase() as 'get'](path.replace(':id', aliceSite)).set(bearer(bob)).send(body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, message: 'Site introuvable' });
      expect(JSON.stringify(res.body)).not.toContain('Atelier');
      const after = await t.dataSource.query(
        `SELECT s.status, s.type, (SELECT count(*) FROM modification_requests WHERE site_id = s.id) AS requests, (SELECT count(*) FROM site_business_options WHERE site_id = s.id) AS options FROM sites s WHERE id = $1`,
        [aliceSite],
      );
      expect(after).toEqual(before);
      // Their own site answers (not 404): the case tests ownership, not a broken route.
      const own = await t.api.raw[method.toLowerCase() as 'get'](path.replace(':id', bobSite)).set(bearer(bob)).send(body);
      if (ownAnswer) expect(own.body).toMatchObject(ownAnswer);
      else expect(own.status).not.toBe(404);
    },
  );

  it('lists only the caller’s own invoices and counts only their own sites (no customer id from the browser)', async () => {
    const res = await t.api.get('/api/billing/invoices?customerId=cus_AtelierAlice').set(bearer(bob)).expect(400);
    expect(res.body.errors).toEqual({ customerId: 'Champ non autorisé' });
    const own = await t.api.get('/api/billing/invoices').set(bearer(bob)).expect(200);
    expect(own.body).toEqual({
      total: 1,
      invoices: [
        {
          id: 'in_GarageBob',
          number: 'F-Garage Bob',
          date: expect.any(String),
          amountCents: 2900,
          currency: 'eur',
          status: 'paid',
          paymentFailed: false,
          refundedCents: 0,
          siteId: bobSite,
          siteName: 'Garage Bob',
          description: 'Formule Pro',
          pdfUrl: 'https://pay.example/in.pdf',
          hostedUrl: 'https://pay.example/in',
          legalDocuments: [],
        },
      ],
    });
    // Filtered by site: Bob's own site has it; another client's site id finds nothing of theirs.
    expect((await t.api.get(`/api/billing/invoices?siteId=${bobSite}`).set(bearer(bob)).expect(200)).body.total).toBe(1);
    expect((await t.api.get(`/api/billing/invoices?siteId=${aliceSite}`).set(bearer(bob)).expect(200)).body).toEqual({
      invoices: [],
      total: 0,
    });
    expect((await t.api.get('/api/billing/invoices?siteId=pas-un-id').set(bearer(bob)).expect(400)).body.errors).toEqual({
      siteId: 'Site introuvable',
    });
    const summary = await t.api.get('/api/dashboard/summary').set(bearer(bob)).expect(200);
    expect(summary.body).toEqual({ memberDays: 1, activeSites: 0, pendingSites: 1, suspendedSites: 0, invoiceCount: 1 });
    const sites = await t.api.get('/api/sites').set(bearer(bob)).expect(200);
    expect(sites.body.sites.map((s: { id: string }) => s.id)).toEqual([bobSite]);
  });

  it('shows a site with its plan label, age and status history', async () => {
    await t.dataSource.query(
      `INSERT INTO site_status_history (site_id, from_status, to_status, cause) VALUES ($1, NULL, 'pending', 'payment')`,
      [aliceSite],
    );
    const res = await t.api.get(`/api/sites/${aliceSite}`).set(bearer(alice)).expect(200);
    expect(res.body).toMatchObject({
      id: aliceSite,
      siteName: 'Atelier Alice',
      planLabel: 'Pro (29\u00a0€/mois)',
      ageDays: 0,
      status: 'pending',
    });
    expect(res.body.statusHistory).toEqual([{ fromStatus: null, toStatus: 'pending', cause: 'payment', createdAt: expect.any(String) }]);
    // The modification request's choices, with the labels of the team's mail.
    expect(res.body.modificationOptions.types.map((o: { label: string }) => o.label)).toEqual([
      'Design',
      'Contenu',
      'Fonctionnalité',
      'Nom de domaine',
      'Autre',
    ]);
    expect(res.body.modificationOptions.priorities).toEqual([
      { value: 'low', label: 'Basse' },
      { value: 'medium', label: 'Moyenne' },
      { value: 'high', label: 'Haute' },
    ]);
    const sub = await t.api.get(`/api/sites/${aliceSite}/subscription`).set(bearer(alice)).expect(200);
    expect(sub.body.subscription).toMatchObject({
      status: 'active',
      statusLabel: 'Actif',
      plan: 'pro',
      planLabel: 'Pro (29\u00a0€/mois)',
      customerId: 'cus_AtelierAlice',
      cancelAtPeriodEnd: false,
    });
    await t.dataSource.query(`UPDATE subscriptions SET cancel_at_period_end = true WHERE site_id = $1`, [aliceSite]);
    expect((await t.api.get(`/api/sites/${aliceSite}/subscription`).set(bearer(alice)).expect(200)).body.subscription.statusLabel).toBe(
      'Annulation programmée',
    );
    await t.dataSource.query(`UPDATE subscriptions SET cancel_at_period_end = false WHERE site_id = $1`, [aliceSite]);
  });

  it('answers a site without subscription with null', async () => {
    const [site] = await t.dataSource.query(
      `INSERT INTO sites (user_id, site_name, type, progression) VALUES ($1, 'Sans abonnement', 'custom', '{"started":false,"design_ok":false,"dev_ok":false,"seo_ok":false,"techno_review":false}') RETURNING id`,
      [alice.user.id],
    );
    expect((await t.api.get(`/api/sites/${site.id}/subscription`).set(bearer(alice)).expect(200)).body).toEqual({ subscription: null });
    expect((await t.api.post(`/api/sites/${site.id}/subscription/cancel`).set(bearer(alice)).expect(404)).body.message).toBe(
      'Aucun abonnement trouvé pour ce site.',
    );
  });

  describe('modification requests', () => {
    it('say in French what is wrong with each field', async () => {
      const res = await t.api
        .post(`/api/sites/${aliceSite}/modification-requests`)
        .set(bearer(alice))
        .send({ type: 'colour', priority: 'urgent', description: '   ', extra: 1 })
        .expect(400);
      expect(res.body.errors).toEqual({
        type: 'Type de modification invalide',
        priority: 'Priorité invalide',
        description: 'La description est requise',
        extra: 'Champ non autorisé',
      });
      const long = await t.api
        .post(`/api/sites/${aliceSite}/modification-requests`)
        .set(bearer(alice))
        .send({ type: 'design', priority: 'low', description: 'x'.repeat(5001) })
        .expect(400);
      expect(long.body.errors).toEqual({ description: 'La description ne doit pas dépasser 5000 caractères' });
    });

    it('are stored and mailed to the team', async () => {
      const res = await t.api
        .post(`/api/sites/${aliceSite}/modification-requests`)
        .set(bearer(alice))
        .send({ type: 'content', priority: 'high', description: '  Changer les horaires  ' })
        .expect(201);
      expect(res.body).toMatchObject({ type: 'content', priority: 'high', description: 'Changer les horaires' });
      const mail = (await outboxFor(t, 'equipe@vitrine.example', 'modification-request-team')).at(-1)!;
      expect(mail.subject).toBe('Demande de modification : Atelier Alice');
      expect(mail.text).toContain('Type : Contenu');
      expect(mail.text).toContain('Priorité : Haute');
      expect(mail.text).toContain('alice@example.com');
    });
  });

  describe('business options', () => {
    it('start prefilled with the account’s e-mail and France', async () => {
      const res = await t.api.get(`/api/sites/${aliceSite}/business-options`).set(bearer(alice)).expect(200);
      expect(res.body).toMatchObject({
        businessName: '',
        businessType: '',
        contactInfo: { email: 'alice@example.com', country: 'France' },
        savedAt: null,
      });
    });

    it('say in French what each required field needs', async () => {
      const res = await t.api
        .put(`/api/sites/${aliceSite}/business-options`)
        .set(bearer(alice))
        .send({
          businessName: ' ',
          businessType: '',
          industry: '',
          keyServices: '',
          businessGoals: '',
          contactInfo: { email: 'pas-un-email' },
        })
        .expect(400);
      expect(res.body.errors).toEqual({
        businessName: "Le nom de l'entreprise est requis",
        businessType: "Le type d'activité est requis",
        industry: "Le secteur d'activité est requis",
        keyServices: 'Les services principaux sont requis',
        businessGoals: 'Les objectifs sont requis',
        'contactInfo.email': "Format d'email invalide",
      });
      const missing = await t.api.put(`/api/sites/${aliceSite}/business-options`).set(bearer(alice)).send({}).expect(400);
      expect(missing.body.errors.contactInfo).toBe('Les coordonnées sont requises');
    });

    it('are stored, mailed to the team and editable later', async () => {
      const saved = await t.api.put(`/api/sites/${aliceSite}/business-options`).set(bearer(alice)).send(BUSINESS_OPTIONS).expect(200);
      expect(saved.body).toMatchObject({
        businessName: 'Boulangerie Martin',
        socialMedia: { instagram: 'https://instagram.com/martin', facebook: '' },
        savedAt: expect.any(String),
      });
      await t.api
        .put(`/api/sites/${aliceSite}/business-options`)
        .set(bearer(alice))
        .send({ ...BUSINESS_OPTIONS, industry: 'Pâtisserie' })
        .expect(200);
      const again = await t.api.get(`/api/sites/${aliceSite}/business-options`).set(bearer(alice)).expect(200);
      expect(again.body).toMatchObject({ industry: 'Pâtisserie', contactInfo: { city: 'Lyon' } });
      const mails = (await outboxFor(t, 'equipe@vitrine.example', 'business-options-team')).filter(
        (m) => m.subject === 'Options business : Atelier Alice',
      );
      expect(mails).toHaveLength(2);
      expect(mails[1].text).toContain("Secteur d'activité : Pâtisserie");
    });
  });

  describe('support messages', () => {
    it('say in French what is wrong with each field', async () => {
      const res = await t.api.post('/api/support/messages').set(bearer(alice)).send({ email: 'x', subject: '', message: ' ' }).expect(400);
      expect(res.body.errors).toEqual({
        email: "Format d'email invalide",
        subject: 'Le sujet est requis',
        message: 'Le message est requis',
      });
    });

    it('are stored and mailed, then the account waits 15 minutes (429 with retryAfter), across requests', async () => {
      expect((await t.api.get('/api/support/messages/next-allowed').set(bearer(alice)).expect(200)).body).toEqual({
        nextAllowedAt: null,
        retryAfter: 0,
      });
      const sent = await t.api
        .post('/api/support/messages')
        .set(bearer(alice))
        .send({ email: 'alice@example.com', subject: 'Facture', message: 'Une question' })
        .expect(201);
      expect(sent.body).toMatchObject({ retryAfter: 900, nextAllowedAt: expect.any(String) });
      // One message per 15 minutes, said in the IETF headers: none left until the wait is over.
      expect([sent.headers['ratelimit-limit'], sent.headers['ratelimit-remaining'], sent.headers['ratelimit-reset']]).toEqual([
        '1',
        '0',
        '900',
      ]);
      const [mail] = await outboxFor(t, 'equipe@vitrine.example', 'support-team');
      expect(mail.subject).toBe('Support : Facture');

      const wait = await t.api.get('/api/support/messages/next-allowed').set(bearer(alice)).expect(200);
      expect(wait.body.retryAfter).toBeGreaterThan(890);
      expect(wait.body.nextAllowedAt).toBe(sent.body.nextAllowedAt);
      const refused = await t.api
        .post('/api/support/messages')
        .set(bearer(alice))
        .send({ email: 'alice@example.com', subject: 'Encore', message: 'Une autre' })
        .expect(429);
      expect(refused.body.retryAfter).toBeGreaterThan(890);
      expect(refused.body.message).toMatch(/^Vous pourrez envoyer un nouveau message dans (15\smin|14\smin\s\d\d?\ss)\.$/);
      expect(refused.headers['retry-after']).toBe(String(refused.body.retryAfter));
      expect(refused.headers['ratelimit-reset']).toBe(String(refused.body.retryAfter));
      // Another account is not held back; and once 15 minutes have passed, Alice may write again.
      await t.api
        .post('/api/support/messages')
        .set(bearer(bob))
        .send({ email: 'bob@example.com', subject: 'Bonjour', message: 'Question' })
        .expect(201);
      await t.dataSource.query(`UPDATE support_messages SET created_at = now() - interval '15 minutes 1 second' WHERE user_id = $1`, [
        alice.user.id,
      ]);
      expect((await t.api.get('/api/support/messages/next-allowed').set(bearer(alice)).expect(200)).body).toEqual({
        nextAllowedAt: null,
        retryAfter: 0,
      });
      await t.api
        .post('/api/support/messages')
        .set(bearer(alice))
        .send({ email: 'alice@example.com', subject: 'Encore', message: 'Une autre' })
        .expect(201);
    });

    it('let only one of two simultaneous messages through', async () => {
      const carol = await registerClient(t.api, { email: 'carol@example.com' });
      const send = () =>
        t.api.raw
          .post('/api/support/messages')
          .set(bearer(carol))
          .send({ email: 'carol@example.com', subject: 'Vite', message: 'Deux fois' });
      const statuses = (await Promise.all([send(), send(), send()])).map((r) => r.status).sort();
      expect(statuses).toEqual([201, 429, 429]);
    });
  });
});
