import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import express from 'express';
import { startS3Server, type TestS3Server } from '../../../test/helpers/s3Server';
import { eventually } from '../../../test/helpers/eventually';
import { startTestApp, type TestApp } from '../../../test/helpers/testApp';
import { InvalidMediaKey } from './mediaKey';
import { type MediaStorage, PRIVATE_CACHE_CONTROL, readWhole } from './mediaStorage';
import { serveStoredMedia } from './serveStoredMedia';

/** Bytes of every file under a folder: what has reached the disk behind a storage so far. */
function bytesUnder(dir: string): number {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).reduce((sum, entry) => (entry.isFile() ? sum + fs.statSync(path.join(entry.parentPath, entry.name)).size : sum), 0);
}

interface Backend {
  name: string;
  /** Settings for the app, and the folder where this backend's bytes land. */
  start(): Promise<{ env: NodeJS.ProcessEnv; disk: string; close(): Promise<void> }>;
}

const BACKENDS: Backend[] = [
  {
    name: 'local disk',
    async start() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-storage-'));
      const mediaDir = path.join(dir, 'media');
      return { env: { MEDIA_DIR: mediaDir }, disk: dir, close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 (s3rver on loopback)',
    async start() {
      const server: TestS3Server = await startS3Server();
      return { env: server.env, disk: server.directory, close: () => server.close() };
    },
  },
];

const MIB = 1024 * 1024;

/** Deterministic bytes that differ from chunk to chunk, so a part stored twice or out of order shows. */
function chunkOf(index: number, size: number): Buffer {
  const words = new Uint32Array(size / 4);
  let state = (index + 1) * 2654435761;
  for (let i = 0; i < words.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    words[i] = state >>> 0;
  }
  return Buffer.from(words.buffer);
}

describe.each(BACKENDS)('media storage contract: $name', (backend) => {
  let backing: Awaited<ReturnType<Backend['start']>>;
  let app: TestApp;
  let media: MediaStorage;

  beforeAll(async () => {
    backing = await backend.start();
    app = await startTestApp({ env: backing.env });
    media = app.deps.media;
  });
  afterAll(async () => {
    try {
      await app?.close();
    } finally {
      await backing?.close();
    }
  });

  test('put, stat, read, exists and delete a file; a second put replaces it; a missing key is null, and deleting it again is fine', async () => {
    const key = 'previews/contract.mp3';
    expect(await media.exists(key)).toBe(false);
    expect(await media.stat(key)).toBeNull();
    expect(await media.read(key)).toBeNull();

    await media.put(key, Buffer.from('first version'), { contentType: 'audio/mpeg', visibility: 'public' });
    expect(await media.exists(key)).toBe(true);
    expect(await media.stat(key)).toMatchObject({ size: 13, contentType: 'audio/mpeg' });
    expect((await readWhole(media, key))?.toString()).toBe('first version');

    await media.put(key, Readable.from([Buffer.from('second '), Buffer.from('version, longer')]), { contentType: 'audio/mpeg', visibility: 'public' });
    expect((await readWhole(media, key))?.toString()).toBe('second version, longer');
    const range = await media.read(key, { start: 7, end: 13 });
    expect(range && (await readAll(range)).toString()).toBe('version');

    await media.delete(key);
    expect(await media.exists(key)).toBe(false);
    expect(await media.read(key)).toBeNull();
    await expect(media.delete(key)).resolves.toBeUndefined();
  });

  test('a 40 MB upload streams: its first parts reach storage while the source still holds back the rest, and it reads back byte for byte', async () => {
    const key = 'private/masters/streamed.wav';
    const chunkSize = 256 * 1024;
    const chunks = (40 * MIB) / chunkSize;
    const holdBackAt = (16 * MIB) / chunkSize;
    const before = bytesUnder(backing.disk);
    const expected = createHash('sha256');
    let storedWhileHeldBack = 0;
    async function* source() {
      for (let index = 0; index < chunks; index++) {
        if (index === holdBackAt) {
          // A storage that buffered the whole body would store nothing until the end: wait for bytes on its disk.
          storedWhileHeldBack = await eventually(() => bytesUnder(backing.disk) - before, (stored) => stored > 0, 'bytes on the storage\'s disk');
        }
        const chunk = chunkOf(index, chunkSize);
        expected.update(chunk);
        yield chunk;
      }
    }
    await media.put(key, Readable.from(source()), { contentType: 'audio/wav', visibility: 'private' });
    expect(storedWhileHeldBack).toBeGreaterThan(0);

    const body = await media.read(key);
    expect(body).not.toBeNull();
    const actual = createHash('sha256');
    let reads = 0;
    for await (const chunk of body!) {
      actual.update(chunk);
      reads++;
    }
    expect(actual.digest('hex')).toBe(expected.digest('hex'));
    expect(reads).toBeGreaterThan(1);
    expect((await media.stat(key))?.size).toBe(40 * MIB);
    const tail = await media.read(key, { start: 40 * MIB - 8, end: 40 * MIB - 1 });
    expect(await readAll(tail!)).toEqual(chunkOf(chunks - 1, chunkSize).subarray(chunkSize - 8));
    await media.delete(key);
  });

  test.each([
    '../escaped.txt',
    '../../etc/passwd',
    '/etc/passwd',
    'previews/../../escaped.txt',
    'previews/./a.mp3',
    'previews//a.mp3',
    'previews/',
    '.partial/x.part',
    'previews\\..\\..\\escaped.txt',
    'previews/%2e%2e/escaped.txt',
    'Private/masters/a.wav',
    'private',
    '',
  ])('refuses the key %j before touching storage', async (key) => {
    const before = bytesUnder(backing.disk);
    await expect(media.put(key, Buffer.from('x'), { contentType: 'text/plain', visibility: 'public' })).rejects.toThrow(InvalidMediaKey);
    await expect(media.read(key)).rejects.toThrow(InvalidMediaKey);
    await expect(media.stat(key)).rejects.toThrow(InvalidMediaKey);
    await expect(media.exists(key)).rejects.toThrow(InvalidMediaKey);
    await expect(media.delete(key)).rejects.toThrow(InvalidMediaKey);
    expect(bytesUnder(backing.disk)).toBe(before);
    expect(fs.existsSync(path.join(backing.disk, '..', 'escaped.txt'))).toBe(false);
  });

  test('a put must agree with its key: a master under a public key, or a preview under private/, is refused', async () => {
    await expect(media.put('masters/a.wav', Buffer.from('x'), { contentType: 'audio/wav', visibility: 'private' })).rejects.toThrow('private keys start with private/');
    await expect(media.put('private/previews/a.mp3', Buffer.from('x'), { contentType: 'audio/mpeg', visibility: 'public' })).rejects.toThrow('is private');
    expect(await media.exists('masters/a.wav')).toBe(false);
  });

  describe('over HTTP', () => {
    const audio = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 251));
    beforeAll(async () => {
      await media.put('previews/served.mp3', audio, { contentType: 'audio/mpeg', visibility: 'public' });
      await media.put('private/masters/secret.wav', Buffer.from('the master'), { contentType: 'audio/wav', visibility: 'private' });
    });

    test('/media serves a public key with cache headers, byte ranges for seeking, HEAD and 304', async () => {
      const url = `${app.baseUrl}${media.publicUrl('previews/served.mp3')}`;
      const whole = await fetch(url);
      expect(whole.status).toBe(200);
      expect(whole.headers.get('content-type')).toBe('audio/mpeg');
      expect(whole.headers.get('cache-control')).toBe('public, max-age=86400');
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      expect(Buffer.from(await whole.arrayBuffer())).toEqual(audio);

      // A cover's address changes with its content, so browsers keep it for a year.
      await media.put('covers/0123abcd/128.webp', Buffer.from('RIFF'), { contentType: 'image/webp', visibility: 'public' });
      const cover = await fetch(`${app.baseUrl}${media.publicUrl('covers/0123abcd/128.webp')}`);
      expect(cover.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

      const part = await fetch(url, { headers: { Range: 'bytes=100-199' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 100-199/4096');
      expect(Buffer.from(await part.arrayBuffer())).toEqual(audio.subarray(100, 200));
      const suffix = await fetch(url, { headers: { Range: 'bytes=-10' } });
      expect(Buffer.from(await suffix.arrayBuffer())).toEqual(audio.subarray(4086));

      const beyond = await fetch(url, { headers: { Range: 'bytes=5000-6000' } });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe('bytes */4096');
      expect(await beyond.json()).toEqual({ statusCode: 416, message: "The range asked for is not within this file's 4096 bytes" });

      const head = await fetch(url, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe('4096');
      // fetch adds `Cache-Control: no-cache` to a conditional request unless it has one, as browsers do.
      const again = await fetch(url, { headers: { 'If-None-Match': whole.headers.get('etag')!, 'Cache-Control': 'max-age=0' } });
      expect(again.status).toBe(304);
    });

    test.each([
      '/media/private/masters/secret.wav',
      '/media/Private/masters/secret.wav',
      '/media/previews/%2e%2e/private/masters/secret.wav',
      '/media/previews%2F..%2Fprivate%2Fmasters%2Fsecret.wav',
      '/media/%2Fetc%2Fpasswd',
      '/media/previews/missing.mp3',
      '/media/',
    ])('%s answers 404 as a missing file does', async (url) => {
      const response = await fetch(`${app.baseUrl}${url}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ statusCode: 404, message: 'There is no such media file' });
    });

    test('a private key leaves through a download response: attachment, never cached, resumable', async () => {
      const downloads = express();
      downloads.get('/download', async (request, response) => {
        if (!(await serveStoredMedia(request, response, media, 'private/masters/secret.wav', { cacheControl: PRIVATE_CACHE_CONTROL, attachmentName: 'My beat.wav' }))) response.sendStatus(404);
      });
      const server = downloads.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const address = server.address();
        const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/download`;
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-disposition')).toBe('attachment; filename="My beat.wav"');
        expect(response.headers.get('content-type')).toBe('audio/wav');
        expect(response.headers.get('cache-control')).toBe('private, no-store');
        expect(await response.text()).toBe('the master');
        const resumed = await fetch(url, { headers: { Range: 'bytes=4-' } });
        expect(resumed.status).toBe(206);
        expect(await resumed.text()).toBe('master');
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
});

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}
