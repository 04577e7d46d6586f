/**
 * Dates the server decided read in Paris time in any browser (issue 38): this file runs with its own modules (see
 * vite.config.ts's ISOLATED) in a browser far from Paris, where an invoice issued at 00:10 in Paris is still the day
 * before.
 */
const zone = vi.hoisted(() => {
  // The frontend has no Node types: the test runner's process, as it is.
  const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
  const before = env.TZ;
  env.TZ = 'America/Los_Angeles';
  return { env, before };
});

import { formatDate, formatDateTime, formatDaysAgo, formatTime } from './format';

afterAll(() => {
  if (zone.before === undefined) delete zone.env.TZ;
  else zone.env.TZ = zone.before;
});

describe('dates in Paris time, whatever the browser’s zone', () => {
  // Issued at 00:10 on 27 November in Paris: 23:10 UTC and 15:10 in Los Angeles, on the 26th.
  const issuedAt = '2026-11-26T23:10:00.000Z';

  it('runs in a browser whose own day is the 26th', () => {
    expect(new Date(issuedAt).getDate()).toBe(26);
    expect(new Date(issuedAt).getTimezoneOffset()).toBe(480);
  });

  it('shows the day, time and date-time of Paris, as the invoice’s PDF does', () => {
    expect(formatDate(issuedAt)).toBe('27/11/2026');
    expect(formatDateTime(issuedAt)).toBe('27/11/2026 00:10');
    expect(formatTime(issuedAt)).toBe('00:10');
  });

  it('counts calendar days in Paris', () => {
    expect(formatDaysAgo(issuedAt, '2026-11-27T08:00:00.000Z')).toBe('aujourd’hui');
    expect(formatDaysAgo('2026-11-26T22:50:00.000Z', issuedAt)).toBe('hier');
  });
});
