import { createTestApp, type TestApp } from './helpers/app';
import { fakeEvent, postEvent, signature, TEST_WEBHOOK_SECRET, webhooksProcessed } from './helpers/stripe';

/** Signature and idempotency of the inbox, with an event type the product records without acting on it, and an unreachable Stripe. */
describe('POST /api/billing/webhook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      STRIPE_SECRET_KEY: 'sk_test_unreachable',
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: 'http://127.0.0.1:9',
    });
  });
  afterAll(() => t.close());
  const events = () => t.dataSource.query(`SELECT id, type FROM stripe_events ORDER BY id`);

  it('records a correctly signed event once', async () => {
    const event = fakeEvent('customer.created', { id: 'cus_1' }, 'evt_valid');
    const res = await postEvent(t.api, event).expect(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    expect(await events()).toEqual([{ id: 'evt_valid', type: 'customer.created' }]);
  });

  it("takes a Stripe event larger than the API's own 100 KB limit (up to 1 MB), and nothing else that large", async () => {
    const large = fakeEvent('customer.created', { id: 'cus_large', metadata: { notes: 'x'.repeat(300_000) } }, 'evt_large');
    await postEvent(t.api, large).expect(200);
    expect((await events()).filter((e: { id: string }) => e.id === 'evt_large')).toHaveLength(1);
    // The same size anywhere else in the API is refused, in French, before any route.
    const elsewhere = await t.api.raw
      .post('/api/auth/login')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'a@b.fr', password: 'x'.repeat(300_000) }))
      .expect(413);
    expect(elsewhere.headers['cache-control']).toBe('no-store');
  });

  it('answers a replay with 200 and changes nothing', async () => {
    const event = fakeEvent('customer.created', { id: 'cus_2' }, 'evt_replayed');
    await postEvent(t.api, event).expect(200);
    const replay = await postEvent(t.api, event).expect(200);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    expect((await events()).filter((e: { id: string }) => e.id === 'evt_replayed')).toHaveLength(1);
  });

  it('records two copies arriving at the same moment once', async () => {
    const event = fakeEvent('customer.created', { id: 'cus_3' }, 'evt_concurrent');
    const results = await Promise.all(Array.from({ length: 5 }, () => postEvent(t.api, event)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(1);
    expect((await events()).filter((e: { id: string }) => e.id === 'evt_concurrent')).toHaveLength(1);
  });

  it('stores a burst of events and their copies, received at the same moment, each id once (several per statement)', async () => {
    const burst = Array.from({ length: 12 }, (_, i) => fakeEvent('customer.created', { id: `cus_burst_${i}` }, `evt_burst_${i}`));
    const results = await Promise.all([...burst, ...burst, ...burst].map((event) => postEvent(t.api, event)));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    expect(results.filter((r) => r.body.duplicate === false)).toHaveLength(12);
    expect((await events()).filter((e: { id: string }) => e.id.startsWith('evt_burst_'))).toHaveLength(12);
  });

  it('refuses a missing signature', async () => {
    const res = await t.api.raw
      .post('/api/billing/webhook')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify(fakeEvent('customer.created', {}, 'evt_nosig')))
      .expect(400);
    expect(res.body).toEqual({ statusCode: 400, message: 'Signature Stripe manquante' });
  });

  it('refuses a wrong secret, a tampered body and a stale timestamp, and changes nothing', async () => {
    const event = fakeEvent('customer.created', {}, 'evt_forged');
    const payload = JSON.stringify(event);
    const wrongSecret = await postEvent(t.api, event, signature(payload, 'whsec_someone_else')).expect(400);
    expect(wrongSecret.body.message).toBe('Signature Stripe invalide');
    await postEvent(t.api, { ...event, type: 'invoice.paid' }, signature(payload)).expect(400);
    await postEvent(t.api, event, signature(payload, TEST_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 600)).expect(400);
    expect((await events()).filter((e: { id: string }) => e.id === 'evt_forged')).toEqual([]);
  });

  it('answers at once, and keeps an event whose processing fails in the inbox to try again later, with its error', async () => {
    // Stripe (here unreachable) must be read to apply an invoice event: the attempt fails, the event waits.
    const res = await postEvent(t.api, fakeEvent('invoice.paid', { id: 'in_1' }, 'evt_fails')).expect(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    await webhooksProcessed(t);
    const [row] = await t.dataSource.query(
      `SELECT outcome, attempts, processed_at, last_error, next_attempt_at > now() AS later FROM stripe_events WHERE id = 'evt_fails'`,
    );
    expect(row).toMatchObject({ outcome: 'pending', attempts: 1, processed_at: null, later: true });
    expect(row.last_error).toEqual(expect.any(String));
    // A replay from Stripe is a duplicate: the inbox already has it and will try again.
    expect((await postEvent(t.api, fakeEvent('invoice.paid', { id: 'in_1' }, 'evt_fails')).expect(200)).body).toEqual({
      received: true,
      duplicate: true,
    });
  });

  it('refuses a signed event it cannot read, and records one whose object has no id as ignored, never a 500', async () => {
    const noData = { id: 'evt_no_data', object: 'event', type: 'invoice.paid', created: 1 };
    expect((await postEvent(t.api, noData).expect(400)).body.message).toBe('Événement Stripe illisible');
    await postEvent(t.api, { ...fakeEvent('invoice.paid'), id: 42 }).expect(400);
    const res = await postEvent(t.api, fakeEvent('invoice.paid', {}, 'evt_no_object_id')).expect(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    const rows = await t.dataSource.query(
      `SELECT outcome, note, processed_at IS NOT NULL AS done FROM stripe_events WHERE id = 'evt_no_object_id'`,
    );
    expect(rows).toEqual([{ outcome: 'ignored', note: 'objet sans identifiant', done: true }]);
    expect((await events()).map((e: { id: string }) => e.id)).not.toContain('evt_no_data');
  });
});
