import { optional, string, type } from 'superstruct';
import type { User } from '../../shared/schemas/auth';
import { AddToCartBodySchema, type Cart, UpdateCartItemBodySchema } from '../../shared/schemas/cart';
import { categoryOf } from '../analytics/derivedEvent';
import type { AppDeps } from '../appDeps';
import { runCartCommand } from '../commerce/cartCommands';
import { cartOwnerForWrite, existingCartStream, readCart } from '../commerce/cartOwner';
import { loadCartProducts } from '../commerce/cartProducts';
import { priceCartLines } from '../commerce/cartView';
import { ALREADY_PRO, proMembershipRefusal } from '../commerce/proMembership';
import { trackingMetadata } from '../commerce/trackingId';
import { defineEndpoint, type Endpoint, type EndpointRequest, HttpError } from './endpoint';
import { parseProductId } from './productId';

const OK = { status: 'ok' } as const;
const CartQuerySchema = type({ coupon: optional(string()) });

async function refuseUnbuyable(deps: AppDeps, productId: number, includeProjectFile: boolean, buyer: Pick<User, 'isProBuyer' | 'producerId'> | null): Promise<void> {
  const info = (await loadCartProducts(deps, [productId])).get(productId);
  const proMembership = info && proMembershipRefusal(deps, info.product.productType, buyer);
  if (!info || proMembership === 'off') throw new HttpError(404, `Product ${productId} not found`);
  if (proMembership === 'owned') throw new HttpError(409, ALREADY_PRO);
  // A producer is not their own customer: the shop would pay them their own money, less its commission.
  if (buyer && buyer.producerId === info.producerId) {
    throw new HttpError(403, `${info.product.name} is your own ${categoryOf(info.product.productType)}: it cannot go in your cart`);
  }
  if (!info.forSale) throw new HttpError(409, `${info.product.name} is not available anymore`);
  if (includeProjectFile && info.projectFilePriceCents === null) throw new HttpError(400, `${info.product.name} has no project file to include`);
}

/** The item's id is its product's id; `clear` is a route of its own and never reaches here. */
async function changeItem(request: EndpointRequest, deps: AppDeps, change: (productId: number) => Parameters<typeof runCartCommand>[2]) {
  const productId = parseProductId(request.params.id);
  const streamId = existingCartStream(request.context);
  if (streamId === null) throw new HttpError(404, `Product ${productId} is not in the cart`);
  await runCartCommand(deps, streamId, change(productId));
  return { body: OK };
}

export const cartEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/ecommerce/cart',
    access: 'anyone',
    input: { query: CartQuerySchema },
    async handle({ query: { coupon }, context }, deps) {
      const cart = await readCart(deps, existingCartStream(context));
      return { body: (await priceCartLines(deps, cart.lines, coupon, context.session?.user ?? null)).answer satisfies Cart };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/ecommerce/cart',
    access: 'anyone',
    input: { body: AddToCartBodySchema, bodyName: 'cart item' },
    async handle({ body: input, context }, deps) {
      const metadata = trackingMetadata(context);
      // The schema says "a number"; a product id is also whole and positive.
      parseProductId(String(input.product));
      await refuseUnbuyable(deps, input.product, input.includeProjectFile, context.session?.user ?? null);
      const owner = cartOwnerForWrite(context);
      await runCartCommand(deps, owner.streamId, { type: 'AddItem', productId: input.product, includeProjectFile: input.includeProjectFile }, metadata);
      return { body: OK, cookies: owner.newCookie ? [owner.newCookie] : [] };
    },
  }),
  // Before /ecommerce/cart/:id, which would otherwise take "clear" for an id.
  defineEndpoint({
    method: 'DELETE',
    path: '/ecommerce/cart/clear',
    access: 'anyone',
    input: {},
    async handle({ context }, deps) {
      const streamId = existingCartStream(context);
      if (streamId !== null) await runCartCommand(deps, streamId, { type: 'ClearCart' });
      return { body: OK };
    },
  }),
  defineEndpoint({
    method: 'PUT',
    path: '/ecommerce/cart/:id',
    access: 'anyone',
    input: { body: UpdateCartItemBodySchema, bodyName: 'cart item' },
    async handle(request, deps) {
      const { includeProjectFile } = request.body;
      if (includeProjectFile) await refuseUnbuyable(deps, parseProductId(request.params.id), true, request.context.session?.user ?? null);
      return changeItem(request, deps, (productId) => ({ type: 'ChangeProjectFile', productId, includeProjectFile }));
    },
  }),
  defineEndpoint({
    method: 'DELETE',
    path: '/ecommerce/cart/:id',
    access: 'anyone',
    input: {},
    async handle(request, deps) {
      return changeItem(request, deps, (productId) => ({ type: 'RemoveItem', productId }));
    },
  }),
];
