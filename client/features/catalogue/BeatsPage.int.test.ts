import type { RootState } from '../../../shared/store/rootReducer';
import { PRELOADED_STATE_ID } from '../../../shared/domain/constants';
import { seedDemoCatalogue } from '../../../server/seed/seedDemoCatalogue';
import { startTestApp, type TestApp } from '../../../test/helpers/testApp';

const preloaded = (html: string) =>
  JSON.parse(new RegExp(`id="${PRELOADED_STATE_ID}">([^<]*)</script>`).exec(html)![1]!) as RootState;

describe('/beats rendered on the server', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
    await seedDemoCatalogue(app.deps);
  });
  afterAll(() => app.close());

  test('any filter URL is rendered with its list; a fourth tag is ignored; the filters show as set', async () => {
    const response = await fetch(`${app.baseUrl}/beats?genre=1&bpm=90,120&tags=dark,piano,night,fourth`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const state = preloaded(html);
    expect(state.catalogue.beats.search).toBe('?tags=dark,piano,night&bpm=90,120&genre=1');
    // The active genre and the BPM range are marked in the first HTML.
    expect(html).toMatch(/aria-current="true"[^>]*>.*?Trap/);
    expect(html).toContain('value="90"');
    expect(html).toContain('value="120"');
    const links = html.replace(/<script[\s\S]*?<\/script>/g, '');
    expect(links).not.toContain('fourth');
  });

  test('the list holds only what the filters allow', async () => {
    const state = preloaded(await (await fetch(`${app.baseUrl}/beats?genre=1&bpm=90,140&sortby=price-to-high`)).text());
    const tracks = state.catalogue.beats.tracks;
    expect(tracks.length).toBeGreaterThan(0);
    for (const track of tracks) {
      expect(track.bpm).toBeGreaterThanOrEqual(90);
      expect(track.bpm).toBeLessThanOrEqual(140);
      expect(track.genre).toContain('Trap');
    }
    const prices = tracks.map((track) => track.finalPrice);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  test('the unfiltered shop lists a first page of 20 and the filter panel', async () => {
    const html = await (await fetch(`${app.baseUrl}/beats`)).text();
    const state = preloaded(html);
    expect(state.catalogue.beats.tracks).toHaveLength(20);
    expect(state.catalogue.genres[0]).toMatchObject({ id: 0, name: 'All genres' });
    expect(state.catalogue.moods).toHaveLength(14);
    expect(html).toContain('Hide sold');
  });

  test('unknown genre and mood ids are dropped like other bad filters (SPEC §5); the API stays strict', async () => {
    for (const [query, search] of [
      ['genre=11', ''],
      ['mood=0', ''],
      ['mood=15', ''],
      ['genre=11,3&mood=0,2,15', '?mood=2&genre=3'],
    ] as const) {
      const response = await fetch(`${app.baseUrl}/beats?${query}`);
      expect(response.status).toBe(200);
      const state = preloaded(await response.text());
      expect(state.navigation.error).toBeNull();
      expect(state.catalogue.beats.search).toBe(search);
      expect(state.catalogue.beats.tracks.length).toBeGreaterThan(0);
    }
    for (const query of ['genre=11', 'mood=0', 'mood=15']) {
      expect((await fetch(`${app.baseUrl}/api/v1/tracks?${query}`)).status).toBe(400);
    }
  });
});
