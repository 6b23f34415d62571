import { type WishlistCommand, wishlistDecider, type WishlistEvent } from './wishlistDecider';

const given = (events: WishlistEvent[]) => ({
  when: (command: WishlistCommand) => {
    const state = events.reduce(wishlistDecider.evolve, wishlistDecider.initialState());
    return {
      then: (expected: WishlistEvent[]) => expect(wishlistDecider.decide(command, state)).toEqual(expected),
      thenRefused: (message: RegExp) => expect(() => wishlistDecider.decide(command, state)).toThrow(message),
    };
  },
});

describe('wishlist decider', () => {
  test('numbers entries from 1 and never reuses a number', () => {
    given([]).when({ type: 'AddToWishlist', productId: 7 }).then([{ type: 'WishlistItemAdded', data: { entryId: 1, productId: 7 } }]);
    given([
      { type: 'WishlistItemAdded', data: { entryId: 1, productId: 7 } },
      { type: 'WishlistItemRemoved', data: { entryId: 1, productId: 7 } },
    ])
      .when({ type: 'AddToWishlist', productId: 7 })
      .then([{ type: 'WishlistItemAdded', data: { entryId: 2, productId: 7 } }]);
  });

  test('adding twice is idempotent; removing a missing entry is refused', () => {
    given([{ type: 'WishlistItemAdded', data: { entryId: 1, productId: 7 } }]).when({ type: 'AddToWishlist', productId: 7 }).then([]);
    given([]).when({ type: 'RemoveFromWishlist', productId: 7 }).thenRefused(/not in the wishlist/);
  });
});
