import type { Cart } from '../../shared/schemas/cart';
import type { Order } from '../../shared/schemas/order';
import { type Product, ProductSchema } from '../../shared/schemas/track';
import { assert } from 'superstruct';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { asShown } from '../../test/helpers/shownTotal';
import { listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { userCartStreamId } from '../domain/cart/cartEvents';
import { handleCommand } from '../domain/commandHandler';
import { userDecider } from '../domain/user/userDecider';
import { userStreamId } from '../domain/user/userEvents';

const VISA = { stripePaymentMethodId: 'pm_card_visa', coupon: null };
const THREE_DS = { stripePaymentMethodId: 'pm_card_threeDSecure2Required', coupon: null };
const PRO = SHOP.proMembership.productId;

/** SPEC §1: the PRO membership is off; when it is on, a PRO buyer never pays for it again. */
describe('PRO membership purchase rules', () => {
  let counter = 0;
  const buyer = async (app: TestApp) => {
    const visitor = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.4.0.${++counter}` });
    expect((await visitor.json('POST', '/auth/register', registration({ email: `pro${counter}@example.com` }))).status).toBe(201);
    return visitor;
  };
  const userIdOf = async (app: TestApp, visitor: ApiBrowser) => (await visitor.json<{ id: number }>('GET', '/auth/checkhealth')).body.id;
  const pay = async (visitor: ApiBrowser, body = VISA) => {
    const response = await visitor.call('POST', '/ecommerce/orders/stripe', await asShown(visitor, body));
    return { status: response.status, body: (await response.json()) as Order & { message?: string } };
  };
  const ordersPlaced = async (app: TestApp) => (await app.deps.eventStore.readAll({ types: ['OrderPlaced'], limit: 10_000 })).length;

  describe('while FEATURE_PRO_MEMBERSHIP is off', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ env: { TRUST_PROXY: '1' } });
      await listShop(app.deps);
    });
    afterAll(() => app.close());

    test('it is unknown: its product, its API answer and its page are 404', async () => {
      expect((await fetch(`${app.baseUrl}/api/v1/tracks/promembership`)).status).toBe(404);
      expect((await fetch(`${app.baseUrl}/api/v1/tracks/${PRO}`)).status).toBe(404);
      expect((await fetch(`${app.baseUrl}/product/${PRO}`)).status).toBe(404);
      expect((await fetch(`${app.baseUrl}/product/${SHOP.contacts.productId}`)).status).toBe(200);
    });

    test('it cannot be added to a cart', async () => {
      const visitor = await buyer(app);
      const added = await visitor.json('POST', '/ecommerce/cart', { product: PRO, includeProjectFile: false });
      expect(added).toEqual({ status: 404, body: { statusCode: 404, message: `Product ${PRO} not found` } });
      expect((await visitor.json<Cart>('GET', '/ecommerce/cart')).body.items).toEqual([]);
    });

    test('one left in a cart from before is inactive and is not ordered', async () => {
      const visitor = await buyer(app);
      const cart = userCartStreamId(await userIdOf(app, visitor));
      await app.deps.eventStore.append(cart, [{ type: 'CartItemAdded', data: { productId: PRO, includeProjectFile: false } }], { expectedVersion: 0 });
      expect((await visitor.json<Cart>('GET', '/ecommerce/cart')).body).toMatchObject({ items: [{ id: PRO, active: false, price: null }], total: 0 });
      const before = await ordersPlaced(app);
      expect(await pay(visitor)).toMatchObject({ status: 409, body: { message: 'PRO Membership is not available anymore' } });
      expect(await ordersPlaced(app)).toBe(before);

      expect((await visitor.json('POST', '/ecommerce/cart', { product: SHOP.contacts.productId, includeProjectFile: false })).status).toBe(200);
      const paid = await pay(visitor);
      expect(paid.body).toMatchObject({ status: 'paid', downloads: [{ kind: 'contacts' }] });
      expect((await app.deps.eventStore.readStream(`order-${paid.body.id}`))[0]!.data).toMatchObject({ lines: [{ productType: 'edmcontacts' }] });
      expect((await visitor.json('GET', '/auth/checkhealth')).body).toMatchObject({ isProBuyer: false });
    });
  });

  describe('while FEATURE_PRO_MEMBERSHIP is on', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await startTestApp({ env: { TRUST_PROXY: '1', FEATURE_PRO_MEMBERSHIP: 'true' } });
      await listShop(app.deps);
    });
    afterAll(() => app.close());

    test('it is on sale, and is no file: the order delivers nothing to download and makes the buyer PRO', async () => {
      const { body } = await new ApiBrowser(app.baseUrl).json<Product>('GET', '/tracks/promembership');
      assert(body, ProductSchema);
      expect(body).toMatchObject({ productType: 'promembership', name: 'PRO Membership' });
      const visitor = await buyer(app);
      expect((await visitor.json('POST', '/ecommerce/cart', { product: PRO, includeProjectFile: false })).status).toBe(200);
      expect((await pay(visitor)).body).toMatchObject({ status: 'paid', downloads: [] });
      expect((await visitor.json('GET', '/auth/checkhealth')).body).toMatchObject({ isProBuyer: true });
    });

    test('a PRO buyer cannot add it again, nor order one left in the cart', async () => {
      const visitor = await buyer(app);
      const userId = await userIdOf(app, visitor);
      expect((await visitor.json('POST', '/ecommerce/cart', { product: PRO, includeProjectFile: false })).status).toBe(200);
      await handleCommand(app.deps.eventStore, userStreamId(userId), userDecider, { type: 'ChangeProBuyerStatus', userId, isProBuyer: true });
      await app.deps.projector.catchUp();
      expect(await visitor.json('POST', '/ecommerce/cart', { product: PRO, includeProjectFile: false })).toEqual({
        status: 409,
        body: { statusCode: 409, message: 'You are already a PRO member' },
      });
      expect((await visitor.json<Cart>('GET', '/ecommerce/cart')).body.items).toMatchObject([{ id: PRO, active: false }]);
      const before = await ordersPlaced(app);
      expect(await pay(visitor)).toMatchObject({ status: 409, body: { message: 'You are already a PRO member' } });
      expect(await ordersPlaced(app)).toBe(before);
    });

    test('an order that completes after the buyer became PRO another way is refunded, not paid twice', async () => {
      const visitor = await buyer(app);
      const userId = await userIdOf(app, visitor);
      expect((await visitor.json('POST', '/ecommerce/cart', { product: PRO, includeProjectFile: false })).status).toBe(200);
      const waiting = await pay(visitor, THREE_DS);
      expect(waiting.body.status).toBe('requires_action');
      await handleCommand(app.deps.eventStore, userStreamId(userId), userDecider, { type: 'ChangeProBuyerStatus', userId, isProBuyer: true });
      const approved = await fetch(`${app.baseUrl}${waiting.body.nextActionUrl!}/approve`, { method: 'POST', redirect: 'manual' });
      expect(approved.status).toBe(303);
      expect((await visitor.json<Order>('GET', `/ecommerce/orders/${waiting.body.id}/refresh-status`)).body).toMatchObject({
        status: 'refunded',
        failureReason: 'You are already a PRO member, so this order was not needed. Your payment has been refunded.',
      });
      const [payment] = await app.deps.payments.sandbox!.forOrder(waiting.body.id);
      expect([payment!.charges, payment!.refunds]).toEqual([1, 1]);
    });
  });
});
