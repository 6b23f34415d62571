import type { Order } from '../../shared/schemas/order';
import { ApiBrowser, manualClock, registration } from '../../test/helpers/accountClient';
import { asShown } from '../../test/helpers/shownTotal';
import { listProducts, listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { productStreamId } from '../domain/product/productEvents';
import { RESERVATION_MS } from './reservation';

const VISA = { stripePaymentMethodId: 'pm_card_visa', coupon: null };
const THREE_DS = { stripePaymentMethodId: 'pm_card_threeDSecure2Required', coupon: null };

/** Issue: one account could hold every beat for 30 minutes with payments it never finishes. */
describe('open reservations per buyer (BEAT_HOLDS_PER_BUYER=2)', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  let app: TestApp;
  let counter = 0;
  const beats = [0, 1, 2, 3, 4].map((index) => ({ ...SHOP.beat, productId: 80 + index, name: `Held Beat ${index + 1}` }));

  const buyer = async () => {
    const visitor = new ApiBrowser(app.baseUrl, { 'X-Forwarded-For': `10.5.0.${++counter}` });
    expect((await visitor.json('POST', '/auth/register', registration({ email: `holds${counter}@example.com` }))).status).toBe(201);
    return visitor;
  };
  /** The cart holds exactly these products. */
  const cartOf = async (visitor: ApiBrowser, ...productIds: number[]) => {
    expect((await visitor.json('DELETE', '/ecommerce/cart/clear')).status).toBe(200);
    for (const product of productIds) expect((await visitor.json('POST', '/ecommerce/cart', { product, includeProjectFile: false })).status).toBe(200);
  };
  const pay = async (visitor: ApiBrowser, body: { coupon: null } = VISA, pathName = '/ecommerce/orders/stripe') => {
    const response = await visitor.call('POST', pathName, await asShown(visitor, body));
    return { status: response.status, body: (await response.json()) as Order & { message?: string } };
  };
  const reservations = async (productId: number) => (await app.deps.eventStore.readStream(productStreamId(productId))).filter((event) => event.type === 'ProductReserved').length;

  beforeAll(async () => {
    app = await startTestApp({ clock, env: { TRUST_PROXY: '1', BEAT_HOLDS_PER_BUYER: '2', FEATURE_PRO_MEMBERSHIP: 'true' } });
    await listShop(app.deps);
    await listProducts(app.deps, beats);
  });
  afterAll(() => app.close());

  test('a buyer holding two beats in unfinished payments is refused a third, before anything is reserved or charged', async () => {
    const holder = await buyer();
    await cartOf(holder, beats[0]!.productId);
    const first = await pay(holder, THREE_DS);
    await cartOf(holder, beats[1]!.productId);
    expect((await pay(holder, THREE_DS)).body.status).toBe('requires_action');
    // Retrying the open order's own cart is the same order, not a third hold.
    expect(await pay(holder, THREE_DS)).toMatchObject({ status: 200, body: { status: 'requires_action' } });

    await cartOf(holder, beats[2]!.productId, SHOP.samplePack.productId);
    const paymentsBefore = (await app.deps.payments.sandbox!.all()).length;
    const refused = await pay(holder, VISA);
    expect(refused).toMatchObject({
      status: 409,
      body: {
        message:
          'Your unfinished payments already hold 2 beats, and one buyer can hold at most 2 at a time. ' +
          'Complete or cancel one of those payments first; the earliest hold ends at 10:30 UTC. You were not charged.',
      },
    });
    expect(await reservations(beats[2]!.productId)).toBe(0);
    expect((await app.deps.payments.sandbox!.all()).length).toBe(paymentsBefore);

    // Sample packs hold nothing: they can always be bought.
    await cartOf(holder, SHOP.samplePack.productId);
    expect((await pay(holder)).body.status).toBe('paid');
    // Another buyer can have the beat the holder was refused.
    const other = await buyer();
    await cartOf(other, beats[2]!.productId);
    expect((await pay(other)).body.status).toBe('paid');

    // Cancelling one payment frees its hold.
    expect((await holder.json<Order>('POST', `/ecommerce/orders/${first.body.id}/cancel`)).body.status).toBe('cancelled');
    await cartOf(holder, beats[3]!.productId);
    expect((await pay(holder, THREE_DS)).body.status).toBe('requires_action');
  }, 60_000);

  test('holds end with the reservation window; one order cannot hold more than the limit', async () => {
    const holder = await buyer();
    await cartOf(holder, beats[4]!.productId, SHOP.beat2.productId, SHOP.beat.productId);
    expect(await pay(holder, THREE_DS)).toMatchObject({
      status: 409,
      body: { message: 'One order can hold at most 2 beats while it is paid for; please buy the others in a second order.' },
    });
    await cartOf(holder, beats[4]!.productId, SHOP.beat2.productId);
    expect((await pay(holder, THREE_DS)).body.status).toBe('requires_action');
    await cartOf(holder, SHOP.beat.productId);
    expect((await pay(holder, THREE_DS)).status).toBe(409);
    clock.advance(RESERVATION_MS + 1);
    expect((await pay(holder, THREE_DS)).body.status).toBe('requires_action');
  });

  test('one PRO membership at a time is being paid for', async () => {
    const visitor = await buyer();
    await cartOf(visitor, SHOP.proMembership.productId);
    expect((await pay(visitor, THREE_DS)).body.status).toBe('requires_action');
    await cartOf(visitor, SHOP.proMembership.productId, SHOP.contacts.productId);
    expect(await pay(visitor, THREE_DS)).toMatchObject({
      status: 409,
      body: { message: 'Your PRO membership is already being paid for in another order. Complete or cancel that payment first. You were not charged.' },
    });
  });
});
