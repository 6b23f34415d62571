import fs from 'node:fs';
import http from 'node:http';
import { MASTER_REQUIRED, type StudioBeat } from '../../shared/schemas/studio';
import { COVER_SIZES, coverFileName } from '../../shared/domain/media/imageSources';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { beat, correlation, decodeMono, type MasterKind, tempDir, writeMaster } from '../../test/helpers/audioFixtures';
import { BEAT_DETAILS, coverPng, uploadBeat, verifiedProducer } from '../../test/helpers/beatUploads';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { aggregateStream } from '../domain/aggregateStream';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { JobRunner } from '../jobs/jobRunner';
import { backgroundJobs } from '../jobs/backgroundJobs';
import { synthesizeTag } from '../media/processing/soundTag';
import { NOT_AUDIO } from '../media/processing/sniffAudio';
import { wavBytes, wavDataBytes } from '../../test/helpers/wavBytes';
import { processUpload, processWaitingUploads } from './beatProcessing';

const RATE = 44_100;
const SEARCH_RATE = 22_050;
const HEAVY = 180_000;

const dir = tempDir('uploads-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
/**
 * Masters are synthesized before the server starts: the synthesis blocks this process (the
 * server's too) for a while, long enough for a keep-alive connection to time out under a request.
 */
const masters = new Map<string, Buffer>();
/** One synthesis for every master, each the start of it: synthesizing is the slow part. */
const LONGEST_SECONDS = 75;
let pcm: [Float32Array, Float32Array] | null = null;
const master = (kind: MasterKind, seconds: number) => {
  const name = `beat-${kind}-${seconds}`;
  pcm ??= beat(LONGEST_SECONDS, RATE);
  const start = pcm.map((channel) => channel.subarray(0, seconds * RATE));
  if (!masters.has(name)) masters.set(name, fs.readFileSync(writeMaster(dir, name, kind, start, RATE)));
  return { content: Buffer.from(masters.get(name)!), fileName: `${name}.${kind.startsWith('wav') ? 'wav' : kind === 'aiff' ? 'aif' : kind}` };
};

describe('uploading a beat in the studio, and its processing', () => {
  let app: TestApp;
  let producer: ApiBrowser;
  let cover: Buffer;

  const myBeats = async () => (await producer.json<{ beats: StudioBeat[] }>('GET', '/studio/beats')).body.beats;
  const beatOf = async (productId: number) => (await myBeats()).find((beat) => beat.productId === productId);
  const storedUnder = async (productId: number) => {
    const keys = ['master.wav', 'master.aif', 'master.flac', 'master.mp3', 'cover.png', 'stems.zip'].map((name) => `private/uploads/${productId}/${name}`);
    const found = await Promise.all(keys.map(async (key) => ((await app.deps.media.exists(key)) ? key : null)));
    return found.filter((key) => key !== null);
  };
  const uploadedFiles = () => {
    const root = `${app.deps.config.mediaDir}/private/uploads`;
    return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((entry) => entry.includes('.')).sort() : [];
  };
  const processAll = () => processWaitingUploads(app.deps, new AbortController().signal);
  const productCount = async () => Number((await app.deps.database.query.selectFrom('studio_products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    for (const kind of ['wav16', 'aiff', 'flac', 'mp3'] as const) master(kind, 61);
    for (const seconds of [1, 75]) master('wav16', seconds);
    master('flac', 4);
    master('flac', 6);
    app = await startTestApp();
    ({ browser: producer } = await verifiedProducer(app.deps, app.baseUrl, 'Mara Vale'));
    cover = await coverPng(1200);
  }, 2 * HEAVY);
  afterAll(() => app.close());

  test.each<MasterKind>(['wav16', 'aiff', 'flac', 'mp3'])('a %s master with a cover is stored privately, processed into a preview and cover sizes, and waits for a moderator', async (kind) => {
    const upload = await uploadBeat(producer, { details: { ...BEAT_DETAILS, name: `Ferry ${kind}` }, master: master(kind, 61), cover: { content: cover, fileName: 'cover.png' } });
    expect(upload).toMatchObject({ status: 201, body: { status: 'processing' } });
    const productId = upload.body.productId as number;
    expect(await beatOf(productId)).toMatchObject({ name: `Ferry ${kind}`, status: 'processing' });
    // The master and cover are private: no public address serves them.
    const [storedMaster] = await storedUnder(productId);
    expect(storedMaster).toMatch(new RegExp(`^private/uploads/${productId}/master\\.(wav|aif|flac|mp3)$`));
    expect((await fetch(`${app.baseUrl}/media/${storedMaster}`)).status).toBe(404);

    await processAll();
    const processed = await beatOf(productId);
    expect(processed).toMatchObject({ status: 'pending', message: null, details: { ...BEAT_DETAILS, name: `Ferry ${kind}` }, hasStems: false });
    expect(processed!.durationSeconds).toBeCloseTo(61, 1);
    const { state } = await aggregateStream(app.deps.eventStore, productStreamId(productId), productDecider);
    if (state.status !== 'pending') throw new Error(`expected pending, got ${state.status}`);
    expect(state.processed.preview.src).toMatch(new RegExp(`^/media/previews/upload-${productId}-[0-9a-f]{20}\\.mp3$`));
    const preview = await fetch(`${app.baseUrl}${state.processed.preview.src}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('audio/mpeg');
    for (const size of COVER_SIZES) {
      for (const format of ['webp', 'jpg'] as const) {
        const src = processed!.coverImageSrc!.replace(coverFileName(600, 'jpg'), coverFileName(size, format));
        expect((await fetch(`${app.baseUrl}${src}`)).status).toBe(200);
      }
    }
    expect(state).toMatchObject({ status: 'pending', processed: { master: { format: kind === 'wav16' ? 'wav' : kind, sampleRate: RATE, channels: 2 } } });
  });

  test('a 75 s master gets a preview of the chosen start to its end, with the tag in the signal and peaks, and generated art without a cover', async () => {
    const upload = await uploadBeat(producer, { details: { ...BEAT_DETAILS, name: 'Long Ferry', previewStartSeconds: 35 }, master: master('wav16', 75) });
    expect(upload.status).toBe(201);
    const productId = upload.body.productId as number;
    await processAll();
    const { state } = await aggregateStream(app.deps.eventStore, productStreamId(productId), productDecider);
    if (state.status !== 'pending') throw new Error(`expected pending, got ${state.status}`);
    expect(state.processed.preview.durationSeconds).toBeCloseTo(40, 1);
    expect(state.processed.preview.peaks.length).toBeGreaterThan(100);
    expect(state.processed.coverImageSrc).toMatch(/art-v\d+-product-/);
    const previewFile = `${dir}/preview-${productId}.mp3`;
    fs.writeFileSync(previewFile, Buffer.from(await (await fetch(`${app.baseUrl}${state.processed.preview.src}`)).arrayBuffer()));
    const ncc = correlation(decodeMono(previewFile, SEARCH_RATE), synthesizeTag(SEARCH_RATE));
    const near = (seconds: number) => (lag: number) => Math.abs(lag / SEARCH_RATE - seconds) <= 0.1;
    const strongest = (keep: (lag: number) => boolean) => ncc.reduce((best, value, lag) => (keep(lag) ? Math.max(best, value) : best), 0);
    const elsewhere = strongest((lag) => ![2, 22].some((seconds) => Math.abs(lag / SEARCH_RATE - seconds) <= 1.2));
    for (const seconds of [2, 22]) expect(strongest(near(seconds))).toBeGreaterThan(Math.max(0.3, 2 * elsewhere));
  });

  test('a damaged master is accepted, then fails processing with a message for the producer, and nothing is listed', async () => {
    const flac = master('flac', 4);
    for (let i = Math.floor(flac.content.length * 0.3); i < flac.content.length * 0.6; i++) flac.content[i] = (i * 7919) % 251;
    const upload = await uploadBeat(producer, { details: { ...BEAT_DETAILS, name: 'Broken Ferry' }, master: flac });
    expect(upload.status).toBe(201);
    await processAll();
    const failed = await beatOf(upload.body.productId as number);
    expect(failed).toMatchObject({ status: 'failed', message: expect.stringMatching(/^The FLAC file is damaged: /) });
    expect((await fetch(`${app.baseUrl}/api/v1/tracks/${String(upload.body.productId)}`)).status).toBe(404);
  });

  test('a PNG named beat.wav is refused by its content, before anything is stored', async () => {
    const before = await productCount();
    const png = { content: cover, fileName: 'beat.wav' };
    expect(await uploadBeat(producer, { details: BEAT_DETAILS, master: png })).toEqual({ status: 400, body: { statusCode: 400, message: NOT_AUDIO, errors: { master: NOT_AUDIO } } });
    // With a wrong cover after it, the master's refusal still comes first: parts are judged in order.
    const smallCover = { content: await coverPng(600), fileName: 'cover.png' };
    expect(await uploadBeat(producer, { details: BEAT_DETAILS, master: png, cover: smallCover })).toMatchObject({ status: 400, body: { errors: { master: NOT_AUDIO } } });
    // Refused by its first bytes while the rest is still arriving: a 400, and the server lives on.
    const junk = { content: Buffer.alloc(400 * 1024, 7), fileName: 'beat.wav' };
    expect(await uploadBeat(producer, { details: BEAT_DETAILS, master: junk })).toMatchObject({ status: 400, body: { errors: { master: expect.any(String) } } });
    expect((await fetch(`${app.baseUrl}/api/v1/health`)).status).toBe(200);
    expect(await productCount()).toBe(before);
  });

  test('a WAV stating a sample rate outside 8–384 kHz, or shorter than its preview, is refused at upload with the reason, and nothing is kept', async () => {
    const before = await productCount();
    const filesBefore = uploadedFiles();
    const forged = { sampleRate: 71_000_000, channels: 8 } as const;
    const refusals: [Buffer, string][] = [
      [wavBytes(2 * 1024 * 1024, 7, forged), "The master's sample rate is 71,000,000 Hz; export it at a rate from 8 kHz to 384 kHz (44.1 or 48 kHz is usual)."],
      [wavBytes(wavDataBytes(61, { sampleRate: 4_000 }), 7, { sampleRate: 4_000 }), "The master's sample rate is 4,000 Hz; export it at a rate from 8 kHz to 384 kHz (44.1 or 48 kHz is usual)."],
      [wavBytes(wavDataBytes(0.026)), 'The master is 0.026 s long; a beat must be at least 60 s, the length of its preview.'],
    ];
    for (const [content, message] of refusals) {
      expect(await uploadBeat(producer, { details: BEAT_DETAILS, master: { content, fileName: 'beat.wav' } })).toEqual({ status: 400, body: { statusCode: 400, message, errors: { master: message } } });
    }
    expect(await productCount()).toBe(before);
    expect(uploadedFiles()).toEqual(filesBefore);
  });

  test('a rate or length known only once the file is read fails processing with the reason, and never reaches moderation', async () => {
    // The format chunk behind 8 KB of other chunks: the upload's first bytes do not state the rate.
    const forged = wavBytes(wavDataBytes(0.03, { sampleRate: 71_000_000 }), 7, { sampleRate: 71_000_000 });
    const junk = Buffer.alloc(8 + 8 * 1024);
    junk.write('JUNK', 0, 'latin1');
    junk.writeUInt32LE(8 * 1024, 4);
    const hidden = Buffer.concat([forged.subarray(0, 12), junk, forged.subarray(12)]);
    hidden.writeUInt32LE(hidden.length - 8, 4);
    const cases: [{ content: Buffer; fileName: string }, string][] = [
      [{ content: hidden, fileName: 'hidden.wav' }, "The master's sample rate is 71,000,000 Hz; export it at a rate from 8 kHz to 384 kHz (44.1 or 48 kHz is usual)."],
      [master('flac', 6), 'The master is 6 s long; a beat must be at least 60 s, the length of its preview.'],
    ];
    for (const [file, message] of cases) {
      const upload = await uploadBeat(producer, { details: { ...BEAT_DETAILS, name: 'Short Ferry' }, master: file });
      expect(upload.status).toBe(201);
      await processAll();
      const productId = upload.body.productId as number;
      expect(await beatOf(productId)).toMatchObject({ status: 'failed', message });
      const { state } = await aggregateStream(app.deps.eventStore, productStreamId(productId), productDecider);
      expect(state.status).toBe('failed');
      expect((await fetch(`${app.baseUrl}/api/v1/tracks/${productId}`)).status).toBe(404);
    }
  });

  test('a wrong cover, a wrong stems file and wrong details are refused with the field they concern, and nothing is kept', async () => {
    const before = await productCount();
    const filesBefore = uploadedFiles();
    const small = { content: await coverPng(600), fileName: 'cover.png' };
    const refusedCover = await uploadBeat(producer, { details: BEAT_DETAILS, master: master('wav16', 61), cover: small });
    expect(refusedCover).toMatchObject({ status: 400, body: { errors: { cover: 'The cover must be at least 1000 × 1000 px; this one is 600 × 600 px.' } } });
    const notZip = await uploadBeat(producer, { details: { ...BEAT_DETAILS, stemsPriceCents: 5_000 }, master: master('wav16', 61), stems: { content: cover, fileName: 'stems.zip' } });
    expect(notZip).toMatchObject({ status: 400, body: { errors: { stems: 'The stems must be a .zip file; this file is not one.' } } });
    const wrongDetails = await uploadBeat(producer, { details: { ...BEAT_DETAILS, bpm: 300, genreIds: [] }, master: master('wav16', 61) });
    expect(wrongDetails).toMatchObject({ status: 400, body: { errors: { bpm: 'BPM must be a whole number from 60 to 250', genreIds: 'Choose at least 1 of the genres' } } });
    const noMaster = await uploadBeat(producer, { details: BEAT_DETAILS });
    expect(noMaster).toMatchObject({ status: 400, body: { errors: { master: MASTER_REQUIRED } } });
    expect(await productCount()).toBe(before);
    expect(uploadedFiles()).toEqual(filesBefore);
  });

  test('files sent before the details, or a body that is not multipart, are refused', async () => {
    const form = new FormData();
    form.append('master', new Blob([new Uint8Array(master('wav16', 1).content)]), 'beat.wav');
    form.append('details', JSON.stringify(BEAT_DETAILS));
    const early = await fetch(`${app.baseUrl}/api/v1/studio/beats`, { method: 'POST', headers: { Cookie: producer.cookieHeader() }, body: form });
    expect(await early.json()).toEqual({ statusCode: 400, message: "Send the beat's details before its files" });
    expect((await producer.call('POST', '/studio/beats', BEAT_DETAILS)).status).toBe(415);
  });

  test('a master over 300 MB is refused while it streams in, and its partial file is removed', async () => {
    const before = await productCount();
    const boundary = 'beatcrate-test-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="details"\r\n\r\n${JSON.stringify(BEAT_DETAILS)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="master"; filename="huge.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    const wavStart = master('wav16', 61).content;
    const chunk = Buffer.alloc(4 * 1024 * 1024, 1);
    const total = 301 * 1024 * 1024;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
        controller.enqueue(wavStart);
        sent = wavStart.length;
      },
      pull(controller) {
        if (sent >= total) {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
    const response = await fetch(`${app.baseUrl}/api/v1/studio/beats`, {
      method: 'POST',
      headers: { Cookie: producer.cookieHeader(), 'Content-Type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: 'The master is larger than 300 MB.' });
    expect(await productCount()).toBe(before);
    expect(fs.readdirSync(`${app.deps.config.mediaDir}/.partial`)).toEqual([]);
  });

  test('an upload declaring more than a beat may weigh is refused before its body is read', async () => {
    const url = new URL(`${app.baseUrl}/api/v1/studio/beats`);
    const answer = await new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: { Cookie: producer.cookieHeader(), 'Content-Type': 'multipart/form-data; boundary=x', 'Content-Length': String(2 * 1024 ** 3) },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }));
        },
      );
      request.on('error', reject);
      // Headers only: the 2 GB never come, and the answer must not wait for them.
      request.flushHeaders();
    });
    expect(answer).toEqual({ status: 413, body: JSON.stringify({ statusCode: 413, message: 'An upload is at most 821 MB' }), connection: 'close' });
  });

  test('only a verified producer uploads: an unverified producer is told to verify, anyone else finds no such call', async () => {
    const unverified = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.78.0.1' });
    expect((await unverified.json('POST', '/auth/register', registration({ email: 'new@example.com', selectedRole: 'producer', socialNetwork: 'facebook.com/new' }))).status).toBe(201);
    expect(await uploadBeat(unverified, { details: BEAT_DETAILS, master: master('wav16', 1) })).toMatchObject({
      status: 403,
      body: { message: 'Complete identity verification to start selling tracks' },
    });
    const client = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.78.0.2' });
    expect((await client.json('POST', '/auth/register', registration({ email: 'buyer@example.com' }))).status).toBe(201);
    expect((await uploadBeat(client, { details: BEAT_DETAILS, master: master('wav16', 1) })).status).toBe(404);
    expect((await uploadBeat(new ApiBrowser(app.baseUrl), { details: BEAT_DETAILS, master: master('wav16', 1) })).status).toBe(404);
  });

  test('an upload waiting when its server died is processed by the next server once the lease runs out, and only once', async () => {
    const upload = await uploadBeat(producer, { details: { ...BEAT_DETAILS, name: 'Restart Ferry' }, master: master('wav16', 61) });
    const productId = upload.body.productId as number;
    // The server that took the job died mid-run: its lease is in the table, and nobody renews it.
    const now = app.deps.clock.now().getTime();
    await app.deps.database.transaction((tx) =>
      tx
        .insertInto('jobs')
        .values({ name: 'beat-processing', next_run_at: now, lease_owner: 'a-dead-server', lease_until: now + 1_500, last_finished_at: null, last_error: null })
        .onConflict((conflict) => conflict.column('name').doUpdateSet({ lease_owner: 'a-dead-server', lease_until: now + 1_500, next_run_at: now }))
        .execute(),
    );
    // The next server's clock, moved by hand past the dead server's lease.
    const clock = manualClock(new Date(now));
    const runner = new JobRunner(app.deps.database, clock, backgroundJobs(app.deps).filter((job) => job.name === 'beat-processing'), { pollMs: 100 });
    await runner.runDue();
    expect(await beatOf(productId)).toMatchObject({ status: 'processing' });
    clock.advance(1_500);
    await runner.runDue();
    await runner.stop();
    expect(await beatOf(productId)).toMatchObject({ status: 'pending' });
    // A second run of the same upload (a server that only looked dead) records nothing more.
    const { state } = await aggregateStream(app.deps.eventStore, productStreamId(productId), productDecider);
    if (state.status !== 'pending') throw new Error(`expected pending, got ${state.status}`);
    const positionBefore = await app.deps.eventStore.readLastEvent(productStreamId(productId));
    await processUpload(app.deps, state.submission);
    expect(await app.deps.eventStore.readLastEvent(productStreamId(productId))).toEqual(positionBefore);
  });
});
