import { assert } from 'superstruct';
import { type AdminCoupon, AdminCouponListSchema } from '../../shared/schemas/coupons';
import type { Cart } from '../../shared/schemas/cart';
import type { ApiBrowser } from '../../test/helpers/accountClient';
import { manualClock } from '../../test/helpers/accountClient';
import { listShop, SHOP } from '../../test/helpers/commerceFixtures';
import { moneyActors } from '../../test/helpers/moneyFixtures';
import { startTestApp, type TestApp } from '../../test/helpers/testApp';
import { RESERVATION_MS } from './reservation';

const WINDOW = { validFrom: '2026-11-01', validUntil: '2026-11-30' };

describe('admin coupons: rules, usage limit and usage counts', () => {
  const clock = manualClock(new Date('2026-11-21T10:00:00.000Z'));
  let app: TestApp;
  let admin: ApiBrowser;
  const actors = moneyActors(() => app, 'coupons');

  const coupons = async () => {
    const answer = await admin.json<{ coupons: AdminCoupon[] }>('GET', '/admin/coupons');
    expect(answer.status).toBe(200);
    assert(answer.body, AdminCouponListSchema);
    return answer.body.coupons;
  };
  const couponNamed = async (code: string) => (await coupons()).find((coupon) => coupon.code === code);
  const create = (body: Record<string, unknown>) => admin.json<AdminCoupon & { coupon: AdminCoupon; message: string; errors: Record<string, string> }>('POST', '/admin/coupons', body);
  const couponRows = async () => app.deps.database.query.selectFrom('coupons').selectAll().orderBy('code').execute();
  const cartWith = async (browser: ApiBrowser, code: string) => (await browser.json<Cart>('GET', `/ecommerce/cart?coupon=${code}`)).body;

  beforeAll(async () => {
    app = await startTestApp({ clock });
    await listShop(app.deps);
    admin = await actors.staff('admin');
  });
  afterAll(() => app.close());

  test('an admin creates a sitewide and a producer coupon; codes are lowercased and unique', async () => {
    const sitewide = await create({ code: '  Winter15 ', producerId: null, percentage: 15, ...WINDOW, usageLimit: null });
    expect(sitewide.status).toBe(201);
    expect(sitewide.body.coupon).toMatchObject({ code: 'winter15', producerId: null, percentage: 15, usageLimit: null, usageCount: 0, active: true, validUntil: '2026-12-01T00:00:00.000Z' });
    const producer = await create({ code: 'KIT25', producerId: SHOP.pack.producerId, percentage: 25, ...WINDOW, usageLimit: 3 });
    expect(producer.status).toBe(201);
    expect(producer.body.coupon.producerName).toEqual(expect.any(String));

    const again = await create({ code: 'WINTER15', producerId: null, percentage: 10, ...WINDOW, usageLimit: null });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Coupon winter15 already exists');
    expect((await couponNamed('winter15'))?.percentage).toBe(15);
  });

  test.each([
    [{ code: 'big40', producerId: SHOP.pack.producerId, percentage: 40 }, 'percentage', "A producer's coupon takes at most 30% off (the seller's cap)"],
    [{ code: 'huge', producerId: null, percentage: 101 }, 'percentage', 'Percentage must be a whole number from 1 to 100'],
    [{ code: 'backwards', producerId: null, percentage: 10, validFrom: '2026-11-30', validUntil: '2026-11-01' }, 'validUntil', 'Valid until must not be before Valid from'],
    [{ code: 'december30', producerId: null, percentage: 10 }, 'code', 'december30 is the built-in December code'],
    [{ code: 'a b', producerId: null, percentage: 10 }, 'code', 'Code needs 3 to 64 letters, digits, - or _'],
    [{ code: 'nodate', producerId: null, percentage: 10, validFrom: 'soon' }, 'validFrom', 'Valid from must be a date (YYYY-MM-DD)'],
    [{ code: 'limit0', producerId: null, percentage: 10, usageLimit: 0 }, 'usageLimit', 'Usage limit must be a whole number from 1 to 1000000, or empty for none'],
    [{ code: 'ghost', producerId: 987_654, percentage: 10 }, 'producerId', 'There is no producer 987654'],
  ])('bad input %j is a 400 on %s that changes nothing', async (fields, field, message) => {
    const before = await couponRows();
    const answer = await create({ ...WINDOW, usageLimit: null, ...fields });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
    expect(answer.body.errors[field]).toBe(message);
    expect(await couponRows()).toEqual(before);
  });

  test('editing changes the terms (the 30% cap holds there too); expiring stops the coupon at once', async () => {
    const buyer = await actors.buyer();
    await buyer.json('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false });
    const edited = await admin.json<{ coupon: AdminCoupon }>('PUT', '/admin/coupons/kit25', { producerId: SHOP.pack.producerId, percentage: 30, ...WINDOW, usageLimit: 5 });
    expect(edited.status).toBe(200);
    expect(edited.body.coupon).toMatchObject({ percentage: 30, usageLimit: 5 });
    expect((await cartWith(buyer, 'KIT25')).discount).toBe(75);
    const over = await admin.json<{ message: string }>('PUT', '/admin/coupons/kit25', { producerId: SHOP.pack.producerId, percentage: 31, ...WINDOW, usageLimit: 5 });
    expect(over.status).toBe(400);
    expect((await couponNamed('kit25'))?.percentage).toBe(30);
    expect((await admin.json('PUT', '/admin/coupons/nosuch', { producerId: null, percentage: 5, ...WINDOW, usageLimit: null })).status).toBe(404);

    const expired = await admin.json<{ coupon: AdminCoupon }>('POST', '/admin/coupons/winter15/expire');
    expect(expired.status).toBe(200);
    expect(expired.body.coupon).toMatchObject({ active: false, validUntil: clock.now().toISOString() });
    expect((await cartWith(buyer, 'winter15')).couponError).toBe('Coupon winter15 has expired');
  });

  test('the window: not yet valid, then valid', async () => {
    expect((await create({ code: 'spring', producerId: null, percentage: 10, validFrom: '2026-12-24', validUntil: '2026-12-26', usageLimit: null })).status).toBe(201);
    const buyer = await actors.buyer();
    await buyer.json('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false });
    expect((await cartWith(buyer, 'spring')).couponError).toBe('Coupon spring is not valid yet');
    expect((await couponNamed('spring'))?.active).toBe(false);
  });

  test('two buyers racing for the last use: one pays with it, the other is told the limit is reached and shown the total without it', async () => {
    expect((await create({ code: 'last1', producerId: null, percentage: 10, ...WINDOW, usageLimit: 1 })).status).toBe(201);
    const [first, second] = [await actors.buyer(), await actors.buyer()];
    const answers = await Promise.all([actors.buy(first, [SHOP.pack.productId], 'last1'), actors.buy(second, [SHOP.pack.productId], 'last1')]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409]);
    const refused = answers.find((answer) => answer.status === 409)!;
    expect(refused.body.message).toMatch(/^Coupon last1 has reached its usage limit: the total is now \$265\.49\./);
    expect(answers.find((answer) => answer.status === 201)!.body.status).toBe('paid');
    expect(await couponNamed('last1')).toMatchObject({ usageCount: 1, active: false });
    const late = await actors.buyer();
    await late.json('POST', '/ecommerce/cart', { product: SHOP.pack.productId, includeProjectFile: false });
    expect((await cartWith(late, 'last1')).couponError).toBe('Coupon last1 has reached its usage limit');
  });

  test('an unpaid order holds the use; a declined or abandoned one lets it go; only paid orders count', async () => {
    expect((await create({ code: 'held1', producerId: null, percentage: 10, ...WINDOW, usageLimit: 1 })).status).toBe(201);
    const declined = await actors.buy(await actors.buyer(), [SHOP.pack.productId], 'held1', 'pm_card_chargeDeclined');
    expect(declined.body.status).toBe('failed');
    expect((await couponNamed('held1'))?.usageCount).toBe(0);

    const waiting = await actors.buy(await actors.buyer(), [SHOP.pack.productId], 'held1', 'pm_card_threeDSecure2Required');
    expect(waiting.body.status).toBe('requires_action');
    const blocked = await actors.buy(await actors.buyer(), [SHOP.pack.productId], 'held1');
    expect(blocked.status).toBe(409);
    expect(blocked.body.message).toMatch(/^Coupon held1 has reached its usage limit: /);

    // The 3-D Secure page is left alone past the payment window: the hold lapses.
    clock.advance(RESERVATION_MS + 1000);
    const after = await actors.buy(await actors.buyer(), [SHOP.pack.productId], 'held1');
    expect(after.status).toBe(201);
    expect(after.body.status).toBe('paid');
    expect((await couponNamed('held1'))?.usageCount).toBe(1);
  });

  test('usage counts show paid orders per code; the built-in December code is untouched', async () => {
    expect((await create({ code: 'count3', producerId: SHOP.pack.producerId, percentage: 20, ...WINDOW, usageLimit: null })).status).toBe(201);
    for (let i = 0; i < 2; i++) expect((await actors.buy(await actors.buyer(), [SHOP.pack.productId], 'COUNT3')).body.status).toBe('paid');
    expect((await couponNamed('count3'))?.usageCount).toBe(2);
    expect((await coupons()).some((coupon) => coupon.code === 'december30')).toBe(false);
  });
});
