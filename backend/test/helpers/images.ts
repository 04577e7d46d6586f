import * as jpeg from 'jpeg-js';
import { crc32, deflateSync } from 'node:zlib';

/**
 * Test pictures built byte by byte, so every byte is known: a real JPEG (jpeg-js) and a PNG, each carrying what a
 * phone or an editor writes about a picture (EXIF with a GPS position, XMP, IPTC, comments, text chunks, dates).
 */
export const segment = (marker: number, payload: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(0xff00 | marker, 0);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
};

/** The GPS position of the fixtures: 48°51'29.64" N, as EXIF rationals. */
export const GPS_RATIONALS = Buffer.alloc(24);
[48, 1, 51, 1, 2964, 100].forEach((v, i) => GPS_RATIONALS.writeUInt32LE(v, i * 4));

/** A camera's EXIF: Make, Orientation = 6 (rotate 90°), and a GPS IFD with latitude ref and latitude. */
export function cameraExif(orientation = 6): Buffer {
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

export const XMP = segment(
  0xe1,
  Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>48,51.494N</exif:GPSLatitude></x:xmpmeta>', 'latin1'),
);
export const IPTC = segment(0xed, Buffer.from('Photoshop 3.0\x008BIM\x04\x04\0\0\0\0\0\x12IPTC-City:Lyon-Croix-Rousse', 'latin1'));
export const ICC = segment(0xe2, Buffer.concat([Buffer.from('ICC_PROFILE\0\x01\x01', 'latin1'), Buffer.alloc(64, 7)]));
export const MPF = segment(0xe2, Buffer.from('MPF\0MM\0*second-picture-index', 'latin1'));

/** A real 16×16 JPEG (jpeg-js), its pixels a gradient. */
export function pictureJpeg(): { data: Buffer; pixels: Buffer } {
  const width = 16;
  const height = 16;
  const pixels = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p++) pixels.set([(p * 7) % 256, (p * 3) % 256, 255 - (p % 256), 255], p * 4);
  return { data: jpeg.encode({ width, height, data: pixels, comments: ['Pris au 12 rue Secrète'] }, 90).data, pixels };
}

/** The JPEG as a phone writes it: EXIF with GPS, XMP, IPTC, a colour profile, MPF, a comment and a trailer. */
export function phoneJpeg(orientation = 6): Buffer {
  const plain = pictureJpeg().data;
  const app0End = 4 + plain.readUInt16BE(4);
  expect(plain[3]).toBe(0xe0);
  return Buffer.concat([
    plain.subarray(0, app0End),
    cameraExif(orientation),
    XMP,
    ICC,
    MPF,
    IPTC,
    plain.subarray(app0End),
    Buffer.from('TRAILER-MOTION-PHOTO-VIDEO'),
  ]);
}

/** Walks a JPEG: SOI, well-formed segments, scans, EOI last; returns the markers met. */
export function jpegMarkers(data: Buffer): number[] {
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

export const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
};
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A 4×3 RGB PNG with every kind of metadata chunk, and its raw scanlines. */
export function phonePng(): { data: Buffer; scanlines: Buffer } {
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
