import { CLIENT_VIEW_READ_ONLY } from '../src/common/current-user';
import { REDACTED } from '../src/common/client-view-redaction';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { insertInvoice, insertSite } from './helpers/admin';
import { outboxFor } from './helpers/outbox';
import { concretePath, listRoutes } from './helpers/routes';

interface ViewStarted {
  viewId: string;
  accessToken: string;
  expiresAt: string;
  client: { id: string; email: string; name: string; role: string };
}

/** 'Voir comme le client': an admin reads a client's space as the client sees it, read only, for 30 minutes at most. */
describe('the client view', () => {
  let t: TestApp;
  let admin: SessionBody;
  let client: SessionBody;
  let other: SessionBody;
  let siteId: string;
  let otherSiteId: string;

  const view = (v: ViewStarted) => ({ Authorization: `Bearer ${v.accessToken}` });
  const start = async (clientId = client.user.id): Promise<ViewStarted> =>
    (await t.api.post(`/api/admin/users/${clientId}/client-view`).set(bearer(admin)).expect(201)).body as ViewStarted;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.api);
    client = await registerClient(t.api, { name: 'Anne Vue', email: 'anne.vue@example.com' });
    other = await registerClient(t.api, { name: 'Bruno Autre', email: 'bruno.autre@example.com' });
    siteId = await insertSite(t, { userId: client.user.id, siteName: 'Fleurs d’Anne', domain: 'fleurs-anne.fr', status: 'active' });
    otherSiteId = await insertSite(t, { userId: other.user.id, siteName: 'Garage Bruno', status: 'active' });
    await t.dataSource.query(
      `INSERT INTO subscriptions (id, customer_id, user_id, status, cancel_at_period_end, current_period_end, plan, site_id, synced_at)
       VALUES ('sub_anne', 'cus_anne', $1, 'active', false, now() + interval '20 days', 'pro', $2, now())`,
      [client.user.id, siteId],
    );
    await t.dataSource.query(`UPDATE sites SET stripe_subscription_id = 'sub_anne' WHERE id = $1`, [siteId]);
    await t.dataSource.query(`UPDATE users SET stripe_customer_id = 'cus_anne' WHERE id = $1`, [client.user.id]);
    await insertInvoice(t, {
      id: 'in_anne',
      userId: client.user.id,
      amountCents: 2900,
      status: 'paid',
      date: new Date(),
      description: 'Formule Pro',
    });
    await insertInvoice(t, { id: 'in_bruno', userId: other.user.id, amountCents: 5900, status: 'paid', date: new Date() });
  });
  afterAll(() => t.close());

  it('opens a 30-minute view of the client, recorded in the audit log and mailed to the client', async () => {
    const before = Date.now();
    const v = await start();
    expect(v.client).toMatchObject({ id: client.user.id, email: 'anne.vue@example.com', role: 'client' });
    const minutes = (new Date(v.expiresAt).getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThanOrEqual(30.1);
    const audit = await t.api.get(`/api/admin/audit-log?entityType=user&entityId=${client.user.id}`).set(bearer(admin)).expect(200);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'user.view',
      actorEmail: 'admin@example.com',
      entityId: client.user.id,
      after: { viewId: v.viewId, expiresAt: v.expiresAt },
    });
    const [mail] = await outboxFor(t, 'anne.vue@example.com', 'client-view-notice');
    expect(mail.subject).toBe('Notre équipe a consulté votre espace client');
    expect(mail.text).toContain('en lecture seule, pour 30 minutes au plus');
    expect(mail.text).toContain('ne voit ni votre mot de passe ni vos moyens de paiement');
    expect(mail.text).toContain('http://localhost:3000/dashboard/profile#activite');
  });

  it('reads the client’s own pages as the client, and nothing of anyone else', async () => {
    const v = await start();
    expect((await t.api.get('/api/auth/me').set(view(v)).expect(200)).body).toMatchObject({
      id: client.user.id,
      email: 'anne.vue@example.com',
    });
    const sites = await t.api.get('/api/sites').set(view(v)).expect(200);
    expect(sites.body.sites.map((s: { id: string }) => s.id)).toEqual([siteId]);
    await t.api.get(`/api/sites/${siteId}`).set(view(v)).expect(200);
    await t.api.get(`/api/sites/${otherSiteId}`).set(view(v)).expect(404);
    const invoices = await t.api.get('/api/billing/invoices').set(view(v)).expect(200);
    expect(invoices.body.invoices.map((i: { id: string }) => i.id)).toEqual(['in_anne']);
    const summary = await t.api.get('/api/dashboard/summary').set(view(v)).expect(200);
    expect(summary.body).toMatchObject({ activeSites: 1 });
    await t.api.get('/api/support/messages/next-allowed').set(view(v)).expect(200);
    // Admin routes: the view is the client's, a client's 403.
    await t.api.get('/api/admin/users').set(view(v)).expect(403);
  });

  it('never shows the client’s payment means: the Stripe customer and the pages where a card is used are masked', async () => {
    const v = await start();
    const invoices = await t.api.get('/api/billing/invoices').set(view(v)).expect(200);
    expect(invoices.body.invoices[0]).toMatchObject({ hostedUrl: null });
    const sub = await t.api.get(`/api/sites/${siteId}/subscription`).set(view(v)).expect(200);
    expect(sub.body.subscription.customerId).toBe(REDACTED);
    // The client's own session sees them.
    const own = await t.api.get(`/api/sites/${siteId}/subscription`).set(bearer(client)).expect(200);
    expect(own.body.subscription.customerId).toBe('cus_anne');
    expect((await t.api.get('/api/billing/invoices').set(bearer(client)).expect(200)).body.invoices[0].hostedUrl).toBe(
      'https://stripe.example/in_anne',
    );
  });

  it('answers 403 with the read-only message to every write of every route, public ones included, changing nothing', async () => {
    const v = await start();
    const writes = listRoutes(t).filter((r) => !r.startsWith('GET '));
    expect(writes.length).toBeGreaterThan(30);
    const refused: string[] = [];
    for (const route of writes) {
      const [method, path] = route.split(' ');
      // The client's own ids, so that only the guard can refuse.
      const url = concretePath(path, path.includes('/sites/') ? siteId : client.user.id);
      const res = await t.api.raw[method.toLowerCase() as 'post'](url).set(view(v)).send({});
      if (res.status === 403 && res.body.message === CLIENT_VIEW_READ_ONLY) refused.push(route);
    }
    expect(writes.filter((r) => !refused.includes(r))).toEqual([]);
    // A write with a valid body is refused the same way, and leaves everything as it was.
    await t.api.patch('/api/auth/me').set(view(v)).send({ name: 'Changé par la vue' }).expect(403);
    await t.api
      .post(`/api/sites/${siteId}/modification-requests`)
      .set(view(v))
      .send({ type: 'content', priority: 'low', description: 'Par la vue' })
      .expect(403);
    await t.api.post('/api/auth/logout').set(view(v)).expect(403);
    const [row] = await t.dataSource.query(`SELECT name FROM users WHERE id = $1`, [client.user.id]);
    expect(row.name).toBe('Anne Vue');
    expect(await t.dataSource.query(`SELECT 1 FROM modification_requests WHERE site_id = $1`, [siteId])).toEqual([]);
    // The same writes with the client's own session pass the guard.
    await t.api.patch('/api/auth/me').set(bearer(client)).send({ name: 'Anne Vue' }).expect(200);
  });

  it('ends when the admin leaves it: its length in the audit log once, the token refused after', async () => {
    const v = await start();
    await t.api.get('/api/auth/me').set(view(v)).expect(200);
    const ended = await t.api.post(`/api/admin/client-views/${v.viewId}/end`).set(bearer(admin)).expect(200);
    expect(ended.body).toMatchObject({ viewId: v.viewId });
    expect(ended.body.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(ended.body.durationSeconds).toBeLessThan(60);
    await t.api.get('/api/auth/me').set(view(v)).expect(401);
    await t.api.post(`/api/admin/client-views/${v.viewId}/end`).set(bearer(admin)).expect(200);
    const audit = await t.api
      .get(`/api/admin/audit-log?entityType=user&entityId=${client.user.id}&limit=100`)
      .set(bearer(admin))
      .expect(200);
    const ends = audit.body.entries.filter(
      (e: { action: string; after: { viewId: string } }) => e.action === 'user.view_end' && e.after.viewId === v.viewId,
    );
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({
      actorEmail: 'admin@example.com',
      after: {
        viewId: v.viewId,
        startedAt: ended.body.startedAt,
        endedAt: ended.body.endedAt,
        durationSeconds: ended.body.durationSeconds,
      },
    });
    // The view token cannot end a view (a write), another's id is not found.
    await t.api
      .post(`/api/admin/client-views/${v.viewId}/end`)
      .set(view(await start()))
      .expect(403);
    await t.api.post(`/api/admin/client-views/00000000-0000-4000-8000-000000000000/end`).set(bearer(admin)).expect(404);
  });

  it('expires after its 30 minutes, and with the admin’s session', async () => {
    const v = await start();
    await t.api.get('/api/sites').set(view(v)).expect(200);
    await t.dataSource.query(`UPDATE client_views SET expires_at = now() - interval '1 second' WHERE id = $1`, [v.viewId]);
    await t.api.get('/api/sites').set(view(v)).expect(401);
    // Leaving it afterwards records its real length: until its expiry.
    const ended = await t.api.post(`/api/admin/client-views/${v.viewId}/end`).set(bearer(admin)).expect(200);
    expect(new Date(ended.body.endedAt).getTime()).toBeLessThan(Date.now());

    const session = await loginAdmin(t.api);
    const w = (await t.api.post(`/api/admin/users/${client.user.id}/client-view`).set(bearer(session)).expect(201)).body as ViewStarted;
    await t.api.get('/api/sites').set(view(w)).expect(200);
    await t.api.post('/api/auth/logout').set(bearer(session)).expect(204);
    await t.api.get('/api/sites').set(view(w)).expect(401);
  });

  it('is for clients only: not an admin, not an unknown account, not by a client', async () => {
    await t.api.post(`/api/admin/users/${admin.user.id}/client-view`).set(bearer(admin)).expect(409);
    await t.api.post(`/api/admin/users/00000000-0000-4000-8000-000000000000/client-view`).set(bearer(admin)).expect(404);
    await t.api.post(`/api/admin/users/${other.user.id}/client-view`).set(bearer(client)).expect(403);
  });

  it('shows the client the team’s views in their profile’s activity, beside their sign-ins', async () => {
    const res = await t.api.get('/api/auth/activity').set(bearer(client)).expect(200);
    expect(res.body.teamViews.length).toBeGreaterThanOrEqual(5);
    expect(Object.keys(res.body.teamViews[0]).sort()).toEqual(['endedAt', 'startedAt']);
    expect(res.body.teamViews.some((v: { endedAt: string | null }) => v.endedAt !== null)).toBe(true);
    expect(res.body.signIns[0]).toEqual({ at: expect.any(String), endedAt: null });
    // Another client sees none of them.
    expect((await t.api.get('/api/auth/activity').set(bearer(other)).expect(200)).body.teamViews).toEqual([]);
  });
});
