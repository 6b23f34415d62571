import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../appDeps';
import { aggregateStream } from '../domain/aggregateStream';
import { cartDecider, type CartState } from '../domain/cart/cartDecider';
import { guestCartStreamId, userCartStreamId } from '../domain/cart/cartEvents';
import type { RequestContext, ResponseCookie } from '../http/endpoint';

/** The guest cart's cookie: 32 random bytes, httpOnly and SameSite=Lax like the session cookie. */
export const GUEST_CART_COOKIE = 'beatcrate_cart';
export const GUEST_CART_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const GUEST_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface CartOwner {
  streamId: string;
  /** Set when the answer must create the guest cookie (a guest's first add). */
  newCookie: ResponseCookie | null;
}

/** The stream keeps only a hash of the cookie: reading the event store does not let anyone into a guest's cart. */
const guestKey = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 40);

function guestToken(context: RequestContext): string | null {
  const token = context.cookies[GUEST_CART_COOKIE];
  return token !== undefined && GUEST_TOKEN.test(token) ? token : null;
}

/** Whose cart a request reads: the user's when logged in, else the guest cookie's (null: no cart yet). */
export function existingCartStream(context: RequestContext): string | null {
  const user = context.session?.user;
  if (user) return userCartStreamId(user.id);
  const token = guestToken(context);
  return token === null ? null : guestCartStreamId(guestKey(token));
}

/** Whose cart a write changes; a guest without a cookie gets a new one. */
export function cartOwnerForWrite(context: RequestContext): CartOwner {
  const existing = existingCartStream(context);
  if (existing !== null) return { streamId: existing, newCookie: null };
  const token = randomBytes(32).toString('base64url');
  return { streamId: guestCartStreamId(guestKey(token)), newCookie: { name: GUEST_CART_COOKIE, value: token, maxAgeMs: GUEST_CART_LIFETIME_MS } };
}

export async function readCart(deps: AppDeps, streamId: string | null): Promise<CartState> {
  if (streamId === null) return cartDecider.initialState();
  return (await aggregateStream(deps.eventStore, streamId, cartDecider)).state;
}

/** The guest cart's stream named by a request's cookie, for the merge at login and registration. */
export function guestCartStream(context: RequestContext): string | null {
  const token = guestToken(context);
  return token === null ? null : guestCartStreamId(guestKey(token));
}
