import { checkUrl, refusedAddress, urlFormProblem } from './url-guard';

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
  ])('refuses %s', (address) => {
    expect(refusedAddress(address)).not.toBeNull();
  });

  it.each(['93.184.216.34', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) => {
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
    expect(mixed).toEqual({ ok: false, reason: expect.stringMatching(/adresse privée.*10\.0\.0\.5/) });
    const good = await checkUrl('https://hooks.exemple.fr/x', false, resolveTo('93.184.216.34'));
    expect(good.ok && good.target.address).toBe('93.184.216.34');
    const loopback = await checkUrl('https://[::1]:8443/x', false, resolveTo('::1'));
    expect(loopback.ok).toBe(false);
    // Development and tests: private addresses and http allowed.
    expect((await checkUrl('http://127.0.0.1:4000/x', true, resolveTo('127.0.0.1'))).ok).toBe(true);
    const unknown = await checkUrl('https://nulle-part.invalid/x', false, () => Promise.reject(new Error('ENOTFOUND')));
    expect(unknown).toEqual({ ok: false, reason: "L'hôte nulle-part.invalid est introuvable (DNS)" });
  });
});
