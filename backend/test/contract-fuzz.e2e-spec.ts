import { startStripeSandbox, type StripeSandbox } from '@vitrine/stripe-sandbox';
import fc from 'fast-check';
import type { Response } from 'supertest';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  bearer,
  createTestApp,
  loginAdmin,
  registerClient,
  type SessionBody,
  type TestApp,
} from './helpers/app';
import { assertMatchesContract } from './helpers/contract';
import {
  bodyValue,
  encodeComponent,
  type FuzzOperation,
  fuzzOperations,
  HOSTILE_TEXT,
  type Parameter,
  queryValue,
  toJson,
} from './helpers/fuzz';
import { pictureJpeg } from './helpers/images';
import { as, orderAndCheckout, startDraft } from './helpers/orders';
import { payAndSettle } from './helpers/scenarios';
import { TEST_WEBHOOK_SECRET } from './helpers/stripe';

/**
 * Contract fuzzing: for every operation of openapi.yaml, requests generated from its parameters and body schemas
 * (valid and invalid values, real ids and random ones), sent as an anonymous browser, with a forged token, as a client
 * and as an admin. Whatever comes in, the answer is never a 5xx, its status is documented (401, 403 and 429 must be
 * listed by name, not left to `default`, and so must 415) and its body matches the schema. Fixed seed and bounded runs here;
 * `npm run bench:fuzz` (FUZZ_RUNS, FUZZ_SEED) runs more.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const CLIENT_PASSWORD = 'fuzz-client-password';

type Caller = 'anonymous' | 'forged' | 'client' | 'admin';
const CALLERS: Caller[] = ['anonymous', 'forged', 'client', 'admin'];
/** Operations after which the harness checks that its own sessions still work (and signs in again if not). */
const SESSION_ENDING = new Set(['logout', 'changePassword', 'refresh']);

interface FuzzInput {
  caller: Caller;
  path: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
  file: { name: string; data: Buffer } | undefined;
  contentType: string;
  cookie: string | undefined;
}

interface Ids {
  sites: string[];
  users: string[];
  /** An account the admin's closure route may really close (closing the fuzzed client would end the run) */
  closable: string[];
  drafts: string[];
  photos: string[];
  emails: string[];
  checkoutSessions: string[];
}

describe('contract fuzzing: every operation of openapi.yaml', () => {
  let sandbox: StripeSandbox;
  let t: TestApp;
  let client: SessionBody;
  let admin: SessionBody;
  let draftCookie: string;
  const ids: Ids = { sites: [], users: [], closable: [], drafts: [], photos: [], emails: [], checkoutSessions: [] };
  const statuses = new Map<string, Map<number, number>>();
  let requests = 0;
  let started = 0;
  let sessionsRecreated = 0;

  beforeAll(async () => {
    sandbox = await startStripeSandbox({ port: 0, webhookSecret: TEST_WEBHOOK_SECRET, retryBaseMs: 20, maxRetries: 1 });
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_sandbox',
      STRIPE_API_URL: sandbox.url,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    });
    await t.app.listen(0, '127.0.0.1');
    sandbox.setWebhookUrl(`${await t.app.getUrl()}/api/billing/webhook`.replace('[::1]', '127.0.0.1'));
    admin = await loginAdmin(t.api);
    client = await registerClient(t.api, { email: 'fuzz-client@example.com', password: CLIENT_PASSWORD });

    // A paid order: the client's site, its subscription and first invoice, the mails of the payment.
    const { sessionId, draftId } = await orderAndCheckout(t.api, { session: client, planType: 'pro' });
    await payAndSettle({ sandbox, t }, sessionId);
    ids.checkoutSessions.push(sessionId);
    ids.drafts.push(draftId);
    ids.sites.push(
      ...(await t.dataSource.query(`SELECT id FROM sites WHERE user_id = $1`, [client.user.id])).map((r: { id: string }) => r.id),
    );
    expect(ids.sites).toHaveLength(1);
    ids.users.push(client.user.id, admin.user.id);
    ids.closable.push((await registerClient(t.api, { email: 'fuzz-closable@example.com' })).user.id, admin.user.id);

    // An anonymous browser's draft with a photo: the fuzzed anonymous caller carries its cookie.
    const { draft, owner } = await startDraft(t.api, 'business');
    draftCookie = owner.cookie!;
    ids.drafts.push(draft.id);
    const photo = await as(t.api.post(`/api/order-drafts/${draft.id}/photos`), owner)
      .attach('file', pictureJpeg().data, 'vitrine.jpg')
      .expect(201);
    ids.photos.push(photo.body.id);
    ids.emails.push(
      ...(await t.dataSource.query(`SELECT id FROM outbox_emails ORDER BY created_at LIMIT 3`)).map((r: { id: string }) => r.id),
    );
    started = Date.now();
  }, 60_000);

  afterAll(async () => {
    const seconds = (Date.now() - started) / 1000;
    const total = new Map<number, number>();
    for (const byStatus of statuses.values()) for (const [status, n] of byStatus) total.set(status, (total.get(status) ?? 0) + n);
    const never2xx = [...statuses].filter(([, byStatus]) => ![...byStatus.keys()].some((s) => s < 300)).map(([name]) => name);
    process.stdout.write(
      `\ncontract fuzz: ${requests} requests over ${statuses.size} operations in ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)}/s), ` +
        `${RUNS} runs per operation, seed ${SEED}, ${sessionsRecreated} sessions signed in again\n  statuses: ${[...total]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}\n` +
        `  operations never answering 2xx in this run: ${never2xx.length ? never2xx.join(', ') : 'none'}\n`,
    );
    await t?.close();
    await sandbox?.close();
  });

  /** The ids a path parameter is likely to take: the real ones of its kind first. */
  function realIds(path: string, name: string): string[] {
    if (name === 'photoId') return ids.photos;
    if (path.startsWith('/api/admin/users/') && path.endsWith('/closure')) return ids.closable;
    if (path.startsWith('/api/admin/users/')) return ids.users;
    if (path.startsWith('/api/admin/emails/')) return ids.emails;
    if (path.includes('/sites/')) return ids.sites;
    if (path.startsWith('/api/order-drafts')) return ids.drafts;
    if (path.startsWith('/api/checkout-sessions')) return ids.checkoutSessions;
    return [...ids.sites, ...ids.users];
  }

  function pathValue(path: string, parameter: Parameter): fc.Arbitrary<string> {
    const real = realIds(path, parameter.name);
    return fc.oneof(
      { weight: 4, arbitrary: real.length ? fc.constantFrom(...real) : fc.uuid() },
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT.filter((s) => s.trim() !== '')) },
      {
        weight: 1,
        arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '' && s !== '.' && s !== '..'),
      },
    );
  }

  function requestOf({ path, op }: FuzzOperation): fc.Arbitrary<FuzzInput> {
    const parameters = op.parameters ?? [];
    const pathParams = parameters.filter((p) => p.in === 'path');
    const queryParams = parameters.filter((p) => p.in === 'query');
    const json = op.requestBody?.content['application/json']?.schema;
    const multipart = Boolean(op.requestBody?.content['multipart/form-data']);
    const file = fc.oneof(
      fc.constant({ name: 'photo.jpg', data: pictureJpeg().data }),
      fc.record({
        name: fc.constantFrom('photo.png', 'x.exe', '', 'a\u0000.jpg'),
        data: fc.uint8Array({ maxLength: 2_000 }).map((a) => Buffer.from(a)),
      }),
    );
    // Mostly the caller the route is meant for, so requests get past the guard; the others now and then.
    const meant: Caller = path.startsWith('/api/admin/') ? 'admin' : op.security?.length === 0 ? 'anonymous' : 'client';
    const caller = fc.oneof(...CALLERS.map((c) => ({ weight: c === meant ? 4 : 1, arbitrary: fc.constant(c) })));
    return fc.record({
      caller,
      path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue(path, p)]))),
      query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, queryValue(p.schema)]))),
      body: json ? fc.option(bodyValue(json), { nil: undefined, freq: 8 }) : fc.constant(undefined),
      file: multipart ? fc.option(file, { nil: undefined, freq: 4 }) : fc.constant(undefined),
      // Now and then the body in another format (a form posted from another site) and junk cookies.
      contentType: fc.oneof(
        { weight: 8, arbitrary: fc.constant('application/json') },
        { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16') },
      ),
      cookie: fc.option(
        fc.constantFrom(
          'refresh_token=forged',
          'order_draft=%00.x',
          `order_draft=${'a'.repeat(36)}.b`,
          'refresh_token=%ED%A0%80',
          'vitrine_session=1; refresh_token=',
        ),
        { nil: undefined, freq: 6 },
      ),
    });
  }

  /** Requests random values would hardly find (a right password), run before the random ones. */
  function examplesOf(operationId: string): [FuzzInput][] {
    const none = { path: {}, query: {}, file: undefined, contentType: 'application/json', cookie: undefined };
    if (operationId === 'login')
      return [[{ ...none, caller: 'anonymous', body: { email: 'FUZZ-client@example.com ', password: CLIENT_PASSWORD } }]];
    return [];
  }

  async function ensureSessions(): Promise<void> {
    for (const who of ['client', 'admin'] as const) {
      const session = who === 'client' ? client : admin;
      if ((await t.api.raw.get('/api/auth/me').set(bearer(session))).status === 200) continue;
      await t.dataSource.query('DELETE FROM login_attempts');
      const email = who === 'client' ? 'fuzz-client@example.com' : ADMIN_EMAIL;
      const password = who === 'client' ? CLIENT_PASSWORD : ADMIN_PASSWORD;
      const res = await t.api.raw.post('/api/auth/login').send({ email, password }).expect(200);
      sessionsRecreated += 1;
      if (who === 'client') client = res.body as SessionBody;
      else admin = res.body as SessionBody;
    }
  }

  fuzzOperations.forEach((operation, index) => {
    const { method, path, op } = operation;
    it(
      `${method.toUpperCase()} ${path} (${op.operationId})`,
      async () => {
        // Each operation gets its own fair chance: no counter left over from the previous one.
        await t.dataSource.query('DELETE FROM rate_limits');
        await t.dataSource.query('DELETE FROM login_attempts');
        const counts = new Map<number, number>();
        statuses.set(op.operationId, counts);
        await fc.assert(
          fc.asyncProperty(requestOf(operation), async (input) => {
            const url =
              path.replace(/\{(\w+)\}/g, (_, name: string) => encodeComponent(input.path[name] as string)) +
              Object.entries(input.query)
                .filter(([, v]) => v !== undefined)
                .map(([k, v], i) => `${i ? '&' : '?'}${k}=${encodeComponent(v as string)}`)
                .join('');
            let req = t.api.raw[method](url);
            if (input.caller === 'anonymous' || input.cookie)
              req = req.set('Cookie', [input.caller === 'anonymous' ? draftCookie : '', input.cookie ?? ''].filter(Boolean).join('; '));
            if (input.caller === 'forged') req = req.set('Authorization', 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.forged');
            if (input.caller === 'client') req = req.set(bearer(client));
            if (input.caller === 'admin') req = req.set(bearer(admin));
            if (input.file) req = req.attach('file', input.file.data, input.file.name || 'blob');
            else if (input.body !== undefined) req = req.set('Content-Type', input.contentType).send(toJson(input.body));
            const res: Response = await req;
            requests += 1;
            counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
            const what = `${method.toUpperCase()} ${url} as ${input.caller}${input.cookie ? ` (cookie ${input.cookie})` : ''}${input.body !== undefined && input.contentType !== 'application/json' ? ` (${input.contentType})` : ''}${input.body !== undefined ? ` with ${toJson(input.body).slice(0, 300)}` : ''} → ${res.status} ${res.text?.slice(0, 300)}`;
            if (res.status >= 500) throw new Error(`5xx: ${what}`);
            try {
              assertMatchesContract(res);
            } catch (error) {
              throw new Error(`${(error as Error).message}\n${what}`, { cause: error });
            }
            if ([401, 403, 415, 429].includes(res.status) && !op.responses[String(res.status)])
              throw new Error(`${res.status} is not documented for ${op.operationId}: ${what}`);
            if (SESSION_ENDING.has(op.operationId)) await ensureSessions();
          }),
          { numRuns: RUNS, seed: SEED + index, endOnFailure: true, examples: examplesOf(op.operationId) },
        );
      },
      Math.max(120_000, RUNS * 2_000),
    );
  });
});
