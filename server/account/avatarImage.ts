import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { BANNER_WIDTHS, COVER_SIZES, IMAGE_FORMATS, IMAGE_SRC_SIZE, bannerFileName, coverFileName } from '../../shared/domain/media/imageSources';
import { storedImageSrc } from '../media/images/coverFiles';
import { LARGEST_COVER_SIZE, type RasterImage, writeBannerSizes, writeSquareSizes } from '../media/images/imageSizes';
import type { MediaStorage } from '../media/storage/mediaStorage';

/** A picture the account cannot use; the message says what to change. */
export class AvatarRefused extends Error {
  override readonly name = 'AvatarRefused';
}

export const AVATAR_LIMITS = {
  /** Bytes of the uploaded file: a phone photo fits, a poster does not. */
  maxBytes: 5 * 1024 * 1024,
  minSide: 100,
  /** A small file that decodes to gigabytes is refused before decoding. */
  maxPixels: 8000 * 8000,
} as const;
const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp'] as const;
export const AVATAR_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

const AVATAR_KEY = /^avatar-u(\d+)-[0-9a-f]{24}$/;

/**
 * Checks the picture by its content (not its name or Content-Type), crops it to the centred square
 * and writes every avatar size as WebP and JPEG under `covers/avatar-u<userId>-<hash>/`, where the
 * producer page and the header find them; a producer's page banner is made from it too. The key
 * names the user, so erasing the account can find and delete exactly their files.
 */
export async function storeAvatar(media: MediaStorage, userId: number, content: Buffer, withBanner: boolean): Promise<string> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(content, { limitInputPixels: AVATAR_LIMITS.maxPixels }).metadata();
  } catch {
    throw new AvatarRefused('The picture must be a JPEG, PNG or WebP image; this file is not one.');
  }
  if (!ACCEPTED_FORMATS.some((format) => format === metadata.format)) {
    throw new AvatarRefused(`The picture must be a JPEG, PNG or WebP image; this file is ${metadata.format.toUpperCase()}.`);
  }
  const { width, height } = metadata.autoOrient;
  if (Math.min(width, height) < AVATAR_LIMITS.minSide) {
    throw new AvatarRefused(`The picture must be at least ${AVATAR_LIMITS.minSide} × ${AVATAR_LIMITS.minSide} px; this one is ${width} × ${height} px.`);
  }
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 24);
  const key = `avatar-u${userId}-${hash}`;
  const { data, info } = await sharp(content, { limitInputPixels: AVATAR_LIMITS.maxPixels })
    .rotate()
    .resize(LARGEST_COVER_SIZE, LARGEST_COVER_SIZE, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raster: RasterImage = { data, width: info.width, height: info.height, channels: info.channels };
  await writeSquareSizes(media, key, raster);
  if (withBanner) await writeBannerSizes(media, key, raster);
  return storedImageSrc(media, key, coverFileName(IMAGE_SRC_SIZE, 'jpg'));
}

/** Deletes every file of an avatar this server stored for the user; an address it did not make is left alone. */
export async function deleteAvatarFiles(media: MediaStorage, userId: number, avatarSrc: string): Promise<void> {
  const key = media.keyOfPublicUrl(avatarSrc)?.split('/')[1];
  const match = key === undefined ? null : AVATAR_KEY.exec(key);
  if (!match || Number(match[1]) !== userId) return;
  const files = [
    ...COVER_SIZES.flatMap((size) => IMAGE_FORMATS.map((format) => coverFileName(size, format))),
    ...BANNER_WIDTHS.flatMap((width) => IMAGE_FORMATS.map((format) => bannerFileName(width, format))),
  ];
  await Promise.all(files.map((file) => media.delete(`covers/${key}/${file}`)));
}
