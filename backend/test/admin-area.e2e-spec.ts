import { MailWorker } from '../src/mail/mail.worker';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { daysAgo, insertInvoice, insertSite, insertSubscription, parseCsv } from './helpers/admin';
import { phoneJpeg } from './helpers/images';
import { as, COMPLETE_FORM, startDraft } from './helpers/orders';
import { outboxFor } from './helpers/outbox';

const MISSING = '00000000-0000-4000-8000-000000000000';

/** The admin's site page and its edits (audit-logged), client pages and mails, dashboard figures, invoices, exports. */
describe('admin area', () => {
  let t: TestApp;
  let admin: SessionBody;
  let client: SessionBody;
  let siteId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.api);
    client = await registerClient(t.api, { name: 'Jeanne Martin', email: 'jeanne@martin.fr' });
    // The order the site came from: the wizard's answers and one photo.
    const { draft, owner } = await startDraft(t.api, 'business', client);
    await as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
      .send({ data: COMPLETE_FORM, prefersCall: false })
      .expect(200);
    await as(t.api.post(`/api/order-drafts/${draft.id}/photos`), owner)
      .attach('file', phoneJpeg(), { filename: 'vitrine.jpg', contentType: 'image/jpeg' })
      .expect(201);
    siteId = await insertSite(t, {
      userId: client.user.id,
      siteName: 'Boulangerie Martin',
      domain: 'boulangerie-martin.fr',
      type: 'business',
      orderDraftId: draft.id,
      createdAt: daysAgo(2),
    });
  });
  afterAll(() => t.close());

  describe('a site', () => {
    it('shows the site, its owner and its order (answers, billing, signed photo links)', async () => {
      const res = await t.api.get(`/api/admin/sites/${siteId}`).set(bearer(admin)).expect(200);
      expect(res.body).toMatchObject({
        id: siteId,
        siteName: 'Boulangerie Martin',
        domain: 'boulangerie-martin.fr',
        status: 'pending',
        type: 'business',
        progression: { started: false, designOk: false, devOk: false, seoOk: false, technoReview: false },
        owner: { id: client.user.id, name: 'Jeanne Martin', email: 'jeanne@martin.fr' },
      });
      const answers = Object.fromEntries(res.body.order.answers.map((a: { label: string; value: string }) => [a.label, a.value]));
      expect(answers).toMatchObject({
        'Nom du site': 'Boulangerie Martin',
        Slogan: 'Du bon pain depuis 1962',
        Services: 'Pains au levain, Viennoiseries',
      });
      expect(res.body.order.photos).toEqual([
        expect.objectContaining({
          name: 'vitrine.jpg',
          contentType: 'image/jpeg',
          url: expect.stringMatching(/^\/api\/order-photos\/[0-9a-f-]+\?exp=\d+&sig=/),
        }),
      ]);
      const photo = await t.api.raw.get(res.body.order.photos[0].url).expect(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
    });

    it("says 'Site introuvable' for an unknown or malformed id", async () => {
      expect((await t.api.get(`/api/admin/sites/${MISSING}`).set(bearer(admin)).expect(404)).body.message).toBe('Site introuvable');
      expect((await t.api.get('/api/admin/sites/pas-un-id').set(bearer(admin)).expect(404)).body.message).toBe('Site introuvable');
      expect(
        (await t.api.patch(`/api/admin/sites/${MISSING}`).set(bearer(admin)).send({ status: 'active' }).expect(404)).body.message,
      ).toBe('Site introuvable');
    });

    it('saves the domain, the status and two build steps; the client sees them; the audit log says who changed what', async () => {
      const res = await t.api
        .patch(`/api/admin/sites/${siteId}`)
        .set(bearer(admin))
        .send({ domain: '  Boulangerie-Martin.COM ', status: 'active', progression: { started: true, designOk: true } })
        .expect(200);
      expect(res.body).toMatchObject({
        domain: 'boulangerie-martin.com',
        status: 'active',
        progression: { started: true, designOk: true, devOk: false, seoOk: false, technoReview: false },
      });
      expect(new Date(res.body.updatedAt).getTime()).toBeGreaterThan(new Date(res.body.createdAt).getTime());

      const own = await t.api.get(`/api/sites/${siteId}`).set(bearer(client)).expect(200);
      expect(own.body).toMatchObject({
        domain: 'boulangerie-martin.com',
        status: 'active',
        progression: { started: true, designOk: true },
      });

      const log = await t.api.get(`/api/admin/audit-log?entityType=site&entityId=${siteId}`).set(bearer(admin)).expect(200);
      expect(log.body.total).toBe(1);
      expect(log.body.entries[0]).toMatchObject({
        actorId: admin.user.id,
        actorEmail: 'admin@example.com',
        action: 'site.update',
        entityType: 'site',
        entityId: siteId,
        before: {
          domain: 'boulangerie-martin.fr',
          status: 'pending',
          progression: { started: false, designOk: false, devOk: false, seoOk: false, technoReview: false },
        },
        after: {
          domain: 'boulangerie-martin.com',
          status: 'active',
          progression: { started: true, designOk: true, devOk: false, seoOk: false, technoReview: false },
        },
      });
      expect(Date.now() - new Date(log.body.entries[0].createdAt).getTime()).toBeLessThan(60_000);
    });

    it('stores an empty domain as null, changes only the fields sent, and logs nothing when nothing changes', async () => {
      const cleared = await t.api.patch(`/api/admin/sites/${siteId}`).set(bearer(admin)).send({ domain: '   ' }).expect(200);
      expect(cleared.body).toMatchObject({ domain: null, status: 'active', progression: { started: true, designOk: true } });
      await t.api.patch(`/api/admin/sites/${siteId}`).set(bearer(admin)).send({ domain: 'boulangerie-martin.fr' }).expect(200);
      const before = (await t.api.get('/api/admin/audit-log').set(bearer(admin)).expect(200)).body.total;
      await t.api
        .patch(`/api/admin/sites/${siteId}`)
        .set(bearer(admin))
        .send({ status: 'active', progression: { started: true } })
        .expect(200);
      await t.api.patch(`/api/admin/sites/${siteId}`).set(bearer(admin)).send({}).expect(200);
      expect((await t.api.get('/api/admin/audit-log').set(bearer(admin)).expect(200)).body.total).toBe(before);
      const last = (await t.api.get(`/api/admin/audit-log?entityId=${siteId}&limit=1`).set(bearer(admin)).expect(200)).body.entries[0];
      expect({ before: last.before, after: last.after }).toEqual({ before: { domain: null }, after: { domain: 'boulangerie-martin.fr' } });
    });

    it('refuses a bad status, domain or step with French messages', async () => {
      const res = await t.api
        .patch(`/api/admin/sites/${siteId}`)
        .set(bearer(admin))
        .send({ status: 'canceled', domain: 'pas un domaine', progression: { started: 'oui' }, siteName: 'x' })
        .expect(400);
      expect(res.body.errors).toEqual({
        status: 'Statut invalide',
        domain: 'Nom de domaine invalide (exemple : boulangerie-martin.fr)',
        'progression.started': 'Valeur invalide',
        siteName: 'Champ non autorisé',
      });
      expect(
        (await t.api.patch(`/api/admin/sites/${siteId}`).set(bearer(admin)).send({ progression: 'tout' }).expect(400)).body.errors,
      ).toEqual({ progression: 'Avancement invalide' });
    });

    it('is for admins only', async () => {
      await t.api.patch(`/api/admin/sites/${siteId}`).send({ status: 'suspended' }).expect(401);
      await t.api.patch(`/api/admin/sites/${siteId}`).set(bearer(client)).send({ status: 'suspended' }).expect(403);
      await t.api.get(`/api/admin/sites/${siteId}`).set(bearer(client)).expect(403);
      expect((await t.api.get(`/api/sites/${siteId}`).set(bearer(client)).expect(200)).body.status).toBe('active');
    });
  });

  describe('a client', () => {
    it('shows the account and its sites', async () => {
      const res = await t.api.get(`/api/admin/users/${client.user.id}`).set(bearer(admin)).expect(200);
      expect(res.body.user).toEqual({
        id: client.user.id,
        email: 'jeanne@martin.fr',
        name: 'Jeanne Martin',
        role: 'client',
        createdAt: client.user.createdAt,
        closedAt: null,
      });
      expect(res.body.sites.map((s: { id: string }) => s.id)).toEqual([siteId]);
      expect((await t.api.get(`/api/admin/users/${MISSING}`).set(bearer(admin)).expect(404)).body.message).toBe('Client introuvable');
      expect((await t.api.get('/api/admin/users/nimporte').set(bearer(admin)).expect(404)).body.message).toBe('Client introuvable');
    });

    it('mails the client through the outbox: in the mail log, sent by the worker, in the audit log', async () => {
      const res = await t.api
        .post(`/api/admin/users/${client.user.id}/email`)
        .set(bearer(admin))
        .send({
          subject: ' Votre site est prêt ',
          message: 'Bonjour Jeanne Martin,\n\nVotre site <b>est en ligne</b>.\n\nL’équipe Vitrine',
        })
        .expect(202);
      expect(res.body).toEqual({ message: 'Message envoyé', emailId: expect.any(String) });
      const [mail] = await outboxFor(t, 'jeanne@martin.fr', 'admin-message');
      expect(mail).toMatchObject({ id: res.body.emailId, subject: 'Votre site est prêt', status: 'queued' });
      expect(mail.text).toContain('Bonjour Jeanne Martin,\n\nVotre site <b>est en ligne</b>.');
      const detail = await t.api.get(`/api/admin/emails/${res.body.emailId}`).set(bearer(admin)).expect(200);
      expect(detail.body.html).toContain('Votre site &lt;b&gt;est en ligne&lt;/b&gt;.');
      await t.app.get(MailWorker).drain();
      expect((await outboxFor(t, 'jeanne@martin.fr', 'admin-message'))[0].status).toBe('captured');
      const log = await t.api.get(`/api/admin/audit-log?entityType=user&entityId=${client.user.id}`).set(bearer(admin)).expect(200);
      expect(log.body.entries[0]).toMatchObject({
        action: 'user.email',
        actorEmail: 'admin@example.com',
        after: { to: 'jeanne@martin.fr', subject: 'Votre site est prêt', emailId: res.body.emailId },
      });
    });

    it('refuses an empty or multi-line subject, an empty message, an unknown client', async () => {
      const empty = await t.api
        .post(`/api/admin/users/${client.user.id}/email`)
        .set(bearer(admin))
        .send({ subject: '  ', message: '' })
        .expect(400);
      expect(empty.body.errors).toEqual({ subject: "L'objet est requis", message: 'Le message est requis' });
      const multiLine = await t.api
        .post(`/api/admin/users/${client.user.id}/email`)
        .set(bearer(admin))
        .send({ subject: 'a\nBcc: x@y.z', message: 'm' })
        .expect(400);
      expect(multiLine.body.errors).toEqual({ subject: "L'objet doit tenir sur une ligne" });
      expect(
        (await t.api.post(`/api/admin/users/${MISSING}/email`).set(bearer(admin)).send({ subject: 's', message: 'm' }).expect(404)).body
          .message,
      ).toBe('Client introuvable');
      await t.api.post(`/api/admin/users/${client.user.id}/email`).set(bearer(client)).send({ subject: 's', message: 'm' }).expect(403);
    });

    it('records first-login invitations and mail retries in the audit log too', async () => {
      await t.api.post(`/api/admin/users/${client.user.id}/first-login-invitation`).set(bearer(admin)).expect(202);
      const [failed] = await outboxFor(t, 'jeanne@martin.fr', 'admin-message');
      await t.dataSource.query(`UPDATE outbox_emails SET status = 'failed' WHERE id = $1`, [failed.id]);
      await t.api.post(`/api/admin/emails/${failed.id}/retry`).set(bearer(admin)).expect(200);
      const log = await t.api.get('/api/admin/audit-log?limit=2').set(bearer(admin)).expect(200);
      expect(log.body.entries.map((e: { action: string; entityId: string }) => [e.action, e.entityId])).toEqual([
        ['email.retry', failed.id],
        ['user.invite', client.user.id],
      ]);
    });
  });

  describe('figures', () => {
    beforeAll(async () => {
      const other = await registerClient(t.api, { name: 'Paul Durand', email: 'paul@durand.fr' });
      await insertSite(t, { userId: other.user.id, siteName: 'Garage Durand', status: 'active', type: 'pro', createdAt: daysAgo(1) });
      await insertSite(t, {
        userId: other.user.id,
        siteName: 'Ancien garage',
        status: 'suspended',
        type: 'custom',
        createdAt: daysAgo(40),
      });
      const thisMonth = new Date();
      await insertInvoice(t, {
        id: 'in_1',
        userId: client.user.id,
        amountCents: 8600,
        status: 'paid',
        date: daysAgo(0, thisMonth),
        number: 'F-001',
        description: 'Formule Business',
      });
      await insertInvoice(t, { id: 'in_2', userId: client.user.id, amountCents: 5900, status: 'paid', date: daysAgo(65), number: 'F-002' });
      await insertInvoice(t, { id: 'in_3', userId: other.user.id, amountCents: 2900, status: 'open', date: daysAgo(1), number: 'F-003' });
      await insertInvoice(t, { id: 'in_4', userId: null, amountCents: 2900, status: 'paid', date: daysAgo(400), number: 'F-004' });
      await insertSubscription(t, { id: 'sub_1', plan: 'business', status: 'active', startedAt: daysAgo(3) });
      await insertSubscription(t, { id: 'sub_2', plan: 'pro', status: 'active', startedAt: daysAgo(90), cancelAtPeriodEnd: true });
      await insertSubscription(t, { id: 'sub_3', plan: 'pro', status: 'past_due', startedAt: daysAgo(60) });
      await insertSubscription(t, { id: 'sub_4', plan: 'pro', status: 'canceled', startedAt: daysAgo(20), endedAt: daysAgo(2) });
      await insertSubscription(t, { id: 'sub_5', plan: 'teams', status: 'active', startedAt: daysAgo(200) });
    });

    it('gives the dashboard its tiles, the 5 newest sites and users, and the totals', async () => {
      const res = await t.api.get('/api/admin/stats').set(bearer(admin)).expect(200);
      expect(res.body).toMatchObject({
        totalRevenueCents: 8600 + 5900 + 2900,
        clientCount: 2,
        activeSites: 2,
        pendingSites: 0,
        suspendedSites: 1,
        totals: { invoices: 4, sites: 3, users: 3 },
      });
      expect(res.body.recentSites.map((s: { siteName: string; owner: { name: string } }) => [s.siteName, s.owner.name])).toEqual([
        ['Garage Durand', 'Paul Durand'],
        ['Boulangerie Martin', 'Jeanne Martin'],
        ['Ancien garage', 'Paul Durand'],
      ]);
      expect(res.body.recentUsers.map((u: { email: string; role: string }) => [u.email, u.role])).toEqual([
        ['paul@durand.fr', 'client'],
        ['jeanne@martin.fr', 'client'],
        ['admin@example.com', 'admin'],
      ]);
    });

    it('gives the revenue page MRR, subscriptions by plan, 30-day movements and 12 months of paid invoices', async () => {
      const res = await t.api.get('/api/admin/revenue').set(bearer(admin)).expect(200);
      expect(res.body).toMatchObject({
        mrrCents: 5900 + 2 * 2900,
        activeSubscriptions: 4,
        plans: [
          { plan: 'pro', name: 'Pro', subscriptions: 2, monthlyPriceCents: 2900, mrrCents: 5800 },
          { plan: 'business', name: 'Business', subscriptions: 1, monthlyPriceCents: 5900, mrrCents: 5900 },
          { plan: 'teams', name: 'Teams', subscriptions: 1, monthlyPriceCents: null, mrrCents: 0 },
        ],
        last30Days: { newSubscriptions: 2, canceledSubscriptions: 1 },
        cancelScheduled: 1,
      });
      expect(res.body.months).toHaveLength(12);
      const current = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' })
        .format(new Date())
        .slice(0, 7);
      expect(res.body.months.at(-1)).toEqual({ month: current, revenueCents: 8600 });
      expect(res.body.months.reduce((sum: number, m: { revenueCents: number }) => sum + m.revenueCents, 0)).toBe(8600 + 5900);
    });

    it('lists invoices with their account, newest first, paged and filtered', async () => {
      const res = await t.api.get('/api/admin/invoices?limit=2').set(bearer(admin)).expect(200);
      expect(res.body.total).toBe(4);
      expect(res.body.invoices.map((i: { id: string }) => i.id)).toEqual(['in_1', 'in_3']);
      expect(res.body.invoices[0]).toMatchObject({
        number: 'F-001',
        amountCents: 8600,
        status: 'paid',
        owner: { name: 'Jeanne Martin', email: 'jeanne@martin.fr' },
      });
      const paid = await t.api.get('/api/admin/invoices?status=paid&page=2&limit=2').set(bearer(admin)).expect(200);
      expect(paid.body).toMatchObject({ total: 3, invoices: [{ id: 'in_4', owner: null }] });
      expect((await t.api.get('/api/admin/invoices?status=unknown').set(bearer(admin)).expect(400)).body.errors).toEqual({
        status: 'Statut invalide',
      });
    });
  });

  describe('CSV exports', () => {
    const download = async (name: string) => {
      const res = await t.api.raw
        .get(`/api/admin/exports/${name}.csv`)
        .set(bearer(admin))
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      return { res, bytes: res.body as Buffer };
    };

    it('exports sites as French Excel reads them: UTF-8 with BOM, ";", quoted fields read back intact', async () => {
      await insertSite(t, {
        userId: client.user.id,
        siteName: 'Le "Fournil"; pains\net gâteaux',
        domain: 'fournil.fr',
        status: 'active',
        type: 'pro',
      });
      await insertSite(t, { userId: client.user.id, siteName: '=HYPERLINK("http://x")', type: 'custom' });
      const { res, bytes } = await download('sites');
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="vitrine-sites-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parseCsv(bytes.toString('utf8').slice(1));
      expect(rows[0]).toEqual([
        'Identifiant',
        'Nom du site',
        'Domaine',
        'Statut',
        'Formule',
        'Client',
        'Email du client',
        'Avancement (%)',
        'Créé le',
        'Modifié le',
      ]);
      expect(rows).toHaveLength(1 + 5);
      const byName = new Map(rows.slice(1).map((r) => [r[1], r]));
      expect(byName.get('Le "Fournil"; pains\net gâteaux')?.slice(2, 8)).toEqual([
        'fournil.fr',
        'Actif',
        'Pro',
        'Jeanne Martin',
        'jeanne@martin.fr',
        '0',
      ]);
      expect(byName.get('Boulangerie Martin')?.slice(2, 8)).toEqual([
        'boulangerie-martin.fr',
        'Actif',
        'Business',
        'Jeanne Martin',
        'jeanne@martin.fr',
        '40',
      ]);
      expect(byName.has('\'=HYPERLINK("http://x")')).toBe(true);
      expect(byName.get('Ancien garage')?.[3]).toBe('Suspendu');
      expect(rows[1][8]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    });

    it('exports clients and invoices (amounts with a decimal comma, statuses in French)', async () => {
      const clients = parseCsv((await download('clients')).bytes.toString('utf8').slice(1));
      expect(clients[0]).toEqual(['Identifiant', 'Nom', 'Email', 'Rôle', 'Inscrit le']);
      expect(clients.slice(1).map((r) => [r[2], r[3]])).toEqual([
        ['admin@example.com', 'Admin'],
        ['jeanne@martin.fr', 'Client'],
        ['paul@durand.fr', 'Client'],
      ]);
      const invoices = parseCsv((await download('invoices')).bytes.toString('utf8').slice(1));
      expect(invoices[0]).toEqual([
        'Numéro',
        'Date',
        'Montant (€)',
        'Devise',
        'Statut',
        'Description',
        'Client',
        'Email du client',
        'Identifiant Stripe',
        'Lien',
      ]);
      expect(invoices.slice(1).map((r) => [r[0], r[2], r[3], r[4], r[7]])).toEqual([
        ['F-004', '29,00', 'EUR', 'Payée', ''],
        ['F-002', '59,00', 'EUR', 'Payée', 'jeanne@martin.fr'],
        ['F-003', '29,00', 'EUR', 'En attente', 'paul@durand.fr'],
        ['F-001', '86,00', 'EUR', 'Payée', 'jeanne@martin.fr'],
      ]);
    });

    it('streams a large table in batches: every row once, in order', async () => {
      await t.dataSource.query(
        `INSERT INTO sites (user_id, site_name, type, progression, created_at)
         SELECT $1, 'Lot ' || lpad(n::text, 4, '0'), 'pro', '{"started":false,"design_ok":false,"dev_ok":false,"seo_ok":false,"techno_review":false}', now() - interval '1 year' + n * interval '1 microsecond'
         FROM generate_series(1, 2500) AS n`,
        [client.user.id],
      );
      // Same instant for some rows: the (created_at, id) cursor still takes each exactly once.
      await t.dataSource.query(
        `UPDATE sites SET created_at = now() - interval '2 years' WHERE site_name IN ('Lot 0999', 'Lot 1000', 'Lot 1001')`,
      );
      const rows = parseCsv((await download('sites')).bytes.toString('utf8').slice(1)).slice(1);
      const lots = rows.map((r) => r[1]).filter((n) => n.startsWith('Lot '));
      expect(lots).toHaveLength(2500);
      expect(new Set(lots).size).toBe(2500);
      expect(new Set(lots.slice(0, 3))).toEqual(new Set(['Lot 0999', 'Lot 1000', 'Lot 1001']));
      expect(lots.slice(3)).toEqual([...lots.slice(3)].sort());
      expect(new Set(rows.map((r) => r[0])).size).toBe(rows.length);
    });

    it('is for admins only', async () => {
      await t.api.raw.get('/api/admin/exports/sites.csv').expect(401);
      await t.api.raw.get('/api/admin/exports/invoices.csv').set(bearer(client)).expect(403);
    });
  });
});
