import { concurrencyLimit } from '../../common/concurrency';
import type Sharp from 'sharp';

/**
 * Order photos are the one untrusted binary the product parses. Each one is decoded and re-encoded by sharp (libvips):
 * what is stored is a fresh JPEG or PNG made from the decoded pixels, so nothing of the sent file but its picture
 * survives — no EXIF (GPS position, camera, dates), XMP, IPTC, comments, text chunks or bytes after the image's end.
 * The EXIF orientation is applied to the pixels and a colour profile converted to sRGB (the output carries none, so
 * it reads as sRGB everywhere); the dimensions stay those of the (rotated) picture.
 */
export type PhotoContentType = 'image/jpeg' | 'image/png';

/** Why a photo is refused: not a JPEG or PNG by its content, more pixels than the cap, or it does not decode. */
export type PhotoRefusal = 'wrongType' | 'tooManyPixels' | 'unreadable';

export class PhotoRefusedError extends Error {
  constructor(
    readonly reason: PhotoRefusal,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export interface ProcessedPhoto {
  contentType: PhotoContentType;
  data: Buffer;
  width: number;
  height: number;
}

export interface PhotoProcessingOptions {
  /** Images with more pixels (width × height) are refused before being decoded */
  maxPixels: number;
  /** A decode and encode taking longer is abandoned (refused as unreadable) */
  timeoutSeconds?: number;
}

/**
 * The stored JPEG: quality 85, progressive, Huffman tables optimised. Not `mozjpeg: true` (trellis quantisation,
 * scan optimisation): measured on a 12-megapixel, 3.9 MB photo with one libvips thread, it made the file 6% smaller
 * (2.72 MB against 2.88 MB) for 6 times the work (1.8 s against 0.3 s), and 10 photos an order run on the same
 * threads as everything else.
 */
export const JPEG_OPTIONS = { quality: 85, progressive: true, optimiseCoding: true } as const;

/**
 * sharp (libvips), loaded with the first photo rather than at start: about 25 MB of memory that a process receiving
 * no photo does not need (issue 39). One-off decodes of untrusted files: nothing is worth keeping in libvips'
 * operation cache.
 */
let loaded: Promise<typeof Sharp> | undefined;
const sharpLibrary = () =>
  (loaded ??= import('sharp').then((module) => {
    const sharp = ((module as { default?: typeof Sharp }).default ?? module) as typeof Sharp;
    sharp.cache(false);
    return sharp;
  }));

/** Photos decoded at once by this process (each 40-megapixel decode can take a few hundred MB); others wait. */
export const MAX_CONCURRENT_DECODES = 2;
const decodeSlot = concurrencyLimit(MAX_CONCURRENT_DECODES);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * JPEG (FF D8 FF) or PNG (its 8-byte signature) by the first bytes, before sharp sees the file: other formats libvips
 * knows (SVG, GIF, TIFF, HEIF, PDF…) never reach their loaders.
 */
function signatureType(data: Buffer): PhotoContentType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  return null;
}

const FORMATS: Record<string, PhotoContentType> = { jpeg: 'image/jpeg', png: 'image/png' };

/**
 * The photo as it will be stored; throws PhotoRefusedError when it is not a JPEG or PNG (by its bytes and by the
 * format sharp detects), declares more than `maxPixels` pixels (read from its header, nothing decoded), or does not
 * decode cleanly (truncated, corrupt: libvips' warnings count as failures). Bytes after the image's end are ignored
 * and so dropped.
 */
export async function processPhoto(input: Buffer, options: PhotoProcessingOptions): Promise<ProcessedPhoto> {
  const signature = signatureType(input);
  if (!signature) throw new PhotoRefusedError('wrongType', 'ni JPEG ni PNG');

  // The header only: format and dimensions. The pixel cap is checked here, then again by libvips while decoding.
  const sharp = await sharpLibrary();
  let header: Sharp.Metadata;
  try {
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new PhotoRefusedError('unreadable', (error as Error).message);
  }
  const contentType = FORMATS[header.format];
  if (contentType !== signature) throw new PhotoRefusedError('wrongType', `format détecté : ${header.format}`);
  if (!header.width || !header.height) throw new PhotoRefusedError('unreadable', 'dimensions absentes');
  if (header.width * header.height > options.maxPixels)
    throw new PhotoRefusedError('tooManyPixels', `${header.width}×${header.height} pixels`);

  const pipeline = sharp(input, { limitInputPixels: options.maxPixels, failOn: 'warning', sequentialRead: true })
    .timeout({ seconds: options.timeoutSeconds ?? 30 })
    .rotate() // applies the EXIF orientation; the output has no orientation tag
    .toColourspace('srgb'); // an embedded profile (Display P3, Adobe RGB, CMYK…) is converted, then dropped
  const encoded = contentType === 'image/jpeg' ? pipeline.jpeg(JPEG_OPTIONS) : pipeline.png();
  try {
    const { data, info } = await decodeSlot(() => encoded.toBuffer({ resolveWithObject: true }));
    return { contentType, data, width: info.width, height: info.height };
  } catch (error) {
    const message = (error as Error).message;
    if (/pixel limit/i.test(message)) throw new PhotoRefusedError('tooManyPixels', message);
    throw new PhotoRefusedError('unreadable', message);
  }
}

/** A thumbnail fits in this box: at most 400 px wide (a grid tile, a mail's image, at twice their CSS size), and 1200 px high for a very tall picture. */
export const THUMBNAIL_MAX_WIDTH = 400;
export const THUMBNAIL_MAX_HEIGHT = 1200;
/** A thumbnail's JPEG: quality 80 is indistinguishable at this size; baseline, Huffman tables optimised. */
export const THUMBNAIL_JPEG_OPTIONS = { quality: 80, optimiseCoding: true } as const;

export interface Thumbnail {
  contentType: PhotoContentType;
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The small picture of a stored photo shown in the wizard's grid, the admin's page and the team's mail: the photo
 * scaled down to fit THUMBNAIL_MAX_WIDTH × THUMBNAIL_MAX_HEIGHT, its proportions kept, never enlarged. Made from the
 * stored photo, which is already upright, sRGB and without metadata (and which sharp itself wrote).
 *
 * A JPEG (quality 80) whatever the photo's type — photos saved as PNG included, for which a JPEG is several times
 * smaller — unless the picture has transparent pixels (a logo, a cut-out): a JPEG would put them on black, so it is
 * then a palette PNG (256 colours with their transparency, quantised by libimagequant), small at this size too.
 */
export async function makeThumbnail(photo: Pick<ProcessedPhoto, 'data'>): Promise<Thumbnail> {
  const sharp = await sharpLibrary();
  return decodeSlot(async () => {
    // Scaled once to raw pixels (a JPEG is decoded at 1/2, 1/4 or 1/8 of its size when that is enough), read for
    // transparency, then encoded.
    const { data: pixels, info } = await sharp(photo.data, { sequentialRead: true })
      .resize({ width: THUMBNAIL_MAX_WIDTH, height: THUMBNAIL_MAX_HEIGHT, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = sharp(pixels, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const transparent = hasTransparentPixel(pixels, info.channels);
    const encoded = transparent ? raw.png({ palette: true, compressionLevel: 9 }) : raw.removeAlpha().jpeg(THUMBNAIL_JPEG_OPTIONS);
    return {
      contentType: transparent ? 'image/png' : 'image/jpeg',
      data: await encoded.toBuffer(),
      width: info.width,
      height: info.height,
    };
  });
}

/** Whether 8-bit pixels with `channels` channels have an alpha channel (grey + alpha, RGB + alpha) and any pixel not opaque. */
function hasTransparentPixel(pixels: Buffer, channels: 1 | 2 | 3 | 4): boolean {
  if (channels !== 2 && channels !== 4) return false;
  for (let alpha = channels - 1; alpha < pixels.length; alpha += channels) if (pixels[alpha] !== 255) return true;
  return false;
}
