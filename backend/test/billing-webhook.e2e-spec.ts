import { createTestApp, type TestApp } from './helpers/app';
import { fakeEvent, postEvent, signature, TEST_WEBHOOK_SECRET } from './helpers/stripe';

/** Signature and idempotency of the inbox, with an event type the product records without acting on it. */
describe('POST /api/billing/webhook', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STRIPE_SECRET_KEY: 'sk_test_unreachable', STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET, STRIPE_API_URL: 'http://127.0.0.1:9' });
  });
  afterAll(() => t.close());
  const events = () => t.dataSource.query(`SELECT id, type FROM stripe_events ORDER BY id`);

  it('records a correctly signed event once', async () => {
    const event = fakeEvent('customer.created', { id: 'cus_1' }, 'evt_valid');
    const res = await postEvent(t.api, event).expect(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    expect(await events()).toEqual([{ id: 'evt_valid', type: 'customer.created' }]);
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

  it('refuses a missing signature', async () => {
    const res = await t.api.raw.post('/api/billing/webhook').set('Content-Type', 'application/json').send(JSON.stringify(fakeEvent('customer.created', {}, 'evt_nosig'))).expect(400);
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

  it('leaves an event unrecorded when its processing fails, so Stripe retries it', async () => {
    // Stripe (here unreachable) must be read to apply an invoice event: the transaction rolls back.
    const res = await postEvent(t.api, fakeEvent('invoice.paid', { id: 'in_1' }, 'evt_fails'));
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect((await events()).filter((e: { id: string }) => e.id === 'evt_fails')).toEqual([]);
  });

  it('refuses a signed event it cannot read, and records one whose object has no id as ignored, never a 500', async () => {
    const noData = { id: 'evt_no_data', object: 'event', type: 'invoice.paid', created: 1 };
    expect((await postEvent(t.api, noData).expect(400)).body.message).toBe('Événement Stripe illisible');
    await postEvent(t.api, { ...fakeEvent('invoice.paid'), id: 42 }).expect(400);
    const res = await postEvent(t.api, fakeEvent('invoice.paid', {}, 'evt_no_object_id')).expect(200);
    expect(res.body).toEqual({ received: true, duplicate: false });
    const rows = await t.dataSource.query(`SELECT outcome, note FROM stripe_events WHERE id = 'evt_no_object_id'`);
    expect(rows).toEqual([{ outcome: 'ignored', note: 'objet sans identifiant' }]);
    expect((await events()).map((e: { id: string }) => e.id)).not.toContain('evt_no_data');
  });
});
