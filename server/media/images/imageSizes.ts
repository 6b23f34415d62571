import sharp from 'sharp';
import {
  BANNER_ASPECT,
  BANNER_WIDTHS,
  COVER_SIZES,
  IMAGE_FORMATS,
  type ImageFormat,
  bannerFileName,
  coverFileName,
} from '../../../shared/domain/media/imageSources';
import { hasImageFiles, writeImageFile } from './coverFiles';
import type { MediaStorage } from '../storage/mediaStorage';

/** Decoded pixels, decoded once and encoded into every size from there. */
export interface RasterImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export const LARGEST_COVER_SIZE = COVER_SIZES[COVER_SIZES.length - 1]!;
export const LARGEST_BANNER_WIDTH = BANNER_WIDTHS[BANNER_WIDTHS.length - 1]!;

const SQUARE_FILES = COVER_SIZES.flatMap((size) => IMAGE_FORMATS.map((format) => coverFileName(size, format)));
const BANNER_FILES = BANNER_WIDTHS.flatMap((width) => IMAGE_FORMATS.map((format) => bannerFileName(width, format)));

function encode(raster: RasterImage, width: number, height: number, format: ImageFormat): Promise<Buffer> {
  const image = sharp(raster.data, { raw: { width: raster.width, height: raster.height, channels: raster.channels } }).resize(width, height, {
    fit: 'cover',
  });
  // Qualities where art and photos show no blocking at 2x. The fastest WebP effort and plain libjpeg:
  // the slower settings saved about a tenth of the bytes for three to four times the CPU, and the
  // demo seed encodes thousands of these on start.
  return format === 'webp' ? image.webp({ quality: 80, effort: 1 }).toBuffer() : image.jpeg({ quality: 82, progressive: true }).toBuffer();
}

async function writeSizes(media: MediaStorage, key: string, raster: RasterImage, sizes: readonly { width: number; height: number; name: (format: ImageFormat) => string }[]) {
  await Promise.all(
    sizes.flatMap(({ width, height, name }) =>
      IMAGE_FORMATS.map(async (format) => writeImageFile(media, key, name(format), await encode(raster, width, height, format))),
    ),
  );
}

/** Every cover size, WebP and JPEG, from a square raster at least LARGEST_COVER_SIZE wide. */
export async function writeSquareSizes(media: MediaStorage, key: string, raster: RasterImage): Promise<void> {
  await writeSizes(
    media,
    key,
    raster,
    COVER_SIZES.map((size) => ({ width: size, height: size, name: (format: ImageFormat) => coverFileName(size, format) })),
  );
}

/** Every banner width, WebP and JPEG, beside the avatar of the same key. */
export async function writeBannerSizes(media: MediaStorage, key: string, raster: RasterImage): Promise<void> {
  await writeSizes(
    media,
    key,
    raster,
    BANNER_WIDTHS.map((width) => ({ width, height: width / BANNER_ASPECT, name: (format: ImageFormat) => bannerFileName(width, format) })),
  );
}

export const hasSquareSizes = (media: MediaStorage, key: string) => hasImageFiles(media, key, SQUARE_FILES);
export const hasBannerSizes = (media: MediaStorage, key: string) => hasImageFiles(media, key, BANNER_FILES);
