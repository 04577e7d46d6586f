import { DIRECT_SOURCE, sourceGroup } from './sources';

describe('sourceGroup', () => {
  it('classes search engines by brand on any country domain, and their search hosts', () => {
    for (const host of [
      'google.com',
      'www.google.fr',
      'google.co.uk',
      'bing.com',
      'fr.search.yahoo.com',
      'duckduckgo.com',
      'qwant.com',
      'ecosia.org',
      'search.brave.com',
    ]) {
      expect([host, sourceGroup(host)]).toEqual([host, 'search']);
    }
  });

  it('classes social networks and their shorteners, subdomains included', () => {
    for (const host of [
      'l.facebook.com',
      'm.facebook.com',
      'instagram.com',
      't.co',
      'x.com',
      'linkedin.com',
      'lnkd.in',
      'youtube.com',
      'pin.it',
    ]) {
      expect([host, sourceGroup(host)]).toEqual([host, 'social']);
    }
  });

  it('takes (direct) as direct and any other host as another site, look-alikes included', () => {
    expect(sourceGroup(DIRECT_SOURCE)).toBe('direct');
    for (const host of ['blog.jardin.example', 'google.example.org', 'notfacebook.com', 'mygoogle.com', 'facebook.com.evil.test']) {
      expect([host, sourceGroup(host)]).toEqual([host, 'website']);
    }
  });
});
