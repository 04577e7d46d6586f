import * as jpeg from 'jpeg-js';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { detectImageType, exifOrientation, InvalidImageError, orientationExif, readPngChunks, stripImageMetadata, stripJpegMetadata, stripPngMetadata } from './image-metadata';

// ---- fixtures, built here so every byte is known -----------------------------------------------------------------

const segment = (marker: number, payload: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

/** The GPS position of the fixtures: 48°51'29.64" N, as EXIF rationals. */
const GPS_RATIONALS = Buffer.alloc(24);
[48, 1, 51, 1, 2964, 100].forEach((v, i) => GPS_RATIONALS.writeUInt32LE(v, i * 4));

/** A camera's EXIF: Make, Orientation = 6 (rotate 90°), and a GPS IFD with latitude ref and latitude. */
function cameraExif(orientation = 6): Buffer {
  const t = Buffer.alloc(114);
  t.write('II', 0, 'latin1');
  t.writeUInt16LE(42, 2);
  t.writeUInt32LE(8, 4);
  t.writeUInt16LE(3, 8);
  const entry = (at: number, tag: number, type: number, count: number, value: number) => {
    t.writeUInt16LE(tag, at);
    t.writeUInt16LE(type, at + 2);
    t.writeUInt32LE(count, at + 4);
    t.writeUInt32LE(value, at + 8);
  };
  entry(10, 0x010f, 2, 10, 50); // Make → 'SecretCam'
  entry(22, 0x0112, 3, 1, orientation);
  entry(34, 0x8825, 4, 1, 60); // GPSInfo IFD
  t.writeUInt32LE(0, 46);
  t.write('SecretCam\0', 50, 'latin1');
  t.writeUInt16LE(2, 60);
  t.writeUInt16LE(0x0001, 62); // GPSLatitudeRef 'N'
  t.writeUInt16LE(2, 64);
  t.writeUInt32LE(2, 66);
  t.write('N\0', 70, 'latin1');
  entry(74, 0x0002, 5, 3, 90); // GPSLatitude → rationals
  t.writeUInt32LE(0, 86);
  GPS_RATIONALS.copy(t, 90);
  return segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), t]));
}

const XMP = segment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>48,51.494N</exif:GPSLatitude></x:xmpmeta>', 'latin1'));
const IPTC = segment(0xed, Buffer.from('Photoshop 3.0\x008BIM\x04\x04\0\0\0\0\0\x12IPTC-City:Lyon-Croix-Rousse', 'latin1'));
const ICC = segment(0xe2, Buffer.concat([Buffer.from('ICC_PROFILE\0\x01\x01', 'latin1'), Buffer.alloc(64, 7)]));
const MPF = segment(0xe2, Buffer.from('MPF\0MM\0*second-picture-index', 'latin1'));

/** A real 16×16 JPEG (jpeg-js), its pixels a gradient. */
function pictureJpeg(): { data: Buffer; pixels: Buffer } {
  const width = 16;
  const height = 16;
  const pixels = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p++) pixels.set([(p * 7) % 256, (p * 3) % 256, 255 - (p % 256), 255], p * 4);
  return { data: jpeg.encode({ width, height, data: pixels, comments: ['Pris au 12 rue Secrète'] }, 90).data, pixels };
}

/** The JPEG as a phone writes it: EXIF with GPS, XMP, IPTC, a colour profile, MPF, a comment and a trailer. */
function phoneJpeg(orientation = 6): Buffer {
  const plain = pictureJpeg().data;
  const app0End = 4 + plain.readUInt16BE(4);
  expect(plain[3]).toBe(0xe0);
  return Buffer.concat([plain.subarray(0, app0End), cameraExif(orientation), XMP, ICC, MPF, IPTC, plain.subarray(app0End), Buffer.from('TRAILER-MOTION-PHOTO-VIDEO')]);
}

/** Walks a JPEG: SOI, well-formed segments, scans, EOI last; returns the markers met. */
function jpegMarkers(data: Buffer): number[] {
  expect([data[0], data[1]]).toEqual([0xff, 0xd8]);
  expect([data.at(-2), data.at(-1)]).toEqual([0xff, 0xd9]);
  const markers: number[] = [];
  let i = 2;
  while (i < data.length - 2) {
    expect(data[i]).toBe(0xff);
    const marker = data[i + 1];
    markers.push(marker);
    const length = data.readUInt16BE(i + 2);
    expect(i + 2 + length).toBeLessThanOrEqual(data.length - 2);
    i += 2 + length;
    if (marker === 0xda) {
      while (!(data[i] === 0xff && data[i + 1] !== 0x00 && !(data[i + 1] >= 0xd0 && data[i + 1] <= 0xd7))) i += 1;
    }
  }
  expect(i).toBe(data.length - 2);
  return markers;
}

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
};
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A 4×3 RGB PNG with every kind of metadata chunk, and its raw scanlines. */
function phonePng(): { data: Buffer; scanlines: Buffer } {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(4, 0);
  ihdr.writeUInt32BE(3, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const scanlines = Buffer.concat([0, 1, 2].map((y) => Buffer.from([0, ...Array.from({ length: 12 }, (_, x) => (x * 20 + y * 60) % 256)])));
  const tIME = Buffer.from([0x07, 0xea, 11, 21, 12, 30, 0]);
  const pHYs = Buffer.from([0, 0, 0x0b, 0x13, 0, 0, 0x0b, 0x13, 1]);
  const exifBody = cameraExif().subarray(10);
  const data = Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('tEXt', Buffer.from('GPS\0lat=48.858370 lon=2.294481', 'latin1')),
    chunk('pHYs', pHYs),
    chunk('zTXt', Buffer.concat([Buffer.from('Comment\0\0', 'latin1'), deflateSync('Au 12 rue Secrète')])),
    chunk('iTXt', Buffer.from('Author\0\0\0fr\0Auteur\0Camille Secrète', 'utf8')),
    chunk('eXIf', exifBody),
    chunk('tIME', tIME),
    chunk('prVt', Buffer.from('private-tracking-id')),
    chunk('IDAT', deflateSync(scanlines)),
    chunk('IEND', Buffer.alloc(0)),
    Buffer.from('after-the-end'),
  ]);
  return { data, scanlines };
}

// ---- tests ------------------------------------------------------------------------------------------------------

describe('detectImageType', () => {
  it('reads the type from the bytes only', () => {
    expect(detectImageType(pictureJpeg().data)).toBe('image/jpeg');
    expect(detectImageType(phonePng().data)).toBe('image/png');
    expect(detectImageType(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'))).toBeNull();
    expect(detectImageType(Buffer.from('MZ\x90\x00\x03\x00\x00\x00This program cannot be run in DOS mode', 'latin1'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    expect(() => stripImageMetadata(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toThrow(InvalidImageError);
  });
});

describe('stripJpegMetadata', () => {
  it('removes EXIF (GPS included), XMP, IPTC, MPF, comments and the trailer, and keeps the picture identical', () => {
    const original = phoneJpeg();
    for (const secret of ['SecretCam', 'xmpmeta', 'Photoshop', 'Lyon-Croix-Rousse', 'rue Secr', 'MPF', 'TRAILER']) expect(original.includes(secret)).toBe(true);
    expect(original.includes(GPS_RATIONALS)).toBe(true);

    const stripped = stripJpegMetadata(original);
    for (const secret of ['SecretCam', 'xmpmeta', 'GPSLatitude', 'Photoshop', '8BIM', 'Lyon-Croix-Rousse', 'rue Secr', 'MPF', 'TRAILER']) expect(stripped.includes(secret)).toBe(false);
    expect(stripped.includes(GPS_RATIONALS)).toBe(false);
    expect(stripped.length).toBeLessThan(original.length);

    // Structurally valid: SOI, APP0 (JFIF) first, a minimal EXIF, the profile, the coding segments, one scan, EOI.
    const markers = jpegMarkers(stripped);
    expect(markers[0]).toBe(0xe0);
    expect(markers.filter((m) => m >= 0xe0 && m <= 0xef)).toEqual([0xe0, 0xe1, 0xe2]);
    expect(markers).not.toContain(0xfe);
    expect(markers).toEqual(expect.arrayContaining([0xdb, 0xc0, 0xc4, 0xda]));
    expect(stripped.includes(ICC)).toBe(true);

    // Decodes to exactly the same pixels as the picture before its metadata was added.
    const before = jpeg.decode(pictureJpeg().data, { useTArray: true });
    const after = jpeg.decode(stripped, { useTArray: true });
    expect([after.width, after.height]).toEqual([16, 16]);
    expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
  });

  it('keeps the orientation, and only it, so a portrait photo stays upright', () => {
    const stripped = stripJpegMetadata(phoneJpeg(6));
    const app1 = stripped.indexOf(Buffer.from([0xff, 0xe1]));
    expect(stripped.subarray(app1, app1 + 36).equals(orientationExif(6))).toBe(true);
    expect(exifOrientation(stripped.subarray(app1 + 10, app1 + 36))).toBe(6);
    // Upright pictures need no EXIF at all.
    expect(jpegMarkers(stripJpegMetadata(phoneJpeg(1)))).not.toContain(0xe1);
  });

  it('leaves a clean JPEG as it is, and refuses broken ones', () => {
    const clean = stripJpegMetadata(stripJpegMetadata(phoneJpeg()));
    expect(stripJpegMetadata(clean).equals(clean)).toBe(true);
    const plain = pictureJpeg().data;
    expect(() => stripJpegMetadata(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toThrow(InvalidImageError);
    expect(() => stripJpegMetadata(Buffer.concat([plain.subarray(0, 2), Buffer.from('not a marker at all')]))).toThrow(InvalidImageError);
    expect(() => stripJpegMetadata(plain.subarray(0, 30))).toThrow(InvalidImageError);
  });
});

describe('stripPngMetadata', () => {
  it('removes tEXt, zTXt, iTXt, eXIf, tIME and private chunks, keeps pixels and rendering chunks, with valid CRCs', () => {
    const { data, scanlines } = phonePng();
    const stripped = stripPngMetadata(data);
    for (const secret of ['lat=48', 'Comment', 'Camille', 'SecretCam', 'private-tracking', 'after-the-end']) expect(stripped.includes(secret)).toBe(false);
    expect(stripped.includes(GPS_RATIONALS)).toBe(false);
    expect(stripped.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // readPngChunks checks every CRC.
    const chunks = readPngChunks(stripped);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'pHYs', 'IDAT', 'IEND']);
    expect(inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data))).equals(scanlines)).toBe(true);
    expect(stripImageMetadata(data)).toEqual({ contentType: 'image/png', data: stripped });
  });

  it('refuses a PNG with a wrong CRC or no image data', () => {
    const { data } = phonePng();
    const corrupted = Buffer.from(data);
    corrupted[40] ^= 0xff;
    expect(() => stripPngMetadata(corrupted)).toThrow(InvalidImageError);
    expect(() => stripPngMetadata(Buffer.concat([PNG_SIGNATURE, chunk('IEND', Buffer.alloc(0))]))).toThrow(InvalidImageError);
    expect(() => stripPngMetadata(data.subarray(0, 50))).toThrow(InvalidImageError);
  });
});
