import type { Cart } from '../../shared/schemas/cart';
import type { Producer } from '../../shared/schemas/producer';
import { ApiBrowser, registration } from '../../test/helpers/accountClient';
import { verifiedProducer } from '../../test/helpers/beatUploads';
import { listProducts, listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { asShown } from '../../test/helpers/shownTotal';

/** A producer is not their own customer: their own beats stay out of their cart, and they do not follow themselves. */
describe('a producer’s own work', () => {
  let app: TestApp;
  let producer: ApiBrowser;
  let producerId: number;
  const ownBeat = () => ({ ...SHOP.beat, productId: 70, producerId, name: 'Own Groove' });

  beforeAll(async () => {
    app = await startTestApp({ env: { TRUST_PROXY: '1' } });
    await listShop(app.deps);
    ({ browser: producer, producerId } = await verifiedProducer(app.deps, app.baseUrl, 'Mara Vale'));
    await listProducts(app.deps, [ownBeat(), { ...SHOP.pack, productId: 71, producerId, name: 'Own Kit' }]);
  });
  afterAll(() => app.close());

  test('the session’s user names the producer profile the account sells as; a buyer’s names none', async () => {
    expect((await producer.json<{ producerId: number | null }>('GET', '/auth/checkhealth')).body.producerId).toBe(producerId);
    const buyer = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.9.0.1' });
    expect((await buyer.json<{ producerId: number | null }>('POST', '/auth/register', registration({ email: 'own-work-buyer@example.com' }))).body.producerId).toBeNull();
  });

  test('adding one’s own beat or sample pack to the cart is refused with 403, and the cart stays as it was', async () => {
    for (const [product, words] of [[70, 'Own Groove is your own beat'], [71, 'Own Kit is your own sample pack']] as const) {
      const refused = await producer.json<{ statusCode: number; message: string }>('POST', '/ecommerce/cart', { product, includeProjectFile: false });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain(words);
    }
    expect((await producer.json<Cart>('GET', '/ecommerce/cart')).body.items).toEqual([]);
    // Another producer's beat goes in as for any buyer.
    expect((await producer.json('POST', '/ecommerce/cart', { product: SHOP.beat.productId, includeProjectFile: false })).status).toBe(200);
    expect((await producer.json<Cart>('GET', '/ecommerce/cart')).body.items.map((item) => item.id)).toEqual([SHOP.beat.productId]);
  });

  test('one put in the cart as a guest, before logging in, is refused at checkout with 403 before any order', async () => {
    const asGuest = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': '10.9.0.2' });
    expect((await asGuest.json('POST', '/ecommerce/cart', { product: 70, includeProjectFile: false })).status).toBe(200);
    expect((await asGuest.json('POST', '/auth/login', { email: 'maravale@example.com', password: registration().password, remember: false })).status).toBe(200);
    expect((await asGuest.json<Cart>('GET', '/ecommerce/cart')).body.items.map((item) => item.id)).toContain(70);
    const refused = await asGuest.json<{ message: string }>('POST', '/ecommerce/orders/stripe', await asShown(asGuest, { stripePaymentMethodId: 'pm_card_visa', coupon: null }));
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Own Groove is your own: remove it from your cart');
    expect(await app.deps.database.query.selectFrom('commerce_order_requests').selectAll().execute()).toEqual([]);
  });

  test('following oneself is refused with 403, by short name and by id, and the count stays', async () => {
    const before = (await producer.json<Producer>('GET', '/users/producer/maravale')).body;
    for (const id of ['maravale', String(producerId)]) {
      const refused = await producer.json<{ message: string }>('POST', `/users/producer/${id}/follow`);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('You cannot follow yourself');
    }
    expect((await producer.json<Producer>('GET', '/users/producer/maravale')).body).toMatchObject({
      alreadyFollowed: false,
      counters: { numberoffollowers: { sum: before.counters.numberoffollowers.sum } },
    });
    // Following someone else works as for any member.
    expect((await producer.json<Producer>('POST', '/users/producer/nova-kade/follow')).body.alreadyFollowed).toBe(true);
  });
});
