import { cartDecider, type CartCommand } from './cartDecider';
import type { CartEvent } from './cartEvents';

const given = (events: CartEvent[]) => ({
  when: (command: CartCommand) => {
    const state = events.reduce(cartDecider.evolve, cartDecider.initialState());
    return {
      then: (expected: CartEvent[]) => expect(cartDecider.decide(command, state)).toEqual(expected),
      thenRefused: (message: RegExp) => expect(() => cartDecider.decide(command, state)).toThrow(message),
    };
  },
});
const added = (productId: number, includeProjectFile = false): CartEvent => ({ type: 'CartItemAdded', data: { productId, includeProjectFile } });

describe('cart decider', () => {
  test('adds a product once; adding it again with another project-file choice changes that choice', () => {
    given([]).when({ type: 'AddItem', productId: 1, includeProjectFile: true }).then([added(1, true)]);
    given([added(1, true)]).when({ type: 'AddItem', productId: 1, includeProjectFile: true }).then([]);
    given([added(1, true)])
      .when({ type: 'AddItem', productId: 1, includeProjectFile: false })
      .then([{ type: 'CartItemProjectFileChanged', data: { productId: 1, includeProjectFile: false } }]);
  });

  test('changing or removing an item not in the cart is refused', () => {
    given([added(2)]).when({ type: 'ChangeProjectFile', productId: 1, includeProjectFile: true }).thenRefused(/not in the cart/);
    given([added(2)]).when({ type: 'RemoveItem', productId: 1 }).thenRefused(/not in the cart/);
    given([added(1), { type: 'CartItemRemoved', data: { productId: 1 } }]).when({ type: 'RemoveItem', productId: 1 }).thenRefused(/not in the cart/);
    given([added(1)]).when({ type: 'RemoveItem', productId: 1 }).then([{ type: 'CartItemRemoved', data: { productId: 1 } }]);
  });

  test('clearing an empty cart records nothing', () => {
    given([]).when({ type: 'ClearCart' }).then([]);
    given([added(1)]).when({ type: 'ClearCart' }).then([{ type: 'CartCleared', data: { reason: 'cleared' } }]);
  });

  test('a merge adds only what the cart lacks, once each, and keeps the existing choice', () => {
    given([added(1, false)])
      .when({ type: 'MergeLines', lines: [{ productId: 1, includeProjectFile: true }, { productId: 2, includeProjectFile: true }, { productId: 2, includeProjectFile: false }] })
      .then([added(2, true)]);
    given([added(1)]).when({ type: 'EmptyAfterMerge' }).then([{ type: 'CartCleared', data: { reason: 'merged' } }]);
    given([]).when({ type: 'EmptyAfterMerge' }).then([]);
  });

  test('purchased products leave the cart; others stay', () => {
    given([added(1), added(2)]).when({ type: 'RemovePurchased', productIds: [2, 3, 2] }).then([{ type: 'CartItemRemoved', data: { productId: 2 } }]);
  });

  test('the state keeps lines in the order they were added', () => {
    const state = [added(3), added(1), added(2), { type: 'CartItemRemoved', data: { productId: 1 } } as CartEvent].reduce(cartDecider.evolve, cartDecider.initialState());
    expect(state.lines.map((line) => line.productId)).toEqual([3, 2]);
  });
});
