import express from 'express';
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { clientAddress, isBeaconUrl } from './event-route';
import { parisDay, visitorHash } from './ingest';

describe('the beacon listener', () => {
  it('takes the beacon’s path as Express’s mount matched it, and nothing else', () => {
    for (const url of ['/api/a/e', '/api/a/e/', '/API/A/E', '/api/a/e?x=1', '/api/a/e/?x=1'])
      expect([url, isBeaconUrl(url)]).toEqual([url, true]);
    for (const url of ['/api/a/e/x', '/api/a/ex', '/api/a', '/api/a/p.gif', '/a/e', '/api/a/e//', '', undefined])
      expect([url, isBeaconUrl(url)]).toEqual([url, false]);
  });

  it('reads the client’s address as Express’s req.ip does behind a trusted local proxy', () => {
    const loopback = express().set('trust proxy', 'loopback').get('trust proxy fn') as (address: string, hop: number) => boolean;
    const request = (remoteAddress: string | undefined, forwarded?: string | string[]) =>
      ({
        socket: { remoteAddress },
        headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded },
      }) as unknown as IncomingMessage;
    const cases: Array<[string | undefined, string | string[] | undefined, string]> = [
      ['203.0.113.7', undefined, '203.0.113.7'],
      // Not from a trusted proxy: its X-Forwarded-For is the client's own claim, ignored.
      ['203.0.113.7', '198.51.100.1', '203.0.113.7'],
      ['127.0.0.1', '198.51.100.1', '198.51.100.1'],
      ['::1', '198.51.100.1', '198.51.100.1'],
      ['::ffff:127.0.0.1', ' 198.51.100.1 ', '198.51.100.1'],
      // The nearest untrusted hop, not the first address a client may have made up.
      ['127.0.0.1', '10.9.9.9, 198.51.100.1', '198.51.100.1'],
      ['127.0.0.1', '10.9.9.9, 198.51.100.1, 127.0.0.1', '198.51.100.1'],
      ['127.0.0.1', '127.0.0.2, 127.0.0.3', '127.0.0.2'],
      ['127.0.0.1', '198.51.100.1,, ', '198.51.100.1'],
      ['127.0.0.1', 'pas-une-adresse', 'pas-une-adresse'],
      ['127.0.0.1', ['10.9.9.9', '198.51.100.1'], '198.51.100.1'],
      [undefined, undefined, ''],
    ];
    for (const [remote, forwarded, expected] of cases)
      expect([remote, forwarded, clientAddress(request(remote, forwarded), loopback)]).toEqual([remote, forwarded, expected]);
  });

  it('asks whether a connection’s own address is a proxy once per connection, not per beacon', () => {
    const loopback = express().set('trust proxy', 'loopback').get('trust proxy fn') as (address: string, hop: number) => boolean;
    const asked: Array<[string, number]> = [];
    const trust = (address: string, hop: number) => (asked.push([address, hop]), loopback(address, hop));
    const socket = { remoteAddress: '127.0.0.1' };
    const beacon = (forwarded: string) => ({ socket, headers: { 'x-forwarded-for': forwarded } }) as unknown as IncomingMessage;
    expect(['198.51.100.1', '198.51.100.2', '198.51.100.3'].map((ip) => clientAddress(beacon(ip), trust))).toEqual([
      '198.51.100.1',
      '198.51.100.2',
      '198.51.100.3',
    ]);
    expect(asked).toEqual([['127.0.0.1', 0]]);
    // Another setting of 'trust proxy' (another function) is asked again.
    expect(clientAddress(beacon('198.51.100.4'), () => false)).toBe('127.0.0.1');
  });
});

describe('the ingest’s per-event work', () => {
  it('hashes the visitor as HMAC-SHA256 keyed by the day’s salt, whichever salt comes', () => {
    const [monday, tuesday] = [randomBytes(32), randomBytes(32)];
    const hmac = (salt: Buffer) => createHmac('sha256', salt).update('site\n203.0.113.7\nFirefox').digest();
    for (const salt of [monday, monday, tuesday, monday]) expect(visitorHash(salt, 'site', '203.0.113.7', 'Firefox')).toEqual(hmac(salt));
  });

  it('gives the Paris day of every hour, across midnight and both clock changes', () => {
    const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });
    // Hour by hour, then minute by minute around midnight and the changes of 2026-03-29 and 2026-10-25 (01:00 UTC).
    for (let at = Date.parse('2026-03-27T00:00:00Z'); at < Date.parse('2026-03-31T00:00:00Z'); at += 60_000)
      expect(parisDay(new Date(at))).toBe(format.format(at));
    for (let at = Date.parse('2026-10-24T00:00:00Z'); at < Date.parse('2026-10-27T00:00:00Z'); at += 60_000)
      expect(parisDay(new Date(at))).toBe(format.format(at));
    expect(parisDay(new Date('2026-03-28T22:59:59.999Z'))).toBe('2026-03-28');
    expect(parisDay(new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(parisDay(new Date('2026-06-30T21:59:59.999Z'))).toBe('2026-06-30');
    expect(parisDay(new Date('2026-06-30T22:00:00Z'))).toBe('2026-07-01');
    // Back in time (the tests' clock), the day is not the cached hour's.
    expect(parisDay(new Date('2026-01-01T12:00:00Z'))).toBe('2026-01-01');
  });
});
