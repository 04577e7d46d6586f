import * as jpeg from 'jpeg-js';
import { inflateSync } from 'node:zlib';
import { chunk, GPS_RATIONALS, ICC, jpegMarkers, phoneJpeg, phonePng, pictureJpeg, PNG_SIGNATURE } from '../../../test/helpers/images';
import {
  detectImageType,
  exifOrientation,
  InvalidImageError,
  orientationExif,
  readPngChunks,
  stripImageMetadata,
  stripJpegMetadata,
  stripPngMetadata,
} from './image-metadata';

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
    for (const secret of ['SecretCam', 'xmpmeta', 'Photoshop', 'Lyon-Croix-Rousse', 'rue Secr', 'MPF', 'TRAILER'])
      expect(original.includes(secret)).toBe(true);
    expect(original.includes(GPS_RATIONALS)).toBe(true);

    const stripped = stripJpegMetadata(original);
    for (const secret of ['SecretCam', 'xmpmeta', 'GPSLatitude', 'Photoshop', '8BIM', 'Lyon-Croix-Rousse', 'rue Secr', 'MPF', 'TRAILER'])
      expect(stripped.includes(secret)).toBe(false);
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
    for (const secret of ['lat=48', 'Comment', 'Camille', 'SecretCam', 'private-tracking', 'after-the-end'])
      expect(stripped.includes(secret)).toBe(false);
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
