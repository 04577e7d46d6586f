import { ADMIN_EMAIL, bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';

describe('GET /api/admin/users', () => {
  let t: TestApp;
  let admin: SessionBody;
  let client: SessionBody;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.api);
    client = await registerClient(t.api, { name: 'Zoé Martin', email: 'zoe@martin.fr' });
    await registerClient(t.api, { name: 'Albert Durand', email: 'albert@durand.fr' });
    await registerClient(t.api, { name: 'Chloé Bernard', email: 'chloe@exemple.fr' });
  });
  afterAll(() => t.close());

  it('is for admins only', async () => {
    await t.api.get('/api/admin/users').expect(401);
    const res = await t.api.get('/api/admin/users').set(bearer(client)).expect(403);
    expect(res.body).toEqual({ statusCode: 403, message: 'Accès refusé' });
  });

  it('lists every user with the total, newest first by default', async () => {
    const res = await t.api.get('/api/admin/users').set(bearer(admin)).expect(200);
    expect(res.body.total).toBe(4);
    expect(res.body.users.map((u: { email: string }) => u.email)).toEqual([
      'chloe@exemple.fr',
      'albert@durand.fr',
      'zoe@martin.fr',
      ADMIN_EMAIL,
    ]);
  });

  it('pages', async () => {
    const res = await t.api.get('/api/admin/users?page=2&limit=3').set(bearer(admin)).expect(200);
    expect(res.body.total).toBe(4);
    expect(res.body.users).toHaveLength(1);
    expect(res.body.users[0].email).toBe(ADMIN_EMAIL);
  });

  it('searches the name or the e-mail, case- and accent-sensitive as typed', async () => {
    const byName = await t.api.get('/api/admin/users?search=durand').set(bearer(admin)).expect(200);
    expect(byName.body.users.map((u: { name: string }) => u.name)).toEqual(['Albert Durand']);
    const byEmail = await t.api.get('/api/admin/users?search=EXEMPLE.fr').set(bearer(admin)).expect(200);
    expect(byEmail.body).toMatchObject({ total: 1, users: [{ name: 'Chloé Bernard' }] });
    const wildcard = await t.api
      .get(`/api/admin/users?search=${encodeURIComponent('%')}`)
      .set(bearer(admin))
      .expect(200);
    expect(wildcard.body.total).toBe(0);
  });

  it('sorts by a whitelisted column', async () => {
    const res = await t.api.get('/api/admin/users?sortBy=name&sortOrder=asc').set(bearer(admin)).expect(200);
    expect(res.body.users.map((u: { name: string }) => u.name)).toEqual(['Administrateur', 'Albert Durand', 'Chloé Bernard', 'Zoé Martin']);
  });

  it('refuses bad paging and sorting with French messages', async () => {
    const res = await t.api.get('/api/admin/users?page=0&limit=500&sortBy=password_hash&sortOrder=up').set(bearer(admin)).expect(400);
    expect(res.body.errors).toEqual({
      page: 'La page doit être au moins 1',
      limit: 'La limite ne peut pas dépasser 100',
      sortBy: 'Tri invalide',
      sortOrder: 'Ordre de tri invalide',
    });
  });
});
