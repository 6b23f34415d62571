import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { FILE_BEING_PREPARED, type Order } from '../../shared/schemas/order';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { asShown } from '../../test/helpers/shownTotal';
import { capturedLog } from '../../test/helpers/logLines';
import { correlation, decodeMono, measuredLoudness, measuredTruePeak } from '../../test/helpers/audioFixtures';
import { listShop, SHOP, writeShopMedia } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { type ProductListing, productStreamId } from '../domain/product/productEvents';
import { JobRunner } from '../jobs/jobRunner';
import { masterPlan } from '../media/masterSynthesis';
import { synthesizeTag } from '../media/processing/soundTag';
import { TARGET_LUFS } from '../media/processing/taggedPreview';
import { demoListings, demoLoopOf } from '../seed/demoCatalogue';
import { MASTERS_JOB, MASTERS_JOB_EVERY_MS, renderSoldMasters } from './demoMasters';

const LEASE_MS = 10_000;
const HEAVY = 120_000;
/** Where the tag is searched for: enough for its 1 kHz to 5 kHz content. */
const SEARCH_RATE = 22_050;

/** Demo beats as the seed lists them (no upload), by producers the shop has. */
const demoBeat = (productId: number): ProductListing => ({ ...demoListings(productId)[productId - 1]!, productId, producerId: 1 });

/** Issue 14 "What the buyer gets": the master, never the preview; rendered at purchase for a demo beat. */
describe('a purchase delivers the master', () => {
  const clock = manualClock(new Date('2026-11-24T10:00:00.000Z'));
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-masters-'));
  let app: TestApp;
  let runner: JobRunner;
  let counter = 0;
  const masters = capturedLog();
  const logged = () => masters.messages();

  const buy = async (...items: [number, boolean][]) => {
    const buyer = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.14.0.${++counter}` });
    expect((await buyer.json('POST', '/auth/register', registration({ email: `masters${counter}@example.com` }))).status).toBe(201);
    for (const [product, includeProjectFile] of items) expect((await buyer.json('POST', '/ecommerce/cart', { product, includeProjectFile })).status).toBe(200);
    const paid = await buyer.call('POST', '/ecommerce/orders/stripe', await asShown(buyer, { stripePaymentMethodId: 'pm_card_visa', coupon: null }));
    expect(paid.status).toBe(201);
    const order = (await paid.json()) as Order;
    const link = (kind: string) => order.downloads.find((download) => download.kind === kind)!;
    return { buyer, order, link, download: (kind: string, method = 'GET') => buyer.call(method, link(kind).url.replace(/^\/api\/v1/, '')) };
  };
  const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());
  const masterFile = (productId: number) => path.join(mediaDir, 'private', 'masters', `${productId}.wav`);
  const jobRow = () => app.deps.database.query.selectFrom('jobs').selectAll().where('name', '=', MASTERS_JOB).executeTakeFirstOrThrow();

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    app = await startTestApp({ clock, env: { MEDIA_DIR: mediaDir } });
    await listShop(app.deps, [demoBeat(8), demoBeat(7)]);
    // The server's runner, with the masters job alone; it looks for due jobs only when told to.
    runner = new JobRunner(app.deps.database, clock, [{ name: MASTERS_JOB, everyMs: MASTERS_JOB_EVERY_MS, atStartup: false, run: () => renderSoldMasters(app.deps, masters.log) }], {
      pollMs: 3_600_000,
      leaseMs: LEASE_MS,
    });
    await runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  describe('a demo beat', () => {
    let bought: Awaited<ReturnType<typeof buy>>;
    beforeAll(async () => {
      bought = await buy([8, true]);
    });

    test('is named as the WAV it will be, and answers 503 with Retry-After until its master is rendered', async () => {
      const name = demoBeat(8).name;
      expect(bought.order.downloads.map((download) => [download.kind, download.name])).toEqual([
        ['beat', `${name}.wav`],
        ['projectFile', `${name} project.tar.gz`],
      ]);
      for (const kind of ['beat', 'projectFile']) {
        const early = await bought.download(kind);
        expect(early.status).toBe(503);
        expect(early.headers.get('retry-after')).toBe('60');
        expect(await early.json()).toEqual({ statusCode: 503, message: FILE_BEING_PREPARED });
      }
      expect((await bought.download('beat', 'HEAD')).status).toBe(503);
      // The sale made the job due at once.
      expect(Number((await jobRow()).next_run_at)).toBeLessThanOrEqual(clock.now().getTime());
    });

    test('once the job ran, downloads as a 44.1 kHz 16-bit WAV of the planned length, louder than a preview, with no tag', async () => {
      await runner.runDue();
      expect(logged().some((line) => line.startsWith('Rendered the master of beat 8'))).toBe(true);
      const response = await bought.download('beat');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/wav');
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${demoBeat(8).name}.wav"`);
      const wav = await bytes(response);
      expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
      expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
      expect(wav.readUInt16LE(20)).toBe(1);
      const channels = wav.readUInt16LE(22);
      expect(wav.readUInt32LE(24)).toBe(44_100);
      expect(wav.readUInt16LE(34)).toBe(16);
      const seconds = wav.readUInt32LE(40) / (channels * 2 * 44_100);
      expect(seconds).toBeCloseTo(masterPlan(demoLoopOf(8)).durationSeconds, 2);
      expect(seconds).toBeGreaterThanOrEqual(120);
      expect(seconds).toBeLessThanOrEqual(180);
      expect(wav.length).toBe(44 + wav.readUInt32LE(40));
      // Not the preview in any form: its bytes are not in the file, and its tag is not in the signal.
      expect(wav.includes(fs.readFileSync(path.join(mediaDir, 'previews', 'shop-beat.mp3')))).toBe(false);
      const file = path.join(mediaDir, 'downloaded.wav');
      fs.writeFileSync(file, wav);
      const ncc = correlation(decodeMono(file, SEARCH_RATE).subarray(0, 60 * SEARCH_RATE), synthesizeTag(SEARCH_RATE));
      expect(ncc.reduce((best, value) => Math.max(best, value), 0)).toBeLessThan(0.15);
      expect(measuredLoudness(file)).toBeGreaterThan(TARGET_LUFS + 1);
      expect(measuredTruePeak(file)).toBeLessThan(0);
    }, HEAVY);

    test('asking whether the file is ready (HEAD) answers without counting as a download', async () => {
      const logged = () => app.deps.database.query.selectFrom('commerce_download_log').select('id').where('order_id', '=', bought.order.id).execute();
      const before = (await logged()).length;
      const head = await bought.download('beat', 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers.get('content-disposition')).toBe(`attachment; filename="${demoBeat(8).name}.wav"`);
      expect(await logged()).toHaveLength(before);
    });

    test('its project file holds the master instead of the preview', async () => {
      const response = await bought.download('projectFile');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${demoBeat(8).name} project.tar.gz"`);
      const tar = gunzipSync(await bytes(response));
      const master = fs.readFileSync(masterFile(8));
      expect(tar.includes(master)).toBe(true);
      expect(tar.includes(Buffer.from(`${demoBeat(8).name}/${demoBeat(8).name}.wav`))).toBe(true);
    });

    test('a render cut off by a dead server is taken over once its lease runs out, and done once', async () => {
      const second = await buy([7, false]);
      const now = clock.now().getTime();
      // What a server killed during the render leaves: a live lease, and no master (puts are whole or nothing).
      await app.deps.database.transaction((tx) =>
        tx.updateTable('jobs').set({ lease_owner: 'killed-server', lease_until: now + LEASE_MS, next_run_at: now }).where('name', '=', MASTERS_JOB).execute(),
      );
      await runner.runDue();
      expect((await second.download('beat')).status).toBe(503);
      clock.advance(LEASE_MS);
      await runner.runDue();
      expect((await second.download('beat')).status).toBe(200);
      const rendered = fs.statSync(masterFile(7)).mtimeMs;
      clock.advance(MASTERS_JOB_EVERY_MS);
      await runner.runDue();
      expect(fs.statSync(masterFile(7)).mtimeMs).toBe(rendered);
      expect(logged().filter((line) => line.startsWith('Rendered the master of beat 7'))).toHaveLength(1);
      const rows = await app.deps.database.query.selectFrom('beat_masters').select(['product_id', 'source']).orderBy('product_id').execute();
      expect(rows.map((row) => [Number(row.product_id), row.source])).toEqual([
        [7, 'rendered'],
        [8, 'rendered'],
      ]);
    }, HEAVY);
  });

  describe('an uploaded beat', () => {
    const productId = 10_001;
    const master = Buffer.concat([Buffer.from('FORM\u0000\u0000\u0000\u0010AIFF', 'latin1'), Buffer.alloc(3000, 3)]);
    const stems = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(2000, 5)]);
    const files = { master: `private/uploads/${productId}/master.aif`, stems: `private/uploads/${productId}/stems.zip`, cover: null };

    beforeAll(async () => {
      await app.deps.media.put(files.master, master, { contentType: 'audio/aiff', visibility: 'private' });
      await app.deps.media.put(files.stems, stems, { contentType: 'application/zip', visibility: 'private' });
      const details = {
        name: 'Harbour Lights',
        genreIds: [1],
        moodIds: [2],
        tags: ['dark'],
        bpm: 140,
        key: 'C' as const,
        scale: 'minor' as const,
        vocalType: 'novocal' as const,
        samplesType: 'royaltyfreesamples' as const,
        priceCents: 29_900,
        stemsPriceCents: 4_900,
        previewStartSeconds: 0,
      };
      const run = (command: Parameters<typeof productDecider.decide>[0]) => handleCommand(app.deps.eventStore, productStreamId(productId), productDecider, command);
      await run({ type: 'SubmitProduct', submission: { productId, producerId: 1, details, files } });
      await run({
        type: 'RecordProcessing',
        processed: {
          productId,
          master: { format: 'aiff', durationSeconds: 183, sampleRate: 44_100, channels: 2 },
          preview: { src: '/media/previews/shop-beat.mp3', durationSeconds: 30, peaks: [0, 1] },
          coverImageSrc: null,
        },
      });
      await run({ type: 'ApproveProduct', productId, by: 2 });
      await app.deps.projector.catchUp();
    });

    test('bought with its stems, serves the producer\'s exact files under the names the order shows', async () => {
      const bought = await buy([productId, true]);
      expect(bought.order.downloads.map((download) => [download.kind, download.name])).toEqual([
        ['beat', 'Harbour Lights.aif'],
        ['projectFile', 'Harbour Lights stems.zip'],
      ]);
      const beat = await bought.download('beat');
      expect(beat.status).toBe(200);
      expect(beat.headers.get('content-disposition')).toBe('attachment; filename="Harbour Lights.aif"');
      expect(await bytes(beat)).toEqual(master);
      const zip = await bought.download('projectFile');
      expect(zip.headers.get('content-disposition')).toBe('attachment; filename="Harbour Lights stems.zip"');
      expect(await bytes(zip)).toEqual(stems);
      // Nothing to render: the job records the upload's master as there and leaves storage alone.
      await runner.runDue();
      expect(fs.existsSync(masterFile(productId))).toBe(false);
      const row = await app.deps.database.query.selectFrom('beat_masters').select('source').where('product_id', '=', productId).executeTakeFirstOrThrow();
      expect(row.source).toBe('uploaded');
    });
  });

  test('masters and stems have no public address: /media answers 404 for them', async () => {
    for (const key of ['private/masters/8.wav', 'private/uploads/10001/master.aif', 'private/uploads/10001/stems.zip']) {
      expect(await app.deps.media.exists(key)).toBe(true);
      const response = await fetch(`${app.baseUrl}/media/${key}`);
      expect(response.status).toBe(404);
    }
  });

  test('an order paid before masters were delivered still downloads, the master under its recorded name with the right ending', async () => {
    const { order, download } = await buy([SHOP.beat2.productId, false]);
    // What delivery recorded for beats before this change.
    await app.deps.database.transaction((tx) => tx.updateTable('commerce_downloads').set({ name: 'Neon Rain.mp3' }).where('order_id', '=', order.id).execute());
    const response = await download('beat');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Neon Rain.wav"');
  });
});
