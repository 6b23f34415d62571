import type { WishlistEntry } from '../../shared/schemas/wishlist';
import type { AppDeps } from '../appDeps';
import { requireUser } from '../auth/requireUser';
import { aggregateStream } from '../domain/aggregateStream';
import { handleCommand } from '../domain/commandHandler';
import { wishlistDecider, type WishlistState, wishlistStreamId } from '../domain/wishlist/wishlistDecider';
import { defineEndpoint, type Endpoint, HttpError } from './endpoint';
import { parseProductId } from './productId';

async function readWishlist(deps: AppDeps, userId: number): Promise<WishlistState> {
  return (await aggregateStream(deps.eventStore, wishlistStreamId(userId), wishlistDecider)).state;
}

/** SPEC §6: the wishlist needs a login; the storefront opens the login popup on the 401. */
export const wishlistEndpoints: Endpoint[] = [
  defineEndpoint({
    method: 'GET',
    path: '/wishlist',
    access: 'member',
    input: {},
    async handle(request, deps) {
      const user = requireUser(request);
      return { body: (await readWishlist(deps, user.id)).entries satisfies WishlistEntry[] };
    },
  }),
  defineEndpoint({
    method: 'POST',
    path: '/wishlist/:productId',
    access: 'member',
    input: {},
    async handle(request, deps) {
      const user = requireUser(request);
      const productId = parseProductId(request.params.productId);
      const listed = await deps.database.query.selectFrom('catalogue_products').select('id').where('id', '=', productId).executeTakeFirst();
      if (!listed) throw new HttpError(404, `Product ${productId} not found`);
      const { state } = await handleCommand(deps.eventStore, wishlistStreamId(user.id), wishlistDecider, { type: 'AddToWishlist', productId });
      const entry = state.entries.find((candidate) => candidate.productId === productId)!;
      return { body: entry satisfies WishlistEntry };
    },
  }),
  defineEndpoint({
    method: 'DELETE',
    path: '/wishlist/:productId',
    access: 'member',
    input: {},
    async handle(request, deps) {
      const user = requireUser(request);
      const productId = parseProductId(request.params.productId);
      await handleCommand(deps.eventStore, wishlistStreamId(user.id), wishlistDecider, { type: 'RemoveFromWishlist', productId });
      return { body: { status: 'ok' } };
    },
  }),
];
