import { formatCents } from '../../shared/domain/money';
import type { PriceChangedAnswer } from '../../shared/schemas/order';
import { HttpError } from '../http/endpoint';
import type { PricedCart } from './cartView';

/**
 * The refusal of an order whose cart no longer costs what the buyer was shown: nothing is placed
 * or charged, and the answer carries the cart as it is now, so the payment form shows the new
 * total and asks again. A coupon that stopped applying says so first.
 */
export function priceChanged(priced: PricedCart): HttpError {
  const why = priced.answer.couponError ?? 'The price changed';
  const message = `${why}: the total is now ${formatCents(priced.totalCents)}. You have not been charged; pay again to buy at the new total.`;
  const details: Omit<PriceChangedAnswer, 'statusCode' | 'message'> = { expectedTotal: priced.totalCents, cart: priced.answer };
  return new HttpError(409, message, details);
}
