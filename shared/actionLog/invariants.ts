import type { RootState } from '../store/rootReducer';

/** A rule every state of the storefront keeps; replay checks it after each step. */
export interface Invariant {
  name: string;
  /** Null when the state keeps the rule; otherwise what is wrong, in words. */
  check(state: RootState): string | null;
}

const cents = (usd: number) => Math.round(usd * 100);

/**
 * The rules support relies on when they read a replay: the cart's totals add up as the server
 * computes them (server/commerce/cartPricing.ts), no sold beat is counted in the cart, and the
 * player plays a track of its queue.
 */
export const INVARIANTS: readonly Invariant[] = [
  {
    name: 'cart total = items − discount + fees',
    check({ cart }) {
      const subTotal = cents(cart.subTotalWithoutCoupon) - cents(cart.discount);
      if (subTotal !== cents(cart.subTotal)) return `subtotal ${cart.subTotal} is not ${cart.subTotalWithoutCoupon} − ${cart.discount}`;
      const fees = subTotal > 0 ? cents(cart.serviceFeeFixed) + Math.round((subTotal * cart.serviceFeePercentage) / 100) : 0;
      return subTotal + fees === cents(cart.total) ? null : `total ${cart.total} is not ${cart.subTotal} plus fees of ${fees / 100}`;
    },
  },
  {
    name: 'no sold beat in an active cart row',
    check({ cart }) {
      const sold = cart.items.filter((item) => item.active && item.product.isSold);
      return sold.length === 0 ? null : `sold but active: ${sold.map((item) => item.product.id).join(', ')}`;
    },
  },
  {
    name: "the player's queue holds the current track",
    check({ player }) {
      if (player.currentTrackId === null || player.queue.some((track) => track.id === player.currentTrackId)) return null;
      return `track ${player.currentTrackId} plays but is not in the queue`;
    },
  },
];
