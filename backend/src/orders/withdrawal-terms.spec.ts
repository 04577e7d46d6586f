import { withdrawableUntil, withdrawalAmounts } from './withdrawal-terms';

const at = (iso: string) => new Date(iso);

describe('withdrawal terms (L221-18, L221-25)', () => {
  it('accepts a withdrawal until 14 days after the order', () => {
    expect(withdrawableUntil(at('2026-11-01T10:00:00Z')).toISOString()).toBe('2026-11-15T10:00:00.000Z');
  });

  it('prorates the paid period by the days of service begun, to the cent', () => {
    // 29,00 € for 30 days; withdrawn on the 4th day begun: 29,00 × 4 / 30 = 3,8666… → 3,87 €
    const a = withdrawalAmounts({
      paidCents: 2900,
      refundedCents: 0,
      orderedAt: at('2026-11-01T10:00:00Z'),
      periodEnd: at('2026-12-01T10:00:00Z'),
      at: at('2026-11-04T12:00:00Z'),
    });
    expect(a.dueCents).toBe(387);
  });

  it('counts the day of the order: a withdrawal the same day owes one day', () => {
    const a = withdrawalAmounts({
      paidCents: 5900,
      refundedCents: 0,
      orderedAt: at('2026-11-01T10:00:00Z'),
      periodEnd: at('2026-12-01T10:00:00Z'),
      at: at('2026-11-01T10:05:00Z'),
    });
    expect(a.dueCents).toBe(197);
  });

  it('gives everything back within the guarantee’s 30 days (the CGV waive what is due), less what was refunded already', () => {
    const a = withdrawalAmounts({
      paidCents: 2900,
      refundedCents: 400,
      orderedAt: at('2026-11-01T10:00:00Z'),
      periodEnd: at('2026-12-01T10:00:00Z'),
      at: at('2026-11-10T10:00:00Z'),
    });
    expect(a).toEqual({ dueCents: 967, waived: true, refundCents: 2500 });
  });

  it('deducts what is due once the guarantee is over, never below zero', () => {
    const a = withdrawalAmounts({
      paidCents: 2900,
      refundedCents: 0,
      orderedAt: at('2026-11-01T10:00:00Z'),
      periodEnd: at('2027-01-01T10:00:00Z'),
      at: at('2026-12-05T10:00:00Z'),
    });
    // 61 days paid, 35 begun: 29,00 × 35 / 61 = 16,639… → 16,64 €; 12,36 € back
    expect(a).toEqual({ dueCents: 1664, waived: false, refundCents: 1236 });
  });
});
