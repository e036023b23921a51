import { createHash } from 'node:crypto';
import type SharpModule from 'sharp';

// Avatars are decoded and drawn again by the server: what is stored and served
// is a fresh 256×256 WebP made from the pixels alone, never the uploaded bytes.

export const AVATAR_SIDE = 256;
/** Larger pictures are refused from their header, before any pixel is decoded (an image bomb is a few KiB). */
export const AVATAR_MAX_SIDE = 8000;
const MAX_PIXELS = 40_000_000;

let sharpModule: Promise<typeof SharpModule> | undefined;
/**
 * sharp (libvips) is loaded with the first avatar: loaded at start it held ~30 MiB
 * of every server's memory for a few uploads a day (issue 22, decision 024).
 */
function loadSharp(): Promise<typeof SharpModule> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // A few decodes a minute: no need to keep decoded images in libvips' cache.
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

export type AvatarRefusal =
  { problem: 'notImage' } | { problem: 'unreadable' } | { problem: 'tooManyPixels'; width: number; height: number };

export interface AvatarImage {
  image: Buffer;
  contentType: 'image/webp';
  /** First 16 hex of the image's sha256. */
  version: string;
}

/** PNG, JPEG or WebP by their first bytes, whatever the file is called or claims to be. */
export function sniffImageType(data: Buffer): 'png' | 'jpeg' | 'webp' | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Checks and redraws an uploaded avatar: the type from its bytes (anything
 * but PNG, JPEG and WebP refused, SVG and its scripts included), the size from
 * its header, then decoded (first frame only), turned upright by its EXIF
 * orientation, cropped to a square, scaled to 256 px and encoded as WebP with
 * no metadata (EXIF, GPS, ICC, comments all dropped).
 */
export async function redrawAvatar(data: Buffer): Promise<AvatarImage | AvatarRefusal> {
  const type = sniffImageType(data);
  if (!type) return { problem: 'notImage' };
  const sharp = await loadSharp();
  let width = 0;
  let height = 0;
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    if (meta.format !== type && !(type === 'jpeg' && meta.format === 'jpeg')) return { problem: 'notImage' };
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    return { problem: 'unreadable' };
  }
  if (!width || !height) return { problem: 'unreadable' };
  if (width > AVATAR_MAX_SIDE || height > AVATAR_MAX_SIDE || width * height > MAX_PIXELS)
    return { problem: 'tooManyPixels', width, height };
  try {
    const image = await sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error', pages: 1 })
      .rotate()
      .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover', position: 'centre' })
      .webp({ quality: 85 })
      .toBuffer();
    const version = createHash('sha256').update(image).digest('hex').slice(0, 16);
    return { image, contentType: 'image/webp', version };
  } catch {
    return { problem: 'unreadable' };
  }
}
