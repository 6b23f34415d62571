import type { Order } from '../../../shared/schemas/order';
import { ApiBrowser, registration } from '../../helpers/accountClient';
import { asShown } from '../../helpers/shownTotal';

/**
 * A buyer who paid with the sandbox's Visa card for a sample pack of the demo shop, over the API
 * as the storefront calls it. A pack sells to every buyer, so suites sharing a server never race
 * for it.
 */
export async function paidPackOrder(baseUrl: string, email: string): Promise<{ buyer: ApiBrowser; order: Order }> {
  const buyer = new ApiBrowser(baseUrl);
  if ((await buyer.json('POST', '/auth/register', registration({ email, firstName: 'Rosa', lastName: 'Parks' }))).status !== 201) throw new Error(`could not register ${email}`);
  const { tracks } = (await buyer.json<{ tracks: { id: number; productType: string }[] }>('GET', '/tracks?take=100')).body;
  const pack = tracks.find((track) => track.productType === 'samplepack');
  if (!pack) throw new Error('The demo shop lists no sample pack');
  if ((await buyer.json('POST', '/ecommerce/cart', { product: pack.id, includeProjectFile: false })).status !== 200) throw new Error('could not add the pack');
  const paid = await buyer.json<Order>('POST', '/ecommerce/orders/stripe', await asShown(buyer, { stripePaymentMethodId: 'pm_card_visa', coupon: null }));
  if (paid.body.status !== 'paid') throw new Error(`the order is ${paid.body.status}`);
  return { buyer, order: paid.body };
}
