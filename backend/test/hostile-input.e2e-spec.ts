import { INVALID_CHARACTERS, MAX_INPUT_DEPTH, TOO_DEEP } from '../src/common/validation';
import { bearer, createTestApp, loginAdmin, registerClient, type SessionBody, type TestApp } from './helpers/app';
import { as, startDraft } from './helpers/orders';

/**
 * Issue 12, item 8: inputs that used to end in a 500 (PostgreSQL refusing NUL, a lone UTF-16 surrogate that has no
 * UTF-8 form, a body nested 20,000 levels deep overflowing class-transformer's recursion) are French 400s, on every
 * kind of field: body (flat, nested, list items), query string and route parameters. Every answer is also checked
 * against openapi.yaml by the test app.
 */
const NUL = 'a\u0000b';
const HIGH = 'a\ud800b';
const LOW = 'x\udc00@example.com';
const invalid = (field: string) => ({ statusCode: 400, message: 'Données invalides', errors: { [field]: INVALID_CHARACTERS } });

const QUOTE = { fullName: 'Jean Dupont', email: 'jean@example.com', phone: '06 12 34 56 78', description: 'Un site pour ma boulangerie.' };

describe('hostile input: NUL bytes, lone surrogates, deep JSON, absurd pages', () => {
  let t: TestApp;
  let admin: SessionBody;
  let client: SessionBody;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAdmin(t.api);
    client = await registerClient(t.api, { email: 'hostile@example.com' });
  });
  beforeEach(() => t.dataSource.query('DELETE FROM rate_limits'));
  afterAll(() => t.close());

  describe('a NUL byte or a lone surrogate in a body field is a French 400 on that field, before any SQL', () => {
    it.each([
      ['text (quote name)', { fullName: NUL }, 'fullName'],
      ['text (quote description), lone high surrogate', { description: HIGH }, 'description'],
      ['text (quote description), lone low surrogate at the end', { description: 'fin\udc00' }, 'description'],
      ['e-mail (quote), lone low surrogate', { email: LOW }, 'email'],
      ['e-mail (quote), NUL', { email: 'a\u0000@example.com' }, 'email'],
      ['optional text (quote company)', { company: HIGH }, 'company'],
    ])('POST /api/quotes: %s', async (_kind, patch, field) => {
      const res = await t.api
        .post('/api/quotes')
        .send({ ...QUOTE, ...patch })
        .expect(400);
      expect(res.body).toEqual(invalid(field));
    });

    it('stores nothing and counts nothing for a refused quote, and still takes emoji (well-formed pairs)', async () => {
      await t.api
        .post('/api/quotes')
        .send({ ...QUOTE, description: HIGH })
        .expect(400);
      expect(await t.dataSource.query('SELECT count(*)::int AS n FROM quote_requests')).toEqual([{ n: 0 }]);
      expect(await t.dataSource.query('SELECT count(*)::int AS n FROM rate_limits')).toEqual([{ n: 0 }]);
      await t.api
        .post('/api/quotes')
        .send({ ...QUOTE, description: 'Pains 🥖 et croissants 🥐, « fait maison »' })
        .expect(201);
      expect(await t.dataSource.query('SELECT description FROM quote_requests')).toEqual([
        { description: 'Pains 🥖 et croissants 🥐, « fait maison »' },
      ]);
    });

    it.each([
      ['sign-in e-mail (login)', '/api/auth/login', { email: 'a\u0000@example.com', password: 'x' }, 'email'],
      ['sign-in e-mail, lone surrogate', '/api/auth/login', { email: LOW, password: 'x' }, 'email'],
      ['password (login)', '/api/auth/login', { email: 'a@example.com', password: NUL }, 'password'],
      ['e-mail (register)', '/api/auth/register', { name: 'A', email: LOW, password: 'secret123', confirmPassword: 'secret123' }, 'email'],
      [
        'name (register)',
        '/api/auth/register',
        { name: NUL, email: 'nul@example.com', password: 'secret123', confirmPassword: 'secret123' },
        'name',
      ],
      [
        'new password (register)',
        '/api/auth/register',
        { name: 'A', email: 'p@example.com', password: `secret${HIGH}`, confirmPassword: 'secret123' },
        'password',
      ],
      ['e-mail (forgot password)', '/api/auth/forgot-password', { email: LOW }, 'email'],
      ['token (reset password)', '/api/auth/reset-password', { token: NUL, password: 'secret123' }, 'token'],
      ['token (first login)', '/api/auth/first-login', { token: HIGH, password: 'secret123' }, 'token'],
      ['refresh token', '/api/auth/refresh', { refresh_token: NUL }, 'refresh_token'],
    ])('anonymous %s', async (_kind, url, body, field) => {
      expect((await t.api.post(url).send(body).expect(400)).body).toEqual(invalid(field));
    });

    it('the same on signed-in forms: profile, support, modification request, admin mail and site domain', async () => {
      const randomId = '3f1c7a52-9d64-4b8e-a0f1-2c3d4e5f6a7b';
      expect((await t.api.patch('/api/auth/me').set(bearer(client)).send({ name: NUL }).expect(400)).body).toEqual(invalid('name'));
      const support = { name: 'A', email: 'a@example.com', subject: 'Sujet', message: 'Bonjour' };
      expect(
        (
          await t.api
            .post('/api/support/messages')
            .set(bearer(client))
            .send({ ...support, email: LOW })
            .expect(400)
        ).body,
      ).toEqual(invalid('email'));
      expect(
        (
          await t.api
            .post('/api/support/messages')
            .set(bearer(client))
            .send({ ...support, message: NUL })
            .expect(400)
        ).body,
      ).toEqual(invalid('message'));
      expect(
        (
          await t.api
            .post('/api/auth/change-password')
            .set(bearer(client))
            .send({ oldPassword: NUL, newPassword: 'secret123', confirmPassword: 'secret123' })
            .expect(400)
        ).body,
      ).toEqual(invalid('oldPassword'));
      expect(
        (
          await t.api
            .post(`/api/sites/${randomId}/modification-requests`)
            .set(bearer(client))
            .send({ type: 'content', priority: 'normal', description: HIGH })
            .expect(400)
        ).body,
      ).toEqual(invalid('description'));
      expect(
        (
          await t.api
            .put(`/api/sites/${randomId}/business-options`)
            .set(bearer(client))
            .send({ contactInfo: { city: NUL } })
            .expect(400)
        ).body,
      ).toEqual(invalid('contactInfo.city'));
      expect(
        (
          await t.api
            .post(`/api/admin/users/${client.user.id}/email`)
            .set(bearer(admin))
            .send({ subject: HIGH, message: 'Bonjour' })
            .expect(400)
        ).body,
      ).toEqual(invalid('subject'));
      expect(
        (
          await t.api
            .patch(`/api/admin/sites/${randomId}`)
            .set(bearer(admin))
            .send({ domain: `exemple${NUL}.fr` })
            .expect(400)
        ).body,
      ).toEqual(invalid('domain'));
      expect(await t.dataSource.query('SELECT count(*)::int AS n FROM support_messages')).toEqual([{ n: 0 }]);
    });

    it('a nested field and an item of a list answer under their field (order draft, checkout billing)', async () => {
      const { draft, owner } = await startDraft(t.api);
      const patch = (body: object) =>
        as(t.api.patch(`/api/order-drafts/${draft.id}`), owner)
          .send(body)
          .expect(400);
      expect((await patch({ data: { siteName: NUL } })).body).toEqual(invalid('data.siteName'));
      expect((await patch({ data: { services: ['Pains', HIGH] } })).body).toEqual(invalid('data.services'));
      expect((await patch({ billing: { city: LOW } })).body).toEqual(invalid('billing.city'));
      const checkout = {
        consumerRequest: true,
        draftId: draft.id,
        billing: { fullName: 'A', email: LOW, address: '1 rue', city: 'Lyon', postalCode: '69001' },
      };
      expect((await as(t.api.post('/api/checkout-sessions'), owner).send(checkout).expect(400)).body).toEqual(invalid('billing.email'));
      expect((await as(t.api.get(`/api/order-drafts/${draft.id}`), owner).expect(200)).body.data.siteName).toBe('');
    });

    it('an unknown key holding a NUL is refused too, and the error names it without the NUL', async () => {
      const res = await t.api
        .post('/api/quotes')
        .send({ ...QUOTE, ['x\u0000y']: 1 })
        .expect(400);
      expect(res.body).toEqual(invalid('x\ufffdy'));
    });
  });

  describe('query strings and route parameters', () => {
    it.each([
      '/api/admin/sites?search=a%00b',
      '/api/admin/users?search=%00',
      '/api/admin/emails?search=a%00',
      '/api/admin/audit-log?entityType=site&entityId=a%00b',
    ])('GET %s (admin): 400 on the query field', async (url) => {
      const field = url.includes('entityId') ? 'entityId' : 'search';
      expect((await t.api.get(url).set(bearer(admin)).expect(400)).body).toEqual(invalid(field));
    });

    it('a NUL in a route parameter or a raw query value is a 400 too', async () => {
      expect((await t.api.get('/api/checkout-sessions/cs_a%00b').expect(400)).body).toEqual(invalid('id'));
      expect((await t.api.get('/api/sites/%00').set(bearer(client)).expect(400)).body).toEqual(invalid('id'));
      const photo = await t.api.get('/api/order-photos/3f1c7a52-9d64-4b8e-a0f1-2c3d4e5f6a7b?exp=1&sig=a%00').expect(400);
      expect(photo.body).toEqual(invalid('sig'));
    });

    it('a draft cookie whose id only looks like a UUID (36 of its characters) is no draft, not a failed query', async () => {
      for (const cookie of [`order_draft=${'a'.repeat(36)}.secret`, `order_draft=${'-'.repeat(36)}.x`, 'order_draft=%00.x']) {
        const res = await t.api.get('/api/order-drafts/current').set('Cookie', cookie).expect(204);
        expect(res.text).toBe('');
      }
    });

    it('a path segment that is not UTF-8 (an encoded lone surrogate) is a French 400, not Express English', async () => {
      const res = await t.api.get('/api/checkout-sessions/a%ED%A0%80b').expect(400);
      expect(res.body).toEqual({ statusCode: 400, message: 'Adresse invalide : caractères mal encodés' });
    });

    it('an encoded lone surrogate in a query string becomes U+FFFD (the decoder replaces it), so a search simply runs', async () => {
      const res = await t.api.get('/api/admin/sites?search=a%ED%A0%80b').set(bearer(admin)).expect(200);
      expect(res.body).toEqual({ sites: [], total: 0 });
    });

    it.each([
      '/api/admin/sites',
      '/api/admin/users',
      '/api/admin/invoices',
      '/api/admin/quotes',
      '/api/admin/emails',
      '/api/admin/audit-log',
    ])('GET %s?page=1e20: the French 400 of the page, never an SQL overflow', async (url) => {
      const res = await t.api.get(`${url}?page=1e20`).set(bearer(admin)).expect(400);
      expect(res.body).toEqual({
        statusCode: 400,
        message: 'Données invalides',
        errors: { page: 'La page ne peut pas dépasser 1 000 000' },
      });
    });

    it('the same on the client lists', async () => {
      for (const url of ['/api/sites?page=1e20', '/api/billing/invoices?page=1e20']) {
        expect((await t.api.get(url).set(bearer(client)).expect(400)).body.errors).toEqual({
          page: 'La page ne peut pas dépasser 1 000 000',
        });
      }
    });
  });

  describe('deeply nested JSON', () => {
    const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    const objects = (depth: number) => '{"":'.repeat(depth) + '1' + '}'.repeat(depth);
    const tooDeep = { statusCode: 400, message: TOO_DEEP };

    it.each([
      ['arrays 20,000 deep in a field (quote)', '/api/quotes', `{"fullName":${arrays(20_000)}}`],
      ['a body that is 20,000 nested arrays (login)', '/api/auth/login', arrays(20_000)],
      ['objects 20,000 deep (register)', '/api/auth/register', `{"name":${objects(20_000)}}`],
      ['objects 20,000 deep in an unknown field (order draft)', '/api/order-drafts', `{"planType":"pro","x":${objects(20_000)}}`],
    ])('%s: 400 before any validation', async (_kind, url, body) => {
      const res = await t.api.post(url).set('Content-Type', 'application/json').send(body).expect(400);
      expect(res.body).toEqual(tooDeep);
    });

    it('a signed-in form too (profile), and a body over the size limit is a 413', async () => {
      await t.api
        .patch('/api/auth/me')
        .set(bearer(client))
        .set('Content-Type', 'application/json')
        .send(`{"name":${arrays(20_000)}}`)
        .expect(400);
      const huge = await t.api
        .post('/api/quotes')
        .set('Content-Type', 'application/json')
        .send(`{"x":${'{"a":'.repeat(25_000)}1${'}'.repeat(25_000)}}`)
        .expect(413);
      expect(huge.body).toEqual({ statusCode: 413, message: 'Requête trop volumineuse' });
    });

    it(`the limit is ${MAX_INPUT_DEPTH} levels: at the limit the usual field errors, one deeper the nesting error`, async () => {
      const within = JSON.parse(`{"x":${arrays(MAX_INPUT_DEPTH - 1)}}`) as object;
      expect(
        (
          await t.api
            .post('/api/quotes')
            .send({ ...QUOTE, ...within })
            .expect(400)
        ).body.errors,
      ).toEqual({ x: 'Champ non autorisé' });
      const beyond = JSON.parse(`{"x":${arrays(MAX_INPUT_DEPTH)}}`) as object;
      expect(
        (
          await t.api
            .post('/api/quotes')
            .send({ ...QUOTE, ...beyond })
            .expect(400)
        ).body,
      ).toEqual(tooDeep);
    });
  });
});
