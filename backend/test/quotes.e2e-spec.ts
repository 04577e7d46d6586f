import { bearer, createTestApp, loginAdmin, registerClient, type TestApp } from './helpers/app';

const valid = {
  fullName: 'Jean-Pierre de La Fontaine',
  email: 'JP@Fontaine.fr',
  phone: '06 12 34 56 78',
  company: 'Fables SARL',
  description: 'Un site pour présenter nos fables, avec un espace réservation.',
  budget: '3000-5000',
  timeline: 'normal',
  callbackPreference: 'afternoon',
};

describe('catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves plans, add-ons and prices in cents to anyone', async () => {
    const res = await t.api.get('/api/catalogue').expect(200);
    expect(res.body.plans.map((p: { id: string; monthlyPriceCents: number | null }) => [p.id, p.monthlyPriceCents])).toEqual([
      ['pro', 2900],
      ['business', 5900],
      ['teams', null],
    ]);
    expect(res.body.addOns.find((a: { id: string }) => a.id === 'logo')).toMatchObject({ priceCents: 1500, billing: 'one_time' });
    expect(res.body.offer).toEqual({ fromMonthlyPriceCents: 2999, includedChangeMinutes: 30, commitment: false });
  });
});

describe('POST /api/quotes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(() => t.dataSource.query('DELETE FROM rate_limits'));
  afterAll(() => t.close());

  it('uses in the team mail the very labels the catalogue serves to the form and the admin list', async () => {
    const { quoteOptions } = (await t.api.get('/api/catalogue').expect(200)).body;
    const label = (list: Array<{ value: string; label: string }>, value: string) => list.find((o) => o.value === value)!.label;
    expect(label(quoteOptions.budgets, '3000-5000')).toBe('3 000 € – 5 000 €');
    const res = await t.api
      .post('/api/quotes')
      .send({ ...valid, email: 'labels@fontaine.fr' })
      .expect(201);
    const [mail] = await t.dataSource.query(`SELECT text FROM outbox_emails WHERE dedupe_key = $1`, [`quote-team:${res.body.id}`]);
    expect(mail.text).toContain(`Budget : ${label(quoteOptions.budgets, '3000-5000')}`);
    expect(mail.text).toContain(`Délai : ${label(quoteOptions.timelines, 'normal')}`);
    expect(mail.text).toContain(`Rappel : ${label(quoteOptions.callbackPreferences, 'afternoon')}`);
    expect(quoteOptions.notSpecified).toBe('Non spécifié');
  });

  it('serves the agency identity that the mails carry', async () => {
    const agency = (await t.api.get('/api/agency').expect(200)).body;
    expect(agency).toMatchObject({ name: 'Vitrine', legalName: 'Vitrine SAS', email: expect.stringContaining('@') });
    const res = await t.api
      .post('/api/quotes')
      .send({ ...valid, email: 'agency@fontaine.fr' })
      .expect(201);
    const [mail] = await t.dataSource.query(`SELECT html FROM outbox_emails WHERE dedupe_key = $1`, [`quote-ack:${res.body.id}`]);
    expect(mail.html).toContain(agency.legalLine);
  });

  it('stores the request with the name kept whole', async () => {
    const res = await t.api.post('/api/quotes').send(valid).expect(201);
    const [row] = await t.dataSource.query('SELECT * FROM quote_requests WHERE id = $1', [res.body.id]);
    expect(row).toMatchObject({
      full_name: 'Jean-Pierre de La Fontaine',
      email: 'jp@fontaine.fr',
      phone: '06 12 34 56 78',
      company: 'Fables SARL',
      budget: '3000-5000',
      timeline: 'normal',
      callback_preference: 'afternoon',
    });
  });

  it('mails the team the whole request and acknowledges to the requester, in the same transaction', async () => {
    const res = await t.api
      .post('/api/quotes')
      .send({ ...valid, email: 'mail@fontaine.fr', company: '', budget: '' })
      .expect(201);
    const mails = await t.dataSource.query(
      `SELECT recipient, template, subject, text, dedupe_key FROM outbox_emails WHERE dedupe_key LIKE $1 ORDER BY template`,
      [`%${res.body.id}`],
    );
    expect(mails.map((m: { recipient: string; template: string }) => [m.template, m.recipient])).toEqual([
      ['quote-ack', 'mail@fontaine.fr'],
      ['quote-team', 'equipe@vitrine.example'],
    ]);
    expect(mails[1].subject).toBe('Nouvelle demande de devis : Jean-Pierre de La Fontaine');
    // The spec's request shape: a fixed type, the name split into last name (all but the last word) and first name.
    expect(mails[1].text).toContain('Type de demande : Site web sur mesure');
    expect(mails[1].text).toContain('Nom : Jean-Pierre de La\n');
    expect(mails[1].text).toContain('Prénom : Fontaine\n');
    expect(mails[1].text).toContain('Entreprise : Non spécifié');
    expect(mails[1].text).toContain('Budget : Non spécifié');
    expect(mails[1].text).toContain('Délai : Normal (1-2 mois)');
    expect(mails[1].text).toContain('Rappel : Après-midi (14h-17h)');
    expect(mails[0].text).toContain('Nous vous rappellerons dans les 24h pour discuter de votre projet');
  });

  it('takes empty or "Non spécifié" optional fields as not given, and calls back in the morning by default', async () => {
    const res = await t.api
      .post('/api/quotes')
      .send({
        fullName: 'Ana',
        email: 'ana@example.com',
        phone: '0600000000',
        description: 'Un site.',
        company: '',
        budget: 'Non spécifié',
        timeline: '',
      })
      .expect(201);
    const [row] = await t.dataSource.query('SELECT company, budget, timeline, callback_preference FROM quote_requests WHERE id = $1', [
      res.body.id,
    ]);
    expect(row).toEqual({ company: null, budget: null, timeline: null, callback_preference: 'morning' });
  });

  it('gives the spec messages for missing fields', async () => {
    const res = await t.api.post('/api/quotes').send({}).expect(400);
    expect(res.body.errors).toEqual({
      fullName: 'Le nom complet est requis',
      email: "L'email est requis",
      phone: 'Le téléphone est requis',
      description: 'La description du projet est requise',
    });
  });

  it('checks the e-mail format and the choices', async () => {
    const res = await t.api
      .post('/api/quotes')
      .send({ ...valid, email: 'pas-un-email', budget: '1M', timeline: 'demain', callbackPreference: 'nuit' })
      .expect(400);
    expect(res.body.errors).toEqual({
      email: "Format d'email invalide",
      budget: 'Budget invalide',
      timeline: 'Délai invalide',
      callbackPreference: 'Préférence de rappel invalide',
    });
  });

  it('limits requests per e-mail (3 an hour) with a French 429 and Retry-After, saying the limit on every answer', async () => {
    for (let i = 0; i < 3; i++) {
      const ok = await t.api
        .post('/api/quotes')
        .send({ ...valid, email: 'same@example.com' })
        .set('X-Forwarded-For', `10.0.0.${i}`)
        .expect(201);
      // The stricter of the two limits (3 per e-mail, 5 per address): IETF RateLimit-* headers.
      expect(ok.headers['ratelimit-limit']).toBe('3');
      expect(ok.headers['ratelimit-remaining']).toBe(String(2 - i));
      expect(Number(ok.headers['ratelimit-reset'])).toBeGreaterThan(3500);
    }
    const res = await t.api
      .post('/api/quotes')
      .send({ ...valid, email: 'same@example.com' })
      .expect(429);
    expect(res.body.message).toBe('Trop de demandes envoyées. Réessayez dans 60 minutes.');
    expect(res.body.retryAfter).toBeGreaterThan(3500);
    expect(Number(res.headers['retry-after'])).toBe(res.body.retryAfter);
    expect(res.headers['ratelimit-remaining']).toBe('0');
    expect(res.headers['ratelimit-reset']).toBe(String(res.body.retryAfter));
  });

  it('limits requests per address (5 an hour), whatever the e-mail', async () => {
    for (let i = 0; i < 5; i++)
      await t.api
        .post('/api/quotes')
        .send({ ...valid, email: `p${i}@example.com` })
        .expect(201);
    await t.api
      .post('/api/quotes')
      .send({ ...valid, email: 'p6@example.com' })
      .expect(429);
  });

  it('opens a new window once the hour has passed', async () => {
    for (let i = 0; i < 5; i++)
      await t.api
        .post('/api/quotes')
        .send({ ...valid, email: `w${i}@example.com` })
        .expect(201);
    await t.dataSource.query(`UPDATE rate_limits SET window_start = now() - interval '61 minutes'`);
    await t.api
      .post('/api/quotes')
      .send({ ...valid, email: 'w9@example.com' })
      .expect(201);
  });

  it('lists the requests for admins only, newest first', async () => {
    const admin = await loginAdmin(t.api);
    const client = await registerClient(t.api);
    await t.api.get('/api/admin/quotes').set(bearer(client)).expect(403);
    const res = await t.api.get('/api/admin/quotes?limit=2').set(bearer(admin)).expect(200);
    expect(res.body.total).toBeGreaterThanOrEqual(3);
    expect(res.body.quotes).toHaveLength(2);
    expect(new Date(res.body.quotes[0].createdAt) >= new Date(res.body.quotes[1].createdAt)).toBe(true);
    const fontaine = (await t.api.get('/api/admin/quotes?limit=100').set(bearer(admin)).expect(200)).body.quotes.find(
      (q: { email: string }) => q.email === 'jp@fontaine.fr',
    );
    expect(fontaine).toMatchObject({
      fullName: 'Jean-Pierre de La Fontaine',
      lastName: 'Jean-Pierre de La',
      firstName: 'Fontaine',
      requestType: 'Site web sur mesure',
    });
  });
});
