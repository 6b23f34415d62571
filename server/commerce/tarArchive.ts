import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';

/** A file in the archive: small ones as bytes, large ones (a master) opened when their turn comes. */
export type ArchiveEntry = { name: string; content: Buffer } | { name: string; size: number; open(): Promise<Readable> };

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, Math.min(length, Buffer.byteLength(value)), 'utf8');
}

const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\0`;

/** The ustar header of one file; `name` is a path inside the archive of at most 100 bytes. */
function header(name: string, size: number, mtime: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`Archive path too long: ${name}`);
  const block = Buffer.alloc(BLOCK);
  field(block, 0, 100, name);
  field(block, 100, 8, octal(0o644, 8));
  field(block, 108, 8, octal(0, 8));
  field(block, 116, 8, octal(0, 8));
  field(block, 124, 12, octal(size, 12));
  field(block, 136, 12, octal(mtime, 12));
  field(block, 148, 8, '        ');
  field(block, 156, 1, '0');
  field(block, 257, 6, 'ustar\0');
  field(block, 263, 2, '00');
  field(block, 265, 32, 'beatcrate');
  field(block, 297, 32, 'beatcrate');
  let checksum = 0;
  for (const byte of block) checksum += byte;
  field(block, 148, 8, `${checksum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

async function* tarBlocks(entries: readonly ArchiveEntry[], mtime: number): AsyncGenerator<Buffer> {
  for (const entry of entries) {
    const size = 'content' in entry ? entry.content.length : entry.size;
    yield header(entry.name, size, mtime);
    if ('content' in entry) {
      yield entry.content;
    } else {
      let written = 0;
      for await (const chunk of await entry.open()) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        written += bytes.length;
        yield bytes;
      }
      // The header promised `size` bytes; anything else would shift every later file.
      if (written !== size) throw new Error(`${entry.name} changed while it was archived: ${written} bytes, not ${size}`);
    }
    yield Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/**
 * A POSIX ustar archive, gzipped, as a stream: what a buyer's archive tool opens on any system,
 * with a master of tens of megabytes passed through rather than held in memory. Written here
 * because the format is a fixed 512-byte header per file.
 */
export function tarGz(entries: readonly ArchiveEntry[], modifiedAt: Date): Readable {
  const gzip = createGzip();
  const tar = Readable.from(tarBlocks(entries, Math.floor(modifiedAt.getTime() / 1000)));
  tar.on('error', (error) => gzip.destroy(error));
  return tar.pipe(gzip);
}
