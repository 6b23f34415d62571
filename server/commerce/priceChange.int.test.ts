import { type Cart } from '../../shared/schemas/cart';
import { type Order, type PriceChangedAnswer, PriceChangedAnswerSchema } from '../../shared/schemas/order';
import { assert } from 'superstruct';
import { type ApiBrowser, manualClock } from '../../test/helpers/accountClient';
import { BEAT_DETAILS } from '../../test/helpers/beatDetails';
import { verifiedProducer } from '../../test/helpers/beatUploads';
import { listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { moneyActors } from '../../test/helpers/moneyFixtures';
import { shownTotal } from '../../test/helpers/shownTotal';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { handleCommand } from '../domain/commandHandler';
import { productDecider } from '../domain/product/productDecider';
import { productStreamId } from '../domain/product/productEvents';
import type { SandboxPayments } from '../payments/sandboxProvider';

const VISA = { stripePaymentMethodId: 'pm_card_visa', coupon: null };
const THREE_DS = { stripePaymentMethodId: 'pm_card_threeDSecure2Required', coupon: null };
const PAYPAL = { paymentMethod: 'paypal', paymentMethodWalletType: null, shippingAddress: null, coupon: null };
const WALLET = { paymentMethod: 'wallet', paymentMethodWalletType: 'google_pay', shippingAddress: null, coupon: null };

/**
 * An order is placed only at the total its buyer was shown (`expectedTotal`): a price the producer
 * changed, a coupon that expired or whose last use went to someone else meanwhile, answers 409
 * with the new total and cart, and nothing is placed, held or charged.
 */
describe('the total the buyer was shown is the total charged', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  let app: TestApp;
  let sandbox: SandboxPayments;
  let producer: ApiBrowser;
  let admin: ApiBrowser;
  let nextBeat = 20_001;
  const actors = moneyActors(() => app, 'pricechange');

  /** A beat of the verified producer, uploaded, processed and approved: listed at $199 (or `priceCents`). */
  const producersBeat = async (producerId: number, priceCents = 19_900) => {
    const productId = nextBeat++;
    const stream = productStreamId(productId);
    const details = { ...BEAT_DETAILS, name: `Ferry ${productId}`, priceCents };
    await handleCommand(app.deps.eventStore, stream, productDecider, {
      type: 'SubmitProduct',
      submission: { productId, producerId, details, files: { master: `private/masters/${productId}.wav`, stems: null, cover: null } },
    });
    await handleCommand(app.deps.eventStore, stream, productDecider, {
      type: 'RecordProcessing',
      processed: { productId, master: { format: 'wav', durationSeconds: 95.5, sampleRate: 44_100, channels: 2 }, preview: { src: `/media/previews/${productId}.mp3`, durationSeconds: 60, peaks: [0.4, 0.9] }, coverImageSrc: null },
    });
    const { position } = await handleCommand(app.deps.eventStore, stream, productDecider, { type: 'ApproveProduct', productId, by: 1 });
    await app.deps.projector.waitFor(position);
    return { productId, details };
  };
  const fill = async (buyer: ApiBrowser, productId: number) => expect((await buyer.json('POST', '/ecommerce/cart', { product: productId, includeProjectFile: false })).status).toBe(200);
  const placed = async () => (await app.deps.eventStore.readAll({ types: ['OrderPlaced'], limit: 100_000 })).length;
  const charges = async () => (await sandbox.all()).reduce((sum, payment) => sum + payment.charges, 0);
  const pay = (buyer: ApiBrowser, pathName: string, body: object, expectedTotal: number) =>
    buyer.json<Order & PriceChangedAnswer>('POST', pathName, { ...body, expectedTotal });

  beforeAll(async () => {
    app = await startTestApp({ clock });
    sandbox = app.deps.payments.sandbox!;
    await listShop(app.deps);
    admin = await actors.staff('admin');
  });
  afterAll(() => app.close());

  test.each([
    ['a card', '/ecommerce/orders/stripe', VISA],
    ['PayPal', '/ecommerce/orders', PAYPAL],
    ['a wallet', '/ecommerce/orders', WALLET],
  ])('the producer raises the price from $199 to $999 before %s payment: 409 with the new total, nothing charged; the new total is then what is paid', async (_how, pathName, body) => {
    const maker = await verifiedProducer(app.deps, app.baseUrl, `Price Maker ${nextBeat}`);
    producer = maker.browser;
    const beat = await producersBeat(maker.producerId);
    const buyer = await actors.buyer();
    await fill(buyer, beat.productId);
    const shown = await shownTotal(buyer);
    expect(shown).toBe(21_194);

    expect((await producer.json('PUT', `/studio/beats/${beat.productId}`, { ...beat.details, priceCents: 99_900 })).status).toBe(200);
    const [ordersBefore, chargesBefore] = [await placed(), await charges()];
    const refused = await pay(buyer, pathName, body, shown);
    expect(refused.status).toBe(409);
    assert(refused.body, PriceChangedAnswerSchema);
    expect(refused.body).toMatchObject({
      message: 'The price changed: the total is now $1,051.94. You have not been charged; pay again to buy at the new total.',
      expectedTotal: 105_194,
      cart: { total: 1051.94, items: [{ id: beat.productId, price: 999 }] },
    });
    expect(await placed()).toBe(ordersBefore);
    expect(await charges()).toBe(chargesBefore);
    // The beat is not held for the refused order: anyone may still buy it.
    expect((await buyer.json<Cart>('GET', '/ecommerce/cart')).body.items[0]).toMatchObject({ active: true });

    const accepted = await pay(buyer, pathName, body, refused.body.expectedTotal);
    expect(accepted.status).toBe(201);
    expect(accepted.body.total).toBe(1051.94);
    expect((await sandbox.forOrder(accepted.body.id)).map((payment) => payment.amountCents)).toEqual([105_194]);
    if (pathName === '/ecommerce/orders/stripe') expect(accepted.body.status).toBe('paid');
  });

  test('a price lowered meanwhile is refused too: the buyer pays neither more nor less than they saw', async () => {
    const maker = await verifiedProducer(app.deps, app.baseUrl, 'Price Lowerer');
    const beat = await producersBeat(maker.producerId, 29_900);
    const buyer = await actors.buyer();
    await fill(buyer, beat.productId);
    const shown = await shownTotal(buyer);
    expect((await maker.browser.json('PUT', `/studio/beats/${beat.productId}`, { ...beat.details, priceCents: 24_900 })).status).toBe(200);
    const refused = await pay(buyer, '/ecommerce/orders/stripe', VISA, shown);
    expect(refused).toMatchObject({ status: 409, body: { expectedTotal: 26_444 } });
  });

  test('a coupon that expires between the cart and the payment: 409 without its discount, nothing held; paying the new total without it works', async () => {
    expect((await admin.json('POST', '/admin/coupons', { code: 'lastday', producerId: null, percentage: 20, validFrom: '2026-11-01', validUntil: '2026-11-21', usageLimit: 1 })).status).toBe(201);
    const buyer = await actors.buyer();
    await fill(buyer, SHOP.pack.productId);
    clock.advance(Date.parse('2026-11-21T23:59:00.000Z') - clock.now().getTime());
    // $250 − 20% = $200, + $2.99 + 5%.
    const shown = await shownTotal(buyer, 'lastday');
    expect(shown).toBe(21_299);
    clock.advance(2 * 60 * 1000);

    const [ordersBefore, chargesBefore] = [await placed(), await charges()];
    const refused = await pay(buyer, '/ecommerce/orders/stripe', { ...VISA, coupon: 'lastday' }, shown);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      message: 'Coupon lastday has expired: the total is now $265.49. You have not been charged; pay again to buy at the new total.',
      expectedTotal: 26_549,
      cart: { total: 265.49, discount: 0, coupon: null, couponError: 'Coupon lastday has expired' },
    });
    expect(await placed()).toBe(ordersBefore);
    expect(await charges()).toBe(chargesBefore);

    const accepted = await pay(buyer, '/ecommerce/orders/stripe', VISA, refused.body.expectedTotal);
    expect(accepted.body).toMatchObject({ status: 'paid', total: 265.49 });
  });

  test("a coupon's last use taken by another buyer's payment meanwhile: 409 without its discount", async () => {
    expect((await admin.json('POST', '/admin/coupons', { code: 'onlyone', producerId: null, percentage: 10, validFrom: '2026-11-01', validUntil: '2026-12-31', usageLimit: 1 })).status).toBe(201);
    const [first, second] = [await actors.buyer(), await actors.buyer()];
    for (const buyer of [first, second]) await fill(buyer, SHOP.pack.productId);
    const shown = await shownTotal(second, 'onlyone');
    // The first buyer's 3-D Secure payment holds the use.
    const holding = await pay(first, '/ecommerce/orders/stripe', { ...THREE_DS, coupon: 'onlyone' }, await shownTotal(first, 'onlyone'));
    expect(holding.body.status).toBe('requires_action');

    const ordersBefore = await placed();
    const refused = await pay(second, '/ecommerce/orders/stripe', { ...VISA, coupon: 'onlyone' }, shown);
    expect(refused).toMatchObject({
      status: 409,
      body: { expectedTotal: 26_549, cart: { discount: 0, coupon: null, couponError: 'Coupon onlyone has reached its usage limit' } },
    });
    expect(refused.body.message).toMatch(/^Coupon onlyone has reached its usage limit: the total is now \$265\.49\./);
    expect(await placed()).toBe(ordersBefore);
  });

  test('an order without the total it was shown is refused with a clear 400, and places nothing', async () => {
    const buyer = await actors.buyer();
    await fill(buyer, SHOP.pack.productId);
    const ordersBefore = await placed();
    for (const [pathName, body] of [['/ecommerce/orders/stripe', VISA], ['/ecommerce/orders', PAYPAL]] as const) {
      const missing = await buyer.json<{ message: string }>('POST', pathName, body);
      expect(missing.status).toBe(400);
      expect(missing.body.message).toMatch(/^Invalid expectedTotal: /);
      expect((await pay(buyer, pathName, body, 12.5)).body.message).toMatch(/^Invalid expectedTotal: /);
    }
    expect(await placed()).toBe(ordersBefore);
  });
});
