import type { NewEvent } from '../../eventStore/eventStore';

export type CartItemAdded = NewEvent<'CartItemAdded', { productId: number; includeProjectFile: boolean }>;
export type CartItemProjectFileChanged = NewEvent<'CartItemProjectFileChanged', { productId: number; includeProjectFile: boolean }>;
export type CartItemRemoved = NewEvent<'CartItemRemoved', { productId: number }>;
/** `reason` tells a buyer's clearing apart from a guest cart emptied into the user's cart at login. */
export type CartCleared = NewEvent<'CartCleared', { reason: 'cleared' | 'merged' }>;
export type CartEvent = CartItemAdded | CartItemProjectFileChanged | CartItemRemoved | CartCleared;

/** One stream per owner: a user, or a guest known by the random token in the cart cookie. */
export const userCartStreamId = (userId: number) => `cart-user-${userId}`;
export const guestCartStreamId = (guestKey: string) => `cart-guest-${guestKey}`;
