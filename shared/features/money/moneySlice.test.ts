import type { AdminCoupon } from '../../schemas/coupons';
import type { ProducerBalance } from '../../schemas/earnings';
import { loggedOut } from '../auth/authSlice';
import moneySlice, {
  balancesLoaded,
  couponExpireRequested,
  couponSaveRequested,
  couponSaved,
  couponsLoaded,
  moneyCallFailed,
  payoutRecorded,
  payoutRequested,
  selectBalances,
  selectCoupons,
  selectIsBusy,
  selectMoneyStatus,
  selectCouponSaves,
  type MoneyState,
} from './moneySlice';
import { reducerOf } from '../../../test/helpers/reduceSlice';

const reduce = reducerOf(moneySlice.reducer);
const root = (money: MoneyState) => ({ money });

const coupon = (code: string, changes: Partial<AdminCoupon> = {}): AdminCoupon => ({
  code,
  producerId: null,
  producerName: null,
  percentage: 10,
  validFrom: '2026-11-01',
  validUntil: '2026-11-30',
  usageLimit: null,
  usageCount: 0,
  active: true,
  ...changes,
});
const balance = (producerId: number, producerName: string, balanceCents: number): ProducerBalance => ({
  producerId,
  producerName,
  earnedCents: balanceCents,
  paidOutCents: 0,
  balanceCents,
  lastPayoutAt: null,
});
const terms = { producerId: null, percentage: 20, validFrom: '2026-11-01', validUntil: '2026-12-31', usageLimit: 100 };
const payout = { payoutId: 'payout-0001', producerId: 7, amountCents: 12_345, reference: 'TR-1' };

describe('money slice', () => {
  test('a changed coupon replaces its row; a new one goes first; each save is counted and frees its row', () => {
    const changing = reduce(undefined, couponsLoaded([coupon('nova10'), coupon('winter')]), couponSaveRequested({ kind: 'change', code: 'nova10', terms }));
    expect(selectIsBusy(root(changing), 'coupon-edit:nova10')).toBe(true);
    const changed = reduce(changing, couponSaved({ coupon: coupon('nova10', { percentage: 20 }), key: 'coupon-edit:nova10', message: 'Coupon nova10 saved.' }));
    expect(selectCoupons(root(changed))?.map((row) => [row.code, row.percentage])).toEqual([['nova10', 20], ['winter', 10]]);
    expect(selectIsBusy(root(changed), 'coupon-edit:nova10')).toBe(false);
    expect(selectMoneyStatus(root(changed))).toBe('Coupon nova10 saved.');
    const creating = reduce(changed, couponSaveRequested({ kind: 'create', coupon: { code: 'spring', ...terms } }));
    expect(selectIsBusy(root(creating), 'coupon-new')).toBe(true);
    const created = reduce(creating, couponSaved({ coupon: coupon('spring'), key: 'coupon-new', message: 'Coupon spring created.' }));
    expect(selectCoupons(root(created))?.map((row) => row.code)).toEqual(['spring', 'nova10', 'winter']);
    expect([selectCouponSaves(root(created), 'coupon-edit:nova10'), selectCouponSaves(root(created), 'coupon-new')]).toEqual([1, 1]);
    expect(selectIsBusy(root(created), 'coupon-new')).toBe(false);
  });

  test('a coupon saved before the list loaded starts the list', () => {
    expect(selectCoupons(root(reduce(undefined, couponSaved({ coupon: coupon('spring'), key: 'coupon-new', message: 'Created.' }))))).toEqual([coupon('spring')]);
  });

  test('a failed call frees only its own row, and counts no save', () => {
    const state = reduce(undefined, couponExpireRequested('winter'), payoutRequested(payout), moneyCallFailed('coupon-expire:winter'));
    expect(selectIsBusy(root(state), 'coupon-expire:winter')).toBe(false);
    expect(selectIsBusy(root(state), 'payout:7')).toBe(true);
    expect(selectCouponSaves(root(state), 'coupon-expire:winter')).toBe(0);
  });

  test('an expiry and an edit of the same coupon are busy apart: one answer frees only its own button', () => {
    const both = reduce(undefined, couponsLoaded([coupon('new')]), couponSaveRequested({ kind: 'change', code: 'new', terms }), couponExpireRequested('new'));
    const expired = reduce(both, couponSaved({ coupon: coupon('new', { active: false }), key: 'coupon-expire:new', message: 'Coupon new expired: it no longer works.' }));
    expect([selectIsBusy(root(expired), 'coupon-edit:new'), selectIsBusy(root(expired), 'coupon-expire:new'), selectIsBusy(root(expired), 'coupon-new')]).toEqual([true, false, false]);
    expect(selectCouponSaves(root(expired), 'coupon-edit:new')).toBe(0);
  });

  test('a payout recorded before the balances loaded leaves them to load', () => {
    const state = reduce(undefined, payoutRecorded({ amountCents: 100, reference: 'TR-2', balance: balance(7, 'Nova Kade', 0) }));
    expect(selectBalances(root(state))).toBeNull();
  });

  test('a recorded payout replaces that producer’s balance and says what went and what is left', () => {
    const state = reduce(
      undefined,
      balancesLoaded([balance(7, 'Nova Kade', 20_000), balance(8, 'Lowtide', 5_000)]),
      payoutRequested(payout),
      payoutRecorded({ amountCents: 12_345, reference: 'TR-1', balance: { ...balance(7, 'Nova Kade', 7_655), paidOutCents: 12_345 } }),
    );
    expect(selectBalances(root(state))?.map((row) => [row.producerId, row.balanceCents])).toEqual([[7, 7_655], [8, 5_000]]);
    expect(selectMoneyStatus(root(state))).toBe('Payout of $123.45 to Nova Kade recorded (TR-1). Balance now $76.55.');
    expect(selectIsBusy(root(state), 'payout:7')).toBe(false);
  });

  test('loading coupons or balances clears the last message; logout forgets everything', () => {
    const saved = reduce(undefined, couponSaved({ coupon: coupon('spring'), key: 'coupon-new', message: 'Created.' }));
    expect(selectMoneyStatus(root(reduce(saved, balancesLoaded([]))))).toBeNull();
    expect(selectMoneyStatus(root(reduce(saved, couponsLoaded([]))))).toBeNull();
    expect(reduce(saved, payoutRequested(payout), loggedOut())).toEqual(moneySlice.reducer(undefined, { type: 'init' }));
  });
});
