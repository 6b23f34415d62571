import { gzipSync } from 'node:zlib';

export interface ArchiveEntry {
  /** Path inside the archive, at most 100 bytes. */
  name: string;
  content: Buffer;
}

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, Math.min(length, Buffer.byteLength(value)), 'utf8');
}

const octal = (value: number, length: number) => `${value.toString(8).padStart(length - 1, '0')}\0`;

/**
 * A POSIX ustar archive, gzipped: what a buyer's archive tool opens on any system. Written here
 * because the format is a fixed 512-byte header per file and no runtime dependency ships it.
 */
export function tarGz(entries: readonly ArchiveEntry[], modifiedAt: Date): Buffer {
  const blocks: Buffer[] = [];
  const mtime = Math.floor(modifiedAt.getTime() / 1000);
  for (const entry of entries) {
    if (Buffer.byteLength(entry.name) > 100) throw new Error(`Archive path too long: ${entry.name}`);
    const header = Buffer.alloc(BLOCK);
    field(header, 0, 100, entry.name);
    field(header, 100, 8, octal(0o644, 8));
    field(header, 108, 8, octal(0, 8));
    field(header, 116, 8, octal(0, 8));
    field(header, 124, 12, octal(entry.content.length, 12));
    field(header, 136, 12, octal(mtime, 12));
    field(header, 148, 8, '        ');
    field(header, 156, 1, '0');
    field(header, 257, 6, 'ustar\0');
    field(header, 263, 2, '00');
    field(header, 265, 32, 'beatcrate');
    field(header, 297, 32, 'beatcrate');
    let checksum = 0;
    for (const byte of header) checksum += byte;
    field(header, 148, 8, `${checksum.toString(8).padStart(6, '0')}\0 `);
    blocks.push(header, entry.content, Buffer.alloc((BLOCK - (entry.content.length % BLOCK)) % BLOCK));
  }
  blocks.push(Buffer.alloc(BLOCK * 2));
  return gzipSync(Buffer.concat(blocks));
}
