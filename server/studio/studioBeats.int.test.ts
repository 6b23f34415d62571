import type { PendingTrack } from '../../shared/schemas/moderation';
import type { BeatDetails, StudioBeat } from '../../shared/schemas/studio';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { listShop } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { grantRole } from '../auth/staffRoles';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { BEAT_DETAILS } from '../../test/helpers/beatDetails';

const DETAILS: BeatDetails = { ...BEAT_DETAILS, tags: ['Dark', 'piano'] };

/**
 * My beats and Pending tracks over HTTP. The upload and its processing job are not in this
 * change yet: a beat enters as the processing job will record it, through the product decider.
 */
describe('My beats and Pending tracks: a verified producer’s beat through moderation', () => {
  let app: TestApp;
  let producer: ApiBrowser;
  let moderator: ApiBrowser;
  let counter = 0;

  const account = async (email: string, overrides: Record<string, unknown> = {}) => {
    const browser = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.9.0.${++counter}` });
    expect((await browser.json('POST', '/auth/register', registration({ email, ...overrides }))).status).toBe(201);
    return { browser, id: (await browser.json<{ id: number }>('GET', '/auth/checkhealth')).body.id };
  };
  const processedBeat = async (productId: number, producerId: number, name: string) => {
    const stream = productStreamId(productId);
    await handleCommand(app.deps.eventStore, stream, productDecider, {
      type: 'SubmitProduct',
      submission: { productId, producerId, details: { ...DETAILS, name }, files: { master: `private/masters/${productId}.wav`, stems: null, cover: null } },
    });
    const { append } = await handleCommand(app.deps.eventStore, stream, productDecider, {
      type: 'RecordProcessing',
      processed: { productId, master: { format: 'wav', durationSeconds: 95.5, sampleRate: 44_100, channels: 2 }, preview: { src: `/media/previews/${productId}.mp3`, durationSeconds: 60, peaks: [0.4, 0.9] }, coverImageSrc: null },
    });
    await app.deps.projector.waitFor(append!.lastPosition);
  };
  const myBeats = async () => (await producer.json<{ verified: boolean; beats: StudioBeat[] }>('GET', '/studio/beats')).body;

  beforeAll(async () => {
    app = await startTestApp();
    await listShop(app.deps);
    const mara = await account('mara@example.com', { selectedRole: 'producer', socialNetwork: 'facebook.com/mara' });
    producer = mara.browser;
    moderator = (await account('mod@example.com')).browser;
    await grantRole(app.deps, 'mod@example.com', 'moderator');
    expect((await moderator.json('POST', '/auth/login', { email: 'mod@example.com', password: registration({}).password, remember: false })).status).toBe(200);
    expect(await myBeats()).toEqual({ verified: false, verification: 'none', beats: [] });
    expect((await producer.json('POST', '/producer/verification', { artistName: 'Mara Vale', shortName: 'maravale', legalName: 'Mara Vale', dateOfBirth: '1990-05-01', address: 'Torstraße 1, 10119 Berlin', country: 'Germany' })).status).toBe(201);
    expect((await moderator.json('POST', `/moderation/producers/${mara.id}/approve`)).status).toBe(200);
    await processedBeat(10_001, 10_001, 'Midnight Ferry');
    await processedBeat(10_002, 10_001, 'Harbour Lights');
  });
  afterAll(() => app.close());

  test('the producer sees each beat waiting for a moderator; moderators see the queue with the previews to hear', async () => {
    expect((await myBeats()).beats.map((beat) => [beat.name, beat.status, beat.durationSeconds])).toEqual([
      ['Harbour Lights', 'pending', 95.5],
      ['Midnight Ferry', 'pending', 95.5],
    ]);
    const { body } = await moderator.json<{ tracks: PendingTrack[] }>('GET', '/moderation/tracks/pending');
    expect(body.tracks.map((track) => [track.productId, track.name, track.producerName, track.previewSrc])).toEqual([
      [10_001, 'Midnight Ferry', 'Mara Vale', '/media/previews/10001.mp3'],
      [10_002, 'Harbour Lights', 'Mara Vale', '/media/previews/10002.mp3'],
    ]);
  });

  test('approved, a beat is in the shop as new; rejected, the producer reads why', async () => {
    expect((await moderator.json('POST', '/moderation/tracks/10001/approve')).body).toEqual({ status: 'listed' });
    const listed = await new ApiBrowser(app.baseUrl).json<{ name: string; isSold: boolean }>('GET', '/tracks/10001');
    expect(listed).toMatchObject({ status: 200, body: { name: 'Midnight Ferry', isSold: false } });
    expect((await moderator.json('POST', '/moderation/tracks/10002/reject', { reason: '' })).status).toBe(400);
    expect((await moderator.json('POST', '/moderation/tracks/10002/reject', { reason: 'The preview clips at 0:40.' })).body).toEqual({ status: 'rejected' });
    expect((await myBeats()).beats.map((beat) => [beat.name, beat.status, beat.message])).toEqual([
      ['Harbour Lights', 'rejected', 'The preview clips at 0:40.'],
      ['Midnight Ferry', 'listed', null],
    ]);
    expect((await moderator.json<{ tracks: unknown[] }>('GET', '/moderation/tracks/pending')).body.tracks).toEqual([]);
    expect((await moderator.json('POST', '/moderation/tracks/10001/approve')).status).toBe(409);
  });

  test('the producer edits a listed beat (the shop shows it) and deletes it; bad details are refused with the field', async () => {
    const wrong = await producer.json<{ message: string; errors: Record<string, string> }>('PUT', '/studio/beats/10001', { ...DETAILS, bpm: 300, priceCents: 100 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toMatchObject({ bpm: 'BPM must be a whole number from 60 to 250', priceCents: 'The price must be from $199 to $999' });
    expect((await producer.json('PUT', '/studio/beats/10001', { ...DETAILS, name: 'Midnight Ferry II', priceCents: 34_900 })).status).toBe(200);
    expect((await new ApiBrowser(app.baseUrl).json<{ name: string }>('GET', '/tracks/10001')).body.name).toBe('Midnight Ferry II');
    // Another producer's beat, or the demo shop's, is not theirs to touch.
    expect((await producer.json('DELETE', '/studio/beats/1')).status).toBe(404);
    expect((await producer.json('DELETE', '/studio/beats/10001')).status).toBe(200);
    expect((await new ApiBrowser(app.baseUrl).json('GET', '/tracks/10001')).status).toBe(404);
    expect((await myBeats()).beats.map((beat) => beat.name)).toEqual(['Harbour Lights']);
  });

  test('an unverified producer is told to verify first', async () => {
    const other = await account('kai@example.com', { selectedRole: 'producer', socialNetwork: 'facebook.com/kai' });
    expect((await other.browser.json<{ message: string }>('DELETE', '/studio/beats/10002')).body.message).toBe('Complete identity verification to start selling tracks');
  });
});
