import { type CouponCommand, couponDecider } from './couponDecider';
import type { CouponEvent } from './couponEvents';

const coupon = { code: 'last2', producerId: null, percentage: 10, validFrom: '2026-11-01T00:00:00.000Z', validUntil: '2026-12-01T00:00:00.000Z', usageLimit: 2 };
const created: CouponEvent = { type: 'CouponCreated', data: { ...coupon, by: 1 } };
const held = (orderId: string, until = '2026-11-21T10:30:00.000Z'): CouponEvent => ({ type: 'CouponUseHeld', data: { orderId, until } });
const at = '2026-11-21T10:00:00.000Z';
const decide = (events: CouponEvent[], command: CouponCommand) => () => couponDecider.decide(command, events.reduce(couponDecider.evolve, couponDecider.initialState()));

describe('coupon decider', () => {
  test('a code is created once; changes and expiry that change nothing record nothing', () => {
    expect(decide([created], { type: 'CreateCoupon', coupon, by: 1 })).toThrow('Coupon last2 already exists');
    expect(decide([created], { type: 'ChangeCoupon', terms: coupon, by: 1 })()).toEqual([]);
    expect(decide([], { type: 'ChangeCoupon', terms: coupon, by: 1 })).toThrow('Coupon not found');
    expect(decide([created], { type: 'ExpireCoupon', at, by: 1 })()).toEqual([{ type: 'CouponExpired', data: { at, by: 1 } }]);
    expect(decide([created, { type: 'CouponExpired', data: { at, by: 1 } }], { type: 'ExpireCoupon', at, by: 1 })()).toEqual([]);
  });

  test('live holds and paid uses count against the limit; a lapsed or released hold does not', () => {
    const hold = (orderId: string): CouponCommand => ({ type: 'HoldUse', orderId, at, until: '2026-11-21T10:30:00.000Z' });
    expect(decide([created, held('a')], hold('b'))()).toEqual([held('b')]);
    expect(decide([created, held('a'), held('b')], hold('c'))).toThrow('Coupon last2 has reached its usage limit');
    expect(decide([created, held('a'), { type: 'CouponUseConfirmed', data: { orderId: 'a' } }, held('b')], hold('c'))).toThrow(/usage limit/);
    expect(decide([created, held('a'), held('b'), { type: 'CouponUseReleased', data: { orderId: 'b' } }], hold('c'))()).toEqual([held('c')]);
    expect(decide([created, held('a'), held('b', '2026-11-21T09:59:59.000Z')], hold('c'))()).toEqual([held('c')]);
    // The same order asking again (a retried checkout) keeps its one hold.
    expect(decide([created, held('a'), held('b')], hold('a'))()).toEqual([]);
  });

  test('a use is confirmed once, and releasing a confirmed use changes nothing', () => {
    const confirmed: CouponEvent = { type: 'CouponUseConfirmed', data: { orderId: 'a' } };
    expect(decide([created, held('a')], { type: 'ConfirmUse', orderId: 'a' })()).toEqual([confirmed]);
    expect(decide([created, held('a'), confirmed], { type: 'ConfirmUse', orderId: 'a' })()).toEqual([]);
    expect(decide([created, held('a'), confirmed], { type: 'ReleaseUse', orderId: 'a' })()).toEqual([]);
  });
});
