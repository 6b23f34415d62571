import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert } from 'superstruct';
import { MOODS } from '../../shared/domain/catalogue/filterOptions';
import { GENRES } from '../../shared/domain/catalogue/genres';
import { ProducerSchema, type Producer } from '../../shared/schemas/producer';
import { GenreListSchema, MoodListSchema, PeaksSchema, type Product, ProductListSchema, ProductSchema, TagListSchema } from '../../shared/schemas/track';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import { demoListings, seedDemoCatalogue } from '../seed/seedDemoCatalogue';

type Json = Record<string, unknown>;

describe('catalogue API', () => {
  let app: TestApp;
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-media-'));
  const get = async <T = Json>(pathAndQuery: string) => {
    const response = await fetch(`${app.baseUrl}/api/v1${pathAndQuery}`);
    return { status: response.status, body: (await response.json()) as T };
  };
  const list = async (query: string) => {
    const { status, body } = await get<{ tracks: Product[]; total: number }>(`/tracks?${query}`);
    expect(status).toBe(200);
    assert(body, ProductListSchema);
    return body;
  };

  beforeAll(async () => {
    app = await startTestApp({ env: { MEDIA_DIR: mediaDir } });
    await seedDemoCatalogue(app.deps);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  describe('GET /tracks', () => {
    test('lists beats and sample packs, newest first, in the shared Product shape', async () => {
      const { tracks, total } = await list('take=100&count=true');
      expect(total).toBe(330);
      expect(tracks).toHaveLength(100);
      expect(new Set(tracks.map((t) => t.productType))).toEqual(new Set(['track', 'samplepack']));
      const pack = tracks.find((t) => t.productType === 'samplepack')!;
      expect(pack).toMatchObject({ genre: 'Sample Pack', samplePack: true, bpm: null });
      const beat = tracks.find((t) => t.productType === 'track')!;
      expect(beat.genre).toBe(beat.genres.map((g) => g.name).join(' / '));
      expect(beat.producer).toEqual({ id: expect.any(Number), artistName: expect.any(String), producerUrl: expect.any(String), avatarSrc: null });
    });

    test('counts the matches only when asked: a count visits every one of them', async () => {
      expect(await list('take=5')).not.toHaveProperty('total');
      expect(await list('take=5&count=false')).not.toHaveProperty('total');
      expect((await list('genre=1&take=5&count=true')).total).toBeGreaterThan(5);
      const { status, body } = await get('/tracks?count=yes');
      expect(status).toBe(400);
      expect(JSON.stringify(body)).toMatch(/count/);
    });

    test('paging never repeats a product and ends with an empty page', async () => {
      const seen = new Set<number>();
      for (let skip = 0; ; skip += 100) {
        const { tracks } = await list(`skip=${skip}&take=100`);
        if (tracks.length === 0) break;
        for (const track of tracks) seen.add(track.id);
      }
      expect(seen.size).toBe(330);
    });

    test.each<[string, (p: Product) => boolean]>([
      ['genre=1', (p) => p.genres.some((g) => g.id === 1)],
      ['genre=0', () => true],
      ['genre=1,4', (p) => p.genres.some((g) => g.id === 1 || g.id === 4)],
      ['mood=2,12', (p) => p.moods.includes(2) || p.moods.includes(12)],
      ['key=C,F%23&scale=minor', (p) => (p.key === 'C' || p.key === 'F#') && p.scale === 'minor'],
      ['bpm=90,120', (p) => p.bpm !== null && p.bpm >= 90 && p.bpm <= 120],
      ['price=300,400', (p) => p.finalPrice >= 300 && p.finalPrice < 401],
      ['hidesold=true', (p) => !p.isSold],
      ['category=new', (p) => p.isNew],
      ['category=supersale', (p) => p.isSuperSale],
      ['category=premium', (p) => p.isPremium],
      ['category=all', () => true],
      ['vocaltype=royaltyfreevocal', (p) => p.vocalType === 'royaltyfreevocal'],
      ['samplestype=exclusivesamples', (p) => p.samplesType === 'exclusivesamples'],
      ['vocalgender=female,other', (p) => p.vocalGender === 'female' || p.vocalGender === 'other'],
      ['tags=dark', (p) => p.tags.includes('dark')],
      ['tags=DARK,piano', (p) => p.tags.includes('dark') && p.tags.includes('piano')],
      ['author_id=3', (p) => p.producer.id === 3],
      ['genre=2&bpm=80,100&hidesold=true&sortby=price-to-high', (p) => p.genres.some((g) => g.id === 2) && !p.isSold],
    ])('%s keeps only matching products, and counts them', async (query, matches) => {
      const all = await list('take=100&count=true');
      const { tracks, total } = await list(`${query}&take=100&count=true`);
      expect(tracks.length).toBeGreaterThan(0);
      expect(tracks.every(matches)).toBe(true);
      expect(total).toBeGreaterThanOrEqual(tracks.length);
      if (query !== 'genre=0' && query !== 'category=all') expect(total).toBeLessThan(all.total!);
    });

    test('sorts by price both ways', async () => {
      const down = (await list('sortby=price-to-low&take=50')).tracks.map((t) => t.finalPrice);
      const up = (await list('sortby=price-to-high&take=50')).tracks.map((t) => t.finalPrice);
      expect(down).toEqual([...down].sort((a, b) => b - a));
      expect(up).toEqual([...up].sort((a, b) => a - b));
      expect(down[0]).toBeGreaterThan(up[0]!);
    });

    test.each([
      ['bpm=abc', /bpm/],
      ['bpm=90', /bpm/],
      ['bpm=90,100,110', /bpm/],
      ['bpm=120,90', /bpm/],
      ['bpm=10,300', /bpm/],
      ['price=1,5', /price/],
      ['take=-1', /take/],
      ['take=0', /take/],
      ['take=100000', /take/],
      ['skip=x', /skip/],
      ['sortby=cheapest', /sortby/],
      ['category=free', /category/],
      ['vocaltype=loud', /vocaltype/],
      ['samplestype=x', /samplestype/],
      ['vocalgender=robot', /vocalgender/],
      ['key=H', /key/],
      ['scale=dorian', /scale/],
      ['mood=99', /mood/],
      ['mood=sad', /mood/],
      ['genre=abc', /genre/],
      ['genre=999', /genre/],
      ['hidesold=yes', /hidesold/],
      ['tags=a,b,c,d', /tags/],
      ['tags=%3Cscript%3E', /tags/],
      [`tags=${'x'.repeat(31)}`, /tags/],
      ['author_id=0', /author_id/],
      ['take=1&take=2', /take/],
    ])('%s is refused with 400 and a message, never a 500', async (query, message) => {
      const { status, body } = await get<{ statusCode: number; message: string }>(`/tracks?${query}`);
      expect(status).toBe(400);
      expect(body.statusCode).toBe(400);
      expect(body.message).toMatch(message);
    });
  });

  describe('GET /tracks/{id} and /audio/peaks/{id}', () => {
    const withPreview = { ...demoListings(1)[0]!, productId: 9001, preview: { src: '/media/previews/x.mp3', durationSeconds: 119.6, peaks: [0, 0.5, 1] } };

    beforeAll(async () => {
      await handleCommand(app.deps.eventStore, productStreamId(9001), productDecider, { type: 'ListProduct', listing: withPreview });
      await app.deps.projector.catchUp();
    });

    test('answers one product with its preview and peaks', async () => {
      const { status, body } = await get<Product>('/tracks/9001');
      expect(status).toBe(200);
      assert(body, ProductSchema);
      expect(body).toMatchObject({ id: 9001, previewTrackSrc: '/media/previews/x.mp3', previewTrackDuration: 119.6, previewTrackDurationFormatted: '1:59', peaks: [0, 0.5, 1] });
    });

    test('peaks alone, for the player', async () => {
      const { status, body } = await get('/audio/peaks/9001');
      expect(status).toBe(200);
      assert(body, PeaksSchema);
      expect(body).toEqual({ id: 9001, peaks: [0, 0.5, 1] });
      expect((await get('/audio/peaks/1')).status).toBe(404);
      expect((await get('/audio/peaks/abc')).status).toBe(400);
    });

    test('missing, malformed and delisted products', async () => {
      expect((await get('/tracks/99999')).status).toBe(404);
      expect((await get('/tracks/abc')).status).toBe(400);
      expect((await get('/tracks/1e3')).status).toBe(400);
      await handleCommand(app.deps.eventStore, productStreamId(9001), productDecider, { type: 'DelistProduct', productId: 9001 });
      await app.deps.projector.catchUp();
      expect((await get('/tracks/9001')).status).toBe(404);
      expect((await get('/audio/peaks/9001')).status).toBe(404);
    });

    test('a price change and a sale show in the catalogue', async () => {
      const beat = (await list('take=100')).tracks.find((t) => t.productType === 'track' && !t.isSold)!;
      await handleCommand(app.deps.eventStore, productStreamId(beat.id), productDecider, { type: 'ChangePrice', productId: beat.id, priceCents: 55_500 });
      await handleCommand(app.deps.eventStore, productStreamId(beat.id), productDecider, { type: 'SellProduct', productId: beat.id, orderId: 'o-int-1' });
      await app.deps.projector.catchUp();
      expect((await get<Product>(`/tracks/${beat.id}`)).body).toMatchObject({ finalPrice: 555, isSold: true });
      expect((await list('hidesold=true&take=100')).tracks.map((t) => t.id)).not.toContain(beat.id);
    });
  });

  describe('reference lists', () => {
    test('GET /genres starts with "All genres" (id 0), each with a colour', async () => {
      const { status, body } = await get<unknown[]>('/genres');
      expect(status).toBe(200);
      assert(body, GenreListSchema);
      expect(body[0]).toEqual({ id: 0, name: 'All genres', color: expect.stringMatching(/^#[0-9a-f]{6}$/), isActive: false });
      expect(body).toHaveLength(GENRES.length);
    });

    test('GET /moods lists the 14 moods with their emoji', async () => {
      const { body } = await get<unknown[]>('/moods');
      assert(body, MoodListSchema);
      expect(body.map((mood) => mood.name)).toEqual(MOODS.map((mood) => mood.name));
      expect(body).toHaveLength(14);
    });

    test('GET /tags/top lists popular tags, most used first', async () => {
      const { status, body } = await get<string[]>('/tags/top');
      expect(status).toBe(200);
      assert(body, TagListSchema);
      expect(body.length).toBeGreaterThan(5);
      const counts = await Promise.all(body.slice(0, 3).map(async (tag) => (await list(`tags=${tag}&take=1&count=true`)).total));
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });

    test('GET /tags/search matches the lowercased prefix, at most 10', async () => {
      expect((await get<string[]>('/tags/search?tags=Da')).body).toEqual(['dark']);
      const many = (await get<string[]>('/tags/search?tags=s')).body;
      expect(many.length).toBeGreaterThan(1);
      expect(many.length).toBeLessThanOrEqual(10);
      expect(many.every((tag) => tag.startsWith('s'))).toBe(true);
      expect((await get<string[]>('/tags/search?tags=zzz')).body).toEqual([]);
    });

    test.each(['', 'tags=', 'tags=%25', 'tags=a_b', `tags=${'a'.repeat(31)}`])('GET /tags/search?%s is a 400', async (query) => {
      expect((await get(`/tags/search?${query}`)).status).toBe(400);
    });
  });

  describe('producers and follows', () => {
    const browser = () => new ApiBrowser(app.baseUrl);
    const producer = async (who: ApiBrowser, id: string) => {
      const response = await who.json<Producer>('GET', `/users/producer/${id}`);
      expect(response.status).toBe(200);
      assert(response.body, ProducerSchema);
      return response.body;
    };

    test('GET /users/producer/{id} by short name or numeric id', async () => {
      const byName = await producer(browser(), 'nova-kade');
      expect(byName).toMatchObject({ id: 1, artistName: 'Nova Kade', producerUrl: 'nova-kade', alreadyFollowed: false });
      expect(byName.counters.numberoftracks.sum).toBeGreaterThan(10);
      expect(await producer(browser(), '1')).toEqual(byName);
      expect((await browser().json('GET', '/users/producer/nobody-here')).status).toBe(404);
      expect((await browser().json('GET', '/users/producer/a%20b')).status).toBe(400);
    });

    test('follow and unfollow need a login', async () => {
      expect((await browser().json('POST', '/users/producer/lowtide/follow')).status).toBe(401);
      expect((await browser().json('DELETE', '/users/producer/lowtide/unfollow')).status).toBe(401);
    });

    test('a user follows once; unfollowing is idempotent too; the count follows', async () => {
      const fan = browser();
      expect((await fan.json('POST', '/auth/register', registration({ email: 'fan@example.com' }))).status).toBe(201);
      const before = (await producer(fan, 'lowtide')).counters.numberoffollowers.sum;

      const followed = await fan.json<Producer>('POST', '/users/producer/lowtide/follow');
      expect(followed.status).toBe(200);
      assert(followed.body, ProducerSchema);
      expect(followed.body).toMatchObject({ alreadyFollowed: true, counters: { numberoffollowers: { sum: before + 1 } } });
      expect((await fan.json<Producer>('POST', '/users/producer/2/follow')).body.counters.numberoffollowers.sum).toBe(before + 1);
      expect(await producer(fan, 'lowtide')).toMatchObject({ alreadyFollowed: true });
      expect(await producer(browser(), 'lowtide')).toMatchObject({ alreadyFollowed: false, counters: { numberoffollowers: { sum: before + 1 } } });

      const unfollowed = await fan.json<Producer>('DELETE', '/users/producer/lowtide/unfollow');
      expect(unfollowed.body).toMatchObject({ alreadyFollowed: false, counters: { numberoffollowers: { sum: before } } });
      expect((await fan.json<Producer>('DELETE', '/users/producer/lowtide/unfollow')).body.counters.numberoffollowers.sum).toBe(before);
      expect((await fan.json('POST', '/users/producer/nobody-here/follow')).status).toBe(404);
    });
  });

  test('previews are served from the media directory with Range support', async () => {
    fs.mkdirSync(path.join(mediaDir, 'previews'), { recursive: true });
    fs.writeFileSync(path.join(mediaDir, 'previews', 'test.mp3'), Buffer.alloc(4096, 7));
    const whole = await fetch(`${app.baseUrl}/media/previews/test.mp3`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    const part = await fetch(`${app.baseUrl}/media/previews/test.mp3`, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(100);
    expect((await fetch(`${app.baseUrl}/media/previews/missing.mp3`)).status).toBe(404);
  });
});
