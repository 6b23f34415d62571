import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assert } from 'superstruct';
import { NEW_BEATS_DAYS } from '../../shared/domain/buyer/dashboardLimits';
import { FollowingSchema, SupportOrdersSchema, WishlistPageSchema } from '../../shared/schemas/buyerPages';
import type { Order } from '../../shared/schemas/order';
import { NOT_YOUR_ORDER } from '../../shared/schemas/pages';
import type { Producer } from '../../shared/schemas/producer';
import { DashboardHomeSchema } from '../../shared/schemas/sites';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { asShown } from '../../test/helpers/shownTotal';
import { listProducts, listShop, SHOP, writeShopMedia } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { PRELOADED_STATE_ID } from '../../shared/domain/constants';
import type { RootState } from '../../shared/store/rootReducer';

const DAY_MS = 24 * 60 * 60 * 1000;

function preloadedState(html: string): RootState {
  const match = new RegExp(`<script type="application/json" id="${PRELOADED_STATE_ID}">([^<]*)</script>`).exec(html);
  if (!match) throw new Error('no preloaded state in the page');
  return JSON.parse(match[1]!) as RootState;
}

const textOf = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const CONTACT = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'My download', message: 'The download of my beat stopped halfway.' };

/**
 * The buyer's dashboard pages against the real server and database: each reads only the caller's
 * own follows, wishlist and orders, and Support refuses an order that is not the sender's.
 */
describe('the buyer’s pages: Dashboard, Following, Wishlist, Support', () => {
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'beatcrate-buyer-media-'));
  const clock = manualClock();
  let app: TestApp;
  let ada: ApiBrowser;
  let bob: ApiBrowser;
  let adaOrder: Order;
  let bobOrder: Order;

  const member = async (email: string) => {
    const browser = new ApiBrowser(app.baseUrl);
    expect((await browser.json('POST', '/auth/register', registration({ email }))).status).toBe(201);
    return browser;
  };
  const buy = async (browser: ApiBrowser, productId: number) => {
    expect((await browser.json('POST', '/ecommerce/cart', { product: productId, includeProjectFile: false })).status).toBe(200);
    const paid = await browser.json<Order>('POST', '/ecommerce/orders/stripe', await asShown(browser, { stripePaymentMethodId: 'pm_card_visa', coupon: null }));
    expect(paid.body.status).toBe('paid');
    return paid.body;
  };
  const contactRows = () => app.deps.database.query.selectFrom('contact_messages').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    writeShopMedia(mediaDir);
    app = await startTestApp({ clock, env: { MEDIA_DIR: mediaDir, PAGE_FORMS_PER_15_MINUTES: '1000' } });
    await listShop(app.deps);
    ada = await member('ada@example.com');
    bob = await member('bob@example.com');
    adaOrder = await buy(ada, SHOP.beat2.productId);
    bobOrder = await buy(bob, SHOP.pack.productId);
    await app.deps.projector.catchUp();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  describe('Following', () => {
    test('lists the producers the member follows, by name, with their beats; nobody else’s follows', async () => {
      for (const producerId of [SHOP.beat2.producerId, SHOP.beat.producerId]) {
        expect((await ada.json('POST', `/users/producer/${producerId}/follow`)).status).toBe(200);
      }
      const { status, body } = await ada.json('GET', '/dashboard/following');
      expect(status).toBe(200);
      assert(body, FollowingSchema);
      const names = await app.deps.database.query.selectFrom('catalogue_producers').select(['id', 'artist_name', 'short_name']).execute();
      const producer = (id: number) => names.find((row) => Number(row.id) === id)!;
      const expected = [
        // Producer 1 lists one beat; producer 2 a beat and a sample pack, of which only the beat counts.
        { id: SHOP.beat.producerId, beats: 1 },
        { id: SHOP.beat2.producerId, beats: 1 },
      ]
        .map(({ id, beats }) => ({ id, artistName: producer(id).artist_name, shortName: producer(id).short_name, avatarSrc: null, beats }))
        .sort((a, b) => a.artistName.localeCompare(b.artistName));
      expect(body.producers).toEqual(expected);
      expect((await bob.json('GET', '/dashboard/following')).body).toEqual({ producers: [] });
    });

    test('Unfollow is the producer page’s call: the producer leaves Following and their page shows Follow', async () => {
      const unfollowed = await ada.json<Producer>('DELETE', `/users/producer/${SHOP.beat.producerId}/unfollow`);
      expect(unfollowed.body.alreadyFollowed).toBe(false);
      const { body } = await ada.json<{ producers: { id: number }[] }>('GET', '/dashboard/following');
      expect(body.producers.map((producer) => producer.id)).toEqual([SHOP.beat2.producerId]);
      expect((await ada.json<Producer>('GET', `/users/producer/${SHOP.beat.producerId}`)).body.alreadyFollowed).toBe(false);
      expect((await ada.json<Producer>('GET', `/users/producer/${SHOP.beat2.producerId}`)).body.alreadyFollowed).toBe(true);
    });

    test('a guest is told to log in', async () => {
      expect((await new ApiBrowser(app.baseUrl).json('GET', '/dashboard/following')).status).toBe(401);
    });
  });

  describe('Wishlist', () => {
    test('answers the wishlist’s products as cards, the latest added first, sold ones marked; only the member’s own', async () => {
      for (const productId of [SHOP.beat.productId, SHOP.beat2.productId, SHOP.pack.productId]) {
        expect((await ada.json('POST', `/wishlist/${productId}`)).status).toBe(200);
      }
      expect((await bob.json('POST', `/wishlist/${SHOP.samplePack.productId}`)).status).toBe(200);
      const { status, body } = await ada.json('GET', '/dashboard/wishlist');
      expect(status).toBe(200);
      assert(body, WishlistPageSchema);
      expect(body.tracks.map((track) => [track.id, track.isSold])).toEqual([
        [SHOP.pack.productId, false],
        [SHOP.beat2.productId, true],
        [SHOP.beat.productId, false],
      ]);
      expect(body.tracks[2]).toMatchObject({ name: SHOP.beat.name, finalPrice: 199, previewTrackSrc: SHOP.beat.preview.src });
      const bobs = await bob.json<{ tracks: { id: number }[] }>('GET', '/dashboard/wishlist');
      expect(bobs.body.tracks.map((track) => track.id)).toEqual([SHOP.samplePack.productId]);
    });

    test('a removed entry leaves the page', async () => {
      expect((await ada.json('DELETE', `/wishlist/${SHOP.pack.productId}`)).status).toBe(200);
      const { body } = await ada.json<{ tracks: { id: number }[] }>('GET', '/dashboard/wishlist');
      expect(body.tracks.map((track) => track.id)).toEqual([SHOP.beat2.productId, SHOP.beat.productId]);
    });
  });

  describe('Support', () => {
    test('lists only the member’s own orders, with date and total in cents', async () => {
      const { status, body } = await ada.json('GET', '/dashboard/support/orders');
      expect(status).toBe(200);
      assert(body, SupportOrdersSchema);
      expect(body.orders).toEqual([{ id: adaOrder.id, placedAt: expect.any(String), totalCents: expect.any(Number) }]);
      expect(body.orders[0]!.totalCents).toBeGreaterThanOrEqual(SHOP.beat2.priceCents);
      const bobs = await bob.json<{ orders: { id: string }[] }>('GET', '/dashboard/support/orders');
      expect(bobs.body.orders.map((order) => order.id)).toEqual([bobOrder.id]);
    });

    test('a message about one’s own order is stored with it', async () => {
      const { status } = await ada.json('POST', '/pages/contact', { ...CONTACT, orderId: adaOrder.id });
      expect(status).toBe(201);
      const stored = (await contactRows()).at(-1)!;
      expect(stored).toMatchObject({ subject: CONTACT.subject, order_id: adaOrder.id });
    });

    test.each([
      ['another member’s order', () => ada, () => bobOrder.id],
      ['an order nobody has', () => ada, () => 'no-such-order'],
      ['any order, from a guest', () => new ApiBrowser(app.baseUrl), () => adaOrder.id],
      ['something that is no order id', () => ada, () => '../../etc'],
    ])('refuses %s with 400 and the same words, and stores nothing', async (_case, sender, orderId) => {
      const before = (await contactRows()).length;
      const { status, body } = await sender().json<{ statusCode: number; message: string }>('POST', '/pages/contact', { ...CONTACT, orderId: orderId() });
      expect(status).toBe(400);
      expect(body).toMatchObject({ statusCode: 400, message: NOT_YOUR_ORDER });
      expect(await contactRows()).toHaveLength(before);
    });

    test('a message without an order is the storefront’s contact message, as before', async () => {
      expect((await ada.json('POST', '/pages/contact', CONTACT)).status).toBe(201);
      expect((await contactRows()).at(-1)).toMatchObject({ order_id: null });
    });
  });

  describe('server-rendered with the member’s own data', () => {
    const render = async (browser: ApiBrowser, address: string) => {
      const response = await fetch(`${app.baseUrl}${address}`, { redirect: 'manual', headers: { Cookie: browser.cookieHeader() } });
      expect(response.status).toBe(200);
      const html = await response.text();
      return { state: preloadedState(html), text: textOf(html) };
    };

    test('Following, Wishlist and Support arrive preloaded, each with its heading', async () => {
      const following = await render(ada, '/dashboard/following');
      expect(following.state.buyer.following?.map((producer) => producer.id)).toEqual([SHOP.beat2.producerId]);
      expect(following.text).toContain('Unfollow');
      const wishlist = await render(ada, '/dashboard/wishlist');
      expect(wishlist.state.buyer.wishlistTracks?.map((track) => track.id)).toEqual([SHOP.beat2.productId, SHOP.beat.productId]);
      for (const words of ['Wishlist', SHOP.beat.name, SHOP.beat2.name, 'Sold', 'Remove']) expect(wishlist.text).toContain(words);
      const support = await render(ada, '/dashboard/support');
      expect(support.state.buyer.supportOrders?.map((order) => order.id)).toEqual([adaOrder.id]);
      expect(support.text).toContain('Order (optional)');
      expect(support.text).not.toContain(bobOrder.id.slice(0, 8));
    });
  });

  describe('Dashboard', () => {
    test('shows the member’s paid orders with their beats, the new beats of followed producers, and no custom orders yet', async () => {
      // An order left unpaid is no purchase.
      expect((await ada.json('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false })).status).toBe(200);
      const failed = await ada.json<Order>('POST', '/ecommerce/orders/stripe', await asShown(ada, { stripePaymentMethodId: 'pm_card_chargeDeclined', coupon: null }));
      expect(failed.body.status).not.toBe('paid');
      await app.deps.projector.catchUp();
      const { status, body } = await ada.json('GET', '/dashboard/home');
      expect(status).toBe(200);
      assert(body, DashboardHomeSchema);
      expect(body.recentPurchases).toEqual([expect.objectContaining({ id: adaOrder.id, status: 'paid', items: [expect.objectContaining({ productId: SHOP.beat2.productId })] })]);
      // Ada follows producer 2 only now: their beat, sold to her, and not their sample pack.
      expect(body.followedNewBeats.map((track) => [track.id, track.isSold])).toEqual([[SHOP.beat2.productId, true]]);
      expect(body.openCustomOrders).toEqual([]);
      expect(body.listedProducts).toBeNull();
      const bobs = await bob.json<{ recentPurchases: { id: string }[]; followedNewBeats: unknown[] }>('GET', '/dashboard/home');
      expect(bobs.body.recentPurchases.map((order) => order.id)).toEqual([bobOrder.id]);
      expect(bobs.body.followedNewBeats).toEqual([]);
    });

    test(`a beat is new for ${NEW_BEATS_DAYS} days from its listing; newer ones come first`, async () => {
      expect((await ada.json('POST', `/users/producer/${SHOP.beat.producerId}/follow`)).status).toBe(200);
      const newBeats = async () => (await ada.json<{ followedNewBeats: { id: number }[] }>('GET', '/dashboard/home')).body.followedNewBeats.map((track) => track.id);
      clock.advance((NEW_BEATS_DAYS - 1) * DAY_MS);
      const fresh = { ...SHOP.beat, productId: 50, name: 'Fresh Start' };
      await listProducts(app.deps, [fresh]);
      expect(await newBeats()).toEqual([fresh.productId, SHOP.beat2.productId, SHOP.beat.productId]);
      clock.advance(2 * DAY_MS);
      // A month on, the session of the registration has ended.
      expect((await ada.json('POST', '/auth/login', { email: 'ada@example.com', password: 'beats42' })).status).toBe(200);
      expect(await newBeats()).toEqual([fresh.productId]);
    });
  });
});
