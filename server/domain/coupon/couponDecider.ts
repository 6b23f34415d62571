import { type Decider, DomainError } from '../decider';
import type { CouponDefinition, CouponEvent, CouponTerms } from './couponEvents';
import { couponEventCodec } from './couponEventCodec';

export type CouponState =
  | { status: 'none' }
  | {
      status: 'defined';
      coupon: CouponDefinition;
      /** Orders holding a use, with when the hold lapses. */
      holds: { orderId: string; until: string }[];
      /** Paid orders that used it. */
      used: string[];
    };

export type CouponCommand =
  | { type: 'CreateCoupon'; coupon: CouponDefinition; by: number | null }
  | { type: 'ChangeCoupon'; terms: CouponTerms; by: number | null }
  | { type: 'ExpireCoupon'; at: string; by: number | null }
  | { type: 'HoldUse'; orderId: string; at: string; until: string }
  | { type: 'ReleaseUse'; orderId: string }
  | { type: 'ConfirmUse'; orderId: string };

export const usageLimitReached = (code: string) => `Coupon ${code} has reached its usage limit`;

const sameTerms = (a: CouponTerms, b: CouponTerms) =>
  a.producerId === b.producerId && a.percentage === b.percentage && a.validFrom === b.validFrom && a.validUntil === b.validUntil && a.usageLimit === b.usageLimit;

/** Uses taken: paid ones, and holds of orders still inside their payment window at `at`. */
export function usesTaken(state: Extract<CouponState, { status: 'defined' }>, at: string): number {
  const at_ = Date.parse(at);
  return state.used.length + state.holds.filter((hold) => Date.parse(hold.until) > at_).length;
}

function defined(state: CouponState) {
  if (state.status === 'none') throw new DomainError('Coupon not found', 404);
  return state;
}

/**
 * A shop coupon: created, changed and expired by an admin; its uses held by placed orders, freed
 * by failed or cancelled ones and confirmed by paid ones. The stream's version makes two holds of
 * the last use conflict, and the loser is decided again on fresh state (it finds the limit reached).
 */
export const couponDecider: Decider<CouponState, CouponCommand, CouponEvent> = {
  initialState: () => ({ status: 'none' }),
  codec: couponEventCodec,
  decide(command, state) {
    switch (command.type) {
      case 'CreateCoupon':
        if (state.status !== 'none') throw new DomainError(`Coupon ${command.coupon.code} already exists`, 409);
        return [{ type: 'CouponCreated', data: { ...command.coupon, by: command.by } }];
      case 'ChangeCoupon': {
        const coupon = defined(state).coupon;
        return sameTerms(coupon, command.terms) ? [] : [{ type: 'CouponChanged', data: { ...command.terms, by: command.by } }];
      }
      case 'ExpireCoupon': {
        const coupon = defined(state).coupon;
        return Date.parse(coupon.validUntil) <= Date.parse(command.at) ? [] : [{ type: 'CouponExpired', data: { at: command.at, by: command.by } }];
      }
      case 'HoldUse': {
        const coupon = defined(state);
        if (coupon.used.includes(command.orderId) || coupon.holds.some((hold) => hold.orderId === command.orderId)) return [];
        const limit = coupon.coupon.usageLimit;
        if (limit !== null && usesTaken(coupon, command.at) >= limit) throw new DomainError(usageLimitReached(coupon.coupon.code), 409);
        return [{ type: 'CouponUseHeld', data: { orderId: command.orderId, until: command.until } }];
      }
      case 'ReleaseUse':
        return state.status === 'defined' && state.holds.some((hold) => hold.orderId === command.orderId) ? [{ type: 'CouponUseReleased', data: { orderId: command.orderId } }] : [];
      case 'ConfirmUse':
        // A payment that arrives after its hold lapsed still used the coupon: the money is taken.
        return state.status === 'defined' && !state.used.includes(command.orderId) ? [{ type: 'CouponUseConfirmed', data: { orderId: command.orderId } }] : [];
      default: {
        const unknownCommand: never = command;
        return unknownCommand;
      }
    }
  },
  evolve(state, event) {
    if (event.type === 'CouponCreated') {
      const { by: _by, ...coupon } = event.data;
      return { status: 'defined', coupon, holds: [], used: [] };
    }
    if (state.status === 'none') return state;
    switch (event.type) {
      case 'CouponChanged': {
        const { by: _by, ...terms } = event.data;
        return { ...state, coupon: { ...state.coupon, ...terms } };
      }
      case 'CouponExpired':
        return { ...state, coupon: { ...state.coupon, validUntil: event.data.at } };
      case 'CouponUseHeld':
        return { ...state, holds: [...state.holds, event.data] };
      case 'CouponUseReleased':
        return { ...state, holds: state.holds.filter((hold) => hold.orderId !== event.data.orderId) };
      case 'CouponUseConfirmed':
        return { ...state, holds: state.holds.filter((hold) => hold.orderId !== event.data.orderId), used: [...state.used, event.data.orderId] };
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
