import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AdminCoupon, CouponTerms, NewCoupon } from '../../schemas/coupons';
import type { MyEarnings, PayoutRequest, ProducerBalance, Statement, StatementDetail } from '../../schemas/earnings';
import { formatCents } from '../../domain/money';
import { loggedOut } from '../auth/authSlice';

/** What an admin's coupon form asks for: a new coupon, or new terms for one (its code stays). */
export type CouponSave = { kind: 'create'; coupon: NewCoupon } | { kind: 'change'; code: string; terms: CouponTerms };

/**
 * The admin's `Coupons`, `Payouts` and `Reports (statements)`, and a producer's own earnings,
 * each set by its page's preload. `busy` names the rows (`coupon:<code>`, `coupon:new`,
 * `payout:<producerId>`) whose call is on its way: their buttons wait.
 */
export interface MoneyState {
  coupons: AdminCoupon[] | null;
  balances: ProducerBalance[] | null;
  statements: Statement[] | null;
  statement: StatementDetail | null;
  myEarnings: MyEarnings | null;
  busy: string[];
  /** What the last change did, read out by the page's status region. */
  status: string | null;
  /** Saves answered, by the busy key of what sent them: the form that sent one closes or empties, no other. */
  couponSaves: Record<string, number>;
}

const initialState: MoneyState = { coupons: null, balances: null, statements: null, statement: null, myEarnings: null, busy: [], status: null, couponSaves: {} };

/**
 * What a coupon call marks busy: the new-coupon form, one coupon's edit form, or one coupon's
 * Expire now, each its own key, so one call's answer never frees another's button.
 */
export const COUPON_CREATE_KEY = 'coupon-new';
export const couponEditKey = (code: string) => `coupon-edit:${code}`;
export const couponExpireKey = (code: string) => `coupon-expire:${code}`;
export const couponBusyKey = (save: CouponSave) => (save.kind === 'create' ? COUPON_CREATE_KEY : couponEditKey(save.code));
const notBusy = (state: MoneyState, key: string) => {
  state.busy = state.busy.filter((busy) => busy !== key);
};

const moneySlice = createSlice({
  name: 'money',
  initialState,
  reducers: {
    couponsLoaded(state, action: PayloadAction<AdminCoupon[]>) {
      state.coupons = action.payload;
      state.status = null;
    },
    couponSaveRequested(state, action: PayloadAction<CouponSave>) {
      state.busy.push(couponBusyKey(action.payload));
    },
    couponExpireRequested(state, action: PayloadAction<string>) {
      state.busy.push(couponExpireKey(action.payload));
    },
    /** The server answered the coupon as it now stands: a new one goes first in the list. */
    couponSaved(state, action: PayloadAction<{ coupon: AdminCoupon; key: string; message: string }>) {
      const { coupon, key, message } = action.payload;
      const list = state.coupons ?? [];
      state.coupons = list.some((row) => row.code === coupon.code) ? list.map((row) => (row.code === coupon.code ? coupon : row)) : [coupon, ...list];
      state.status = message;
      state.couponSaves[key] = (state.couponSaves[key] ?? 0) + 1;
      notBusy(state, key);
    },
    /** The call failed (the error toast says why): the form keeps what was typed. */
    moneyCallFailed(state, action: PayloadAction<string>) {
      notBusy(state, action.payload);
    },
    balancesLoaded(state, action: PayloadAction<ProducerBalance[]>) {
      state.balances = action.payload;
      state.status = null;
    },
    payoutRequested(state, action: PayloadAction<PayoutRequest>) {
      state.busy.push(`payout:${action.payload.producerId}`);
    },
    payoutRecorded(state, action: PayloadAction<{ amountCents: number; reference: string; balance: ProducerBalance }>) {
      const { balance, amountCents, reference } = action.payload;
      state.balances = state.balances && state.balances.map((row) => (row.producerId === balance.producerId ? balance : row));
      state.status = `Payout of ${formatCents(amountCents)} to ${balance.producerName} recorded (${reference}). Balance now ${formatCents(balance.balanceCents)}.`;
      notBusy(state, `payout:${balance.producerId}`);
    },
    statementsLoaded(state, action: PayloadAction<Statement[]>) {
      state.statements = action.payload;
    },
    statementLoaded(state, action: PayloadAction<StatementDetail>) {
      state.statement = action.payload;
    },
    myEarningsLoaded(state, action: PayloadAction<MyEarnings>) {
      state.myEarnings = action.payload;
    },
    /** The producer's dashboard home asks for the balance section's figures after it renders. */
    myEarningsRequested() {},
  },
  // Another producer's money is not left in the page for whoever uses the browser next.
  extraReducers: (builder) => builder.addCase(loggedOut, () => initialState),
  selectors: {
    selectCoupons: (state) => state.coupons,
    selectBalances: (state) => state.balances,
    selectStatements: (state) => state.statements,
    selectStatement: (state) => state.statement,
    selectMyEarnings: (state) => state.myEarnings,
    selectMoneyStatus: (state) => state.status,
    selectCouponSaves: (state, key: string) => state.couponSaves[key] ?? 0,
    selectIsBusy: (state, key: string) => state.busy.includes(key),
  },
});

export const {
  couponsLoaded,
  couponSaveRequested,
  couponExpireRequested,
  couponSaved,
  moneyCallFailed,
  balancesLoaded,
  payoutRequested,
  payoutRecorded,
  statementsLoaded,
  statementLoaded,
  myEarningsLoaded,
  myEarningsRequested,
} = moneySlice.actions;
export const { selectCoupons, selectBalances, selectStatements, selectStatement, selectMyEarnings, selectMoneyStatus, selectCouponSaves, selectIsBusy } = moneySlice.selectors;
export default moneySlice;
