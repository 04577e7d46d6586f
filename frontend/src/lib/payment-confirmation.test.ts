import { CONFIRMATION_POLL, confirmationDelay, untilKnown } from './payment-confirmation';

const query = (data: { state: string } | undefined, answers: number, status = 'success') => ({
  state: { data, status, dataUpdateCount: answers },
});

describe('payment confirmation polling', () => {
  it('asks again 1 s after the first answer, then each time half as long again, never more than 8 s apart', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(confirmationDelay)).toEqual([1000, 1500, 2250, 3375, 5063, 7594, 8000, 8000, 8000]);
  });

  it('stops once the answer is known, on an error, and a minute after the start', () => {
    const known = (data: { state: string } | undefined) => data?.state === 'confirmed';
    const now = Date.now();
    const interval = untilKnown(now, known);
    expect(interval(query({ state: 'confirming' }, 1))).toBe(1000);
    expect(interval(query({ state: 'confirming' }, 3))).toBe(2250);
    expect(interval(query({ state: 'confirmed' }, 4))).toBe(false);
    expect(interval(query(undefined, 0, 'error'))).toBe(false);
    expect(untilKnown(now - CONFIRMATION_POLL.giveUpMs, known)(query({ state: 'confirming' }, 9))).toBe(false);
    expect(untilKnown(now - CONFIRMATION_POLL.giveUpMs + 5000, known)(query({ state: 'confirming' }, 9))).toBe(8000);
  });
});
