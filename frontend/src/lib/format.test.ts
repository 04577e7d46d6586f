import { daysSince, formatCount, formatDate, formatDateTime, formatDaysAgo, formatDuration, formatEuros, toDate } from './format';

// Intl separates thousands and the euro sign with narrow / non-breaking spaces: compare with plain spaces.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('format (fr-FR)', () => {
  it('formats dates and date-times in Paris time', () => {
    const date = new Date('2025-03-04T08:05:00Z'); // 09:05 in Paris (winter time)
    expect(formatDate(date)).toBe('04/03/2025');
    expect(formatDateTime(date)).toBe('04/03/2025 09:05');
    expect(formatDate(date.toISOString())).toBe('04/03/2025');
    expect(formatDateTime(date.getTime())).toBe('04/03/2025 09:05');
  });

  it("shows '—' for a missing or invalid date", () => {
    for (const value of [null, undefined, '', 'pas une date']) {
      expect(formatDate(value)).toBe('—');
      expect(formatDateTime(value)).toBe('—');
      expect(toDate(value)).toBeNull();
    }
  });

  it('formats euros from cents, without decimals for whole euros unless asked', () => {
    expect(plain(formatEuros(2900))).toBe('29 €');
    expect(plain(formatEuros(2999))).toBe('29,99 €');
    expect(plain(formatEuros(0))).toBe('0 €');
    expect(plain(formatEuros(123456))).toBe('1 234,56 €');
    expect(plain(formatEuros(2900, { cents: true }))).toBe('29,00 €');
    expect(plain(formatEuros(1500000))).toBe('15 000 €');
  });

  it('counts whole days since a date, rounded up', () => {
    const now = new Date(2025, 5, 10, 12, 0);
    expect(daysSince(new Date(2025, 5, 10, 12, 0), now)).toBe(0);
    expect(daysSince(new Date(2025, 5, 10, 11, 0), now)).toBe(1);
    expect(daysSince(new Date(2025, 5, 9, 12, 0), now)).toBe(1);
    expect(daysSince(new Date(2025, 5, 7, 11, 59), now)).toBe(4);
    expect(daysSince(new Date(2025, 5, 11), now)).toBe(0); // in the future
    expect(daysSince(null, now)).toBeNull();
  });

  it("says 'aujourd’hui', 'hier', 'il y a 3 jours' in calendar days", () => {
    // Paris is UTC+2 in June: 22:30 UTC on the 9th is 00:30 on the 10th in Paris.
    const now = new Date('2025-06-09T22:30:00Z');
    expect(formatDaysAgo(new Date('2025-06-09T22:01:00Z'), now)).toBe('aujourd’hui');
    expect(formatDaysAgo(new Date('2025-06-09T21:59:00Z'), now)).toBe('hier');
    expect(formatDaysAgo(new Date('2025-06-07T06:00:00Z'), now)).toBe('il y a 3 jours');
    expect(formatDaysAgo(undefined, now)).toBe('—');
  });

  it('says a duration in its two largest units, with no-break spaces', () => {
    const words = (seconds: number | null) => formatDuration(seconds).replace(/\u00a0/g, '~');
    expect(words(0)).toBe('0~s');
    expect(words(59.9)).toBe('59~s');
    expect(words(180)).toBe('3~min');
    expect(words(3600)).toBe('1~h');
    expect(words(2 * 3600 + 5 * 60 + 40)).toBe('2~h 5~min');
    expect(words(3 * 86400 + 4 * 3600 + 59)).toBe('3~j 4~h');
    expect(words(86400)).toBe('1~j');
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(-1)).toBe('—');
  });

  it('pluralises a count the French way', () => {
    expect(formatCount(0, 'e-mail')).toBe('0 e-mail');
    expect(formatCount(1, 'demande')).toBe('1 demande');
    expect(formatCount(2, 'utilisateur')).toBe('2 utilisateurs');
  });
});
