import type { Cart } from '../../shared/schemas/cart';
import type { SoundServices } from '../../shared/schemas/pages';
import type { ProducerOffer } from '../../shared/schemas/producerOffers';
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

/** A custom order call's body: a shop service or a producer's offer, whatever else it holds. */
export type ServiceOrderBody = Record<string, unknown> & ({ serviceId: number } | { offerId: number });

/**
 * The price the service's order form shows now, in cents: what it sends as `expectedTotal`. A
 * service no longer shown (withdrawn, its producer blocked) has none: 0, which the server never
 * reaches, refusing the service itself first.
 */
export async function shownServicePrice(browser: ApiBrowser, body: ServiceOrderBody): Promise<number> {
  if ('offerId' in body) {
    const response = await browser.call('GET', `/offers/${body.offerId}`);
    return response.status === 200 ? toCents(((await response.json()) as ProducerOffer).price) : 0;
  }
  const response = await browser.call('GET', '/pages/services/sound');
  if (response.status !== 200) throw new Error(`GET /pages/services/sound: ${response.status}`);
  const service = ((await response.json()) as SoundServices).services.find((candidate) => candidate.id === body.serviceId);
  return service === undefined ? 0 : toCents(service.priceUsd);
}

/** A custom order call's body as the order form sends it: with the price it shows now, unless the body names one. */
export async function asShownService<B extends ServiceOrderBody>(browser: ApiBrowser, body: B): Promise<B & { expectedTotal: number }> {
  if ('expectedTotal' in body && typeof body.expectedTotal === 'number') return body as B & { expectedTotal: number };
  return { ...body, expectedTotal: await shownServicePrice(browser, body) };
}
