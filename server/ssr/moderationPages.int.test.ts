import { PRELOADED_STATE_ID } from '../../shared/domain/constants';
import type { BeatDetails } from '../../shared/schemas/studio';
import type { RootState } from '../../shared/store/rootReducer';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { grantRole } from '../auth/staffRoles';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { BEAT_DETAILS } from '../../test/helpers/beatDetails';

const DETAILS: BeatDetails = { ...BEAT_DETAILS, genreIds: [1, 2], tags: ['dark'] };
const MARA = { artistName: 'Mara Vale', shortName: 'maravale', legalName: 'Mara Vale-Schmidt', dateOfBirth: '1994-03-12', address: 'Torstraße 1, 10119 Berlin', country: 'Germany' };
const JON = { artistName: 'Jon Reed', shortName: 'jonreed', legalName: 'Jonathan Q. Reed', dateOfBirth: '1988-07-30', address: '12 Harbour Road, Leith EH6 6AA', country: 'United Kingdom' };

function preloadedState(html: string): RootState {
  const match = new RegExp(`<script type="application/json" id="${PRELOADED_STATE_ID}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error('no preloaded state in the page');
  return JSON.parse(match[1]!) as RootState;
}
const textOf = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/**
 * The moderation pages rendered by the server with their queues preloaded (issue 14), for
 * moderators and admins; everyone else gets the 404. A beat enters `Pending tracks` as the upload's
 * processing job will record it, through the product decider.
 */
describe('Pending producers, Pending tracks and Reported tracks, server-rendered', () => {
  let app: TestApp;
  let counter = 0;
  const browsers: Record<string, ApiBrowser> = {};
  const account = async (name: string, overrides: Record<string, unknown> = {}) => {
    const browser = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.7.0.${++counter}` });
    expect((await browser.json('POST', '/auth/register', registration({ email: `${name}@example.com`, ...overrides }))).status).toBe(201);
    browsers[name] = browser;
    return (await browser.json<{ id: number }>('GET', '/auth/checkhealth')).body.id;
  };
  const staff = async (name: 'moderator' | 'admin') => {
    await account(name);
    expect(await grantRole(app.deps, `${name}@example.com`, name)).toBe('granted');
    expect((await browsers[name]!.json('POST', '/auth/login', { email: `${name}@example.com`, password: 'beats42' })).status).toBe(200);
  };
  const page = async (who: string, address: string) => {
    const cookie = browsers[who]?.cookieHeader();
    return fetch(`${app.baseUrl}${address}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} });
  };
  let jonId = 0;

  beforeAll(async () => {
    app = await startTestApp();
    await listShop(app.deps);
    await staff('moderator');
    await staff('admin');
    await account('buyer');
    const producer = { selectedRole: 'producer', isBuyer: false, socialNetwork: 'https://www.facebook.com/mara' };
    const maraId = await account('mara', producer);
    jonId = await account('jon', producer);
    expect((await browsers.mara!.json('POST', '/producer/verification', MARA)).status).toBe(201);
    expect((await browsers.jon!.json('POST', '/producer/verification', JON)).status).toBe(201);
    // Mara is verified and has uploaded a beat that is processed; Jon waits for a moderator.
    const approved = await browsers.moderator!.json<{ producerId: number }>('POST', `/moderation/producers/${maraId}/approve`);
    const producerId = approved.body.producerId;
    const stream = productStreamId(10_001);
    await handleCommand(app.deps.eventStore, stream, productDecider, {
      type: 'SubmitProduct',
      submission: { productId: 10_001, producerId, details: DETAILS, files: { master: 'private/masters/10001.wav', stems: null, cover: null } },
    });
    const { append } = await handleCommand(app.deps.eventStore, stream, productDecider, {
      type: 'RecordProcessing',
      processed: {
        productId: 10_001,
        master: { format: 'wav', durationSeconds: 95.5, sampleRate: 44_100, channels: 2 },
        preview: { src: '/media/previews/10001.mp3', durationSeconds: 60, peaks: [0.4, 0.9, 0.6] },
        coverImageSrc: null,
      },
    });
    await app.deps.projector.waitFor(append!.lastPosition);
    // A buyer reports a beat of the shop with `Report a violation`.
    const report = { productId: SHOP.beat.productId, reason: 'copyright', details: 'This is my song “Sunrise” from 2019, note for note.', email: 'buyer@example.com' };
    expect((await browsers.buyer!.json('POST', '/tracks/report', report)).status).toBe(201);
  });
  afterAll(() => app.close());

  test('each page answers moderators and admins, and is the 404 for everyone else', async () => {
    for (const address of ['/admin/producers/pending', '/admin/tracks/pending', '/admin/tracks/reported']) {
      const statuses = [];
      for (const who of ['guest', 'buyer', 'mara', 'moderator', 'admin']) statuses.push((await page(who, address)).status);
      expect({ address, statuses }).toEqual({ address, statuses: [404, 404, 404, 200, 200] });
    }
    const hidden = textOf(await (await page('buyer', '/admin/tracks/reported')).text());
    expect(hidden).toContain('Page not found (404)');
    expect(hidden).not.toMatch(/Reported tracks|Moderation/);
  });

  test('Pending producers shows each request’s details in the first HTML, and keeps neither email nor postal address', async () => {
    const html = await (await page('moderator', '/admin/producers/pending')).text();
    const { moderation } = preloadedState(html);
    expect(moderation.pendingProducers).toEqual([
      { userId: jonId, artistName: 'Jon Reed', shortName: 'jonreed', country: 'GB', legalName: 'Jonathan Q. Reed', dateOfBirth: '1988-07-30', age: expect.any(Number), submittedAt: expect.any(String) },
    ]);
    const text = textOf(html);
    for (const words of ['Jon Reed', '/jonreed', 'United Kingdom', 'Jonathan Q. Reed', 'Jul 30, 1988', 'Approve', 'Reject']) expect(text).toContain(words);
    expect(html).not.toContain('jon@example.com');
    expect(html).not.toContain('Harbour Road');
  });

  test('Pending tracks shows the processed upload with its details and its preview to play', async () => {
    const html = await (await page('admin', '/admin/tracks/pending')).text();
    expect(preloadedState(html).moderation.pendingTracks).toEqual([
      expect.objectContaining({
        productId: 10_001,
        name: 'Midnight Ferry',
        producerName: 'Mara Vale',
        producerShortName: 'maravale',
        genres: ['Trap', 'Hip Hop'],
        moods: ['calm'],
        bpm: 140,
        key: 'C',
        scale: 'minor',
        priceCents: 29_900,
        durationSeconds: 95.5,
        previewSrc: '/media/previews/10001.mp3',
        previewDurationSeconds: 60,
        previewPeaks: [0.4, 0.9, 0.6],
      }),
    ]);
    const text = textOf(html);
    for (const words of ['Midnight Ferry', 'Mara Vale', 'Trap, Hip Hop', 'calm', '140 BPM · Cm', '$299.00', '1:35']) expect(text).toContain(words);
    expect(html).toContain('aria-label="Play Midnight Ferry"');
  });

  test('Reported tracks shows the open report with its beat’s link, the reason and the reporter’s words, not their email', async () => {
    const html = await (await page('moderator', '/admin/tracks/reported')).text();
    expect(preloadedState(html).moderation.reportedTracks).toEqual([
      expect.objectContaining({ productId: SHOP.beat.productId, productName: 'Night Drive', reason: 'copyright', details: 'This is my song “Sunrise” from 2019, note for note.' }),
    ]);
    const text = textOf(html);
    for (const words of ['Night Drive', 'Copyright infringement', 'This is my song “Sunrise” from 2019, note for note.', 'Uphold', 'Dismiss']) expect(text).toContain(words);
    expect(html).toContain(`href="/product/${SHOP.beat.productId}"`);
    expect(html).not.toContain('buyer@example.com');
  });

  test('a decided row is gone from the next render, and an empty queue says so', async () => {
    expect((await browsers.moderator!.json('POST', `/moderation/producers/${jonId}/reject`, { reason: 'The legal name does not match.' })).status).toBe(200);
    const text = textOf(await (await page('moderator', '/admin/producers/pending')).text());
    expect(text).toContain('No producers are waiting for verification.');
    expect(text).not.toContain('Jon Reed');
  });
});
