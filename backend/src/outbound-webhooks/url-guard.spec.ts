import ipaddr from 'ipaddr.js';
import { checkUrl, refusedAddress, urlFormProblem } from './url-guard';

/**
 * The IANA special-purpose registries as published (block, "Globally Reachable"), transcribed apart from the guard's
 * own tables: https://www.iana.org/assignments/iana-ipv4-special-registry/ and
 * https://www.iana.org/assignments/iana-ipv6-special-registry/ ("N/A" rows are refused, as not stated reachable).
 */
const IANA_IPV4 = `
0.0.0.0/8 False | 0.0.0.0/32 False | 10.0.0.0/8 False | 100.64.0.0/10 False | 127.0.0.0/8 False
169.254.0.0/16 False | 172.16.0.0/12 False | 192.0.0.0/24 False | 192.0.0.0/29 False | 192.0.0.8/32 False
192.0.0.9/32 True | 192.0.0.10/32 True | 192.0.0.170/32 False | 192.0.0.171/32 False | 192.0.2.0/24 False
192.31.196.0/24 True | 192.52.193.0/24 True | 192.88.99.0/24 N/A | 192.168.0.0/16 False | 192.175.48.0/24 True
198.18.0.0/15 False | 198.51.100.0/24 False | 203.0.113.0/24 False | 240.0.0.0/4 False | 255.255.255.255/32 False`;
const IANA_IPV6 = `
::1/128 False | ::/128 False | 64:ff9b:1::/48 False | 100::/64 False | 100:0:0:1::/64 False
2001::/23 False | 2001::/32 N/A | 2001:1::1/128 True | 2001:1::2/128 True | 2001:1::3/128 True | 2001:2::/48 False
2001:3::/32 True | 2001:4:112::/48 True | 2001:10::/28 N/A | 2001:20::/28 True | 2001:30::/28 True
2001:db8::/32 False | 2002::/16 N/A | 2620:4f:8000::/48 True | 3fff::/20 False | 5f00::/16 False | fc00::/7 False
fe80::/10 False`;
// The two rows that carry an IPv4 address (::ffff:0:0/96, 64:ff9b::/96) are judged by that address: tested below.

const rows = (table: string) =>
  table
    .trim()
    .split(/\s*[|\n]\s*/)
    .map((row) => row.split(' ') as [string, string]);

/** The first and the last address of a block */
function ends(cidr: string): [string, string] {
  const [ip, bits] = ipaddr.parseCIDR(cidr);
  const bytes = ip.toByteArray();
  const last = bytes.map((byte, i) => {
    const kept = Math.max(0, Math.min(8, bits - i * 8));
    return byte | (0xff >> kept);
  });
  const first = bytes.map((byte, i) => byte & (0xff << (8 - Math.max(0, Math.min(8, bits - i * 8)))) & 0xff);
  return [ipaddr.fromByteArray(first).toString(), ipaddr.fromByteArray(last).toString()];
}

/** The registry's verdict on an address: its most specific row's */
function registryVerdict(address: string): string {
  const ip = ipaddr.parse(address);
  const [row] = [...rows(IANA_IPV4), ...rows(IANA_IPV6)]
    .map(([cidr, reachable]) => ({ range: ipaddr.parseCIDR(cidr), reachable }))
    .filter(({ range }) => range[0].kind() === ip.kind() && ip.match(range))
    .sort((x, y) => y.range[1] - x.range[1]);
  return row.reachable;
}

describe('the IANA special-purpose registries, row by row', () => {
  it.each([...rows(IANA_IPV4), ...rows(IANA_IPV6)])('%s (globally reachable: %s)', (cidr) => {
    for (const address of ends(cidr)) {
      const refused = refusedAddress(address);
      expect({ address, refused }).toEqual({ address, refused: registryVerdict(address) === 'True' ? null : expect.any(String) });
    }
  });
});

describe('the SSRF rule of outbound webhooks', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    // Found by the probe (issue 38) and their neighbours.
    '::127.0.0.1',
    '::7f00:1',
    '::10.0.0.1',
    '::8.8.8.8',
    '::2',
    '64:ff9b:1::a00:1',
    '64:ff9b:1::808:808',
    'fec0::1',
    'feff:ffff::1',
    '100::1',
    '100::ffff:ffff:ffff:ffff',
    '198.18.0.1',
    '198.19.255.255',
    '::ffff:198.18.0.1',
    '::ffff:0:7f00:1',
    '64:ff9b::c612:1',
    'ff0e::1',
    '3fff::1',
    '5f00::1',
    '2001:db8::1',
    '2002:c0a8:101::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:2::1',
    '2001:10::1',
    '4000::1',
    '192.0.0.8',
    '192.0.0.170',
    '192.88.99.1',
    '240.0.0.1',
    '0.1.2.3',
  ])('refuses %s', (address) => {
    expect(refusedAddress(address)).not.toBeNull();
  });

  it.each([
    '93.184.216.34',
    '1.1.1.1',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2001:4860:4860::8888',
    '192.0.0.9',
    '192.175.48.1',
    '2001:1::1',
    '2001:4:112::1',
  ])('accepts %s', (address) => {
    expect(refusedAddress(address)).toBeNull();
  });

  it('wants https, no credentials, a host', () => {
    expect(urlFormProblem('http://exemple.fr/hook', false)).toBe("L'URL doit commencer par https://");
    expect(urlFormProblem('http://exemple.fr/hook', true)).toBeNull();
    expect(urlFormProblem('https://user:pass@exemple.fr/hook', false)).toMatch(/identifiant/);
    expect(urlFormProblem('ftp://exemple.fr', false)).toBe("L'URL doit commencer par https://");
    expect(urlFormProblem('pas une url', false)).toMatch(/n'est pas valide/);
  });

  it('checks every address the host resolves to, and connects to the first', async () => {
    const resolveTo =
      (...addresses: string[]) =>
      () =>
        Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
    const mixed = await checkUrl('https://hooks.exemple.fr/x', false, resolveTo('93.184.216.34', '10.0.0.5'));
    expect(mixed).toEqual({ ok: false, reason: expect.stringMatching(/adresse privée.*10\.0\.0\.5/), cause: 'address' });
    const good = await checkUrl('https://hooks.exemple.fr/x', false, resolveTo('93.184.216.34'));
    expect(good.ok && good.target.address).toBe('93.184.216.34');
    const loopback = await checkUrl('https://[::1]:8443/x', false, resolveTo('::1'));
    expect(loopback.ok).toBe(false);
    const nat64 = await checkUrl('https://hooks.exemple.fr/x', false, resolveTo('2606:4700::1', '64:ff9b:1::5db8:d822'));
    expect(nat64).toEqual({ ok: false, reason: expect.stringMatching(/64:ff9b:1::5db8:d822 \(NAT64 local\)/), cause: 'address' });
    expect((await checkUrl('https://hooks.exemple.fr/x', false, resolveTo('fec0::1'))).ok).toBe(false);
    // Development and tests: private addresses and http allowed.
    expect((await checkUrl('http://127.0.0.1:4000/x', true, resolveTo('127.0.0.1'))).ok).toBe(true);
    const unknown = await checkUrl('https://nulle-part.invalid/x', false, () => Promise.reject(new Error('ENOTFOUND')));
    expect(unknown).toEqual({ ok: false, reason: "L'hôte nulle-part.invalid est introuvable (DNS)", cause: 'dns' });
  });
});

describe('an address written in the URL itself (no DNS: the literal is the answer)', () => {
  it.each([
    'https://[::127.0.0.1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[64:ff9b:1::1]/',
    'https://[fec0::1]/',
    'https://[100::1]/',
    'https://198.18.0.1/',
    'https://0x7f000001/',
    'https://127.1/',
  ])('refuses %s', async (url) => {
    expect(await checkUrl(url, false)).toEqual({
      ok: false,
      reason: expect.stringMatching(/adresse privée, locale ou réservée/),
      cause: 'address',
    });
  });

  it('accepts a public literal', async () => {
    expect(await checkUrl('https://[2606:4700:4700::1111]/x', false)).toMatchObject({
      ok: true,
      target: { address: '2606:4700:4700::1111', family: 6 },
    });
  });
});
