import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import mime from 'mime-types';
import { assertMediaKey, assertVisibility } from './mediaKey';
import { type ByteRange, keyOfPublicMediaUrl, type MediaInfo, type MediaStorage, type PutOptions, publicMediaUrl } from './mediaStorage';

const PARTIAL_DIR = '.partial';

/**
 * Files under one folder (MEDIA_DIR): `<dir>/<key>`. Writes go to a temporary file in `<dir>/.partial`
 * (a name no key can spell, on the same disk) and are renamed into place, so an interrupted write
 * never leaves half a file and two servers writing one key never write into each other's. The
 * disk keeps no content type: it is the one the key's extension names, as static file servers do.
 */
export class LocalDiskStorage implements MediaStorage {
  private readonly root: string;

  constructor(
    dir: string,
    private readonly filesUrl = '',
  ) {
    this.root = path.resolve(dir);
  }

  async put(key: string, body: Readable | Buffer, options: PutOptions): Promise<void> {
    assertVisibility(key, options.visibility);
    const file = this.fileOf(key);
    const partialDir = path.join(this.root, PARTIAL_DIR);
    await fsp.mkdir(partialDir, { recursive: true });
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const partial = path.join(partialDir, `${randomBytes(12).toString('hex')}.part`);
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(partial, { flags: 'wx' }));
      await fsp.rename(partial, file);
    } catch (error) {
      await fsp.rm(partial, { force: true });
      throw error;
    }
  }

  async stat(key: string): Promise<MediaInfo | null> {
    const stats = await fsp.stat(this.fileOf(key)).catch(missingAsNull);
    if (!stats?.isFile()) return null;
    return {
      size: stats.size,
      contentType: mime.contentType(path.extname(key)) || 'application/octet-stream',
      // The same validator express.static's `send` makes: size and modification time.
      etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
      lastModified: stats.mtime,
    };
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    const handle = await fsp.open(this.fileOf(key), 'r').catch(missingAsNull);
    if (!handle) return null;
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      return null;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await fsp.unlink(this.fileOf(key)).catch(missingAsNull);
  }

  publicUrl(key: string): string {
    return publicMediaUrl(this.filesUrl, key);
  }

  keyOfPublicUrl(url: string): string | null {
    return keyOfPublicMediaUrl(this.filesUrl, url);
  }

  /** `.partial/*.part` files not modified since `before`: a put whose process was killed never renamed or removed its file. */
  async sweepAbandoned(before: Date): Promise<number> {
    const partialDir = path.join(this.root, PARTIAL_DIR);
    const names = await fsp.readdir(partialDir).catch(missingAsNull);
    let removed = 0;
    for (const name of names ?? []) {
      if (!name.endsWith('.part')) continue;
      const file = path.join(partialDir, name);
      const stats = await fsp.stat(file).catch(missingAsNull);
      if (!stats || stats.mtime >= before) continue;
      await fsp.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  close(): void {}

  private fileOf(key: string): string {
    assertMediaKey(key);
    const file = path.resolve(this.root, key);
    // The key's rules already keep it inside; this holds even if they were ever loosened.
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Media key ${key} leaves the media folder`);
    return file;
  }
}

const MISSING_CODES: readonly unknown[] = ['ENOENT', 'ENOTDIR', 'EISDIR'];

/** Node's fs errors are checked by their code, not their class: they may come from another realm (a test VM). */
function missingAsNull(error: unknown): null {
  if (typeof error === 'object' && error !== null && 'code' in error && MISSING_CODES.includes(error.code)) return null;
  throw error;
}
