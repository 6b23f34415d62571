import { assert } from 'superstruct';
import { SITEWIDE_COUPON_CODE } from '../../shared/domain/constants';
import { type Cart, CartSchema } from '../../shared/schemas/cart';
import type { WishlistEntry } from '../../shared/schemas/wishlist';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { listShop, manyPacks, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { saveProducerCoupon } from '../commerce/coupons';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';

const OK = { status: 'ok' };

describe('cart and wishlist API', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  let app: TestApp;
  let ipCounter = 0;
  let emailCounter = 0;
  const guest = () => new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.1.0.${++ipCounter}` });
  const buyer = async () => {
    const visitor = guest();
    const response = await visitor.json('POST', '/auth/register', registration({ email: `buyer${++emailCounter}@example.com` }));
    expect(response.status).toBe(201);
    return visitor;
  };
  const cartOf = async (visitor: ApiBrowser, coupon?: string) => {
    const response = await visitor.json<Cart>('GET', `/ecommerce/cart${coupon === undefined ? '' : `?coupon=${encodeURIComponent(coupon)}`}`);
    expect(response.status).toBe(200);
    assert(response.body, CartSchema);
    return response.body;
  };
  const add = (visitor: ApiBrowser, product: number, includeProjectFile = false) =>
    visitor.json('POST', '/ecommerce/cart', { product, includeProjectFile });

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { TRUST_PROXY: '1', SERVICE_FEE_FIXED: '2.99', SERVICE_FEE_PERCENTAGE: '5', FEATURE_PRO_MEMBERSHIP: 'true' } });
    await listShop(app.deps, manyPacks(20));
    await saveProducerCoupon(app.deps, {
      code: 'LOWTIDE20',
      producerId: SHOP.pack.producerId,
      percentage: 20,
      validFrom: new Date('2026-01-01T00:00:00Z'),
      validUntil: new Date('2027-01-01T00:00:00Z'),
    });
    await saveProducerCoupon(app.deps, {
      code: 'oldnova',
      producerId: SHOP.beat.producerId,
      percentage: 10,
      validFrom: new Date('2025-01-01T00:00:00Z'),
      validUntil: new Date('2025-02-01T00:00:00Z'),
    });
  });
  afterAll(() => app.close());

  describe('a guest cart', () => {
    test('starts empty, with the configured fees and zero totals', async () => {
      expect(await cartOf(guest())).toEqual({
        items: [],
        serviceFeeFixed: 2.99,
        serviceFeePercentage: 5,
        subTotal: 0,
        subTotalWithoutCoupon: 0,
        discount: 0,
        total: 0,
        coupon: null,
        couponError: null,
      });
    });

    test('the first add sets an httpOnly SameSite=Lax cookie; items keep their order; totals are in cents', async () => {
      const visitor = guest();
      expect(await add(visitor, SHOP.beat.productId, true)).toEqual({ status: 200, body: OK });
      const cookie = visitor.lastSetCookies.find((set) => set.name === 'beatcrate_cart');
      expect(cookie).toMatchObject({ attributes: { httponly: true, samesite: 'Lax', path: '/' } });
      expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await add(visitor, SHOP.pack.productId)).toEqual({ status: 200, body: OK });
      expect(visitor.lastSetCookies).toEqual([]);

      const cart = await cartOf(visitor);
      expect(cart.items.map((item) => [item.id, item.price, item.includeProjectFile, item.active])).toEqual([
        [SHOP.beat.productId, 248, true, true],
        [SHOP.pack.productId, 250, false, true],
      ]);
      expect(cart.items[0]!.product).toMatchObject({ name: 'Night Drive', finalPrice: 199, projectFilePrice: 49, isSold: false, productType: 'track' });
      // 498 + 2.99 + 5% of 498 = 24.90
      expect(cart).toMatchObject({ subTotalWithoutCoupon: 498, discount: 0, subTotal: 498, total: 525.89 });
      expect(await cartOf(guest())).toMatchObject({ items: [] });
    });

    test('adding a product twice keeps one item; PUT toggles the project file; DELETE removes; clear empties', async () => {
      const visitor = guest();
      await add(visitor, SHOP.beat.productId);
      await add(visitor, SHOP.beat.productId);
      await add(visitor, SHOP.samplePack.productId);
      expect((await cartOf(visitor)).items.map((item) => item.id)).toEqual([SHOP.beat.productId, SHOP.samplePack.productId]);

      expect(await visitor.json('PUT', `/ecommerce/cart/${SHOP.beat.productId}`, { includeProjectFile: true })).toEqual({ status: 200, body: OK });
      expect((await cartOf(visitor)).items[0]).toMatchObject({ includeProjectFile: true, price: 248 });

      expect(await visitor.json('DELETE', `/ecommerce/cart/${SHOP.samplePack.productId}`)).toEqual({ status: 200, body: OK });
      expect((await cartOf(visitor)).items.map((item) => item.id)).toEqual([SHOP.beat.productId]);
      expect((await visitor.json('DELETE', `/ecommerce/cart/${SHOP.samplePack.productId}`)).status).toBe(404);

      expect(await visitor.json('DELETE', '/ecommerce/cart/clear')).toEqual({ status: 200, body: OK });
      expect((await cartOf(visitor)).items).toEqual([]);
      expect(await visitor.json('DELETE', '/ecommerce/cart/clear')).toEqual({ status: 200, body: OK });
    });

    test("a row's product carries what the player shows when it plays from the cart, as the catalogue answers it", async () => {
      const visitor = guest();
      await add(visitor, SHOP.beat.productId);
      const [item] = (await cartOf(visitor)).items;
      const catalogue = (await visitor.json<Record<string, unknown>>('GET', `/tracks/${SHOP.beat.productId}`)).body;
      const playerFields = ['bpm', 'key', 'scale', 'genres', 'samplePack', 'previewTrackSrc', 'previewTrackDuration', 'producer'];
      expect(item!.product).toMatchObject(Object.fromEntries(playerFields.map((field) => [field, catalogue[field]])));
    });

    test('the EDM contacts list and the PRO membership are items too', async () => {
      const visitor = guest();
      await add(visitor, SHOP.contacts.productId);
      await add(visitor, SHOP.proMembership.productId);
      const cart = await cartOf(visitor);
      expect(cart.items.map((item) => [item.product.productType, item.isProMembership])).toEqual([
        ['edmcontacts', false],
        ['promembership', true],
      ]);
    });

    test('20 parallel adds to one cart give 20 items', async () => {
      const visitor = guest();
      await add(visitor, SHOP.pack.productId);
      const results = await Promise.all(manyPacks(20).map((listing) => add(visitor, listing.productId)));
      expect(results.every((result) => result.status === 200)).toBe(true);
      const cart = await cartOf(visitor);
      expect(cart.items).toHaveLength(21);
      expect(new Set(cart.items.map((item) => item.id)).size).toBe(21);
    });

    test('the tracking id goes into the event metadata; a malformed one is refused', async () => {
      const visitor = guest();
      const response = await visitor.call('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false }, { 'X-Tracking-Id': 'gtm-Abc_123' });
      expect(response.status).toBe(200);
      const [event] = await app.deps.eventStore.readAll({ types: ['CartItemAdded'], after: (await app.deps.eventStore.headPosition()) - 1 });
      expect(event!.metadata).toEqual({ trackingId: 'gtm-Abc_123' });
      const bad = await visitor.call('POST', '/ecommerce/cart', { product: SHOP.samplePack.productId, includeProjectFile: false }, { 'X-Tracking-Id': 'no spaces!' });
      expect(bad.status).toBe(400);
      expect((await cartOf(visitor)).items.map((item) => item.id)).toEqual([SHOP.pack.productId]);
    });
  });

  describe('bad input changes nothing', () => {
    test.each([
      ['no product', { includeProjectFile: false }, 400],
      ['a string product', { product: 'abc', includeProjectFile: false }, 400],
      ['a missing flag', { product: 2 }, 400],
      ['an extra field', { product: 2, includeProjectFile: false, price: 1 }, 400],
      ['a project file the product does not offer', { product: SHOP.pack.productId, includeProjectFile: true }, 400],
      ['an unknown product', { product: 99_999, includeProjectFile: false }, 404],
    ])('POST with %s', async (_label, body, status) => {
      const visitor = guest();
      const response = await visitor.json<{ statusCode: number; message: string }>('POST', '/ecommerce/cart', body);
      expect(response.status).toBe(status);
      expect(response.body.message).toEqual(expect.any(String));
      expect((await cartOf(visitor)).items).toEqual([]);
    });

    test('PUT and DELETE with a malformed id or body', async () => {
      const visitor = guest();
      await add(visitor, SHOP.beat.productId);
      expect((await visitor.json('PUT', '/ecommerce/cart/abc', { includeProjectFile: true })).status).toBe(400);
      expect((await visitor.json('PUT', `/ecommerce/cart/${SHOP.beat.productId}`, { includeProjectFile: 'yes' })).status).toBe(400);
      expect((await visitor.json('PUT', `/ecommerce/cart/${SHOP.samplePack.productId}`, { includeProjectFile: false })).status).toBe(404);
      expect((await visitor.json('DELETE', '/ecommerce/cart/1e3')).status).toBe(400);
      expect((await cartOf(visitor)).items).toMatchObject([{ id: SHOP.beat.productId, includeProjectFile: false }]);
    });
  });

  describe('coupons', () => {
    const cartWithBothProducers = async () => {
      const visitor = guest();
      await add(visitor, SHOP.beat.productId);
      await add(visitor, SHOP.pack.productId);
      return visitor;
    };

    test.each([
      ['2026-11-30T23:59:59.000Z', false],
      ['2026-12-01T00:00:00.000Z', true],
      ['2026-12-31T23:59:59.000Z', true],
      ['2027-01-01T00:00:00.000Z', false],
    ])('the sitewide code on %s applies: %s', async (at, applies) => {
      const visitor = await cartWithBothProducers();
      const saved = clock.now().getTime();
      clock.advance(Date.parse(at) - saved);
      try {
        const cart = await cartOf(visitor, SITEWIDE_COUPON_CODE.toUpperCase());
        if (applies) {
          // 30% of 199 and of 250
          expect(cart).toMatchObject({ coupon: { code: SITEWIDE_COUPON_CODE, percentage: 30, producerId: null }, couponError: null, discount: 134.7, subTotal: 314.3 });
          expect(cart.total).toBe(Math.round((314.3 + 2.99 + 314.3 * 0.05) * 100) / 100);
        } else {
          expect(cart).toMatchObject({ coupon: null, couponError: 'Coupon december30 is valid only from December 1 to December 31', discount: 0, subTotal: 449 });
        }
      } finally {
        clock.advance(saved - clock.now().getTime());
      }
    });

    test("a producer's coupon discounts only that producer's items", async () => {
      const cart = await cartOf(await cartWithBothProducers(), ' LowTide20 ');
      expect(cart).toMatchObject({ coupon: { code: 'lowtide20', percentage: 20, producerId: SHOP.pack.producerId }, couponError: null, discount: 50, subTotal: 399, subTotalWithoutCoupon: 449 });
    });

    test('an unknown, an expired and a misplaced coupon give a couponError and no discount', async () => {
      const visitor = await cartWithBothProducers();
      expect(await cartOf(visitor, 'nosuchcode')).toMatchObject({ coupon: null, couponError: 'Coupon nosuchcode does not exist', discount: 0 });
      expect(await cartOf(visitor, 'OLDNOVA')).toMatchObject({ coupon: null, couponError: 'Coupon oldnova has expired', discount: 0 });
      const onlyNightDrive = guest();
      await add(onlyNightDrive, SHOP.beat.productId);
      expect(await cartOf(onlyNightDrive, 'lowtide20')).toMatchObject({ coupon: null, couponError: 'Coupon lowtide20 applies to none of the products in your cart', discount: 0 });
      expect(await cartOf(onlyNightDrive, '')).toMatchObject({ coupon: null, couponError: null });
    });
  });

  test('a beat sold to someone else stays in the cart, inactive, without price and out of the totals', async () => {
    const visitor = guest();
    const sold = { ...SHOP.beat2 };
    await add(visitor, sold.productId);
    await add(visitor, SHOP.pack.productId);
    const { append } = await handleCommand(app.deps.eventStore, productStreamId(sold.productId), productDecider, {
      type: 'SellProduct',
      productId: sold.productId,
      orderId: 'someone-else',
    });
    await app.deps.projector.waitFor(append!.lastPosition);
    const cart = await cartOf(visitor);
    expect(cart.items[0]).toMatchObject({ id: sold.productId, active: false, price: null, product: { isSold: true } });
    expect(cart).toMatchObject({ subTotal: 250, subTotalWithoutCoupon: 250 });
    expect((await add(guest(), sold.productId)).status).toBe(409);
  });

  describe('the guest cart joins the user cart at login and registration', () => {
    test('registration keeps the guest cart and drops its cookie', async () => {
      const visitor = guest();
      await add(visitor, SHOP.beat.productId, true);
      await add(visitor, SHOP.samplePack.productId);
      const response = await visitor.json('POST', '/auth/register', registration({ email: `merge${++emailCounter}@example.com` }));
      expect(response.status).toBe(201);
      expect(visitor.cookies.has('beatcrate_cart')).toBe(false);
      expect((await cartOf(visitor)).items.map((item) => [item.id, item.includeProjectFile])).toEqual([
        [SHOP.beat.productId, true],
        [SHOP.samplePack.productId, false],
      ]);
    });

    test('login merges without duplicates and keeps what the user had', async () => {
      const email = `merge${++emailCounter}@example.com`;
      const owner = guest();
      expect((await owner.json('POST', '/auth/register', registration({ email }))).status).toBe(201);
      await add(owner, SHOP.pack.productId);
      await add(owner, SHOP.beat.productId, false);

      const anonymous = guest();
      await add(anonymous, SHOP.beat.productId, true);
      await add(anonymous, SHOP.contacts.productId);
      const guestCookie = anonymous.cookies.get('beatcrate_cart')!;
      expect((await anonymous.json('POST', '/auth/login', { email, password: 'beats42', remember: false })).status).toBe(200);
      const merged = await cartOf(anonymous);
      expect(merged.items.map((item) => [item.id, item.includeProjectFile])).toEqual([
        [SHOP.pack.productId, false],
        [SHOP.beat.productId, false],
        [SHOP.contacts.productId, false],
      ]);
      expect(anonymous.cookies.has('beatcrate_cart')).toBe(false);
      // The old guest cookie now names an empty cart: logging out shows nothing of the user's.
      const oldGuest = guest();
      oldGuest.cookies.set('beatcrate_cart', guestCookie);
      expect((await cartOf(oldGuest)).items).toEqual([]);
    });
  });

  describe('wishlist', () => {
    test('needs a login', async () => {
      const visitor = guest();
      expect((await visitor.json('GET', '/wishlist')).status).toBe(401);
      expect((await visitor.json('POST', '/wishlist/1')).status).toBe(401);
      expect((await visitor.json('DELETE', '/wishlist/1')).status).toBe(401);
    });

    test('add answers the entry and is idempotent; remove; a missing entry or unknown product is 404', async () => {
      const visitor = await buyer();
      expect(await visitor.json('GET', '/wishlist')).toEqual({ status: 200, body: [] });
      const first = await visitor.json<WishlistEntry>('POST', `/wishlist/${SHOP.pack.productId}`);
      expect(first).toEqual({ status: 200, body: { id: 1, productId: SHOP.pack.productId } });
      expect(await visitor.json('POST', `/wishlist/${SHOP.pack.productId}`)).toEqual(first);
      expect((await visitor.json<WishlistEntry>('POST', `/wishlist/${SHOP.samplePack.productId}`)).body).toEqual({ id: 2, productId: SHOP.samplePack.productId });
      expect((await visitor.json('GET', '/wishlist')).body).toEqual([
        { id: 1, productId: SHOP.pack.productId },
        { id: 2, productId: SHOP.samplePack.productId },
      ]);
      expect(await visitor.json('DELETE', `/wishlist/${SHOP.pack.productId}`)).toEqual({ status: 200, body: OK });
      expect((await visitor.json('DELETE', `/wishlist/${SHOP.pack.productId}`)).status).toBe(404);
      expect((await visitor.json('POST', '/wishlist/99999')).status).toBe(404);
      expect((await visitor.json('POST', '/wishlist/abc')).status).toBe(400);
      expect((await visitor.json('GET', '/wishlist')).body).toEqual([{ id: 2, productId: SHOP.samplePack.productId }]);
    });
  });
});
