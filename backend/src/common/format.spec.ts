import { euros, fromUnix, longDate, shortDate } from './format';

describe('format', () => {
  it('writes euros the French way', () => {
    expect(euros(2998).replace(/\s/g, ' ')).toBe('29,98 €');
    expect(euros(590000).replace(/\s/g, ' ')).toBe('5 900,00 €');
  });

  it('writes dates in Paris time, whatever the server zone', () => {
    // 23:30 UTC on 11 November is already the 12th in Paris.
    const d = new Date('2026-11-11T23:30:00Z');
    expect(shortDate(d)).toBe('12/11/2026');
    expect(longDate(d)).toBe('12 novembre 2026');
    expect(fromUnix(1_790_000_000).toISOString()).toBe('2026-09-21T14:13:20.000Z');
  });
});
