import type { StudioBeat } from '../../shared/schemas/studio';
import { ApiBrowser } from '../../test/helpers/accountClient';
import { BEAT_DETAILS, uploadBeat, verifiedProducer } from '../../test/helpers/beatUploads';
import { listenOnLoopback, startTestApp, testConfig, type TestApp } from '../../test/helpers/testApp';
import { wavBytes, wavDataBytes } from '../../test/helpers/wavBytes';
import type { AppDeps } from '../appDeps';
import { aggregateStream } from '../domain/aggregateStream';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { closeAppDeps, openAppDeps } from '../services';
import { processUpload } from './beatProcessing';
import { QUEUE_FULL } from './uploadSlots';

/** A minute of 8 kHz mono: as long as a preview, and light enough to send ten at once. */
const SMALL = { sampleRate: 8_000, channels: 1, bitsPerSample: 16 } as const;
const master = () => ({ content: wavBytes(wavDataBytes(61, SMALL), 7, SMALL), fileName: 'minute.wav' });

/**
 * At most 3 uploads per producer arriving or waiting for processing, counted atomically in the
 * database: ten uploads sent at once, half to each of two servers on one database, get exactly
 * three 201s, and a slot frees when processing ends.
 */
describe('a producer uploads at most 3 beats at a time, across servers', () => {
  let app: TestApp;
  let other: { deps: AppDeps; baseUrl: string; stop(): Promise<void> };

  beforeAll(async () => {
    app = await startTestApp();
    const deps = await openAppDeps(testConfig({ DATABASE_URL: app.deps.config.databaseUrl }));
    const listening = await listenOnLoopback(deps);
    other = { deps, ...listening };
  });
  afterAll(async () => {
    await other.stop();
    await closeAppDeps(other.deps);
    await app.close();
  });

  test('ten parallel uploads: three accepted, seven answered 429; once one is processed, one more is accepted', async () => {
    const { browser } = await verifiedProducer(app.deps, app.baseUrl, 'Noor Ten');
    // The same session on the other server: sessions live in the database both share.
    const onOther = new ApiBrowser(other.baseUrl);
    for (const [name, value] of browser.cookies) onOther.cookies.set(name, value);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => uploadBeat(index % 2 === 0 ? browser : onOther, { details: { ...BEAT_DETAILS, name: `Tenth ${index}` }, master: master() })),
    );
    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(accepted).toHaveLength(3);
    expect(refused).toEqual(Array.from({ length: 7 }, () => ({ status: 429, body: { statusCode: 429, message: QUEUE_FULL } })));
    const beats = (await browser.json<{ beats: StudioBeat[] }>('GET', '/studio/beats')).body.beats;
    expect(beats.map((beat) => beat.status)).toEqual(['processing', 'processing', 'processing']);

    expect(await uploadBeat(onOther, { details: BEAT_DETAILS, master: master() })).toMatchObject({ status: 429 });
    const first = accepted[0]!.body.productId as number;
    const { state } = await aggregateStream(app.deps.eventStore, productStreamId(first), productDecider);
    if (state.status !== 'submitted') throw new Error(`expected submitted, got ${state.status}`);
    await processUpload(app.deps, state.submission);
    expect((await browser.json<{ beats: StudioBeat[] }>('GET', '/studio/beats')).body.beats.find((beat) => beat.productId === first)).toMatchObject({ status: 'pending' });
    expect(await uploadBeat(onOther, { details: { ...BEAT_DETAILS, name: 'Fourth' }, master: master() })).toMatchObject({ status: 201 });
    expect(await uploadBeat(browser, { details: BEAT_DETAILS, master: master() })).toMatchObject({ status: 429 });
  });

  test('a refused upload gives its slot back at once', async () => {
    const { browser } = await verifiedProducer(app.deps, app.baseUrl, 'Noor Refused');
    const notAudio = { content: Buffer.from('not audio at all'), fileName: 'beat.wav' };
    for (let attempt = 0; attempt < 4; attempt++) expect(await uploadBeat(browser, { details: BEAT_DETAILS, master: notAudio })).toMatchObject({ status: 400 });
    for (let upload = 0; upload < 3; upload++) expect(await uploadBeat(browser, { details: BEAT_DETAILS, master: master() })).toMatchObject({ status: 201 });
    expect(await uploadBeat(browser, { details: BEAT_DETAILS, master: master() })).toMatchObject({ status: 429 });
  });
});
