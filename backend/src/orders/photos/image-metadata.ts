import { crc32 } from 'node:zlib';

/**
 * Order photos: the type is read from the bytes (never from the name or the declared type), and what a camera or
 * an editor writes about the picture (EXIF with GPS position, XMP, IPTC, comments, text chunks, dates) is removed
 * before the file is stored. Pure functions over a Buffer, no image library: the pixels are copied as they are.
 */
export type PhotoContentType = 'image/jpeg' | 'image/png';

export class InvalidImageError extends Error {}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** JPEG (FF D8 FF) or PNG (its 8-byte signature) by their first bytes; anything else is null. */
export function detectImageType(data: Buffer): PhotoContentType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  return null;
}

/** The same picture without its metadata; throws InvalidImageError when the file is not a well-formed JPEG or PNG. */
export function stripImageMetadata(data: Buffer): { contentType: PhotoContentType; data: Buffer } {
  const contentType = detectImageType(data);
  if (contentType === 'image/jpeg') return { contentType, data: stripJpegMetadata(data) };
  if (contentType === 'image/png') return { contentType, data: stripPngMetadata(data) };
  throw new InvalidImageError('Ni JPEG ni PNG');
}

// ---- JPEG ----------------------------------------------------------------------------------------------------------

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;
const EXIF_ORIENTATION = 0x0112;

const startsWith = (segment: Buffer, text: string) =>
  segment.length >= 4 + text.length && segment.subarray(4, 4 + text.length).toString('latin1') === text;
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
/** SOF0…SOF15 but DHT (C4), JPG (C8) and DAC (CC) */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * What a JPEG keeps: JFIF (APP0), the colour profile (APP2 ICC_PROFILE) and Adobe's colour transform (APP14), which
 * change how the pixels look, and every coding segment. What goes: EXIF and XMP (APP1, including GPS), MPF and other
 * APP2, IPTC/Photoshop (APP13), every other APPn, comments (COM), and anything after the end of the image (phones
 * append thumbnails or videos there). The EXIF orientation alone is kept, in a minimal EXIF block, so a portrait
 * photo is not shown on its side.
 */
export function stripJpegMetadata(data: Buffer): Buffer {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== SOI) throw new InvalidImageError('JPEG sans début d’image');
  const kept: Buffer[] = [];
  let orientation = 1;
  let sawFrame = false;
  let sawScan = false;
  let ended = false;
  let i = 2;
  while (i < data.length) {
    if (data[i] !== 0xff) throw new InvalidImageError(`JPEG : marqueur attendu à l’octet ${i}`);
    while (data[i + 1] === 0xff) i += 1; // fill bytes
    const marker = data[i + 1];
    if (marker === undefined) break;
    if (marker === EOI) {
      ended = true;
      break;
    }
    if (marker === SOI || marker === 0x00) throw new InvalidImageError(`JPEG : marqueur inattendu à l’octet ${i}`);
    if (isStandalone(marker)) {
      kept.push(data.subarray(i, i + 2));
      i += 2;
      continue;
    }
    if (i + 4 > data.length) throw new InvalidImageError('JPEG tronqué');
    const length = data.readUInt16BE(i + 2);
    if (length < 2 || i + 2 + length > data.length) throw new InvalidImageError(`JPEG : segment de longueur invalide à l’octet ${i}`);
    const segment = data.subarray(i, i + 2 + length);
    i += 2 + length;
    if (marker === APP1) {
      if (startsWith(segment, 'Exif\0\0') && orientation === 1) orientation = exifOrientation(segment.subarray(10));
    } else if (
      marker === APP0 ||
      (marker === APP2 && startsWith(segment, 'ICC_PROFILE\0')) ||
      (marker === APP14 && startsWith(segment, 'Adobe'))
    ) {
      kept.push(segment);
    } else if (!(marker >= 0xe0 && marker <= 0xef) && marker !== COM) {
      kept.push(segment);
      if (isStartOfFrame(marker)) sawFrame = true;
    }
    if (marker === SOS) {
      if (!sawFrame) throw new InvalidImageError('JPEG : balayage avant l’en-tête d’image');
      sawScan = true;
      // Entropy-coded data runs to the next marker other than a stuffed byte (FF 00) or a restart (FF D0-D7).
      let j = i;
      while (j < data.length) {
        if (data[j] === 0xff) {
          const next = data[j + 1];
          if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) {
            j += 2;
            continue;
          }
          if (next === 0xff) {
            j += 1;
            continue;
          }
          break;
        }
        j += 1;
      }
      kept.push(data.subarray(i, j));
      i = j;
    }
  }
  if (!sawFrame || !sawScan) throw new InvalidImageError('JPEG sans image');
  if (!ended && i < data.length) throw new InvalidImageError('JPEG tronqué');
  // JFIF wants APP0 right after SOI; the minimal EXIF block follows it.
  const head = kept[0] && kept[0][1] === APP0 ? [kept.shift()!] : [];
  const exif = orientation >= 2 && orientation <= 8 ? [orientationExif(orientation)] : [];
  return Buffer.concat([Buffer.from([0xff, SOI]), ...head, ...exif, ...kept, Buffer.from([0xff, EOI])]);
}

/** The Orientation tag (0x0112) of IFD0 in a TIFF structure; 1 (as shot) when absent or unreadable. */
export function exifOrientation(tiff: Buffer): number {
  if (tiff.length < 8) return 1;
  const order = tiff.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return 1;
  const u16 = (at: number) => (order === 'II' ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (order === 'II' ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  if (u16(2) !== 42) return 1;
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const count = u16(ifd);
  for (let n = 0; n < count; n++) {
    const entry = ifd + 2 + n * 12;
    if (entry + 12 > tiff.length) return 1;
    if (u16(entry) === EXIF_ORIENTATION && u16(entry + 2) === 3) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** An APP1 EXIF segment holding only the orientation (big-endian TIFF, one IFD0 entry). */
export function orientationExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // IFD0 offset
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(EXIF_ORIENTATION, 10);
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // one value
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.alloc(4);
  header.writeUInt16BE(0xff00 | APP1, 0);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([header, payload]);
}

// ---- PNG -----------------------------------------------------------------------------------------------------------

/**
 * Ancillary chunks that change how the pixels look (transparency, gamma, colour space and profile, physical size,
 * animation): kept. Every other ancillary chunk goes, text (tEXt, zTXt, iTXt), EXIF (eXIf), the date (tIME) and any
 * private chunk alike. Critical chunks (IHDR, PLTE, IDAT, IEND) are kept; nothing after IEND.
 */
const KEPT_ANCILLARY = new Set([
  'tRNS',
  'gAMA',
  'cHRM',
  'sRGB',
  'iCCP',
  'cICP',
  'mDCV',
  'cLLI',
  'sBIT',
  'bKGD',
  'pHYs',
  'hIST',
  'sPLT',
  'acTL',
  'fcTL',
  'fdAT',
]);

export interface PngChunk {
  type: string;
  data: Buffer;
  /** the whole chunk: length, type, data, CRC */
  raw: Buffer;
}

/** Every chunk of a PNG, each CRC checked; throws InvalidImageError otherwise. */
export function readPngChunks(data: Buffer): PngChunk[] {
  if (!data.subarray(0, 8).equals(PNG_SIGNATURE)) throw new InvalidImageError('PNG sans signature');
  const chunks: PngChunk[] = [];
  let i = 8;
  while (i < data.length) {
    if (i + 12 > data.length) throw new InvalidImageError('PNG tronqué');
    const length = data.readUInt32BE(i);
    const end = i + 12 + length;
    if (length > 0x7fffffff || end > data.length) throw new InvalidImageError('PNG : bloc de longueur invalide');
    const type = data.subarray(i + 4, i + 8).toString('latin1');
    if (!/^[A-Za-z]{4}$/.test(type)) throw new InvalidImageError('PNG : type de bloc invalide');
    const body = data.subarray(i + 8, i + 8 + length);
    if (crc32(data.subarray(i + 4, i + 8 + length)) >>> 0 !== data.readUInt32BE(i + 8 + length))
      throw new InvalidImageError(`PNG : CRC invalide (${type})`);
    chunks.push({ type, data: body, raw: data.subarray(i, end) });
    i = end;
    if (type === 'IEND') break;
  }
  return chunks;
}

export function stripPngMetadata(data: Buffer): Buffer {
  const chunks = readPngChunks(data);
  if (chunks[0]?.type !== 'IHDR' || chunks.at(-1)?.type !== 'IEND' || !chunks.some((c) => c.type === 'IDAT'))
    throw new InvalidImageError('PNG incomplet');
  const kept = chunks.filter((c) => /^[A-Z]/.test(c.type) || KEPT_ANCILLARY.has(c.type));
  return Buffer.concat([PNG_SIGNATURE, ...kept.map((c) => c.raw)]);
}
