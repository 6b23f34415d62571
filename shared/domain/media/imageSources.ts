/**
 * Where the sizes of a cover (or avatar) live, and how a page asks for them. The server writes
 * `<media>/covers/<key>/<size>.(webp|jpg)`; a product or producer stores the address of one JPEG
 * (IMAGE_SRC_SIZE), which any consumer can show as it is (media session artwork, mails), and the
 * pages derive the other sizes from it for `srcset`.
 */

/**
 * Square sizes in px, from what the pages draw (CSS px, 1x and 2x): cart dropdown rows 40, cart
 * page rows 64/48, the player bar 44/30 and its avatar 24, the producer's avatar 96 → 64 and 128;
 * track cards up to about 300 and the product page 280 → 300 and 600. 600 also serves 3x screens
 * (the eye cannot tell art at 2.1x from 3x); a larger size would cost every upload and the demo
 * seed a third more time. Adding one later means writing it for the covers already stored.
 */
export const COVER_SIZES = [64, 128, 300, 600] as const;
export type CoverSize = (typeof COVER_SIZES)[number];

/** The size a stored address names. */
export const IMAGE_SRC_SIZE: CoverSize = 600;

/** Producer banners: 4:1, sized for the producer page's full width at 1x and 2x. */
export const BANNER_WIDTHS = [800, 1600] as const;
export const BANNER_ASPECT = 4;

export const IMAGE_FORMATS = ['webp', 'jpg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const coverFileName = (size: CoverSize, format: ImageFormat) => `${size}.${format}`;
export const bannerFileName = (width: (typeof BANNER_WIDTHS)[number], format: ImageFormat) => `banner-${width}.${format}`;

/** A key is the folder's name: letters, digits, dashes, so it is safe in a path and a URL. */
export const IMAGE_KEY_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;

/** The address stored for an image written under `<mediaUrl>/covers/<key>/`. */
export const imageSrc = (mediaUrl: string, key: string) => `${mediaUrl}/covers/${key}/${coverFileName(IMAGE_SRC_SIZE, 'jpg')}`;

const STORED_SRC = /^(.*\/covers\/[a-z0-9][a-z0-9-]{0,79})\/(\d+)\.jpg$/;

export interface ImageSources {
  /** The stored JPEG: the `<img>`'s own `src`. */
  src: string;
  webpSrcSet: string;
  jpegSrcSet: string;
}

/** `srcset`s for a stored address; null for an address from elsewhere, which is shown as it is. */
export function coverSources(src: string): ImageSources | null {
  const folder = STORED_SRC.exec(src)?.[1];
  if (!folder) return null;
  const srcSet = (format: ImageFormat) => COVER_SIZES.map((size) => `${folder}/${coverFileName(size, format)} ${size}w`).join(', ');
  return { src, webpSrcSet: srcSet('webp'), jpegSrcSet: srcSet('jpg') };
}

/** The banner written beside an avatar; null when the avatar came from elsewhere. */
export function bannerSources(avatarSrc: string): ImageSources | null {
  const folder = STORED_SRC.exec(avatarSrc)?.[1];
  if (!folder) return null;
  const srcSet = (format: ImageFormat) => BANNER_WIDTHS.map((width) => `${folder}/${bannerFileName(width, format)} ${width}w`).join(', ');
  return { src: `${folder}/${bannerFileName(BANNER_WIDTHS[0], 'jpg')}`, webpSrcSet: srcSet('webp'), jpegSrcSet: srcSet('jpg') };
}
