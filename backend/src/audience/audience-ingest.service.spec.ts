import { Windows } from './audience-ingest.service';

describe('the ingest’s fixed windows', () => {
  it('counts each key in its own window and answers the seconds left beyond the limit', () => {
    const windows = new Windows();
    expect([1, 2, 3].map(() => windows.hit('site:ip', 2, 60_000, 1000))).toEqual([null, null, 60]);
    expect(windows.hit('site:other', 2, 60_000, 31_000)).toBeNull();
    expect(windows.hit('site:ip', 2, 60_000, 31_000)).toBe(30);
    expect(windows.hit('site:ip', 2, 60_000, 61_000)).toBeNull();
  });

  it('sweeps ended windows once it holds 100,000 counters, at most once a second', () => {
    const windows = new Windows();
    for (let i = 0; i < 100_000; i++) windows.hit(`a${i}`, 1, 100, 0);
    expect(windows.size).toBe(100_000);
    windows.hit('first', 1, 100, 1000);
    expect(windows.size).toBe(1);
    for (let i = 0; i < 100_000; i++) windows.hit(`b${i}`, 1, 100, 1000);
    // Ended, but the last sweep was less than a second ago: not read again for each new key.
    windows.hit('second', 1, 100, 1500);
    windows.hit('third', 1, 100, 1999);
    expect(windows.size).toBe(100_003);
    windows.hit('fourth', 1, 100, 2000);
    // Swept: what remains is in its window ('third', from 1999) or new.
    expect(windows.size).toBe(2);
  });
});
