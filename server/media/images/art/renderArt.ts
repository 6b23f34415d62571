import sharp from 'sharp';
import { BANNER_ASPECT, coverFileName, IMAGE_SRC_SIZE } from '../../../../shared/domain/media/imageSources';
import { hasBannerSizes, hasSquareSizes, LARGEST_BANNER_WIDTH, LARGEST_COVER_SIZE, type RasterImage, writeBannerSizes, writeSquareSizes } from '../imageSizes';
import { avatarSvg, bannerSvg, type CoverArtSubject, coverArtSvg } from './artSvg';
import { seededRandom } from './seededRandom';
import type { MediaStorage } from '../../storage/mediaStorage';
import { storedImageSrc } from '../coverFiles';

/** Bumped when the drawings change, so a data directory from an older seed gets the new art. */
const ART_VERSION = 1;
/** How far the grain moves a channel (of 255): enough to take the flatness off large areas, too little to see at 56 px. */
const GRAIN = 9;

const grainCache = new Map<number, Int8Array>();
function grainFor(pixels: number): Int8Array {
  let grain = grainCache.get(pixels);
  if (!grain) {
    const random = seededRandom(pixels);
    grain = Int8Array.from({ length: pixels }, () => Math.round((random() + random() - 1) * GRAIN));
    grainCache.set(pixels, grain);
  }
  return grain;
}

/** Rasterises once at the largest size, adds the same monochrome grain to each channel, and keeps the pixels. */
async function rasterise(svg: string): Promise<RasterImage> {
  const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const grain = grainFor(info.width * info.height);
  // A clamped view of the same bytes: a channel pushed past 0 or 255 stops there.
  const channels = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  for (let pixel = 0, offset = 0; pixel < grain.length; pixel++, offset += 3) {
    const shift = grain[pixel]!;
    channels[offset] = channels[offset]! + shift;
    channels[offset + 1] = channels[offset + 1]! + shift;
    channels[offset + 2] = channels[offset + 2]! + shift;
  }
  return { data, width: info.width, height: info.height, channels: 3 };
}

export const coverArtKey = (productId: number) => `art-v${ART_VERSION}-product-${productId}`;
export const avatarArtKey = (producerId: number) => `art-v${ART_VERSION}-producer-${producerId}`;

/** Writes a product's generated cover in every size unless it is on disk already; answers its address. */
export async function renderCoverArt(media: MediaStorage, subject: CoverArtSubject): Promise<string> {
  const key = coverArtKey(subject.productId);
  if (!(await hasSquareSizes(media, key))) await writeSquareSizes(media, key, await rasterise(coverArtSvg(subject, LARGEST_COVER_SIZE)));
  return storedImageSrc(media, key, coverFileName(IMAGE_SRC_SIZE, 'jpg'));
}

/** A producer's avatar and, beside it, the banner of their page. */
export async function renderProducerArt(media: MediaStorage, producerId: number): Promise<string> {
  const key = avatarArtKey(producerId);
  if (!(await hasSquareSizes(media, key))) await writeSquareSizes(media, key, await rasterise(avatarSvg(producerId, LARGEST_COVER_SIZE)));
  if (!(await hasBannerSizes(media, key))) {
    await writeBannerSizes(media, key, await rasterise(bannerSvg(producerId, LARGEST_BANNER_WIDTH, LARGEST_BANNER_WIDTH / BANNER_ASPECT)));
  }
  return storedImageSrc(media, key, coverFileName(IMAGE_SRC_SIZE, 'jpg'));
}
