import { createTestApp, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { as, COMPLETE_FORM, type DraftBody, startDraft } from './helpers/orders';

/** The order wizard's server-side draft: who may reach it, autosave, validation, the catalogue's choices. */
describe('order drafts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('an anonymous browser', () => {
    it('gets a draft with the spec defaults and an httpOnly, SameSite=Strict cookie holding its secret', async () => {
      const { draft, setCookie } = await startDraft(t.api, 'business');
      expect(draft).toMatchObject({
        planType: 'business',
        prefersCall: null,
        currentStep: '1',
        status: 'draft',
        photos: [],
      });
      // No billing typed yet: the field is absent, never null (the schema's BillingInfoDto does not take null).
      expect(draft).not.toHaveProperty('billing');
      expect(draft.data).toMatchObject({
        domainChoice: 'existing',
        domainTld: '.fr',
        displayEmailChoice: 'pro',
        proEmailLocalPart: 'contact',
        logoOption: 'none',
        services: [''],
        socialLinks: [''],
        dominantColor: null,
        currentEmail: '',
      });
      expect(draft.recap).toEqual({
        lines: [{ code: 'business', label: 'Formule Business', quantity: 1, amountCents: 5900, recurring: true }],
        firstMonthCents: 5900,
        monthlyCents: 5900,
      });
      expect(setCookie).toMatch(
        new RegExp(`^order_draft=${draft.id}\\.[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=/api; Expires=[^;]+; HttpOnly; SameSite=Strict$`),
      );
      const [row] = await t.dataSource.query(`SELECT user_id, secret_hash FROM order_drafts WHERE id = $1`, [draft.id]);
      expect(row.user_id).toBeNull();
      expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(setCookie).not.toContain(row.secret_hash);
    });

    it('finds it again with its cookie, and only with it (another browser, a forged secret, an account: 404)', async () => {
      const { draft, owner } = await startDraft(t.api);
      expect((await as(t.api.get(`/api/order-drafts/${draft.id}`), owner).expect(200)).body.id).toBe(draft.id);
      expect((await as(t.api.get('/api/order-drafts/current'), owner).expect(200)).body.id).toBe(draft.id);

      const other = await startDraft(t.api);
      const stranger = await registerClient(t.api);
      const forged = `order_draft=${draft.id}.${'A'.repeat(43)}`;
      const othersCookie = `order_draft=${draft.id}.${other.owner.cookie!.split('.')[1]}`;
      for (const intruder of [{}, other.owner, { cookie: forged }, { cookie: othersCookie }, { session: stranger }]) {
        const res = await as(t.api.get(`/api/order-drafts/${draft.id}`), intruder).expect(404);
        expect(res.body).toEqual({ statusCode: 404, message: 'Commande introuvable' });
        await as(t.api.patch(`/api/order-drafts/${draft.id}`), intruder)
          .send({ currentStep: '2' })
          .expect(404);
      }
      expect((await as(t.api.get('/api/order-drafts/current'), other.owner).expect(200)).body.id).toBe(other.draft.id);
      // No draft yet is an ordinary answer, not an error: 204 with no body.
      expect((await t.api.get('/api/order-drafts/current').expect(204)).text).toBe('');
      await t.api.get('/api/order-drafts/not-a-uuid').expect(404);
    });
  });

  describe('a signed-in client', () => {
    let client: SessionBody;
    beforeAll(async () => {
      client = await registerClient(t.api, { email: 'cliente@example.com' });
    });

    it('gets a draft of the account, the e-mail prefilled and kept', async () => {
      const { draft, setCookie } = await startDraft(t.api, 'pro', client);
      expect(setCookie).toBeUndefined();
      expect(draft.data.currentEmail).toBe('cliente@example.com');
      const patched = await as(t.api.patch(`/api/order-drafts/${draft.id}`), { session: client })
        .send({ data: { currentEmail: 'autre@example.com', siteName: 'Atelier' } })
        .expect(200);
      expect(patched.body.data).toMatchObject({ currentEmail: 'cliente@example.com', siteName: 'Atelier' });
      expect((await as(t.api.get('/api/order-drafts/current'), { session: client }).expect(200)).body.id).toBe(draft.id);
    });

    it('reaches only its own drafts: anonymous callers and other accounts get 404', async () => {
      const { draft } = await startDraft(t.api, 'pro', client);
      const other = await registerClient(t.api);
      await t.api.get(`/api/order-drafts/${draft.id}`).expect(404);
      await as(t.api.get(`/api/order-drafts/${draft.id}`), { session: other }).expect(404);
      await as(t.api.get('/api/order-drafts/current'), { session: other }).expect(204);
      // An anonymous draft is not the account's either, without its cookie.
      const anonymous = await startDraft(t.api);
      await as(t.api.get(`/api/order-drafts/${anonymous.draft.id}`), { session: client }).expect(404);
      expect(
        (await as(t.api.get(`/api/order-drafts/${anonymous.draft.id}`), { session: client, cookie: anonymous.owner.cookie }).expect(200))
          .body.id,
      ).toBe(anonymous.draft.id);
    });

    it('is asked to refresh an expired session rather than told its draft does not exist', async () => {
      const res = await t.api.get('/api/order-drafts/current').set('Authorization', 'Bearer expired.or.forged').expect(401);
      expect(res.body.message).toBe('Session expirée, veuillez vous reconnecter');
    });
  });

  describe('autosave', () => {
    let draft: DraftBody;
    let owner: { cookie?: string };
    beforeAll(async () => {
      ({ draft, owner } = await startDraft(t.api));
    });
    const patch = (body: object) => as(t.api.patch(`/api/order-drafts/${draft.id}`), owner).send(body);

    it('merges what is sent and keeps the rest', async () => {
      await patch({ currentStep: '1.5', data: { siteName: '  Boulangerie Martin ', currentEmail: 'martin@example.com' } }).expect(200);
      const res = await patch({ prefersCall: false, currentStep: '2', data: { services: ['Pain', ''], socialLinks: [] } }).expect(200);
      expect(res.body).toMatchObject({ prefersCall: false, currentStep: '2' });
      expect(res.body.data).toMatchObject({
        siteName: 'Boulangerie Martin',
        currentEmail: 'martin@example.com',
        services: ['Pain', ''],
        socialLinks: [],
        domainTld: '.fr',
      });
      const again = await patch({ billing: { city: 'Lyon' } }).expect(200);
      expect(again.body.billing).toEqual({
        fullName: '',
        email: '',
        phone: '',
        address: '',
        city: 'Lyon',
        postalCode: '',
        buyerType: 'individual',
        companyName: '',
        siren: '',
        vatNumber: '',
      });
      expect((await patch({ billing: { postalCode: '69001' } }).expect(200)).body.billing).toMatchObject({
        city: 'Lyon',
        postalCode: '69001',
      });
      expect((await patch({ prefersCall: null }).expect(200)).body.prefersCall).toBeNull();
    });

    it('keeps every field of the order form, and prices the options from the catalogue', async () => {
      const res = await patch({ data: COMPLETE_FORM }).expect(200);
      expect(res.body.data).toEqual({ ...COMPLETE_FORM, extraEmails: ['commandes'] });
      // Pro 29 + logo 15 + Google Business 10 + 1 e-mail; then without the logo.
      expect(res.body.recap).toMatchObject({ firstMonthCents: 5500, monthlyCents: 4000 });
      expect(res.body.recap.lines.map((l: { code: string }) => l.code)).toEqual(['pro', 'logo', 'googleBusiness', 'extraEmail']);
    });

    it('keeps the plan as sent, and refuses the Business toggle the draft no longer has', async () => {
      expect((await patch({ planType: 'business' }).expect(200)).body).toMatchObject({ planType: 'business' });
      expect((await patch({ planType: 'pro' }).expect(200)).body).toMatchObject({ planType: 'pro' });
      expect((await patch({ businessEnabled: true }).expect(400)).body.errors).toHaveProperty('businessEnabled');
    });

    it('refuses malformed fields with French messages, field by field, and changes nothing', async () => {
      const before = (await as(t.api.get(`/api/order-drafts/${draft.id}`), owner).expect(200)).body;
      const res = await patch({
        planType: 'teams',
        currentStep: '5',
        prefersCall: 'oui',
        data: {
          siteName: 'x'.repeat(101),
          domainTld: '.io',
          domainChoice: 'autre',
          logoOption: 'maybe',
          displayEmailChoice: 'fax',
          dominantColor: '#123456',
          stylePreferences: ['brutaliste'],
          businessFeatures: ['casino'],
          services: Array.from({ length: 21 }, () => 'Service'),
          extraEmails: ['pas valide!'],
          includeTrustpilot: 'yes',
          about: 'x'.repeat(5001),
          unknown: 1,
        },
        billing: { city: 42 },
        status: 'paid',
      }).expect(400);
      expect(res.body.message).toBe('Données invalides');
      expect(res.body.errors).toEqual({
        planType: 'Formule invalide',
        currentStep: 'Étape invalide.',
        prefersCall: 'Valeur invalide',
        status: 'Champ non autorisé',
        'data.siteName': 'Le nom du site ne doit pas dépasser 100 caractères.',
        'data.domainTld': 'Extension de domaine invalide.',
        'data.domainChoice': 'Choix de domaine invalide.',
        'data.logoOption': 'Option de logo invalide.',
        'data.displayEmailChoice': "Choix d'adresse e-mail invalide.",
        'data.dominantColor': 'Couleur invalide.',
        'data.stylePreferences': 'Style invalide.',
        'data.businessFeatures': 'Fonctionnalité invalide.',
        'data.services': '20 services au maximum.',
        'data.extraEmails': 'Adresse e-mail supplémentaire invalide.',
        'data.includeTrustpilot': 'Valeur invalide',
        'data.about': 'La description ne doit pas dépasser 5000 caractères.',
        'data.unknown': 'Champ non autorisé',
        'billing.city': 'Ce champ doit être un texte',
      });
      expect((await as(t.api.get(`/api/order-drafts/${draft.id}`), owner).expect(200)).body).toEqual(before);
    });

    it('makes a paid order read-only', async () => {
      const { draft: paid, owner: payer } = await startDraft(t.api);
      await t.dataSource.query(`UPDATE order_drafts SET status = 'paid', paid_at = now() WHERE id = $1`, [paid.id]);
      const res = await as(t.api.patch(`/api/order-drafts/${paid.id}`), payer)
        .send({ currentStep: '2' })
        .expect(409);
      expect(res.body).toEqual({ statusCode: 409, message: 'Cette commande est déjà payée' });
      expect((await as(t.api.get(`/api/order-drafts/${paid.id}`), payer).expect(200)).body.status).toBe('paid');
      await as(t.api.get('/api/order-drafts/current'), payer).expect(204);
    });
  });

  it('serves the form’s choices in the catalogue: 8 colours, 4 styles, 11 business features, photo rules', async () => {
    const { orderOptions } = (await t.api.get('/api/catalogue').expect(200)).body;
    expect(orderOptions.colors).toHaveLength(8);
    expect(orderOptions.colors.every((c: { value: string }) => /^#[0-9a-f]{6}$/.test(c.value))).toBe(true);
    expect(orderOptions.styles.map((s: { label: string }) => s.label)).toEqual(['Moderne', 'Classique', 'Élégant', 'Coloré']);
    expect(orderOptions.businessFeatures.map((f: { value: string }) => f.value)).toEqual([
      'quote-form',
      'blog',
      'booking',
      'ecommerce',
      'gallery',
      'testimonials',
      'newsletter',
      'contact-form',
      'appointment',
      'catalog',
      'pricing',
    ]);
    expect(orderOptions.domainTlds).toEqual(['.fr', '.com', '.net', '.org']);
    expect(orderOptions.photoRules).toEqual({ maxCount: 10, maxBytes: 5242880, contentTypes: ['image/jpeg', 'image/png'] });
  });

  it('validates the plan of a new draft', async () => {
    const res = await t.api.post('/api/order-drafts').send({ planType: 'teams' }).expect(400);
    expect(res.body.errors).toEqual({ planType: 'Formule invalide' });
  });
});
