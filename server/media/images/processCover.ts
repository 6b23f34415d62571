import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import sharp from 'sharp';
import { COVER_SIZES, type CoverSize, coverFileName, IMAGE_SRC_SIZE } from '../../../shared/domain/media/imageSources';
import type { MediaStorage } from '../storage/mediaStorage';
import { storedImageSrc } from './coverFiles';
import { hasSquareSizes, LARGEST_COVER_SIZE, type RasterImage, writeSquareSizes } from './imageSizes';

/** An image a producer cannot use as it is; the message tells them what to change. */
export class CoverRefused extends Error {
  override readonly name = 'CoverRefused';
}

/** What the upload accepts, told apart by the file's content, never its name. */
const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp'] as const;
export const MIN_COVER_SIDE = 1000;
/** Decoding is where a hostile image hurts (a small file that inflates to gigabytes): 64 MP is well above any real cover. */
const MAX_INPUT_PIXELS = 8000 * 8000;

export interface ProcessedCover {
  /** The folder under `covers/` in media storage: a hash of the content, so a new cover gets a new address and caches never serve an old one. */
  key: string;
  sizes: CoverSize[];
  /** The address to store on the product (see shared/domain/media/imageSources for the srcset). */
  src: string;
}

export interface ProcessCoverOptions {
  media: MediaStorage;
  /** Folder name prefix, e.g. `avatar` for producers' pictures. */
  keyPrefix?: string;
}

/** Refuses what processCover would refuse, from the image's header alone: an upload checks its cover before storing it. */
export async function checkCover(input: Buffer): Promise<{ width: number; height: number; format: 'jpeg' | 'png' | 'webp' }> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new CoverRefused('The cover must be a JPEG, PNG or WebP image; this file is not one.');
  }
  const format = ACCEPTED_FORMATS.find((accepted) => accepted === metadata.format);
  if (!format) {
    throw new CoverRefused(`The cover must be a JPEG, PNG or WebP image; this file is ${metadata.format.toUpperCase()}.`);
  }
  // A phone photo stored sideways is shown upright: its upright size is the one that counts.
  const { width, height } = metadata.autoOrient;
  if (width * height > MAX_INPUT_PIXELS) throw new CoverRefused(`The cover is too large to process (${width} × ${height} px); 8000 × 8000 px is the most.`);
  if (Math.min(width, height) < MIN_COVER_SIDE) {
    throw new CoverRefused(`The cover must be at least ${MIN_COVER_SIDE} × ${MIN_COVER_SIDE} px; this one is ${width} × ${height} px.`);
  }
  return { width, height, format };
}

/** Upright, cropped to its centred square, flattened (JPEG has no transparency) and scaled to the largest size. */
async function squareRaster(input: Buffer): Promise<RasterImage> {
  const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(LARGEST_COVER_SIZE, LARGEST_COVER_SIZE, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/**
 * Makes a producer's cover (or avatar) ready for the pages: refuses what is not a JPEG, PNG or WebP
 * by its content and what is under 1000 px on its short side, crops to the centred square and writes
 * every size as WebP and JPEG. The same content gives the same key, and files already written are kept.
 */
export async function processCover(input: string | Buffer, options: ProcessCoverOptions): Promise<ProcessedCover> {
  const content = typeof input === 'string' ? await fs.readFile(input) : input;
  await checkCover(content);
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 24);
  const key = `${options.keyPrefix ?? 'cover'}-${hash}`;
  if (!(await hasSquareSizes(options.media, key))) await writeSquareSizes(options.media, key, await squareRaster(content));
  return { key, sizes: [...COVER_SIZES], src: storedImageSrc(options.media, key, coverFileName(IMAGE_SRC_SIZE, 'jpg')) };
}
