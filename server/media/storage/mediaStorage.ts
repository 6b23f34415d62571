import type { Readable } from 'node:stream';
import { assertMediaKey, isMediaKey, type Visibility, visibilityOf } from './mediaKey';

export interface PutOptions {
  contentType: string;
  /** Must agree with the key (server/media/storage/mediaKey.ts): private keys start with `private/`. */
  visibility: Visibility;
}

/** What a reader needs before the bytes: their length, type and a validator for conditional requests. */
export interface MediaInfo {
  size: number;
  contentType: string;
  /** A strong or weak HTTP entity tag, quoted. */
  etag: string;
  lastModified: Date;
}

/** Inclusive byte offsets, as HTTP ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where media lives: local disk (one server, or a shared mount) or an S3-compatible bucket
 * (several servers). Bodies stream both ways, so a 300 MB master is never whole in memory.
 * Every method refuses a key that is not a media key (mediaKey.ts) before touching storage.
 */
export interface MediaStorage {
  /** Stores the whole body under the key, or nothing: a reader never sees half a file. */
  put(key: string, body: Readable | Buffer, options: PutOptions): Promise<void>;
  /** Null when there is no such file. */
  stat(key: string): Promise<MediaInfo | null>;
  /** The file's bytes, or the range of them; null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Where a browser fetches a public key: FILES_URL when set, else this server's `/media/<key>`. */
  publicUrl(key: string): string;
  /** The public key a URL made by publicUrl (with this FILES_URL or none) names; null for any other URL. */
  keyOfPublicUrl(url: string): string | null;
  /**
   * Removes what writes cut short by a killed process left behind and nobody has written to since
   * `before`; answers how many. A write in progress keeps writing, so it is never that old.
   */
  sweepAbandoned(before: Date): Promise<number>;
  /** Lets go of connections (the S3 client's sockets); files on disk need nothing. */
  close(): void;
}

export const MEDIA_PATH = '/media';

/** What browsers and a CDN may cache of a public file (a day, as /media always had); a private one is never cached. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=86400';
/** Covers live at addresses that change with their content (a hash, or the generated art's version): cached for a year. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export function publicMediaUrl(filesUrl: string, key: string): string {
  assertMediaKey(key);
  return `${filesUrl}${MEDIA_PATH}/${key}`;
}

export function keyOfPublicMediaUrl(filesUrl: string, url: string): string | null {
  const prefixes = [`${MEDIA_PATH}/`, ...(filesUrl ? [`${filesUrl}${MEDIA_PATH}/`] : [])];
  const prefix = prefixes.find((candidate) => url.startsWith(candidate));
  if (prefix === undefined) return null;
  const key = url.slice(prefix.length);
  return isMediaKey(key) && visibilityOf(key) === 'public' ? key : null;
}

/** A small file whole, for the callers that build something from it (a sidecar, an archive); null when missing. */
export async function readWhole(storage: MediaStorage, key: string): Promise<Buffer | null> {
  const body = await storage.read(key);
  if (!body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
