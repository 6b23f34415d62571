import type { NewEvent } from '../../eventStore/eventStore';
import { type Decider, DomainError } from '../decider';
import { wishlistEventCodec } from './wishlistEventCodec';

/** `entryId` numbers a user's wishlist entries from 1, in the order they were added. */
export type WishlistItemAdded = NewEvent<'WishlistItemAdded', { entryId: number; productId: number }>;
export type WishlistItemRemoved = NewEvent<'WishlistItemRemoved', { entryId: number; productId: number }>;
export type WishlistEvent = WishlistItemAdded | WishlistItemRemoved;

export const wishlistStreamId = (userId: number) => `wishlist-${userId}`;

export interface WishlistState {
  entries: { id: number; productId: number }[];
  lastEntryId: number;
}

export type WishlistCommand = { type: 'AddToWishlist'; productId: number } | { type: 'RemoveFromWishlist'; productId: number };

/** Adding twice keeps one entry (a retried request); removing what is not there is a 404 the storefront ignores. */
export const wishlistDecider: Decider<WishlistState, WishlistCommand, WishlistEvent> = {
  initialState: () => ({ entries: [], lastEntryId: 0 }),
  codec: wishlistEventCodec,
  decide(command, state) {
    const existing = state.entries.find((entry) => entry.productId === command.productId);
    switch (command.type) {
      case 'AddToWishlist':
        return existing ? [] : [{ type: 'WishlistItemAdded', data: { entryId: state.lastEntryId + 1, productId: command.productId } }];
      case 'RemoveFromWishlist':
        if (!existing) throw new DomainError(`Product ${command.productId} is not in the wishlist`, 404);
        return [{ type: 'WishlistItemRemoved', data: { entryId: existing.id, productId: command.productId } }];
      default: {
        const unknownCommand: never = command;
        return unknownCommand;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'WishlistItemAdded':
        return { entries: [...state.entries, { id: event.data.entryId, productId: event.data.productId }], lastEntryId: event.data.entryId };
      case 'WishlistItemRemoved':
        return { ...state, entries: state.entries.filter((entry) => entry.id !== event.data.entryId) };
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
