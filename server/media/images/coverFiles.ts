import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_KEY_PATTERN } from '../../../shared/domain/media/imageSources';

/**
 * The one place image files are written and looked up: `<mediaDir>/covers/<key>/<file>`, served
 * by the `/media` static route. Kept small so a storage interface can take its place.
 */

function coverDir(mediaDir: string, key: string): string {
  // The key becomes a path: a caller's mistake must not write outside covers/.
  if (!IMAGE_KEY_PATTERN.test(key)) throw new Error(`Invalid image key ${JSON.stringify(key)}`);
  return path.join(mediaDir, 'covers', key);
}

/** Writes beside the target and renames, so a reader (or a crash) never sees half a file. */
export async function writeImageFile(mediaDir: string, key: string, fileName: string, data: Buffer): Promise<void> {
  const dir = coverDir(mediaDir, key);
  await fs.mkdir(dir, { recursive: true });
  const target = path.join(dir, fileName);
  const partial = `${target}.${process.pid}.partial`;
  await fs.writeFile(partial, data);
  await fs.rename(partial, target);
}

/** Whether every one of these files is already written (a seed run after a restart reuses them). */
export async function hasImageFiles(mediaDir: string, key: string, fileNames: readonly string[]): Promise<boolean> {
  const dir = coverDir(mediaDir, key);
  const found = await fs.readdir(dir).catch(() => [] as string[]);
  return fileNames.every((name) => found.includes(name));
}
