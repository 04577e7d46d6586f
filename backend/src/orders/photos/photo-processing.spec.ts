import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import { GPS_RATIONALS, phoneJpeg, phonePng } from '../../../test/helpers/images';
import { makeThumbnail, type PhotoRefusal, PhotoRefusedError, processPhoto, THUMBNAIL_MAX_WIDTH } from './photo-processing';

// Pictures made by sharp itself, each test its own.
const MAX_PIXELS = 40_000_000;
const process = (data: Buffer, maxPixels = MAX_PIXELS) => processPhoto(data, { maxPixels });

/** A width × height picture, its left half red and its right half blue. */
function halves(width: number, height: number): sharp.Sharp {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } }).composite([
    { input: { create: { width: half, height, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
  ]);
}

async function refusal(promise: Promise<unknown>): Promise<PhotoRefusal | 'accepted'> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    if (error instanceof PhotoRefusedError) return error.reason;
    throw error;
  }
}

/** The first pixel of a picture's top and bottom rows, as [r, g, b]. */
async function topAndBottom(data: Buffer): Promise<[number[], number[]]> {
  const { data: raw, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const at = (y: number) => [...raw.subarray(y * info.width * info.channels, y * info.width * info.channels + 3)];
  return [at(0), at(info.height - 1)];
}

const close = (actual: number[], expected: number[], tolerance = 12) =>
  actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance) || `${actual.join(',')} ≉ ${expected.join(',')}`;

/** A PNG's IHDR width and height rewritten (its CRC recomputed): the header declares what the pixels are not. */
function declarePngSize(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)) >>> 0, 29);
  return out;
}

/** A JPEG's frame header (SOF0 or SOF2) rewritten to declare width × height. */
function declareJpegSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  let i = 2;
  while (i < out.length) {
    const marker = out[i + 1];
    if (marker === 0xc0 || marker === 0xc2) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
    i += 2 + out.readUInt16BE(i + 2);
  }
  throw new Error('no frame header');
}

describe('processPhoto', () => {
  it('re-encodes a JPEG and a PNG into the same type and dimensions', async () => {
    const jpeg = await halves(64, 48).jpeg({ quality: 95 }).toBuffer();
    const png = await halves(64, 48).ensureAlpha(0.5).png().toBuffer();

    const fromJpeg = await process(jpeg);
    expect(fromJpeg).toMatchObject({ contentType: 'image/jpeg', width: 64, height: 48 });
    expect(fromJpeg.data.equals(jpeg)).toBe(false);
    expect(await sharp(fromJpeg.data).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 48, space: 'srgb' });

    const fromPng = await process(png);
    expect(fromPng).toMatchObject({ contentType: 'image/png', width: 64, height: 48 });
    expect(await sharp(fromPng.data).metadata()).toMatchObject({ format: 'png', width: 64, height: 48, hasAlpha: true });
    // PNG is lossless: the same pixels, transparency included.
    const [before, after] = await Promise.all([png, fromPng.data].map((d) => sharp(d).raw().toBuffer()));
    expect(after.equals(before)).toBe(true);
  });

  it('drops EXIF (GPS included) and every other metadata block, and what follows the image', async () => {
    const withExif = await halves(40, 30)
      .jpeg()
      .withExif({
        IFD0: { Make: 'SecretCam', Copyright: 'Camille Secrète' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100' },
      })
      .toBuffer();
    const before = await sharp(withExif).metadata();
    expect(before.exif?.includes('SecretCam')).toBe(true);
    expect(before.exif?.includes('GPS') || before.exif?.includes(Buffer.from([0x02, 0x00, 0x05, 0x00]))).toBeTruthy();

    const after = await process(withExif);
    const meta = await sharp(after.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(after.data.includes('SecretCam')).toBe(false);

    // A phone's JPEG (EXIF with GPS, XMP, IPTC, a colour profile, MPF, a comment, a trailer) and an editor's PNG.
    const phone = await process(phoneJpeg());
    for (const secret of ['SecretCam', 'xmpmeta', 'Photoshop', 'Lyon-Croix-Rousse', 'rue Secr', 'TRAILER', 'MPF', 'ICC_PROFILE'])
      expect(phone.data.includes(secret)).toBe(false);
    expect(phone.data.includes(GPS_RATIONALS)).toBe(false);
    const phoneMeta = await sharp(phone.data).metadata();
    expect([phoneMeta.exif, phoneMeta.xmp, phoneMeta.iptc, phoneMeta.icc, phoneMeta.comments]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const editor = await process(phonePng().data);
    for (const secret of ['lat=48', 'Camille', 'SecretCam', 'tIME', 'eXIf', 'tEXt', 'zTXt', 'iTXt', 'prVt', 'after-the-end'])
      expect(editor.data.includes(secret)).toBe(false);
    // Its eXIf chunk said orientation 6: the 4×3 picture is stored turned, 3×4.
    expect(await sharp(editor.data).metadata()).toMatchObject({ format: 'png', width: 3, height: 4 });
  });

  it('applies the EXIF orientation to the pixels and leaves no orientation tag', async () => {
    // Stored 40×20, left red and right blue; orientation 6 shows it turned 90° clockwise: 20×40, red on top.
    const sideways = await halves(40, 20).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(sideways).metadata()).orientation).toBe(6);

    const upright = await process(sideways);
    expect(upright).toMatchObject({ width: 20, height: 40 });
    const meta = await sharp(upright.data).metadata();
    expect(meta).toMatchObject({ width: 20, height: 40 });
    expect(meta.orientation).toBeUndefined();
    const [top, bottom] = await topAndBottom(upright.data);
    expect(close(top, [255, 0, 0])).toBe(true);
    expect(close(bottom, [0, 0, 255])).toBe(true);
  });

  it('converts a colour profile to sRGB and keeps no profile', async () => {
    const colour = { r: 200, g: 100, b: 50 };
    const p3 = await sharp({ create: { width: 8, height: 8, channels: 3, background: colour } })
      .png()
      .withIccProfile('p3')
      .toBuffer();
    expect((await sharp(p3).metadata()).icc).toBeDefined();

    const srgb = await process(p3);
    expect((await sharp(srgb.data).metadata()).icc).toBeUndefined();
    // The file holds the colour's Display P3 numbers; the stored copy, its sRGB numbers again.
    const [[...asP3]] = await topAndBottom(await sharp(p3, { ignoreIcc: true }).png().toBuffer());
    expect(close(asP3, [200, 100, 50], 5)).not.toBe(true);
    const [[...asSrgb]] = await topAndBottom(srgb.data);
    expect(close(asSrgb, [200, 100, 50], 2)).toBe(true);
  });

  it('refuses decompression bombs of both types before decoding them', async () => {
    // Real ones: 100 megapixels of one colour make a 300 kB PNG; 48 megapixels, a 280 kB JPEG.
    const png = await sharp({ create: { width: 10000, height: 10000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(png.length).toBeLessThan(400_000);
    expect(await refusal(process(png))).toBe('tooManyPixels');
    const jpeg = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    expect(await refusal(process(jpeg))).toBe('tooManyPixels');

    // Headers declaring 50000×50000 and 60000×60000 over a few bytes of pixels: refused from the header (decoding
    // them would fail as unreadable instead).
    const small = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#888' } });
    const pngBomb = declarePngSize(await small.clone().png().toBuffer(), 50000, 50000);
    const jpegBomb = declareJpegSize(await small.clone().jpeg().toBuffer(), 60000, 60000);
    expect(await sharp(pngBomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 50000, height: 50000 });
    expect(await sharp(jpegBomb, { limitInputPixels: false }).metadata()).toMatchObject({ width: 60000, height: 60000 });
    expect(await refusal(process(pngBomb))).toBe('tooManyPixels');
    expect(await refusal(process(jpegBomb))).toBe('tooManyPixels');

    // The cap is a setting: at 1 megapixel, 1000×1000 passes and 1001×1000 does not.
    const exactly = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const over = await sharp({ create: { width: 1001, height: 1000, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    expect(await refusal(process(exactly, 1_000_000))).toBe('accepted');
    expect(await refusal(process(over, 1_000_000))).toBe('tooManyPixels');
  });

  it('refuses a truncated or corrupt image as unreadable', async () => {
    const jpeg = await halves(200, 150).jpeg().toBuffer();
    const png = await halves(200, 150).png().toBuffer();
    expect(await refusal(process(jpeg.subarray(0, Math.floor(jpeg.length / 2))))).toBe('unreadable');
    expect(await refusal(process(jpeg.subarray(0, jpeg.length - 2)))).toBe('unreadable'); // only the end marker missing
    expect(await refusal(process(jpeg.subarray(0, 40)))).toBe('unreadable');
    expect(await refusal(process(png.subarray(0, Math.floor(png.length / 2))))).toBe('unreadable');
    expect(await refusal(process(png.subarray(0, 40)))).toBe('unreadable');
    // The right first bytes and garbage after them.
    expect(await refusal(process(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 0x41)])))).toBe('unreadable');
    expect(await refusal(process(Buffer.concat([png.subarray(0, 8), Buffer.alloc(500, 0x41)])))).toBe('unreadable');
    // Pixels overwritten in the middle of a PNG: its CRC no longer matches.
    const corrupt = Buffer.from(png);
    corrupt.fill(0x55, Math.floor(png.length / 2), Math.floor(png.length / 2) + 64);
    expect(await refusal(process(corrupt))).toBe('unreadable');
  });

  it('keeps a valid image followed by garbage, and stores it without the garbage', async () => {
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    for (const image of [await halves(64, 48).jpeg().toBuffer(), await halves(64, 48).png().toBuffer()]) {
      const stored = await process(Buffer.concat([image, html]));
      expect(stored.data.includes('<script>')).toBe(false);
      expect(await sharp(stored.data).metadata()).toMatchObject({ width: 64, height: 48 });
      if (stored.contentType === 'image/jpeg') expect([...stored.data.subarray(-2)]).toEqual([0xff, 0xd9]);
      else expect(stored.data.subarray(-8, -4).toString('latin1')).toBe('IEND');
    }
  });

  it('reads the type from the content: a polyglot is stored as the image it starts with, anything else is refused', async () => {
    const png = await halves(32, 32).png().toBuffer();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    // PNG bytes then HTML: a PNG (its chunks and the page after IEND dropped).
    const polyglot = await process(Buffer.concat([png, html]));
    expect(polyglot.contentType).toBe('image/png');
    expect(polyglot.data.includes('<script>')).toBe(false);
    // HTML then PNG bytes, SVG, GIF, WebP, TIFF, an executable, nothing: not JPEG or PNG.
    const others = [
      Buffer.concat([html, png]),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      await sharp(png).gif().toBuffer(),
      await sharp(png).webp().toBuffer(),
      await sharp(png).tiff().toBuffer(),
      Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(64)]),
      Buffer.alloc(0),
    ];
    for (const other of others) expect(await refusal(process(other))).toBe('wrongType');
  });
});

describe('makeThumbnail', () => {
  /** The stored photo sharp would make of a picture, then its thumbnail. */
  const thumbnailOf = async (picture: sharp.Sharp, type: 'jpeg' | 'png' = 'jpeg') =>
    makeThumbnail(await process(await (type === 'jpeg' ? picture.jpeg({ quality: 95 }) : picture.png()).toBuffer()));

  it('scales a photo down to 400 pixels wide, keeping its proportions, colours and nothing else', async () => {
    const thumbnail = await thumbnailOf(halves(2000, 1500));
    expect(thumbnail).toMatchObject({ contentType: 'image/jpeg', width: THUMBNAIL_MAX_WIDTH, height: 300 });
    const meta = await sharp(thumbnail.data).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 400, height: 300, space: 'srgb', isProgressive: false });
    expect([meta.exif, meta.xmp, meta.iptc, meta.icc, meta.orientation, meta.comments]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const { data, info } = await sharp(thumbnail.data).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number) => [...data.subarray(x * info.channels, x * info.channels + 3)];
    expect(close(pixel(10), [255, 0, 0])).toBe(true);
    expect(close(pixel(390), [0, 0, 255])).toBe(true);
    // A few kB, where the stored photo weighs tens.
    expect(thumbnail.data.length).toBeLessThan(10_000);

    // Portrait, panorama, and a picture so tall that 400 pixels wide would still be huge (1200 pixels high at most).
    for (const [width, height, expected] of [
      [1200, 1600, [400, 533]],
      [4000, 1000, [400, 100]],
      [500, 5000, [120, 1200]],
    ] as const) {
      const made = await thumbnailOf(halves(width, height));
      expect([made.width, made.height]).toEqual(expected);
      expect(Math.abs(made.width / made.height - width / height)).toBeLessThan(0.01);
    }
  });

  it('never enlarges a small picture', async () => {
    for (const [width, height] of [
      [120, 90],
      [400, 20],
      [20, 400],
    ]) {
      const made = await thumbnailOf(halves(width, height));
      expect([made.width, made.height]).toEqual([width, height]);
      expect(await sharp(made.data).metadata()).toMatchObject({ width, height });
    }
  });

  it('makes a JPEG of an opaque PNG, and a palette PNG keeping the transparency of one that has some', async () => {
    const opaque = await thumbnailOf(halves(800, 600).ensureAlpha(1), 'png');
    expect(opaque).toMatchObject({ contentType: 'image/jpeg', width: 400, height: 300 });
    expect(await sharp(opaque.data).metadata()).toMatchObject({ format: 'jpeg', hasAlpha: false });

    // A logo: a red disc on a transparent background.
    const disc = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><circle cx="400" cy="400" r="300" fill="#d00"/></svg>',
    );
    const logo = await makeThumbnail(await process(await sharp(disc).png().toBuffer()));
    expect(logo).toMatchObject({ contentType: 'image/png', width: 400, height: 400 });
    const meta = await sharp(logo.data).metadata();
    expect(meta).toMatchObject({ format: 'png', hasAlpha: true, isPalette: true });
    expect([meta.exif, meta.xmp, meta.icc, meta.comments]).toEqual([undefined, undefined, undefined, undefined]);
    const { data } = await sharp(logo.data).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 400 + x) * 4, (y * 400 + x) * 4 + 4)];
    expect(at(0, 0)[3]).toBe(0);
    expect(close(at(200, 200), [221, 0, 0, 255])).toBe(true);
  });

  it('makes the thumbnail of a phone’s photo upright, as stored, without its EXIF or GPS position', async () => {
    const stored = await process(phoneJpeg());
    const thumbnail = await makeThumbnail(stored);
    expect([thumbnail.width, thumbnail.height]).toEqual([stored.width, stored.height]);
    for (const secret of ['SecretCam', 'xmpmeta', 'Exif', 'ICC_PROFILE']) expect(thumbnail.data.includes(secret)).toBe(false);
    expect(thumbnail.data.includes(GPS_RATIONALS)).toBe(false);
  });
});
