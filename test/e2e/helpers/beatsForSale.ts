import fs from 'node:fs';
import path from 'node:path';
import { create } from 'superstruct';
import { type Track, TrackListSchema } from '../../../shared/schemas/track';
import { sharedFixtures } from './sharedFixtures';

/**
 * A beat of the demo shop that only the caller will put in a cart. A beat sells once, and the
 * Chromium suites run side by side against one server: two suites that pick "the first beat for
 * sale" pick the same one, and whichever pays second is refused. A claim is a file created with
 * `wx` in the run's claims folder, so one worker wins each beat, whichever suite asks first.
 */
export async function claimBeatForSale(baseUrl: string, options: { authorId?: number; accept?: (beat: Track) => boolean } = {}): Promise<Track> {
  const query = new URLSearchParams({ category: 'all', take: '100', hidesold: 'true' });
  if (options.authorId !== undefined) query.set('author_id', String(options.authorId));
  const response = await fetch(`${baseUrl}/api/v1/tracks?${query}`);
  if (!response.ok) throw new Error(`GET /tracks was answered ${response.status}: ${await response.text()}`);
  const { tracks } = create(await response.json(), TrackListSchema);
  const { claimsDir } = sharedFixtures();
  const claimed = tracks.find(
    (beat) =>
      !beat.isSold &&
      beat.productType === 'track' &&
      (options.accept?.(beat) ?? true) &&
      claim(path.join(claimsDir, `${new URL(baseUrl).port}-${beat.id}`)),
  );
  if (!claimed) throw new Error(`Every beat for sale of ${query} is claimed by another suite`);
  return claimed;
}

function claim(file: string): boolean {
  try {
    fs.closeSync(fs.openSync(file, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}
