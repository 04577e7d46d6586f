import { API_KEY_SCOPES, type ApiKeyScopeName } from '../src/common/api-key';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { concretePath, listRoutes } from './helpers/routes';

type Access = 'anonymous' | 'client' | 'admin';

/**
 * Who may call each route. A route missing here fails the test: a new route must say who it is for.
 * anonymous = anyone; client = any signed-in user; admin = admins only.
 */
const ACCESS: Record<string, Access> = {
  'GET /api/health': 'anonymous',
  'GET /api/health/live': 'anonymous',
  'GET /api/health/ready': 'anonymous',
  'GET /api/docs': 'anonymous',
  'GET /api/docs-json': 'anonymous',
  'GET /api/docs-yaml': 'anonymous',
  'GET /api/docs/': 'anonymous',
  'GET /api/docs/index.html': 'anonymous',
  'GET /api/docs/swagger-ui-init.js': 'anonymous',
  'GET /api/docs/docs/swagger-ui-init.js': 'anonymous',
  'GET /api/docs/LICENSE': 'anonymous',
  'POST /api/auth/register': 'anonymous',
  'POST /api/auth/login': 'anonymous',
  'POST /api/auth/refresh': 'anonymous',
  'POST /api/auth/logout': 'anonymous',
  'POST /api/auth/first-login': 'anonymous',
  'GET /api/auth/me': 'client',
  'PATCH /api/auth/me': 'client',
  'POST /api/auth/change-password': 'client',
  'GET /api/auth/activity': 'client',
  // Data rights: the client's archive and the closure of their account; the admin's side of closures.
  'GET /api/privacy/exports': 'client',
  'POST /api/privacy/exports': 'client',
  'POST /api/privacy/exports/:id/download': 'client',
  'GET /api/privacy/closure': 'client',
  'POST /api/privacy/closure': 'client',
  'GET /api/admin/users/:id/closure': 'admin',
  'POST /api/admin/users/:id/closure': 'admin',
  'GET /api/admin/account-closures': 'admin',
  // 'Voir comme le client': the admin opens and leaves a read-only view of a client's space.
  'POST /api/admin/users/:id/client-view': 'admin',
  'POST /api/admin/client-views/:id/end': 'admin',
  'GET /api/admin/users': 'admin',
  'GET /api/catalogue': 'anonymous',
  'GET /api/agency': 'anonymous',
  'GET /api/admin/agency-settings': 'admin',
  'PUT /api/admin/agency-settings': 'admin',
  'POST /api/quotes': 'anonymous',
  'GET /api/admin/quotes': 'admin',
  'POST /api/auth/forgot-password': 'anonymous',
  'POST /api/auth/reset-password': 'anonymous',
  'GET /api/admin/emails': 'admin',
  'GET /api/admin/emails/:id': 'admin',
  'POST /api/admin/emails/:id/retry': 'admin',
  'POST /api/admin/users/:id/first-login-invitation': 'admin',
  'GET /api/admin/users/:id': 'admin',
  'POST /api/admin/users/:id/email': 'admin',
  'GET /api/admin/stats': 'admin',
  'GET /api/admin/revenue': 'admin',
  'GET /api/admin/sites': 'admin',
  'GET /api/admin/sites/:id': 'admin',
  'PATCH /api/admin/sites/:id': 'admin',
  'GET /api/admin/invoices': 'admin',
  'GET /api/admin/exports/sites.csv': 'admin',
  'GET /api/admin/exports/clients.csv': 'admin',
  'GET /api/admin/exports/invoices.csv': 'admin',
  'GET /api/admin/exports/accounting.zip': 'admin',
  'GET /api/admin/exports/fec.txt': 'admin',
  'GET /api/admin/legal-invoices': 'admin',
  'GET /api/admin/legal-invoices/:id': 'admin',
  'POST /api/admin/legal-invoices/:id/correction': 'admin',
  'GET /api/admin/legal-invoices/:id/pdf': 'admin',
  'GET /api/admin/audit-log': 'admin',
  'GET /api/admin/duplicate-payments': 'admin',
  'GET /api/admin/status': 'admin',
  // Integrators' API keys: managed with an admin's session only (never with a key).
  'GET /api/admin/api-keys': 'admin',
  'POST /api/admin/api-keys': 'admin',
  'POST /api/admin/api-keys/:id/revoke': 'admin',
  // Outbound webhooks: managed with an admin's session only (never with a key).
  'GET /api/admin/webhooks': 'admin',
  'POST /api/admin/webhooks': 'admin',
  'GET /api/admin/webhooks/deliveries': 'admin',
  'POST /api/admin/webhooks/deliveries/:id/resend': 'admin',
  'PATCH /api/admin/webhooks/:id': 'admin',
  'DELETE /api/admin/webhooks/:id': 'admin',
  'POST /api/admin/webhooks/:id/rotate-secret': 'admin',
  'POST /api/admin/webhooks/:id/test': 'admin',
  // The order wizard: open to anyone; a draft answers only its owner (browser cookie or account), others get 404.
  'POST /api/order-drafts': 'anonymous',
  'GET /api/order-drafts/current': 'anonymous',
  'GET /api/order-drafts/:id': 'anonymous',
  'PATCH /api/order-drafts/:id': 'anonymous',
  'POST /api/order-drafts/:id/photos': 'anonymous',
  'DELETE /api/order-drafts/:id/photos/:photoId': 'anonymous',
  'GET /api/order-drafts/:id/photos/:photoId': 'anonymous',
  // Signed, expiring links (the team's mail, the wizard's thumbnails): the signature is the authorisation.
  'GET /api/order-photos/:photoId': 'anonymous',
  'GET /api/sites': 'client',
  'GET /api/sites/:id': 'client',
  'POST /api/sites/:id/modification-requests': 'client',
  'GET /api/sites/:id/business-options': 'client',
  'PUT /api/sites/:id/business-options': 'client',
  // Audience: the figures of a site (its owner or an admin, 404 for another client's); the ingest and the script are
  // called by the visitors of the clients' sites (a site key and its own origin are their authorisation).
  'GET /api/sites/:id/audience': 'client',
  'GET /api/sites/:id/uptime': 'client',
  'GET /api/sites/:id/audience.csv': 'client',
  'GET /api/sites/:id/withdrawal': 'client',
  'POST /api/sites/:id/withdrawal': 'client',
  'POST /api/a/e': 'anonymous',
  'GET /api/a/p.gif': 'anonymous',
  // The visitors' information and opt-out page, linked from a site's legal notice.
  'GET /api/a/opt-out': 'anonymous',
  'GET /api/admin/audience': 'admin',
  'GET /api/sites/:id/subscription': 'client',
  'POST /api/sites/:id/subscription/upgrade': 'client',
  'POST /api/sites/:id/subscription/cancel': 'client',
  'POST /api/sites/:id/subscription/reactivate': 'client',
  'POST /api/sites/:id/subscription/restart': 'client',
  'POST /api/sites/:id/subscription/payment-method': 'client',
  // Back from Stripe's pages: is the payment recorded yet (the return pages ask until it is).
  'GET /api/sites/:id/subscription/checkout-sessions/:sessionId': 'client',
  'GET /api/sites/:id/subscription/invoices/:invoiceId/payment': 'client',
  'GET /api/billing/invoices': 'client',
  'GET /api/billing/profile': 'client',
  'PUT /api/billing/profile': 'client',
  'GET /api/billing/legal-invoices/:id/pdf': 'client',
  'GET /api/billing/payment-issues': 'client',
  'POST /api/support/messages': 'client',
  'GET /api/support/messages/next-allowed': 'client',
  'GET /api/dashboard/summary': 'client',
  'POST /api/checkout-sessions': 'anonymous',
  'GET /api/checkout-sessions/:id': 'anonymous',
  // Stripe calls it; its signature is its authentication.
  'POST /api/billing/webhook': 'anonymous',
  // Prometheus scrapes it without a session: METRICS_TOKEN is its authentication (404 while unset, as here).
  'GET /api/metrics': 'anonymous',
};

/**
 * What an API key (`Bearer vk_live_…`) may reach: every admin route says the scope it needs, or 'none' (sessions only).
 * A new admin route fails the test until it has an entry here; every other route (public, client) refuses any key.
 */
const API_KEY_SCOPE: Record<string, ApiKeyScopeName | 'none'> = {
  'GET /api/admin/sites': 'sites:read',
  'GET /api/admin/sites/:id': 'sites:read',
  'PATCH /api/admin/sites/:id': 'sites:write',
  'GET /api/admin/exports/sites.csv': 'sites:read',
  'GET /api/admin/users': 'clients:read',
  'GET /api/admin/users/:id': 'clients:read',
  'GET /api/admin/exports/clients.csv': 'clients:read',
  'GET /api/admin/invoices': 'invoices:read',
  'GET /api/admin/legal-invoices': 'invoices:read',
  'GET /api/admin/legal-invoices/:id': 'invoices:read',
  'GET /api/admin/legal-invoices/:id/pdf': 'invoices:read',
  'GET /api/admin/exports/invoices.csv': 'invoices:read',
  'GET /api/admin/exports/accounting.zip': 'invoices:read',
  'GET /api/admin/exports/fec.txt': 'invoices:read',
  'GET /api/admin/quotes': 'quotes:read',
  // A site's statistics (client routes: its owner, or the team, or a key of the scope, read as its creator, an admin).
  'GET /api/sites/:id/audience': 'stats:read',
  'GET /api/sites/:id/uptime': 'stats:read',
  'GET /api/sites/:id/audience.csv': 'stats:read',
  // Sessions only: key management, the audit log, mails, client views, closures, settings, figures and status.
  'GET /api/admin/api-keys': 'none',
  'POST /api/admin/api-keys': 'none',
  'POST /api/admin/api-keys/:id/revoke': 'none',
  'GET /api/admin/webhooks': 'none',
  'POST /api/admin/webhooks': 'none',
  'GET /api/admin/webhooks/deliveries': 'none',
  'POST /api/admin/webhooks/deliveries/:id/resend': 'none',
  'PATCH /api/admin/webhooks/:id': 'none',
  'DELETE /api/admin/webhooks/:id': 'none',
  'POST /api/admin/webhooks/:id/rotate-secret': 'none',
  'POST /api/admin/webhooks/:id/test': 'none',
  'GET /api/admin/users/:id/closure': 'none',
  'POST /api/admin/users/:id/closure': 'none',
  'GET /api/admin/account-closures': 'none',
  'POST /api/admin/users/:id/client-view': 'none',
  'POST /api/admin/client-views/:id/end': 'none',
  'GET /api/admin/agency-settings': 'none',
  'PUT /api/admin/agency-settings': 'none',
  'GET /api/admin/emails': 'none',
  'GET /api/admin/emails/:id': 'none',
  'POST /api/admin/emails/:id/retry': 'none',
  'POST /api/admin/users/:id/first-login-invitation': 'none',
  'POST /api/admin/users/:id/email': 'none',
  'GET /api/admin/stats': 'none',
  'GET /api/admin/revenue': 'none',
  'GET /api/admin/audience': 'stats:read',
  'GET /api/admin/audit-log': 'none',
  'GET /api/admin/duplicate-payments': 'none',
  'GET /api/admin/status': 'none',
  // An invoice's correction: an admin's session only.
  'POST /api/admin/legal-invoices/:id/correction': 'none',
};

describe('route access table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has an entry for every route of the app, and no stale entry', () => {
    const routes = listRoutes(t);
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !(r in ACCESS))).toEqual([]);
    expect(Object.keys(ACCESS).filter((r) => !routes.includes(r))).toEqual([]);
  });

  const call = (route: string, token?: SessionBody) => {
    const [method, path] = route.split(' ');
    const req = t.api.raw[method.toLowerCase() as 'get'](concretePath(path));
    return token ? req.set(bearer(token)) : req;
  };
  // The guard's own refusals; a route may still answer 401 for its own reasons (refresh without a token).
  const denied = (res: { status: number; body: { message?: string } }) =>
    res.status === 403 || (res.status === 401 && res.body.message === 'Authentification requise');

  it('says what an API key may reach on every admin route, and no more', () => {
    const adminRoutes = Object.keys(ACCESS).filter((r) => ACCESS[r] === 'admin');
    expect(adminRoutes.filter((r) => !(r in API_KEY_SCOPE))).toEqual([]);
    // Beyond admin routes, only a site's statistics (`stats:read`) open to a key.
    expect(Object.keys(API_KEY_SCOPE).filter((r) => ACCESS[r] !== 'admin' && API_KEY_SCOPE[r] !== 'stats:read')).toEqual([]);
  });

  it.each(Object.entries(ACCESS))('%s is for %s', async (route, access) => {
    // Fresh sessions per route: some routes (logout, change-password) end the caller's session.
    const client = await registerClient(t.api);
    const admin = await loginAdmin(t.api);
    const anonymous = await call(route).send();
    expect({ route, status: anonymous.status, denied: denied(anonymous) }).toEqual({
      route,
      status: anonymous.status,
      denied: access !== 'anonymous',
    });
    if (access !== 'anonymous') expect(anonymous.status).toBe(401);

    const asClient = await call(route, client).send();
    expect({ route, denied: denied(asClient) }).toEqual({ route, denied: access === 'admin' });
    if (access === 'admin') expect(asClient.status).toBe(403);

    const asAdmin = await call(route, admin).send();
    expect({ route, denied: denied(asAdmin) }).toEqual({ route, denied: false });
  });

  describe('with an API key', () => {
    // Keys made once by an admin: one with every scope, one without each scope, one revoked, one expired.
    const keys = {} as Record<'all' | 'revoked' | 'expired' | `without ${ApiKeyScopeName}`, string>;
    const createKey = async (admin: SessionBody, name: string, scopes: readonly ApiKeyScopeName[]) => {
      const res = await t.api.post('/api/admin/api-keys').set(bearer(admin)).send({ name, scopes }).expect(201);
      return res.body as { key: string; apiKey: { id: string } };
    };
    beforeAll(async () => {
      const admin = await loginAdmin(t.api);
      keys.all = (await createKey(admin, 'Toutes portées', API_KEY_SCOPES)).key;
      for (const scope of API_KEY_SCOPES)
        keys[`without ${scope}`] = (
          await createKey(
            admin,
            `Sans ${scope}`,
            API_KEY_SCOPES.filter((s) => s !== scope),
          )
        ).key;
      const revoked = await createKey(admin, 'Révoquée', API_KEY_SCOPES);
      await t.api.post(`/api/admin/api-keys/${revoked.apiKey.id}/revoke`).set(bearer(admin)).expect(200);
      keys.revoked = revoked.key;
      const expired = await createKey(admin, 'Expirée', API_KEY_SCOPES);
      await t.dataSource.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.apiKey.id]);
      keys.expired = expired.key;
    });
    const withKey = (route: string, key: string) =>
      call(route)
        .set({ Authorization: `Bearer ${key}` })
        .send();

    it.each(Object.keys(ACCESS))('%s: what a key reaches', async (route) => {
      const scope = API_KEY_SCOPE[route] ?? 'none';
      const all = await withKey(route, keys.all);
      if (route.startsWith('GET /api/docs')) {
        // Swagger UI and the document are served beside Nest's controllers, not through the guard: public
        // documentation, whatever the Authorization header says.
        expect({ route, denied: denied(all) }).toEqual({ route, denied: false });
        return;
      }
      if (scope === 'none') {
        // No declared scope: refused to any key, whatever its scopes (public, client and session-only admin routes).
        expect({ route, status: all.status }).toEqual({ route, status: 403 });
        return;
      }
      expect({ route, denied: denied(all) }).toEqual({ route, denied: false });
      const without = await withKey(route, keys[`without ${scope}`]);
      expect({ route, status: without.status }).toEqual({ route, status: 403 });
      for (const dead of [keys.revoked, keys.expired]) {
        const res = await withKey(route, dead);
        expect({ route, status: res.status, message: res.body.message }).toEqual({
          route,
          status: 401,
          message: "Clé d'API invalide, révoquée ou expirée",
        });
      }
      expect((await call(route).send()).status).toBe(401);
    });
  });
});
