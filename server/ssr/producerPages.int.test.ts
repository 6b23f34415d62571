import type { RootState } from '../../shared/store/rootReducer';
import { PRELOADED_STATE_ID } from '../../shared/domain/constants';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { seedDemoCatalogue } from '../seed/seedDemoCatalogue';

function preloadedState(html: string): RootState {
  const match = new RegExp(`<script type="application/json" id="${PRELOADED_STATE_ID}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error('no preloaded state in the page');
  return JSON.parse(match[1]!) as RootState;
}

const textOf = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('server rendering of the producer and product pages', () => {
  let app: TestApp;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${app.baseUrl}${path}`, { redirect: 'manual', headers });

  beforeAll(async () => {
    app = await startTestApp();
    await seedDemoCatalogue(app.deps);
  });
  afterAll(() => app.close());

  test('/{producerUrl} renders the artist name, follower count, Follow and their tracks', async () => {
    const response = await get('/nova-kade');
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = textOf(html);
    expect(text).toContain('Nova Kade');
    expect(text).toContain('0 followers');
    expect(text).toContain('Follow');
    const state = preloadedState(html);
    expect(state.producer.producer).toMatchObject({ producerUrl: 'nova-kade', alreadyFollowed: false });
    expect(state.producer.tracks.length).toBeGreaterThan(0);
    expect(state.producer.tracks.length).toBeLessThanOrEqual(20);
    for (const track of state.producer.tracks) {
      expect(track.producer.producerUrl).toBe('nova-kade');
      expect(text).toContain(track.name.replace(/&/g, '&amp;'));
    }
  });

  test('/beatmaker/{producerUrl} renders the same producer', async () => {
    const response = await get('/beatmaker/lowtide');
    expect(response.status).toBe(200);
    expect(textOf(await response.text())).toContain('Lowtide');
  });

  test('an unknown producer gives the 404 page', async () => {
    for (const path of ['/unknown-producer', '/beatmaker/unknown-producer', '/no+such!name']) {
      const response = await get(path);
      expect(response.status).toBe(404);
      expect(textOf(await response.text())).toContain('Page not found (404)');
    }
  });

  test("a member's follow is stored: the page they load next says Following with the new count", async () => {
    const member = new ApiBrowser(app.baseUrl);
    expect((await member.call('POST', '/auth/register', registration({ email: 'follower@example.com' }))).status).toBeLessThan(300);
    expect((await member.call('POST', '/users/producer/mira-sol/follow')).status).toBe(200);
    const html = await (await get('/mira-sol', { Cookie: member.cookieHeader() })).text();
    expect(textOf(html)).toContain('1 follower');
    expect(textOf(html)).toContain('Following');
    expect(preloadedState(html).producer.producer?.alreadyFollowed).toBe(true);
    // A guest sees the same count, but not as a follower.
    const guestHtml = await (await get('/mira-sol')).text();
    expect(textOf(guestHtml)).toContain('1 follower');
    expect(preloadedState(guestHtml).producer.producer?.alreadyFollowed).toBe(false);
  });

  test('/product/{id} renders the product; a malformed or unknown id gives the 404 page', async () => {
    const list = (await (await fetch(`${app.baseUrl}/api/v1/tracks?take=1`)).json()) as { tracks: { id: number; name: string }[] };
    const product = list.tracks[0]!;
    const response = await get(`/product/${product.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(textOf(html)).toContain(product.name.replace(/&/g, '&amp;'));
    expect(preloadedState(html).product.product?.id).toBe(product.id);
    for (const path of ['/product/abc', '/product/1e3', '/product/99999']) {
      const missing = await get(path);
      expect(missing.status).toBe(404);
      expect(textOf(await missing.text())).toContain('Page not found (404)');
    }
  });
});
