import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { seedDemoCatalogue } from '../seed/seedDemoCatalogue';
import { compressedAnswers } from './compressedAnswers';
import { staticAssets } from './staticAssets';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One request with exactly the headers given: fetch would ask for and undo compression by itself. */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const decoded = (answer: RawAnswer) =>
  answer.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? gunzipSync(answer.body)
      : answer.body;

describe('compressed answers from the storefront', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
    await seedDemoCatalogue(app.deps);
  });
  afterAll(() => app.close());

  test.each([
    ['a server-rendered page', '/beats', /^text\/html/],
    ['a JSON answer', '/api/v1/tracks?take=24', /^application\/json/],
  ])('%s goes out brotli when asked, gzip otherwise, plain when nothing is asked', async (_what, pathname, type) => {
    const plain = await rawGet(`${app.baseUrl}${pathname}`, {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(type);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const brotli = await rawGet(`${app.baseUrl}${pathname}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 3);

    const gzip = await rawGet(`${app.baseUrl}${pathname}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    // The same document either way (pages carry a fresh nonce, so compare their length).
    expect(decoded(brotli).length).toBe(decoded(gzip).length);
    if (type.test('application/json')) expect(decoded(brotli).equals(plain.body)).toBe(true);
  });
});

describe('the compression filter', () => {
  let server: http.Server;
  let origin: string;
  const page = 'x'.repeat(20_000);

  beforeAll(async () => {
    const app = express();
    app.use(compressedAnswers());
    app.get('/events', (_request, response) => {
      response.setHeader('Content-Type', 'text/event-stream');
      response.end(`data: ${page}\n\n`);
    });
    app.get('/text', (_request, response) => {
      response.type('text/plain').send(page);
    });
    server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  test('leaves event streams alone, so each event leaves the moment it is written', async () => {
    const answer = await rawGet(`${origin}/events`, { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(`data: ${page}\n\n`);
  });

  test('leaves Range requests alone, whose byte ranges count bytes of the file itself', async () => {
    const ranged = await rawGet(`${origin}/text`, { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' });
    expect(ranged.headers['content-encoding']).toBeUndefined();
    const whole = await rawGet(`${origin}/text`, { 'accept-encoding': 'br, gzip' });
    expect(whole.headers['content-encoding']).toBe('br');
  });
});

describe('precompressed static assets', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-assets-'));
  const script = `console.log(${JSON.stringify('beat '.repeat(2_000))});`;
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    fs.writeFileSync(path.join(folder, 'main.0123456789ab.js'), script);
    // Marked, so the test knows the file on disk went out and nothing was compressed per request.
    fs.writeFileSync(path.join(folder, 'main.0123456789ab.js.br'), brotliCompressSync(`${script}//br`));
    fs.writeFileSync(path.join(folder, 'main.0123456789ab.js.gz'), gzipSync(`${script}//gz`));
    const app = express();
    app.use(compressedAnswers());
    app.use('/assets', staticAssets(folder));
    server = await new Promise((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(folder, { recursive: true, force: true });
  });

  test.each([
    ['br', 'gzip, deflate, br', '//br'],
    ['gzip', 'gzip', '//gz'],
  ])('the build\'s .%s file is sent as it is, immutable', async (encoding, accepted, mark) => {
    const answer = await rawGet(`${origin}/assets/main.0123456789ab.js`, { 'accept-encoding': accepted });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toMatch(/immutable/);
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(decoded(answer).toString()).toBe(`${script}${mark}`);
  });

  test('the plain file when nothing is asked, and a 404 for a file the build never made', async () => {
    const plain = await rawGet(`${origin}/assets/main.0123456789ab.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect((await rawGet(`${origin}/assets/nothing.js`, { 'accept-encoding': 'br' })).status).toBe(404);
  });
});
