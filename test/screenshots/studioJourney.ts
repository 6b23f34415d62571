import type { Page, Viewport } from 'puppeteer-core';
import type { BeatDetails } from '../../shared/schemas/studio';
import type { StudioBeatList } from '../../shared/schemas/studioAnswers';
import type { TrackList } from '../../shared/schemas/track';
import { openDatabase } from '../../server/db/openDatabase';
import { handleCommand } from '../../server/domain/commandHandler';
import { productDecider } from '../../server/domain/product/productDecider';
import { productStreamId } from '../../server/domain/product/productEvents';
import { createEventStore } from '../../server/eventStore/createEventStore';
import { ApiBrowser, registration } from '../helpers/accountClient';
import { runUsersCommand } from '../helpers/tools';
import { button, DESKTOP, PHONE, REVIEW_WIDTHS, textOnPage, waitForHydration } from '../e2e/helpers/page';
import type { ServerHandle } from '../e2e/helpers/server';
import type { Journey } from './reviewShots';
import { eventually } from '../helpers/eventually';

const DETAILS: BeatDetails = {
  name: '',
  genreIds: [1],
  moodIds: [4],
  tags: ['dark'],
  bpm: 140,
  key: 'F#',
  scale: 'minor',
  vocalType: 'novocal',
  samplesType: 'royaltyfreesamples',
  priceCents: 24_900,
  stemsPriceCents: null,
  previewStartSeconds: 0,
};

/** Beats in each state My beats shows, as the upload and its processing job record them; ids far above the shop's. */
const BEATS = [
  { productId: 90_001, name: 'Night Drive', outcome: 'processing' },
  { productId: 90_002, name: 'Broken File', outcome: 'failed' },
  { productId: 90_003, name: 'Waiting Room', outcome: 'pending' },
  { productId: 90_004, name: 'Too Loud For Radio (Extended Club Mix)', outcome: 'rejected' },
  { productId: 90_005, name: 'Studio Sunrise', outcome: 'listed' },
] as const;

/** Records the beats through the product decider in the server's own database (the upload call is not on main yet). */
async function recordBeats(server: ServerHandle, producerId: number, covers: (string | null)[]) {
  const database = await openDatabase(server.databaseUrl);
  const eventStore = createEventStore(database, { now: () => new Date() });
  try {
    for (const [index, beat] of BEATS.entries()) {
      const stream = productStreamId(beat.productId);
      const submission = { productId: beat.productId, producerId, details: { ...DETAILS, name: beat.name }, files: { master: `private/masters/${beat.productId}.wav`, stems: null, cover: null } };
      await handleCommand(eventStore, stream, productDecider, { type: 'SubmitProduct', submission });
      if (beat.outcome === 'processing') continue;
      if (beat.outcome === 'failed') {
        await handleCommand(eventStore, stream, productDecider, { type: 'RecordProcessingFailure', productId: beat.productId, message: 'The master is not a WAV, AIFF, FLAC or MP3 file.' });
        continue;
      }
      const processed = {
        productId: beat.productId,
        master: { format: 'wav', durationSeconds: 151 + index * 17, sampleRate: 44_100, channels: 2 },
        preview: { src: `/media/previews/${beat.productId}.mp3`, durationSeconds: 60, peaks: [0.4, 0.9] },
        coverImageSrc: covers[index] ?? null,
      };
      await handleCommand(eventStore, stream, productDecider, { type: 'RecordProcessing', processed });
    }
  } finally {
    await eventStore.close();
    await database.close();
  }
}

/**
 * The studio's pages (issue 14) for review: Account before and after the identity details are
 * sent, My beats before verification, with a beat in each state, with a beat's form and with the
 * upload form open, at 1280 and 375 px.
 */
export const studioJourney =
  (server: ServerHandle): Journey =>
  async (visit, shoot) => {
    const runId = Date.now();
    const producer = new ApiBrowser(server.baseUrl);
    const form = { email: `screenshots.producer.${runId}@example.com`, selectedRole: 'producer', isBuyer: false, socialNetwork: 'https://www.facebook.com/mara' };
    if ((await producer.json('POST', '/auth/register', registration(form))).status !== 201) throw new Error('Registering the producer failed');
    const { id: userId } = (await producer.json<{ id: number }>('GET', '/auth/checkhealth')).body;

    /** The producer's page at a width: a visitor of their own with the producer's cookies, from the top. */
    const pageAt = async (viewport: Viewport, path: string, act?: (page: Page) => Promise<void>) => {
      const page = await visit('/', viewport);
      await page.setCookie(...[...producer.cookies].map(([name, value]) => ({ name, value, url: server.baseUrl })));
      await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'load' });
      await waitForHydration(page);
      await act?.(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      return page;
    };
    /** Puppeteer reloads a page whose viewport turns mobile, so each width is a page of its own. */
    const shootWidths = async (path: string, name: string, act?: (page: Page) => Promise<void>) => {
      for (const [label, viewport] of REVIEW_WIDTHS) await shoot(await pageAt(viewport, path, act), `${name}-${label}`, true);
    };

    await shootWidths('/dashboard/account/profile', 'studio-account');
    await shoot(
      await pageAt(PHONE, '/dashboard/account/profile', async (page) => {
        await button(page, 'Send for verification').click();
        await textOnPage(page, 'Legal name is required');
      }),
      'studio-account-errors-375',
      true,
    );
    await shootWidths('/dashboard/beats', 'studio-beats-unverified');

    const identity = { artistName: 'Mara Vale', shortName: `mara${runId}`, legalName: 'Mara Vale-Schmidt', dateOfBirth: '1994-03-12', address: 'Torstraße 1, 10119 Berlin', country: 'Germany' };
    if ((await producer.json('POST', '/producer/verification', identity)).status !== 201) throw new Error('Sending the identity details failed');
    await shoot(await pageAt(DESKTOP, '/dashboard/account/profile'), 'studio-account-pending-1280', true);

    const moderator = new ApiBrowser(server.baseUrl);
    const moderatorEmail = `screenshots.moderator.${runId}@example.com`;
    if ((await moderator.json('POST', '/auth/register', registration({ email: moderatorEmail }))).status !== 201) throw new Error('Registering the moderator failed');
    const granted = await runUsersCommand(server.databaseUrl, ['grant', 'moderator', moderatorEmail]);
    if (granted.code !== 0) throw new Error(`Granting the moderator failed: ${granted.stderr}`);
    await moderator.json('POST', '/auth/login', { email: moderatorEmail, password: 'beats42' });
    const approved = await moderator.json<{ producerId: number }>('POST', `/moderation/producers/${userId}/approve`);
    if (approved.status !== 200) throw new Error(`Approving the producer answered ${approved.status}`);

    const { tracks } = (await producer.json<TrackList>('GET', '/tracks?category=all&take=8')).body;
    await recordBeats(server, approved.body.producerId, tracks.map((track) => track.coverImageSrc));
    await eventually(() => producer.json<StudioBeatList>('GET', '/studio/beats'), ({ body }) => body.beats.length === BEATS.length, 'the beats in My beats');
    await moderator.json('POST', '/moderation/tracks/90004/reject', { reason: 'The vocal sample is not cleared for sale' });
    await moderator.json('POST', '/moderation/tracks/90005/approve');
    await eventually(
      () => producer.json<StudioBeatList>('GET', '/studio/beats'),
      ({ body }) => body.beats.some((beat) => beat.status === 'listed') && body.beats.some((beat) => beat.status === 'rejected'),
      'the moderators’ decisions in My beats',
    );

    await shootWidths('/dashboard/beats', 'studio-beats');
    await shootWidths('/dashboard/beats', 'studio-beats-edit', async (page) => {
      await button(page, 'Edit Studio Sunrise').click();
      await page.locator('::-p-aria([name="Edit Studio Sunrise"][role="form"])').wait();
    });
    await shootWidths('/dashboard/beats', 'studio-upload', async (page) => {
      await button(page, 'Upload a beat').click();
      await page.locator('::-p-aria([name="Upload a beat"][role="form"])').wait();
    });
  };
