import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { MailWorker } from '../src/mail/mail.worker';
import { DataExports } from '../src/privacy/data-exports';
import { EXPIRED_LINK, INVALID_LINK, USED_LINK } from '../src/privacy/data-exports.service';
import { bearer, type SessionBody, type TestApp } from './helpers/app';
import { outboxFor } from './helpers/outbox';
import { binary, type ClientFacts, exportLinkFromMail, factsFor, richClient, unzip } from './helpers/privacy';
import { appWithSandbox } from './helpers/stripe';
import { waitForState } from './helpers/wait';

type Json = Record<string, unknown> & Array<Record<string, unknown>>;

/** 'Télécharger mes données': the archive of everything about one account, built in the background, mailed as a one-time link. */
describe('a client’s data archive', () => {
  let sandbox: StripeSandbox;
  let t: TestApp;
  let close: () => Promise<void>;
  const ondine = factsFor('ondine', 'ondine.zephyrin@example.com', 1);
  const barnabe = factsFor('barnabe', 'barnabe.zephyrin@example.com', 2);
  let a: { session: SessionBody; siteIds: string[]; draftIds: string[] };
  let b: { session: SessionBody; siteIds: string[]; draftIds: string[] };
  let entries: Map<string, Buffer>;

  const json = (name: string): Json => JSON.parse(entries.get(name)!.toString('utf8')) as Json;
  const request = (session: SessionBody) => t.api.post('/api/privacy/exports').set(bearer(session)).expect(202);
  const download = (session: SessionBody, id: string, token: string, status: number) =>
    t.api.raw.post(`/api/privacy/exports/${id}/download`).set(bearer(session)).send({ token }).buffer(true).parse(binary).expect(status);
  const prepared = async (session: SessionBody, facts: ClientFacts) => {
    await request(session);
    await t.app.get(DataExports).drain();
    return exportLinkFromMail(t, facts.email);
  };

  beforeAll(async () => {
    ({ sandbox, t, close } = await appWithSandbox());
    a = await richClient(t, sandbox, ondine);
    b = await richClient(t, sandbox, barnabe);
    // The team viewed Ondine's space once.
    const admin = (await t.api.post('/api/auth/login').send({ email: 'admin@example.com', password: 'admin-password-123' }).expect(200))
      .body;
    const view = await t.api.post(`/api/admin/users/${a.session.user.id}/client-view`).set(bearer(admin)).expect(201);
    await t.api.post(`/api/admin/client-views/${view.body.viewId}/end`).set(bearer(admin)).expect(200);
    await t.app.get(MailWorker).drain();
  }, 120_000);
  afterAll(() => close());

  it('is prepared in the background: pending, then ready, its one-time link mailed (masked in the outbox)', async () => {
    const first = await request(a.session);
    expect(first.body).toMatchObject({ status: 'pending', readyAt: null, expiresAt: null });
    // A second request while one is in preparation is the same one.
    expect((await request(a.session)).body.id).toBe(first.body.id);
    await t.app.get(DataExports).drain();
    const list = await t.api.get('/api/privacy/exports').set(bearer(a.session)).expect(200);
    expect(list.body.exports[0]).toMatchObject({ id: first.body.id, status: 'ready', downloadedAt: null });
    const hours = (new Date(list.body.exports[0].expiresAt).getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const [mail] = await outboxFor(t, ondine.email, 'data-export-ready');
    expect(mail.subject).toBe('Vos données Vitrine sont prêtes');
    const link = await exportLinkFromMail(t, ondine.email);
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/dashboard\/data-export\?export=[0-9a-f-]{36}&token=/);
    expect(link.id).toBe(first.body.id);
    // The stored mail never holds the working link.
    expect(mail.text).not.toContain(link.token);
    expect(mail.text).toContain('token=••••••••');
    const res = await download(a.session, link.id, link.token, 200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mes-donnees-\d{4}-\d{2}-\d{2}\.zip"$/);
    entries = await unzip(res.body as Buffer);
  });

  it('describes every file in its LISEZMOI.txt, in French', () => {
    const readme = entries.get('LISEZMOI.txt')!.toString('utf8');
    const jsonFiles = [...entries.keys()].filter((n) => n.endsWith('.json'));
    expect(jsonFiles.sort()).toEqual(
      [
        'abonnements.json',
        'commandes.json',
        'compte.json',
        'connexions.json',
        'consultations-equipe.json',
        'demandes-de-devis.json',
        'e-mails.json',
        'factures.json',
        'messages-support.json',
        'paiements.json',
        'profil-de-facturation.json',
        'sites.json',
      ].sort(),
    );
    for (const name of jsonFiles) expect(readme).toContain(name);
    expect(readme).toContain('rien sur personne d’autre');
  });

  it('holds the account, its sites, orders and photos, requests and messages as the database has them', async () => {
    const [user] = await t.dataSource.query(`SELECT * FROM users WHERE id = $1`, [a.session.user.id]);
    expect(json('compte.json')).toEqual({
      identifiant: user.id,
      adresseEmail: ondine.email,
      nom: ondine.name,
      role: 'client',
      creeLe: user.created_at.toISOString(),
      identifiantClientStripe: user.stripe_customer_id,
    });
    expect(user.stripe_customer_id).toMatch(/^cus_/);
    expect(json('profil-de-facturation.json')).toMatchObject({ nomComplet: ondine.name, adresse: ondine.street, ville: ondine.city });

    const sites = json('sites.json');
    const dbSites = await t.dataSource.query(`SELECT * FROM sites WHERE user_id = $1 ORDER BY created_at DESC, id DESC`, [
      a.session.user.id,
    ]);
    expect(sites.map((s) => s.identifiant).sort()).toEqual(a.siteIds.slice().sort());
    for (const site of dbSites) {
      const archived = sites.find((s) => s.identifiant === site.id)!;
      expect(archived).toMatchObject({ nom: site.site_name, domaine: site.domain, statut: 'en attente', formule: 'Pro (29\u00a0€/mois)' });
      const history = await t.dataSource.query(`SELECT count(*)::int AS n FROM site_status_history WHERE site_id = $1`, [site.id]);
      expect((archived.historiqueDesStatuts as unknown[]).length).toBe(history[0].n);
    }
    const first = sites.find((s) => s.identifiant === a.siteIds[0])!;
    expect(first.demandesDeModification).toEqual([
      { type: 'Contenu', priorite: 'Haute', description: ondine.modification, envoyeeLe: expect.any(String) },
    ]);
    const second = sites.find((s) => s.identifiant === a.siteIds[1])!;
    expect((second.optionsBusiness as { reponses: Array<{ reponse: string }> }).reponses.map((r) => r.reponse)).toContain(
      ondine.businessGoals,
    );

    const orders = json('commandes.json');
    expect(orders.map((o) => o.identifiant).sort()).toEqual(a.draftIds.slice().sort());
    for (const order of orders) {
      expect(order).toMatchObject({ statut: 'payée', formule: 'Pro' });
      const answers = (order.reponses as Array<{ question: string; reponse: string }>).map((r) => r.reponse);
      expect(answers).toContain(ondine.about);
      expect(answers).toContain(ondine.special);
      expect((order.facturation as Array<{ valeur: string }>).map((r) => r.valeur)).toEqual(
        expect.arrayContaining([ondine.name, ondine.email, ondine.phone, expect.stringContaining(ondine.street)]),
      );
      const [photo] = order.photos as Array<{ fichier: string; nom: string; tailleEnOctets: number }>;
      const [row] = await t.dataSource.query(`SELECT size_bytes, original_name FROM order_photos WHERE draft_id = $1`, [order.identifiant]);
      expect(photo).toMatchObject({ nom: ondine.photoName, tailleEnOctets: row.size_bytes });
      const bytes = entries.get(photo.fichier)!;
      expect(bytes.length).toBe(row.size_bytes);
      expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    }

    expect(json('messages-support.json')).toEqual([
      {
        envoyeLe: expect.any(String),
        nom: ondine.name,
        adresseEmail: ondine.email,
        objet: ondine.supportSubject,
        message: ondine.supportMessage,
      },
    ]);
    expect(json('demandes-de-devis.json')).toEqual([expect.objectContaining({ nomComplet: ondine.name, description: ondine.quote })]);
    const sessions = await t.dataSource.query(`SELECT count(*)::int AS n FROM sessions WHERE user_id = $1`, [a.session.user.id]);
    expect(json('connexions.json')).toHaveLength(sessions[0].n);
    expect(json('consultations-equipe.json')).toEqual([
      { debut: expect.any(String), fin: expect.any(String), finPrevue: expect.any(String) },
    ]);
  });

  it('holds the subscriptions, payments, legal invoices with their PDFs, and the mails written to the account', async () => {
    const subs = await t.dataSource.query(`SELECT id, status FROM subscriptions WHERE user_id = $1`, [a.session.user.id]);
    expect(subs).toHaveLength(2);
    expect(
      json('abonnements.json')
        .map((s) => s.identifiant)
        .sort(),
    ).toEqual(subs.map((s: { id: string }) => s.id).sort());
    const invoices = await t.dataSource.query(`SELECT id, amount_cents FROM invoices WHERE user_id = $1 ORDER BY date, id`, [
      a.session.user.id,
    ]);
    expect(json('paiements.json').map((p) => [p.identifiant, p.montantEnCentimes])).toEqual(
      invoices.map((i: { id: string; amount_cents: number }) => [i.id, i.amount_cents]),
    );
    const legal = await t.dataSource.query(
      `SELECT number, kind, total_incl_cents FROM legal_invoices WHERE user_id = $1 ORDER BY issued_at, id`,
      [a.session.user.id],
    );
    expect(legal).toHaveLength(2);
    expect(json('factures.json').map((f) => [f.numero, f.type, f.montantTtcEnCentimes, f.fichier])).toEqual(
      legal.map((l: { number: string; total_incl_cents: number }) => [l.number, 'facture', l.total_incl_cents, `factures/${l.number}.pdf`]),
    );
    for (const l of legal) expect(entries.get(`factures/${l.number}.pdf`)!.subarray(0, 5).toString()).toBe('%PDF-');

    const mails = await t.dataSource.query(
      `SELECT template, subject FROM outbox_emails WHERE recipient = $1 AND template <> 'data-export-ready' ORDER BY created_at, id`,
      [ondine.email],
    );
    expect(mails.map((m: { template: string }) => m.template)).toEqual(
      expect.arrayContaining(['welcome', 'order-receipt', 'quote-ack', 'client-view-notice']),
    );
    expect(json('e-mails.json').map((m) => [m.modele, m.objet])).toEqual(
      mails.map((m: { template: string; subject: string }) => [m.template, m.subject]),
    );
  });

  it('holds nothing about anyone else: no word nor id of the other client', async () => {
    const others = [
      ...Object.values(barnabe).filter((v): v is string => typeof v === 'string' && !v.startsWith('motdepasse')),
      ...barnabe.siteNames,
      b.session.user.id,
      ...b.siteIds,
      ...b.draftIds,
      ...(await t.dataSource.query(`SELECT id FROM subscriptions WHERE user_id = $1`, [b.session.user.id])).map(
        (r: { id: string }) => r.id,
      ),
    ];
    expect(others.length).toBeGreaterThan(15);
    for (const [name, bytes] of entries) {
      if (!/\.(json|txt)$/.test(name)) continue;
      const text = bytes.toString('utf8');
      for (const other of others) expect({ name, found: text.includes(other) ? other : null }).toEqual({ name, found: null });
    }
    // The files are the client's own: photos of their orders, their invoices.
    const legal = await t.dataSource.query(`SELECT number FROM legal_invoices WHERE user_id = $1`, [b.session.user.id]);
    for (const l of legal) expect(entries.has(`factures/${l.number}.pdf`)).toBe(false);
  });

  it('downloads once, with a token signed for that archive, by its account only', async () => {
    const link = await prepared(a.session, ondine);
    // Another client, with the very link: not found, and the link still works for its owner.
    await download(b.session, link.id, link.token, 404).then((res) => expect(JSON.parse(res.body.toString()).message).toBe(INVALID_LINK));
    // A token edited, or another archive's: not found.
    const edited = link.token.slice(0, -2) + (link.token.endsWith('AA') ? 'BB' : 'AA');
    await download(a.session, link.id, edited, 404);
    const other = await prepared(b.session, barnabe);
    await download(a.session, link.id, other.token, 404);
    await download(a.session, other.id, link.token, 404);
    // The owner, once.
    await download(a.session, link.id, link.token, 200);
    const again = await download(a.session, link.id, link.token, 410);
    expect(JSON.parse(again.body.toString()).message).toBe(USED_LINK);
    const [row] = await t.dataSource.query(`SELECT status, file_key, downloaded_at FROM data_exports WHERE id = $1`, [link.id]);
    expect(row).toMatchObject({ status: 'downloaded', file_key: null, downloaded_at: expect.any(Date) });
  });

  it('expires after 24 hours: refused, its file removed', async () => {
    const link = await prepared(a.session, ondine);
    const [{ file_key: key }] = await t.dataSource.query(`SELECT file_key FROM data_exports WHERE id = $1`, [link.id]);
    expect(key).toBe(`data-exports/${link.id}.zip`);
    await t.dataSource.query(`UPDATE data_exports SET expires_at = now() - interval '1 second' WHERE id = $1`, [link.id]);
    const refused = await download(a.session, link.id, link.token, 410);
    expect(JSON.parse(refused.body.toString()).message).toBe(EXPIRED_LINK);
    await t.app.get(DataExports).drain();
    const [row] = await t.dataSource.query(`SELECT status, file_key FROM data_exports WHERE id = $1`, [link.id]);
    expect(row).toEqual({ status: 'expired', file_key: null });
    await download(a.session, link.id, link.token, 410);
  });

  it('cannot be requested nor downloaded from a client view', async () => {
    const link = await prepared(a.session, ondine);
    const admin = (await t.api.post('/api/auth/login').send({ email: 'admin@example.com', password: 'admin-password-123' }).expect(200))
      .body;
    const view = await t.api.post(`/api/admin/users/${a.session.user.id}/client-view`).set(bearer(admin)).expect(201);
    const asView = { Authorization: `Bearer ${view.body.accessToken}` };
    await t.api.get('/api/privacy/exports').set(asView).expect(200);
    await t.api.post('/api/privacy/exports').set(asView).expect(403);
    await t.api.raw.post(`/api/privacy/exports/${link.id}/download`).set(asView).send({ token: link.token }).expect(403);
    await download(a.session, link.id, link.token, 200);
  });

  it('a request that waited while another one’s archive was built gets that archive, not a second one', async () => {
    const user = b.session.user.id;
    await t.app.get(DataExports).drain();
    // The other request's transaction: it holds the account's requests and makes its archive, which the worker builds
    // at once (ready) before this one goes on.
    const other = t.dataSource.createQueryRunner();
    await other.connect();
    try {
      await other.startTransaction();
      await other.query(`SELECT pg_advisory_xact_lock(hashtext('data-export:' || $1))`, [user]);
      const answer = request(b.session).then((res) => res);
      await waitForState('la demande attend la précédente', async () => {
        const [{ waiting }] = await t.dataSource.query(
          `SELECT count(*)::int AS waiting FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
        );
        return waiting > 0;
      });
      const [{ id }] = await other.query(
        `INSERT INTO data_exports (user_id, status, ready_at, expires_at) VALUES ($1, 'ready', now(), now() + interval '1 day') RETURNING id`,
        [user],
      );
      await other.commitTransaction();
      expect((await answer).body.id).toBe(id);
      const [{ pending }] = await t.dataSource.query(
        `SELECT count(*)::int AS pending FROM data_exports WHERE user_id = $1 AND status = 'pending'`,
        [user],
      );
      expect(pending).toBe(0);
    } finally {
      await other.release();
    }
  });

  it('six requests at once make one archive, one mail, one count against the daily quota', async () => {
    const user = b.session.user.id;
    await t.dataSource.query(`DELETE FROM rate_limits WHERE key = $1`, [`data-export:user:${user}`]);
    const before = await outboxFor(t, barnabe.email, 'data-export-ready');
    const [{ since }] = await t.dataSource.query(`SELECT clock_timestamp() AS since`);
    const answers = await Promise.all(Array.from({ length: 6 }, () => request(b.session)));
    const ids = new Set(answers.map((res) => res.body.id as string));
    expect(ids.size).toBe(1);
    // One row, pending or already built: the worker may finish it between two of the six requests, which then get it.
    const made = await t.dataSource.query(`SELECT id FROM data_exports WHERE user_id = $1 AND created_at >= $2`, [user, since]);
    expect(made).toEqual([{ id: [...ids][0] }]);
    const [{ hits }] = await t.dataSource.query(`SELECT hits FROM rate_limits WHERE key = $1`, [`data-export:user:${user}`]);
    expect(hits).toBe(1);
    await t.app.get(DataExports).drain();
    expect(await outboxFor(t, barnabe.email, 'data-export-ready')).toHaveLength(before.length + 1);
    // The database itself holds one pending archive per account.
    await t.dataSource.query(`INSERT INTO data_exports (user_id) VALUES ($1)`, [user]);
    await expect(t.dataSource.query(`INSERT INTO data_exports (user_id) VALUES ($1)`, [user])).rejects.toThrow(
      /data_exports_one_pending_key/,
    );
    // Past the quota the request is refused and leaves no pending row behind.
    await t.dataSource.query(`DELETE FROM data_exports WHERE user_id = $1 AND status = 'pending'`, [user]);
    await t.dataSource.query(`UPDATE rate_limits SET hits = 5 WHERE key = $1`, [`data-export:user:${user}`]);
    const refused = await t.api.post('/api/privacy/exports').set(bearer(b.session)).expect(429);
    expect(refused.body.message).toMatch(/^Vous avez déjà demandé 5 archives aujourd'hui/);
    expect(await t.dataSource.query(`SELECT 1 FROM data_exports WHERE user_id = $1 AND status = 'pending'`, [user])).toEqual([]);
  });
});
