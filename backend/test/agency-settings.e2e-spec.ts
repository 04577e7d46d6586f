import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { outboxFor } from './helpers/outbox';

/** The environment's identity for this file: the defaults, with one variable set as an operator would. */
const ENV = { AGENCY_PHONE: '04 72 00 00 00' };

/** Every field of the settings, as the admin's form sends them (the identifiers typed with spaces). */
const FORM = {
  name: 'Atelier Nord',
  legalName: 'Atelier Nord SAS',
  legalForm: 'société par actions simplifiée',
  capital: '10 000 €',
  address: '3 place du Théâtre, 59000 Lille',
  country: 'France',
  rcsCity: 'Lille',
  siren: '912 345 675',
  siret: '912 345 675 00017',
  vat: 'FR 65 912 345 675',
  director: 'Claire Lemaire, Présidente',
  email: 'bonjour@atelier-nord.fr',
  phone: '03 20 12 34 56',
  bookingUrl: 'https://calendly.com/atelier-nord/appel',
  teamEmail: 'equipe@atelier-nord.fr',
  hostName: 'OVH SAS',
  hostAddress: '2 rue Kellermann, 59100 Roubaix, France',
  hostWebsite: 'https://www.ovhcloud.com',
};

const QUOTE = {
  fullName: 'Jean-Pierre de La Fontaine',
  email: 'jp@fontaine.fr',
  phone: '06 12 34 56 78',
  company: 'Fables SARL',
  description: 'Un site pour présenter nos fables, avec un espace réservation.',
  budget: '3000-5000',
  timeline: 'normal',
  callbackPreference: 'afternoon',
};

describe("the agency's settings", () => {
  let t: TestApp;
  let admin: SessionBody;
  const auditEntries = async () =>
    (await t.api.get('/api/admin/audit-log?entityType=agency').set(bearer(admin)).expect(200)).body as {
      total: number;
      entries: Array<Record<string, unknown>>;
    };

  beforeAll(async () => {
    t = await createTestApp(ENV);
    admin = await loginAdmin(t.api);
  });
  afterAll(() => t.close());

  it('are for admins only: 401 without a session, 403 for a client', async () => {
    const client = await registerClient(t.api);
    await t.api.get('/api/admin/agency-settings').expect(401);
    await t.api.put('/api/admin/agency-settings').send(FORM).expect(401);
    await t.api.get('/api/admin/agency-settings').set(bearer(client)).expect(403);
    await t.api.put('/api/admin/agency-settings').set(bearer(client)).send(FORM).expect(403);
    expect(await t.dataSource.query('SELECT * FROM agency_settings')).toEqual([]);
  });

  it("are the environment's until an admin saves them (AGENCY_*, TEAM_EMAIL)", async () => {
    const settings = (await t.api.get('/api/admin/agency-settings').set(bearer(admin)).expect(200)).body;
    expect(settings).toMatchObject({
      name: 'Vitrine',
      legalName: 'Vitrine SAS',
      phone: '04 72 00 00 00',
      siren: '912345675',
      siret: '91234567500017',
      vat: 'FR65912345675',
      teamEmail: 'equipe@vitrine.example',
      savedAt: null,
    });
    const agency = (await t.api.get('/api/agency').expect(200)).body;
    expect(agency).toMatchObject({
      name: 'Vitrine',
      phone: '04 72 00 00 00',
      phoneHref: 'tel:+33472000000',
      rcs: 'RCS Lyon 912 345 675',
      siret: '912 345 675 00017',
      vat: 'FR 65 912 345 675',
      legalLine: 'Vitrine SAS au capital de 5 000 € — RCS Lyon 912 345 675 — 12 rue des Artisans, 69002 Lyon',
    });
    expect(agency).not.toHaveProperty('teamEmail');
  });

  it('refuse a bad value with a French message under each field, and save nothing', async () => {
    const res = await t.api
      .put('/api/admin/agency-settings')
      .set(bearer(admin))
      .send({
        ...FORM,
        name: '  ',
        email: 'bonjour@',
        teamEmail: 'equipe',
        phone: '12',
        bookingUrl: 'http://calendly.com/atelier-nord',
        hostWebsite: 'www.ovhcloud.com',
        siret: '912 345 675 00018',
        vat: 'FR 12 912 345 675',
        address: 'ligne 1\nligne 2',
      })
      .expect(400);
    expect(res.body.errors).toEqual({
      name: 'Le nom commercial est requis',
      email: "Format d'email invalide",
      teamEmail: "Format d'email invalide",
      phone: 'Numéro de téléphone invalide (exemple : 01 23 45 67 89)',
      bookingUrl: 'Le lien de prise de rendez-vous doit être une adresse https valide (https://…)',
      hostWebsite: "Le site de l'hébergeur doit être une adresse https valide (https://…)",
      siret: 'SIRET invalide (clé de contrôle incorrecte)',
      vat: 'Le numéro de TVA ne correspond pas au SIREN',
      address: 'Ce champ doit tenir sur une ligne',
    });

    const identifiers = async (fields: Record<string, unknown>) =>
      (
        await t.api
          .put('/api/admin/agency-settings')
          .set(bearer(admin))
          .send({ ...FORM, ...fields })
          .expect(400)
      ).body.errors;
    expect(await identifiers({ siren: '912 345 67', siret: '912 345 675 0001', vat: 'DE123456789' })).toEqual({
      siren: 'Le SIREN doit contenir 9 chiffres',
      siret: 'Le SIRET doit contenir 14 chiffres',
      vat: 'Numéro de TVA invalide (FR, une clé de 2 caractères, puis les 9 chiffres du SIREN)',
    });
    // A SIREN whose Luhn key is wrong; a SIRET (valid on its own) of another company.
    expect(await identifiers({ siren: '912 345 678', siret: '732 829 320 00074', vat: 'FR 44 732 829 320' })).toEqual({
      siren: 'SIREN invalide (clé de contrôle incorrecte)',
    });
    expect(await identifiers({ siret: '732 829 320 00074' })).toEqual({ siret: 'Le SIRET doit commencer par le SIREN' });
    const { vat: _vat, ...withoutVat } = FORM;
    expect(
      (
        await t.api
          .put('/api/admin/agency-settings')
          .set(bearer(admin))
          .send({ ...withoutVat, extra: 'x' })
          .expect(400)
      ).body.errors,
    ).toEqual({ vat: 'Le numéro de TVA est requis', extra: 'Champ non autorisé' });

    expect(await t.dataSource.query('SELECT * FROM agency_settings')).toEqual([]);
    expect((await auditEntries()).total).toBe(0);
  });

  it('save what changed, audited with the changed fields only; GET /api/agency shows it at once', async () => {
    const env = (await t.api.get('/api/admin/agency-settings').set(bearer(admin)).expect(200)).body;
    const { savedAt: _never, ...envForm } = env;
    const res = await t.api
      .put('/api/admin/agency-settings')
      .set(bearer(admin))
      .send({ ...envForm, phone: ' 03 20 12 34 56 ', teamEmail: 'Equipe@Atelier-Nord.fr', siret: '912 345 675 00017' })
      .expect(200);
    expect(res.body).toMatchObject({ phone: '03 20 12 34 56', teamEmail: 'equipe@atelier-nord.fr', siret: '91234567500017' });
    expect(new Date(res.body.savedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const log = await auditEntries();
    expect(log.total).toBe(1);
    expect(log.entries[0]).toMatchObject({
      actorId: admin.user.id,
      actorEmail: 'admin@example.com',
      action: 'agency.update',
      entityType: 'agency',
      entityId: 'settings',
      before: { phone: '04 72 00 00 00', teamEmail: 'equipe@vitrine.example' },
      after: { phone: '03 20 12 34 56', teamEmail: 'equipe@atelier-nord.fr' },
    });
    expect(Object.keys(log.entries[0].after as object).sort()).toEqual(['phone', 'teamEmail']);

    const agency = (await t.api.get('/api/agency').expect(200)).body;
    expect(agency).toMatchObject({ name: 'Vitrine', phone: '03 20 12 34 56', phoneHref: 'tel:+33320123456' });
  });

  it('write nothing and log nothing for a save that changes nothing', async () => {
    const before = (await t.api.get('/api/admin/agency-settings').set(bearer(admin)).expect(200)).body;
    const { savedAt, ...form } = before;
    const res = await t.api
      .put('/api/admin/agency-settings')
      .set(bearer(admin))
      .send({ ...form, siren: '912 345 675', vat: 'fr 65 912 345 675' })
      .expect(200);
    expect(res.body).toEqual(before);
    expect(res.body.savedAt).toBe(savedAt);
    expect((await auditEntries()).total).toBe(1);
  });

  it("put the whole identity in the mails' footer and the team's mails at the saved team address", async () => {
    const saved = await t.api.put('/api/admin/agency-settings').set(bearer(admin)).send(FORM).expect(200);
    expect(saved.body).toMatchObject({ siren: '912345675', siret: '91234567500017', vat: 'FR65912345675' });
    const agency = (await t.api.get('/api/agency').expect(200)).body;
    expect(agency).toEqual({
      name: 'Atelier Nord',
      legalName: 'Atelier Nord SAS',
      legalForm: 'société par actions simplifiée',
      capital: '10 000 €',
      address: '3 place du Théâtre, 59000 Lille',
      country: 'France',
      rcs: 'RCS Lille 912 345 675',
      siret: '912 345 675 00017',
      vat: 'FR 65 912 345 675',
      director: 'Claire Lemaire, Présidente',
      email: 'bonjour@atelier-nord.fr',
      phone: '03 20 12 34 56',
      phoneHref: 'tel:+33320123456',
      bookingUrl: 'https://calendly.com/atelier-nord/appel',
      legalLine: 'Atelier Nord SAS au capital de 10 000 € — RCS Lille 912 345 675 — 3 place du Théâtre, 59000 Lille',
      host: { name: 'OVH SAS', address: '2 rue Kellermann, 59100 Roubaix, France', website: 'https://www.ovhcloud.com' },
      mediator: null,
    });

    await t.api.post('/api/quotes').send(QUOTE).expect(201);
    const [team] = await outboxFor(t, 'equipe@atelier-nord.fr', 'quote-team');
    expect(team).toBeDefined();
    expect(await outboxFor(t, 'equipe@vitrine.example')).toEqual([]);
    const [ack] = await outboxFor(t, 'jp@fontaine.fr', 'quote-ack');
    expect(ack.text).toContain('Atelier Nord — sites vitrines professionnels livrés en 24h');
    expect(ack.text).toContain('03 20 12 34 56 · bonjour@atelier-nord.fr');
    expect(ack.text).toContain(agency.legalLine);
    const [{ html }] = await t.dataSource.query(`SELECT html FROM outbox_emails WHERE id = $1`, [ack.id]);
    expect(html).toContain('mailto:bonjour@atelier-nord.fr');
    expect(html).not.toContain('Vitrine SAS');
  });

  it('name the consumer mediator once an admin sets it (L612-1): left out, it is kept; emptied, it is gone', async () => {
    const bad = await t.api
      .put('/api/admin/agency-settings')
      .set(bearer(admin))
      .send({ ...FORM, mediatorName: 'CM2C', mediatorWebsite: 'www.cm2c.net' })
      .expect(400);
    expect(bad.body.errors).toEqual({ mediatorWebsite: 'Le site du médiateur doit être une adresse https valide (https://…)' });

    const saved = await t.api
      .put('/api/admin/agency-settings')
      .set(bearer(admin))
      .send({ ...FORM, mediatorName: ' CM2C ', mediatorWebsite: 'https://www.cm2c.net' })
      .expect(200);
    expect(saved.body).toMatchObject({ mediatorName: 'CM2C', mediatorWebsite: 'https://www.cm2c.net' });
    expect((await t.api.get('/api/agency').expect(200)).body.mediator).toEqual({ name: 'CM2C', website: 'https://www.cm2c.net' });
    const log = await auditEntries();
    expect(log.entries[0]).toMatchObject({ before: { mediatorName: '', mediatorWebsite: '' }, after: { mediatorName: 'CM2C' } });

    // The form of an older page, without the mediator: kept.
    await t.api.put('/api/admin/agency-settings').set(bearer(admin)).send(FORM).expect(200);
    expect((await t.api.get('/api/agency').expect(200)).body.mediator).toEqual({ name: 'CM2C', website: 'https://www.cm2c.net' });

    await t.api
      .put('/api/admin/agency-settings')
      .set(bearer(admin))
      .send({ ...FORM, mediatorName: '', mediatorWebsite: '' })
      .expect(200);
    expect((await t.api.get('/api/agency').expect(200)).body.mediator).toBeNull();
  });

  it('are read from the database by another instance, whatever its environment says', async () => {
    const other = await createTestApp({ AGENCY_PHONE: '05 56 00 00 00', TEAM_EMAIL: 'autre@vitrine.example' }, t);
    try {
      expect((await other.api.get('/api/agency').expect(200)).body).toMatchObject({ name: 'Atelier Nord', phone: '03 20 12 34 56' });
    } finally {
      await other.close();
    }
  });
});
