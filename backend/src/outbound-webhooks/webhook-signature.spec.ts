import { createHmac } from 'node:crypto';
import { newSigningSecret, signatureHeader, verifySignature } from './webhook-signature';
import { deliveryBody, nextAttemptAfter } from './webhook-delivery.worker';

describe('outbound webhook signatures (Stripe scheme)', () => {
  const secret = 'whsec_test_secret';
  const body = '{"id":"e1","type":"site.created"}';

  it('signs "<t>.<body>" with HMAC-SHA256, hex, in t=…,v1=…', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader(secret, body, 1700000000)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies its own signature, and refuses another body, secret or an old timestamp', () => {
    const now = Date.now();
    const t = Math.floor(now / 1000);
    const header = signatureHeader(secret, body, t);
    expect(verifySignature(body, header, secret, 300, now)).toBe(true);
    expect(verifySignature(`${body} `, header, secret, 300, now)).toBe(false);
    expect(verifySignature(body, header, 'whsec_other', 300, now)).toBe(false);
    expect(verifySignature(body, header, secret, 300, now + 301_000)).toBe(false);
    expect(verifySignature(body, 't=abc,v1=zz', secret, 300, now)).toBe(false);
  });

  it('makes random secrets', () => {
    const a = newSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(newSigningSecret()).not.toBe(a);
  });

  it('retries after 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, with the last try at 24 h, then gives up', () => {
    const queued = new Date('2026-01-01T00:00:00Z');
    const at = (attempts: number, minutesAfter: number) =>
      nextAttemptAfter(attempts, queued, new Date(queued.getTime() + minutesAfter * 60_000))?.toISOString() ?? null;
    expect(at(1, 0)).toBe('2026-01-01T00:01:00.000Z');
    expect(at(2, 1)).toBe('2026-01-01T00:06:00.000Z');
    expect(at(3, 6)).toBe('2026-01-01T00:36:00.000Z');
    expect(at(4, 36)).toBe('2026-01-01T02:36:00.000Z');
    expect(at(5, 156)).toBe('2026-01-01T08:36:00.000Z');
    expect(at(6, 516)).toBe('2026-01-01T20:36:00.000Z');
    expect(at(7, 1236)).toBe('2026-01-02T00:00:00.000Z');
    expect(at(8, 1440)).toBeNull();
  });

  it('sends { id, type, created, data }', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    expect(
      JSON.parse(deliveryBody({ eventId: 'e1', type: 'site.created', eventCreatedAt: created, payload: { object: { id: 's1' } } })),
    ).toEqual({
      id: 'e1',
      type: 'site.created',
      created: 1767225600,
      data: { object: { id: 's1' } },
    });
  });
});
