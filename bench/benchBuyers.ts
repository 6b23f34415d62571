import { toCents } from '../shared/domain/money';
import type { Cart } from '../shared/schemas/cart';
import { registration } from '../test/helpers/accountClient';
import { timeMs } from './stats';

/** A bench buyer registered over HTTP at `base` (…/api/v1): their id and the session cookie to send. */
export async function registerBuyer(base: string, email: string): Promise<{ id: number; cookie: string }> {
  const response = await fetch(`${base}/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(registration({ firstName: 'Bench', lastName: 'Buyer', email })),
  });
  if (response.status !== 201) throw new Error(`registration answered ${response.status}`);
  const user = (await response.json()) as { id: number };
  return { id: user.id, cookie: response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ') };
}

/** A JSON POST as `cookie`'s buyer; anything but a 2xx fails the bench. */
export async function postAs(base: string, cookie: string, pathName: string, body: unknown): Promise<{ status?: string }> {
  const response = await fetch(`${base}${pathName}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(body) });
  const answer = (await response.json()) as { status?: string };
  if (response.status >= 300) throw new Error(`${pathName} answered ${response.status}`);
  return answer;
}

/**
 * Pays `cookie`'s cart with the sandbox card that succeeds, as the storefront does: at the total
 * the cart shows (`expectedTotal`, read first), which the server charges or refuses.
 */
export async function payCartAs(base: string, cookie: string): Promise<{ status?: string }> {
  const cart = await fetch(`${base}/ecommerce/cart`, { headers: { Cookie: cookie } });
  if (cart.status !== 200) throw new Error(`/ecommerce/cart answered ${cart.status}`);
  const { total } = (await cart.json()) as Cart;
  return postAs(base, cookie, '/ecommerce/orders/stripe', { stripePaymentMethodId: 'pm_card_visa', coupon: null, expectedTotal: toCents(total) });
}

/**
 * One checkout after another (add a product, pay with the sandbox card, delivered), in ms, the
 * buyers taking turns: one buyer's cart stream, read whole by every command, would grow with every
 * checkout and make the later ones slower than the earlier.
 */
export function checkoutsInTurn(base: string, buyers: readonly string[], productIds: readonly number[]): () => Promise<number> {
  let next = 0;
  return () =>
    timeMs(async () => {
      const buyer = buyers[next % buyers.length]!;
      await postAs(base, buyer, '/ecommerce/cart', { product: productIds[next++ % productIds.length]!, includeProjectFile: false });
      const order = await payCartAs(base, buyer);
      if (order.status !== 'paid') throw new Error(`checkout ended ${order.status}`);
    });
}
