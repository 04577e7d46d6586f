import { cleanPhotoName, photoContentDisposition } from './photo-names';

describe('cleanPhotoName', () => {
  it('keeps the base name, UTF-8 read back, and a default when nothing is left', () => {
    expect(cleanPhotoName('C:\\Users\\jeanne\\photo.jpg', 'image/jpeg')).toBe('photo.jpg');
    expect(cleanPhotoName('../../etc/passwd', 'image/jpeg')).toBe('passwd.jpg');
    expect(cleanPhotoName(Buffer.from('Été à Lyon.png', 'utf8').toString('latin1'), 'image/png')).toBe('Été à Lyon.png');
    expect(cleanPhotoName('Façade été.jpg', 'image/jpeg')).toBe('Façade été.jpg');
    expect(cleanPhotoName('\u0001\u0002', 'image/png')).toBe('photo.png');
    expect(cleanPhotoName('dossier/', 'image/jpeg')).toBe('photo.jpg');
    expect(cleanPhotoName('', 'image/jpeg')).toBe('photo.jpg');
    expect(cleanPhotoName('.jpg', 'image/jpeg')).toBe('photo.jpg');
    expect(cleanPhotoName('   ', 'image/png')).toBe('photo.png');
  });

  it('removes control characters and bidirectional controls', () => {
    expect(cleanPhotoName('  vi\u0000tr\u001fine\u007f\u0085.jpg ', 'image/jpeg')).toBe('vitrine.jpg');
    expect(cleanPhotoName('a\nb\r\tc\u2028d.jpg', 'image/jpeg')).toBe('abcd.jpg');
    // 'photo‮gpj.exe' shows as 'photoexe.jpg' but is an .exe: the override goes, and so does the extension.
    expect(cleanPhotoName('photo\u202egpj.exe', 'image/jpeg')).toBe('photogpj.jpg');
    for (const bidi of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
    ])
      expect(cleanPhotoName(`a${bidi}b.png`, 'image/png')).toBe('ab.png');
    expect(cleanPhotoName('\ufeffphoto.png', 'image/png')).toBe('photo.png');
    // Half a surrogate pair goes (no header could carry it); a whole one (an emoji) stays.
    expect(cleanPhotoName('a\ud83db\ude00c.png', 'image/png')).toBe('abc.png');
    expect(cleanPhotoName('vacances 😀.png', 'image/png')).toBe('vacances 😀.png');
    // A folder hidden behind a control character is still a folder.
    expect(cleanPhotoName('..\u0000/..\u202e/secret.png', 'image/png')).toBe('secret.png');
  });

  it('ends with the extension of the type read from the bytes, whatever was sent', () => {
    expect(cleanPhotoName('photo.html', 'image/jpeg')).toBe('photo.jpg');
    expect(cleanPhotoName('photo.exe', 'image/png')).toBe('photo.png');
    expect(cleanPhotoName('photo.png', 'image/jpeg')).toBe('photo.jpg');
    expect(cleanPhotoName('photo.JPEG', 'image/jpeg')).toBe('photo.jpg');
    expect(cleanPhotoName('photo.jpeg.html', 'image/jpeg')).toBe('photo.jpeg.jpg');
    expect(cleanPhotoName('photo.html. . ', 'image/png')).toBe('photo.png');
    expect(cleanPhotoName('photo', 'image/png')).toBe('photo.png');
    expect(cleanPhotoName('M. Dupont et fils', 'image/jpeg')).toBe('M. Dupont et fils.jpg');
    expect(cleanPhotoName('façade.été', 'image/jpeg')).toBe('façade.jpg');
  });

  it('keeps at most 200 characters, the extension included, and is idempotent', () => {
    const long = cleanPhotoName(`${'a'.repeat(300)}.html`, 'image/jpeg');
    expect(long).toHaveLength(200);
    expect(long.endsWith('aaa.jpg')).toBe(true);
    const emoji = cleanPhotoName(`${'😀'.repeat(300)}.png`, 'image/png');
    expect([...emoji]).toHaveLength(200);
    expect(Buffer.from(emoji, 'utf8').toString('utf8')).toBe(emoji);
    for (const name of ['photo\u202egpj.exe', ' a/b\\c.d.html ', long, emoji, 'photo.html. . '])
      for (const type of ['image/jpeg', 'image/png'] as const) {
        const once = cleanPhotoName(name, type);
        expect(cleanPhotoName(once, type)).toBe(once);
      }
  });
});

describe('photoContentDisposition', () => {
  it('gives an ASCII filename and the exact UTF-8 name, every non attr-char percent-encoded (RFC 6266, RFC 8187)', () => {
    expect(photoContentDisposition('inline', 'photo.jpg')).toBe(`inline; filename="photo.jpg"; filename*=UTF-8''photo.jpg`);
    expect(photoContentDisposition('inline', 'Façade été.jpg')).toBe(
      `inline; filename="Fa_ade _t_.jpg"; filename*=UTF-8''Fa%C3%A7ade%20%C3%A9t%C3%A9.jpg`,
    );
    expect(photoContentDisposition('attachment', `l'"été" (1)*\\.png`)).toBe(
      `attachment; filename="l'__t__ (1)*_.png"; filename*=UTF-8''l%27%22%C3%A9t%C3%A9%22%20%281%29%2A%5C.png`,
    );
  });
});
