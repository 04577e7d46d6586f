import type { StripeSandbox } from '@vitrine/stripe-sandbox';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type Stripe from 'stripe';
import { MailService } from '../src/mail/mail.service';
import { MailWorker } from '../src/mail/mail.worker';
import { AccountErasure } from '../src/privacy/account-erasure';
import { DataExports } from '../src/privacy/data-exports';
import { bearer, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { outboxFor } from './helpers/outbox';
import { type ClientFacts, factsFor, richClient } from './helpers/privacy';
import { orderAndCheckout } from './helpers/orders';
import { payOnSandbox, sandboxControl } from './helpers/scenarios';
import { appWithSandbox, webhooksProcessed } from './helpers/stripe';

/** The tables allowed to keep what a closed account's identity was: the legal documents, frozen as issued. */
const KEPT_BY_LAW = new Set(['legal_invoices']);
/** The tables allowed to keep rows pointing at a closed account: its anonymised row, what the law or the team keeps. */
const STILL_LINKED = new Set(['users', 'sites', 'subscriptions', 'invoices', 'legal_invoices', 'account_closures', 'audit_log']);

/** 'Fermer mon compte' and its admin twin: Stripe ends the subscriptions, the personal data goes, the invoices stay. */
describe('closing an account', () => {
  let sandbox: StripeSandbox;
  let stripe: Stripe;
  let t: TestApp;
  let close: () => Promise<void>;
  let admin: SessionBody;
  const celestin = factsFor('celestin', 'celestin.zephyrin@example.com', 3);
  const dorothee = factsFor('dorothee', 'dorothee.zephyrin@example.com', 4);
  let a: { session: SessionBody; siteIds: string[]; draftIds: string[] };
  let b: { session: SessionBody; siteIds: string[]; draftIds: string[] };
  let photoKeys: string[];
  let archiveKey: string;

  /** Every text of every column of every table (as text) holding `needle`, case-insensitively: `table.column`. */
  async function whereIs(needle: string): Promise<string[]> {
    const columns: Array<{ table_name: string; column_name: string }> = await t.dataSource.query(
      `SELECT c.table_name, c.column_name FROM information_schema.columns c
         JOIN information_schema.tables tb ON tb.table_name = c.table_name AND tb.table_schema = c.table_schema AND tb.table_type = 'BASE TABLE'
        WHERE c.table_schema = 'public' AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'uuid', 'ARRAY')`,
    );
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns) {
      const [row] = await t.dataSource.query(
        `SELECT count(*)::int AS n FROM "${table}" WHERE strpos(lower("${column}"::text), lower($1)) > 0`,
        [needle],
      );
      if (row.n > 0) found.push(`${table}.${column}`);
    }
    return found.sort();
  }

  /** What a client typed, and their account's id: none of it may stay outside what the law keeps. */
  const personal = (f: ClientFacts) => [
    f.email,
    f.name,
    f.phone,
    f.street,
    f.city,
    f.about,
    f.special,
    f.modification,
    f.businessGoals,
    f.supportSubject,
    f.supportMessage,
    f.quote,
    f.photoName,
  ];
  const control = (path: string) => sandboxControl({ sandbox, t }, path);
  const erasureDue = (userId: string) =>
    t.dataSource.query(`UPDATE account_closures SET erase_after = now() WHERE user_id = $1 AND status = 'pending'`, [userId]);
  const closure = async (userId: string) => (await t.dataSource.query(`SELECT * FROM account_closures WHERE user_id = $1`, [userId]))[0];

  beforeAll(async () => {
    ({ sandbox, stripe, t, close } = await appWithSandbox());
    admin = await loginAdmin(t.api);
    a = await richClient(t, sandbox, celestin);
    b = await richClient(t, sandbox, dorothee);
    // The team wrote to Célestin and viewed their space; they asked for their archive.
    await t.api
      .post(`/api/admin/users/${a.session.user.id}/email`)
      .set(bearer(admin))
      .send({ subject: `Bonjour ${celestin.name}`, message: 'Votre site est prêt.' })
      .expect(202);
    const view = await t.api.post(`/api/admin/users/${a.session.user.id}/client-view`).set(bearer(admin)).expect(201);
    await t.api.post(`/api/admin/client-views/${view.body.viewId}/end`).set(bearer(admin)).expect(200);
    await t.api.post('/api/privacy/exports').set(bearer(a.session)).expect(202);
    await t.app.get(DataExports).drain();
    await t.app.get(MailWorker).drain();
    photoKeys = (
      await t.dataSource.query(
        `SELECT p.storage_key, p.thumbnail_key FROM order_photos p JOIN order_drafts d ON d.id = p.draft_id WHERE d.user_id = $1`,
        [a.session.user.id],
      )
    ).flatMap((r: { storage_key: string; thumbnail_key: string | null }) => [r.storage_key, r.thumbnail_key].filter(Boolean));
    expect(photoKeys.length).toBeGreaterThanOrEqual(2);
    [{ file_key: archiveKey }] = await t.dataSource.query(`SELECT file_key FROM data_exports WHERE user_id = $1`, [a.session.user.id]);
    expect(existsSync(join(t.config.storage.uploadsDir, archiveKey))).toBe(true);
  }, 120_000);
  afterAll(() => close());

  it('says beforehand what it does: the subscriptions it ends, the invoices it keeps and until when', async () => {
    const preview = await t.api.get('/api/privacy/closure').set(bearer(a.session)).expect(200);
    const year = new Date().getFullYear();
    expect(preview.body).toEqual({
      subscriptions: expect.arrayContaining([
        expect.objectContaining({ siteId: a.siteIds[0], siteName: celestin.siteNames[0], status: 'active', canRunToPeriodEnd: true }),
        expect.objectContaining({ siteId: a.siteIds[1], siteName: celestin.siteNames[1], status: 'active', canRunToPeriodEnd: true }),
      ]),
      legalDocuments: 2,
      retainedUntil: `${year + 10}-12-31`,
    });
    expect(preview.body.subscriptions).toHaveLength(2);
  });

  it('needs the password, and is refused to an admin’s own account', async () => {
    const wrong = await t.api
      .post('/api/privacy/closure')
      .set(bearer(a.session))
      .send({ password: 'pas-le-bon', cancellation: 'now' })
      .expect(400);
    expect(wrong.body.errors).toEqual({ password: 'Mot de passe incorrect.' });
    const bad = await t.api
      .post('/api/privacy/closure')
      .set(bearer(a.session))
      .send({ password: celestin.password, cancellation: 'demain' })
      .expect(400);
    expect(bad.body.errors).toEqual({ cancellation: 'Choisissez quand vos abonnements prennent fin' });
    await t.api.post('/api/privacy/closure').set(bearer(admin)).send({ password: 'admin-password-123', cancellation: 'now' }).expect(409);
    expect((await closure(a.session.user.id)) ?? null).toBeNull();
  });

  it('closes at once: subscriptions cancelled in Stripe, sites suspended, sign-in refused, the mails queued', async () => {
    const res = await t.api
      .post('/api/privacy/closure')
      .set(bearer(a.session))
      .send({ password: celestin.password, cancellation: 'now' })
      .expect(200);
    expect(res.body.message).toBe('Votre compte est fermé. Un e-mail de confirmation vous a été envoyé.');
    const subs = await t.dataSource.query(`SELECT id, status FROM subscriptions WHERE user_id = $1`, [a.session.user.id]);
    for (const s of subs) {
      expect(s.status).toBe('canceled');
      expect((await stripe.subscriptions.retrieve(s.id)).status).toBe('canceled');
    }
    const sites = await t.dataSource.query(`SELECT status, payment_state FROM sites WHERE user_id = $1`, [a.session.user.id]);
    expect(sites).toEqual([
      { status: 'suspended', payment_state: 'ended' },
      { status: 'suspended', payment_state: 'ended' },
    ]);
    // No way back in: the session, its refresh token, the password.
    await t.api.get('/api/auth/me').set(bearer(a.session)).expect(401);
    await t.api.post('/api/auth/refresh').send({ refresh_token: a.session.refresh_token }).expect(401);
    await t.api.post('/api/auth/login').send({ email: celestin.email, password: celestin.password }).expect(401);
    const [mail] = await outboxFor(t, celestin.email, 'account-closed');
    expect(mail.subject).toBe('Votre compte Vitrine est fermé');
    expect(mail.text).toContain('Vous avez fermé votre compte le');
    expect(mail.text).toContain(`${celestin.siteNames[0]} : résilié le`);
    expect(mail.text).toContain('sont effacées dans les minutes qui suivent');
    expect(mail.text).toContain(
      `vos 2 factures et avoirs et vos paiements sont conservés jusqu’au 31 décembre ${new Date().getFullYear() + 10}`,
    );
    const [team] = await outboxFor(t, 'equipe@vitrine.example', 'team-notice').then((rows) =>
      rows.filter((r) => r.subject.startsWith('Compte fermé')),
    );
    expect(team.subject).toBe(`Compte fermé : ${celestin.name}`);
    expect(team.text).toContain(`${celestin.name} a fermé son compte depuis son profil.`);
  });

  it('shows the closed account in the admin pages as such, never its old personal data', async () => {
    const detail = await t.api.get(`/api/admin/users/${a.session.user.id}`).set(bearer(admin)).expect(200);
    expect(detail.body.user).toMatchObject({ id: a.session.user.id, name: '', closedAt: expect.any(String) });
    expect(detail.body.user.email).not.toContain('celestin');
    expect(detail.body.sites).toHaveLength(2);
    const list = await t.api.get('/api/admin/users?limit=100').set(bearer(admin)).expect(200);
    const row = list.body.users.find((u: { id: string }) => u.id === a.session.user.id);
    expect(row).toMatchObject({ name: '', closedAt: detail.body.user.closedAt });
    expect(JSON.stringify(list.body)).not.toContain(celestin.email);
    expect(
      (
        await t.api
          .get(`/api/admin/users?search=${encodeURIComponent(celestin.email)}`)
          .set(bearer(admin))
          .expect(200)
      ).body.total,
    ).toBe(0);
    const sites = await t.api
      .get(`/api/admin/sites?search=${encodeURIComponent(celestin.siteNames[0])}`)
      .set(bearer(admin))
      .expect(200);
    expect(sites.body.sites[0].owner).toMatchObject({ id: a.session.user.id, name: '', closedAt: expect.any(String) });
    const site = await t.api.get(`/api/admin/sites/${a.siteIds[0]}`).set(bearer(admin)).expect(200);
    expect(site.body.owner.closedAt).toEqual(expect.any(String));
    const csv = await t.api.raw.get('/api/admin/exports/clients.csv').set(bearer(admin)).expect(200);
    expect(csv.text).toContain('Compte fermé le');
    expect(csv.text).not.toContain(celestin.email);
    const pending = await t.api.get('/api/admin/account-closures?status=pending').set(bearer(admin)).expect(200);
    expect(pending.body.closures).toEqual([
      expect.objectContaining({
        userId: a.session.user.id,
        requestedBy: 'client',
        cancellation: 'now',
        status: 'pending',
        legalDocuments: 2,
      }),
    ]);
    // A client view of a closed account: nothing to see.
    await t.api.post(`/api/admin/users/${a.session.user.id}/client-view`).set(bearer(admin)).expect(409);
    await t.api
      .post(`/api/admin/users/${a.session.user.id}/closure`)
      .set(bearer(admin))
      .send({ reason: 'Encore', cancellation: 'now' })
      .expect(409);
  });

  it('erases once the confirmation mail is out: every personal field gone from every table, the invoices kept', async () => {
    const legalBefore = await t.dataSource.query(`SELECT id, number, document FROM legal_invoices WHERE user_id = $1 ORDER BY number`, [
      a.session.user.id,
    ]);
    // A Stripe event of the account's own payments comes after the closure (a credit note, a card's change: Stripe is
    // late): its mails, to the address its billing identity still holds and to the team naming it, go with the rest.
    await t.app
      .get(MailService)
      .notify(
        { siteId: a.siteIds[0], siteName: 'Atelier tardif', customerName: celestin.name, customerEmail: celestin.email },
        { kind: 'card-updated', last4: '4242', manageUrl: 'https://vitrine.example/dashboard' },
        { dedupeKey: 'late-stripe-event' },
      );
    // The confirmation is still in the outbox: the erasure waits for it.
    await t.app.get(AccountErasure).drain();
    expect(await closure(a.session.user.id)).toMatchObject({ status: 'pending', waiting_for: 'mail' });
    await t.app.get(MailWorker).drain();
    expect((await outboxFor(t, celestin.email, 'account-closed'))[0].status).toBe('captured');
    await erasureDue(a.session.user.id);
    await t.app.get(AccountErasure).drain();
    expect(await closure(a.session.user.id)).toMatchObject({
      status: 'done',
      email: null,
      erased_at: expect.any(Date),
      legal_documents: 2,
    });

    // Whatever a person typed or was mailed: nowhere but in the legal documents.
    for (const value of personal(celestin)) {
      const found = (await whereIs(value)).filter((place) => !KEPT_BY_LAW.has(place.split('.')[0]));
      expect({ value, found }).toEqual({ value, found: [] });
    }
    // Rows still pointing at the account: only its anonymised row and what the law or the audit keeps.
    const linked = [...new Set((await whereIs(a.session.user.id)).map((place) => place.split('.')[0]))];
    expect(linked.filter((table) => !STILL_LINKED.has(table))).toEqual([]);
    const [user] = await t.dataSource.query(`SELECT * FROM users WHERE id = $1`, [a.session.user.id]);
    expect(user).toMatchObject({
      name: '',
      password_hash: null,
      closed_at: expect.any(Date),
      email: `compte-${user.id}@comptes-fermes.invalid`,
    });
    for (const table of [
      'sessions',
      'one_time_tokens',
      'order_drafts',
      'support_messages',
      'modification_requests',
      'billing_profiles',
      'data_exports',
      'client_views',
    ]) {
      expect({
        table,
        rows: (await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [user.id]))[0].n,
      }).toEqual({ table, rows: 0 });
    }
    // The audit keeps who did what and when, without the address nor the subject written to.
    const audit = await t.dataSource.query(`SELECT action, after FROM audit_log WHERE entity_id = $1 ORDER BY seq`, [user.id]);
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['user.email', 'user.view', 'user.view_end']);
    expect(audit[0].after).toEqual({ emailId: expect.any(String) });
    // The photos' files and the archive are gone from the storage.
    const uploads = t.config.storage.uploadsDir;
    for (const key of photoKeys) expect({ key, exists: existsSync(join(uploads, key)) }).toEqual({ key, exists: false });
    expect(existsSync(join(uploads, archiveKey))).toBe(false);
    expect((await t.dataSource.query(`SELECT 1 FROM data_exports WHERE user_id = $1`, [user.id])).length).toBe(0);

    // Kept: the legal invoices as issued (the identity printed on them), the payments, the subscriptions, the sites.
    const legalAfter = await t.dataSource.query(`SELECT id, number, document FROM legal_invoices WHERE user_id = $1 ORDER BY number`, [
      user.id,
    ]);
    expect(legalAfter).toEqual(legalBefore);
    expect(legalAfter[0].document.buyer).toMatchObject({ name: celestin.name, email: celestin.email });
    const docs = await t.api.get(`/api/admin/legal-invoices?userId=${user.id}`).set(bearer(admin)).expect(200);
    expect(docs.body.total).toBe(2);
    await t.api.raw.get(`/api/admin/legal-invoices/${legalAfter[0].id}/pdf`).set(bearer(admin)).expect(200);
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM invoices WHERE user_id = $1`, [user.id]))[0].n).toBeGreaterThanOrEqual(
      2,
    );
    const done = await t.api.get('/api/admin/account-closures?status=done').set(bearer(admin)).expect(200);
    expect(done.body.closures).toEqual([
      expect.objectContaining({
        userId: user.id,
        status: 'done',
        erasedAt: expect.any(String),
        retainedUntil: `${new Date().getFullYear() + 10}-12-31`,
      }),
    ]);
  });

  it('leaves the other client whole', async () => {
    const counts = async (table: string) =>
      (await t.dataSource.query(`SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`, [b.session.user.id]))[0].n;
    expect(await counts('order_drafts')).toBe(2);
    expect(await counts('support_messages')).toBe(1);
    expect(await counts('modification_requests')).toBe(1);
    expect(await counts('billing_profiles')).toBe(1);
    expect((await outboxFor(t, dorothee.email)).length).toBeGreaterThan(3);
    expect(await whereIs(dorothee.supportMessage)).toEqual(expect.arrayContaining(['support_messages.message']));
    await t.api.get('/api/auth/me').set(bearer(b.session)).expect(200);
  });

  it('lets the same address sign up again, as a new account', async () => {
    const fresh = await registerClient(t.api, { email: celestin.email, name: celestin.name, password: 'nouveau-mot-de-passe' });
    expect(fresh.user.id).not.toBe(a.session.user.id);
    await t.api.post('/api/auth/login').send({ email: celestin.email, password: 'nouveau-mot-de-passe' }).expect(200);
    expect((await t.api.get('/api/sites').set(bearer(fresh)).expect(200)).body.total).toBe(0);
  });

  it('closes on the client’s request by an admin, at the end of the paid period: audited, erased once the subscriptions end', async () => {
    const res = await t.api
      .post(`/api/admin/users/${b.session.user.id}/closure`)
      .set(bearer(admin))
      .send({ reason: 'Demande écrite du client du 12 novembre', cancellation: 'period_end' })
      .expect(200);
    expect(res.body).toMatchObject({
      userId: b.session.user.id,
      requestedBy: 'admin',
      actorEmail: 'admin@example.com',
      status: 'pending',
      cancellation: 'period_end',
    });
    const days = (new Date(res.body.eraseAfter).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(25);
    const subs = await t.dataSource.query(`SELECT id FROM subscriptions WHERE user_id = $1`, [b.session.user.id]);
    for (const s of subs) {
      const atStripe = await stripe.subscriptions.retrieve(s.id);
      expect({ status: atStripe.status, cancelAtPeriodEnd: atStripe.cancel_at_period_end }).toEqual({
        status: 'active',
        cancelAtPeriodEnd: true,
      });
    }
    // The sites stay online until then; the account is closed at once.
    expect(
      (await t.dataSource.query(`SELECT status FROM sites WHERE user_id = $1`, [b.session.user.id])).map(
        (s: { status: string }) => s.status,
      ),
    ).toEqual(['pending', 'pending']);
    await t.api.get('/api/auth/me').set(bearer(b.session)).expect(401);
    await t.api.post('/api/auth/login').send({ email: dorothee.email, password: dorothee.password }).expect(401);
    const audit = await t.api.get(`/api/admin/audit-log?entityType=user&entityId=${b.session.user.id}`).set(bearer(admin)).expect(200);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'user.close',
      actorEmail: 'admin@example.com',
      after: { reason: 'Demande écrite du client du 12 novembre', cancellation: 'period_end' },
    });
    const [mail] = await outboxFor(t, dorothee.email, 'account-closed');
    expect(mail.text).toContain('À votre demande, notre équipe a fermé votre compte le');
    expect(mail.text).toContain('résilié à la fin de la période payée');

    // Not before the period's end: the subscriptions still run.
    await t.app.get(MailWorker).drain();
    await erasureDue(b.session.user.id);
    await t.app.get(AccountErasure).drain();
    expect(await closure(b.session.user.id)).toMatchObject({ status: 'pending', waiting_for: 'subscriptions' });
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM support_messages WHERE user_id = $1`, [b.session.user.id]))[0].n).toBe(
      1,
    );
    // The period ends at Stripe: the sites end their lifecycle, then the data goes.
    for (const s of subs) await control(`/test/subscriptions/${s.id}/end-period`);
    expect(
      (await t.dataSource.query(`SELECT status FROM sites WHERE user_id = $1`, [b.session.user.id])).map(
        (s: { status: string }) => s.status,
      ),
    ).toEqual(['suspended', 'suspended']);
    await t.app.get(MailWorker).drain();
    await erasureDue(b.session.user.id);
    await t.app.get(AccountErasure).drain();
    expect(await closure(b.session.user.id)).toMatchObject({ status: 'done', email: null });
    for (const value of personal(dorothee)) {
      const found = (await whereIs(value)).filter((place) => !KEPT_BY_LAW.has(place.split('.')[0]));
      expect({ value, found }).toEqual({ value, found: [] });
    }
  });

  it('closed at the end of the paid period, erases as soon as the last subscription ends, even before that end', async () => {
    const client = await registerClient(t.api, { email: 'eulalie.zephyrin@example.com', name: 'Eulalie Zéphyrin' });
    const { sessionId } = await orderAndCheckout(t.api, { session: client, data: { siteName: 'Atelier Eulalie' } });
    await payOnSandbox(sandbox, sessionId);
    await webhooksProcessed(t);
    const closed = await t.api
      .post(`/api/admin/users/${client.user.id}/closure`)
      .set(bearer(admin))
      .send({ reason: 'Demande écrite de la cliente', cancellation: 'period_end' })
      .expect(200);
    expect((new Date(closed.body.eraseAfter).getTime() - Date.now()) / 86_400_000).toBeGreaterThan(25);
    // The subscription ends well before its period's end (ended by the team at Stripe, or by failed payments).
    const [sub] = await t.dataSource.query(`SELECT id FROM subscriptions WHERE user_id = $1`, [client.user.id]);
    await stripe.subscriptions.cancel(sub.id);
    await webhooksProcessed(t);
    // Due now, not at the period's end read at closure (at most the usual short wait for the mails still going out).
    const due = await closure(client.user.id);
    expect(new Date(due.erase_after).getTime() - Date.now()).toBeLessThan(60_000);
    expect(due.waiting_for).not.toBe('subscriptions');
    await t.app.get(MailWorker).drain();
    await erasureDue(client.user.id); // the mail wait only, as above
    await t.app.get(AccountErasure).drain();
    expect(await closure(client.user.id)).toMatchObject({ status: 'done', email: null });
    expect((await whereIs('eulalie.zephyrin@example.com')).filter((place) => !KEPT_BY_LAW.has(place.split('.')[0]))).toEqual([]);
  });

  it('keeps the mails of a new account that signed up with the address between the closure and the erasure', async () => {
    const email = 'fabien.zephyrin@example.com';
    const old = await registerClient(t.api, { email, name: 'Fabien Zéphyrin', password: 'ancien-mot-de-passe' });
    await t.api.post('/api/privacy/closure').set(bearer(old)).send({ password: 'ancien-mot-de-passe', cancellation: 'now' }).expect(200);
    const fresh = await registerClient(t.api, { email, name: 'Fabien Zéphyrin', password: 'nouveau-mot-de-passe' });
    await t.api.post('/api/auth/forgot-password').send({ email }).expect(200);
    expect(await outboxFor(t, email, 'password-reset')).toHaveLength(1);
    await t.app.get(MailWorker).drain();
    await erasureDue(old.user.id);
    await t.app.get(AccountErasure).drain();
    expect(await closure(old.user.id)).toMatchObject({ status: 'done', email: null });
    // The closed account's confirmation is gone; the new account's mail, written after the closure, stays.
    expect(await outboxFor(t, email, 'account-closed')).toEqual([]);
    expect(await outboxFor(t, email, 'password-reset')).toHaveLength(1);
    await t.api.post('/api/auth/login').send({ email, password: 'nouveau-mot-de-passe' }).expect(200);
    expect(fresh.user.id).not.toBe(old.user.id);
  });
});
