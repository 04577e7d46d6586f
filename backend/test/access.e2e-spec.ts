import type { Application } from 'express';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';

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
  'GET /api/admin/legal-invoices': 'admin',
  'GET /api/admin/legal-invoices/:id/pdf': 'admin',
  'GET /api/admin/audit-log': 'admin',
  'GET /api/admin/duplicate-payments': 'admin',
  'GET /api/admin/status': 'admin',
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
  'GET /api/sites/:id/subscription': 'client',
  'POST /api/sites/:id/subscription/upgrade': 'client',
  'POST /api/sites/:id/subscription/cancel': 'client',
  'POST /api/sites/:id/subscription/reactivate': 'client',
  'POST /api/sites/:id/subscription/restart': 'client',
  'POST /api/sites/:id/subscription/payment-method': 'client',
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

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}

function listRoutes(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as Application & { router: { stack: Layer[] } };
  const routes = new Set<string>();
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) {
      if (on && method !== '_all' && method !== 'head') routes.add(`${method.toUpperCase()} ${layer.route.path}`);
    }
  }
  return [...routes].sort();
}

const concrete = (path: string) => path.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000');

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
    const req = t.api.raw[method.toLowerCase() as 'get'](concrete(path));
    return token ? req.set(bearer(token)) : req;
  };
  // The guard's own refusals; a route may still answer 401 for its own reasons (refresh without a token).
  const denied = (res: { status: number; body: { message?: string } }) =>
    res.status === 403 || (res.status === 401 && res.body.message === 'Authentification requise');

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
});
