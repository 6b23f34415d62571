import { IMAGE_KEY_PATTERN } from '../../../shared/domain/media/imageSources';
import type { MediaStorage } from '../storage/mediaStorage';

/**
 * The one place image files are written and looked up: public keys `covers/<key>/<file>` in media
 * storage, served at `/media` (or FILES_URL).
 */

function coverKey(key: string, fileName: string): string {
  // The key becomes part of a storage key: a caller's mistake must not write outside covers/.
  if (!IMAGE_KEY_PATTERN.test(key)) throw new Error(`Invalid image key ${JSON.stringify(key)}`);
  return `covers/${key}/${fileName}`;
}

/** Each put is whole or nothing, so a reader (or a crash) never sees half a file. */
export async function writeImageFile(media: MediaStorage, key: string, fileName: string, data: Buffer): Promise<void> {
  const contentType = fileName.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
  await media.put(coverKey(key, fileName), data, { contentType, visibility: 'public' });
}

/** Whether every one of these files is already written (a seed run after a restart reuses them). */
export async function hasImageFiles(media: MediaStorage, key: string, fileNames: readonly string[]): Promise<boolean> {
  const found = await Promise.all(fileNames.map((fileName) => media.exists(coverKey(key, fileName))));
  return found.every(Boolean);
}

/** The address stored for an image: its 600 px JPEG, from which the pages derive every size. */
export const storedImageSrc = (media: MediaStorage, key: string, fileName: string) => media.publicUrl(coverKey(key, fileName));
