import type { Cart } from '../../shared/schemas/cart';
import { toCents } from '../../shared/domain/money';
import type { ApiBrowser } from './accountClient';

/**
 * The total the buyer's cart shows now (with `coupon`), in cents: what the storefront's Pay
 * button shows and sends as an order's `expectedTotal`.
 */
export async function shownTotal(browser: ApiBrowser, coupon: string | null = null): Promise<number> {
  const response = await browser.call('GET', `/ecommerce/cart${coupon === null ? '' : `?coupon=${encodeURIComponent(coupon)}`}`);
  if (response.status !== 200) throw new Error(`GET /ecommerce/cart: ${response.status}`);
  return toCents(((await response.json()) as Cart).total);
}

/** The body of an order call, whatever else it holds. */
export type OrderBody = Record<string, unknown> & { coupon: string | null };

/** An order call's body as the storefront sends it: with the total the cart shows now, unless the body names one. */
export async function asShown<B extends OrderBody>(browser: ApiBrowser, body: B): Promise<B & { expectedTotal: number }> {
  if ('expectedTotal' in body && typeof body.expectedTotal === 'number') return body as B & { expectedTotal: number };
  return { ...body, expectedTotal: await shownTotal(browser, body.coupon) };
}
