import { PRELOADED_STATE_ID } from '../../shared/domain/constants';
import type { BeatDetails } from '../../shared/schemas/studio';
import type { RootState } from '../../shared/store/rootReducer';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { grantRole } from '../auth/staffRoles';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { BEAT_DETAILS } from '../../test/helpers/beatDetails';

const DETAILS: BeatDetails = { ...BEAT_DETAILS, tags: ['dark'] };
const IDENTITY = { artistName: 'Mara Vale', shortName: 'maravale', legalName: 'Mara Vale-Schmidt', dateOfBirth: '1994-03-12', address: 'Torstraße 1, 10119 Berlin', country: 'Germany' };

function preloadedState(html: string): RootState {
  const match = new RegExp(`<script type="application/json" id="${PRELOADED_STATE_ID}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error('no preloaded state in the page');
  return JSON.parse(match[1]!) as RootState;
}
const textOf = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

/** The studio's pages rendered by the server with their data in the page: `Account` and `My beats`, producer by producer. */
describe('the producer’s studio pages, server-rendered', () => {
  let app: TestApp;
  let counter = 0;
  const account = async (email: string, producer: boolean) => {
    const browser = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.8.0.${++counter}` });
    const form = producer ? { selectedRole: 'producer', isBuyer: false, socialNetwork: 'https://www.facebook.com/mara' } : {};
    expect((await browser.json('POST', '/auth/register', registration({ email, ...form }))).status).toBe(201);
    return { browser, id: (await browser.json<{ id: number }>('GET', '/auth/checkhealth')).body.id };
  };
  const page = async (browser: ApiBrowser, address: string) => {
    const response = await fetch(`${app.baseUrl}${address}`, { redirect: 'manual', headers: { Cookie: browser.cookieHeader() } });
    expect(response.status).toBe(200);
    const html = await response.text();
    return { html, state: preloadedState(html), text: textOf(html) };
  };

  let newcomer: ApiBrowser;
  let waiting: ApiBrowser;
  let verified: ApiBrowser;
  let client: ApiBrowser;

  beforeAll(async () => {
    app = await startTestApp();
    newcomer = (await account('newcomer@example.com', true)).browser;
    waiting = (await account('waiting@example.com', true)).browser;
    const mara = await account('mara@example.com', true);
    verified = mara.browser;
    client = (await account('client@example.com', false)).browser;
    const moderator = (await account('mod@example.com', false)).browser;
    await grantRole(app.deps, 'mod@example.com', 'moderator');
    expect((await moderator.json('POST', '/auth/login', { email: 'mod@example.com', password: registration({}).password, remember: false })).status).toBe(200);
    expect((await waiting.json('POST', '/producer/verification', { ...IDENTITY, shortName: 'waitingroom', artistName: 'Waiting Room' })).status).toBe(201);
    expect((await verified.json('POST', '/producer/verification', IDENTITY)).status).toBe(201);
    const approved = await moderator.json<{ producerId: number }>('POST', `/moderation/producers/${mara.id}/approve`);
    expect(approved.status).toBe(200);
    // The upload call is not on this branch: the beat enters as the upload records it, and stays processing.
    const { append } = await handleCommand(app.deps.eventStore, productStreamId(10_001), productDecider, {
      type: 'SubmitProduct',
      submission: { productId: 10_001, producerId: approved.body.producerId, details: DETAILS, files: { master: 'private/masters/10001.wav', stems: null, cover: null } },
    });
    await app.deps.projector.waitFor(append!.lastPosition);
  });
  afterAll(() => app.close());

  test('a producer not yet verified: My beats says so and links to Account, whose form is in the page', async () => {
    const beats = await page(newcomer, '/dashboard/beats');
    expect(beats.state.studio.beats).toEqual({ verified: false, verification: 'none', beats: [] });
    expect(beats.text).toContain('Complete identity verification to start selling tracks');
    expect(beats.html).toContain('href="/dashboard/account/profile"');
    expect(beats.text).not.toContain('Upload a beat');

    const profile = await page(newcomer, '/dashboard/account/profile');
    expect(profile.state.studio.verification).toEqual({ status: 'none', artistName: null, shortName: null, reason: null });
    for (const label of ['Artist name', 'Page address', 'Legal name', 'Date of birth', 'Address', 'Country', 'Send for verification']) expect(profile.text).toContain(label);
  });

  test('details sent: Account shows them waiting for review, and nothing personal is in the page', async () => {
    const profile = await page(waiting, '/dashboard/account/profile');
    expect(profile.state.studio.verification).toEqual({ status: 'pending', artistName: 'Waiting Room', shortName: 'waitingroom', reason: null });
    expect(profile.text).toContain('Waiting for review');
    for (const secret of [IDENTITY.legalName, IDENTITY.dateOfBirth, 'Torstraße']) expect(profile.html).not.toContain(secret);
  });

  test('a verified producer: My beats lists their beat as Processing… with the upload button; Account says Verified', async () => {
    const beats = await page(verified, '/dashboard/beats');
    expect(beats.state.studio.beats).toEqual({
      verified: true,
      verification: 'verified',
      beats: [expect.objectContaining({ productId: 10_001, name: 'Midnight Ferry', status: 'processing', priceCents: 29_900 })],
    });
    for (const words of ['Upload a beat', 'Midnight Ferry', 'Processing…', '$299.00']) expect(beats.text).toContain(words);
    const profile = await page(verified, '/dashboard/account/profile');
    expect(profile.state.studio.verification?.status).toBe('verified');
    expect(profile.text).toContain('Verified');
  });

  test('a client’s Account shows their name and email, without verification', async () => {
    const profile = await page(client, '/dashboard/account/profile');
    expect(profile.state.studio.verification).toBeNull();
    expect(profile.text).toContain('client@example.com');
    expect(profile.text).not.toContain('Identity verification');
  });
});
