import type { PhotoContentType } from './photo-processing';

/** A photo's stored name, at most this many characters (its extension included). */
export const MAX_PHOTO_NAME_LENGTH = 200;

const EXTENSIONS: Record<PhotoContentType, string> = { 'image/jpeg': '.jpg', 'image/png': '.png' };

/**
 * Characters a name never keeps: C0 and C1 controls and DEL, line and paragraph separators, Unicode's bidirectional
 * controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI, LRM, RLM, ALM), which can make `gpj.exe` read as `exe.jpg`,
 * the byte order mark, and halves of surrogate pairs (which no header can encode).
 */
// With the u flag, a surrogate range matches only a lone half: a whole pair (an emoji) is one code point.
const UNWANTED = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\ufeff\ud800-\udfff]/gu;

/** An extension as a device writes one (`.html`, `.JPEG`, `.tar`): letters and digits after the last dot. */
const EXTENSION = /\.[\p{L}\p{N}_-]{1,16}$/u;

/**
 * The name a photo is stored, shown and downloaded under: the sent name's base name (no folder), without the
 * characters above, trimmed, at most 200 characters, and always ending with the extension of the type read from its
 * bytes (`photo.html` of a real PNG is `photo.png`); `photo.jpg` / `photo.png` when nothing is left. Idempotent, so
 * names stored before it are cleaned the same way when read.
 */
export function cleanPhotoName(name: string, contentType: PhotoContentType): string {
  let clean = name;
  const codes = [...clean].map((c) => c.codePointAt(0)!);
  // Multipart file names may arrive as Latin-1; a UTF-8 name (é, ç) then reads as mojibake until re-decoded.
  if (codes.some((c) => c >= 0x80) && codes.every((c) => c <= 0xff)) {
    const decoded = Buffer.from(clean, 'latin1').toString('utf8');
    if (!decoded.includes('\uFFFD')) clean = decoded;
  }
  clean = clean.replace(UNWANTED, '');
  clean = clean.split(/[\\/]/).pop()!;
  // What Windows drops at the end of a name, then whatever extension was sent.
  clean = clean.trim().replace(/[. ]+$/, '');
  clean = clean.replace(EXTENSION, '').trim();
  const extension = EXTENSIONS[contentType];
  const stem = [...clean]
    .slice(0, MAX_PHOTO_NAME_LENGTH - extension.length)
    .join('')
    .trim();
  return `${stem || 'photo'}${extension}`;
}

/**
 * A Content-Disposition for a photo (RFC 6266): an ASCII `filename` for old clients (anything else as `_`), and the
 * exact name as `filename*` (RFC 8187: UTF-8, percent-encoded but for attr-chars).
 */
export function photoContentDisposition(type: 'inline' | 'attachment', name: string): string {
  const ascii = [...name].map((c) => (/^[\u0020-\u007e]$/.test(c) && c !== '"' && c !== '\\' ? c : '_')).join('');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
