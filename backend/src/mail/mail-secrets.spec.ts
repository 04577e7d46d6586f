import { MailSecrets, maskLink } from './mail-secrets';

const secrets = (jwtSecret: string) => new MailSecrets({ jwtSecret });

describe('MailSecrets', () => {
  const link = 'http://localhost:3000/reset-password?token=abcDEF123_-xyz';

  it('seals a link so that the sealed text holds no part of it, and opens it back', () => {
    const s = secrets('x'.repeat(40));
    const sealed = s.seal(link);
    expect(sealed).not.toContain('abcDEF123');
    expect(sealed).not.toBe(s.seal(link)); // a fresh IV each time
    expect(s.open(sealed)).toBe(link);
  });

  it('refuses a sealed link that was altered or sealed under another secret', () => {
    const sealed = secrets('x'.repeat(40)).seal(link);
    expect(() => secrets('y'.repeat(40)).open(sealed)).toThrow();
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = `${data[0] === 'A' ? 'B' : 'A'}${data.slice(1)}`;
    expect(() => secrets('x'.repeat(40)).open([v, iv, tag, flipped].join('.'))).toThrow();
    expect(() => secrets('x'.repeat(40)).open('not-sealed')).toThrow('Lien scellé illisible');
  });

  it('masks every query value of a link', () => {
    expect(maskLink(link)).toBe('http://localhost:3000/reset-password?token=••••••••');
    expect(maskLink('http://x.example/first-login?token=abc&next=/dashboard#top')).toBe(
      'http://x.example/first-login?token=••••••••&next=••••••••#top',
    );
  });
});
