import { assert } from 'superstruct';
import { TrackPlayAnswerSchema } from '../../shared/schemas/trackPlay';
import { manualClock } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { demoListings } from '../seed/seedDemoCatalogue';

const WITH_PREVIEW = 9101;
const WITHOUT_PREVIEW = 9102;

describe('POST /api/v1/tracks/{id}/play', () => {
  let app: TestApp;
  const clock = manualClock();

  /** A play from a guest at `address` (the server trusts one proxy, so X-Forwarded-For names the guest). */
  const play = async (id: string | number, address = '203.0.113.1', headers: Record<string, string> = {}) => {
    const response = await fetch(`${app.baseUrl}/api/v1/tracks/${id}/play`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': address, ...headers },
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { TRUST_PROXY: '1', TRACK_PLAYS_PER_MINUTE: '10' } });
    const [first, second] = demoListings(2);
    const preview = { src: '/media/previews/play.mp3', durationSeconds: 30, peaks: [0, 1] };
    await handleCommand(app.deps.eventStore, productStreamId(WITH_PREVIEW), productDecider, {
      type: 'ListProduct',
      listing: { ...first!, productId: WITH_PREVIEW, preview },
    });
    await handleCommand(app.deps.eventStore, productStreamId(WITHOUT_PREVIEW), productDecider, {
      type: 'ListProduct',
      listing: { ...second!, productId: WITHOUT_PREVIEW, preview: null },
    });
    await app.deps.projector.catchUp();
  });
  afterAll(() => app.close());

  test('a play is counted once per listener and track per minute', async () => {
    const first = await play(WITH_PREVIEW);
    expect(first.status).toBe(200);
    assert(first.body, TrackPlayAnswerSchema);
    expect(first.body).toEqual({ id: WITH_PREVIEW, counted: true, plays: 1 });

    clock.advance(59_000);
    expect((await play(WITH_PREVIEW)).body).toEqual({ id: WITH_PREVIEW, counted: false, plays: 1 });
    // Another listener in the same minute counts.
    expect((await play(WITH_PREVIEW, '203.0.113.2')).body).toEqual({ id: WITH_PREVIEW, counted: true, plays: 2 });

    clock.advance(1_000);
    expect((await play(WITH_PREVIEW)).body).toEqual({ id: WITH_PREVIEW, counted: true, plays: 3 });
  });

  test('plays are TrackPlayed events in a stream of their own, with no address in them', async () => {
    const events = await app.deps.eventStore.readAll({ types: ['TrackPlayed'] });
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (const event of events) {
      expect(event.streamId).toMatch(new RegExp(`^track-plays-${WITH_PREVIEW}-g[0-9a-f]{16}$`));
      expect(JSON.stringify(event.data)).not.toContain('203.0.113');
    }
    // The product's own stream is untouched by plays.
    expect((await app.deps.eventStore.readStream(productStreamId(WITH_PREVIEW))).map((event) => event.type)).toEqual(['ProductListed']);
  });

  test('an unknown product is 404, a bad id 400, a product without a preview 409; none is counted', async () => {
    const before = await app.deps.eventStore.headPosition();
    expect(await play(987654, '203.0.113.3')).toEqual({ status: 404, body: expect.objectContaining({ statusCode: 404 }) });
    expect(await play('abc', '203.0.113.3')).toEqual({ status: 400, body: expect.objectContaining({ statusCode: 400 }) });
    expect(await play('1e3', '203.0.113.3')).toEqual({ status: 400, body: expect.objectContaining({ statusCode: 400 }) });
    expect(await play(WITHOUT_PREVIEW, '203.0.113.3')).toEqual({ status: 409, body: expect.objectContaining({ statusCode: 409 }) });
    expect(await app.deps.eventStore.headPosition()).toBe(before);
  });

  test('a write from another site is refused', async () => {
    const { status } = await play(WITH_PREVIEW, '203.0.113.4', { 'Sec-Fetch-Site': 'cross-site' });
    expect(status).toBe(403);
  });

  test('one address sending too many plays gets 429', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 11; index++) statuses.push((await play(WITH_PREVIEW, '198.51.100.7')).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
