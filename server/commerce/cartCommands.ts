import type { AppDeps } from '../appDeps';
import { cartDecider, type CartCommand } from '../domain/cart/cartDecider';
import { userCartStreamId } from '../domain/cart/cartEvents';
import { handleCommand } from '../domain/commandHandler';
import type { RequestContext, ResponseCookie } from '../http/endpoint';
import { GUEST_CART_COOKIE, guestCartStream, readCart } from './cartOwner';
import { KeyedLock } from './keyedLock';

/** Cart commands of this process queue per stream (see KeyedLock); many parallel adds then all land. */
const cartLocks = new KeyedLock();
/** Other servers' writers still race through the store's optimistic concurrency; give them room to retry. */
const CART_MAX_ATTEMPTS = 20;

export function runCartCommand(deps: AppDeps, streamId: string, command: CartCommand, metadata?: Record<string, unknown>) {
  return cartLocks.run(streamId, () => handleCommand(deps.eventStore, streamId, cartDecider, command, { metadata, maxAttempts: CART_MAX_ATTEMPTS }));
}

/**
 * At login and registration the guest cart's lines join the user's cart (what the user had stays
 * as it was, nothing is added twice), then the guest cart is emptied and its cookie dropped.
 * Running it again after a crash in between adds nothing new.
 */
export async function mergeGuestCart(deps: AppDeps, context: RequestContext, userId: number): Promise<ResponseCookie[]> {
  const guestStream = guestCartStream(context);
  if (guestStream === null) return [];
  const guest = await readCart(deps, guestStream);
  if (guest.lines.length > 0) {
    await runCartCommand(deps, userCartStreamId(userId), { type: 'MergeLines', lines: guest.lines }, { mergedFrom: guestStream });
    await runCartCommand(deps, guestStream, { type: 'EmptyAfterMerge' }, { mergedInto: userCartStreamId(userId) });
  }
  return [{ name: GUEST_CART_COOKIE, value: null }];
}
