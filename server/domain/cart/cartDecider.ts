import { type Decider, DomainError } from '../decider';
import type { CartEvent } from './cartEvents';
import { cartEventCodec } from './cartEventCodec';

export interface CartLine {
  productId: number;
  includeProjectFile: boolean;
}

/** Lines in the order they were added; a product is in a cart at most once. */
export interface CartState {
  lines: CartLine[];
}

export type CartCommand =
  | { type: 'AddItem'; productId: number; includeProjectFile: boolean }
  | { type: 'ChangeProjectFile'; productId: number; includeProjectFile: boolean }
  | { type: 'RemoveItem'; productId: number }
  | { type: 'ClearCart' }
  /** The guest cart's lines go into the user's cart at login: what is there already stays as it is. */
  | { type: 'MergeLines'; lines: CartLine[] }
  /** A guest cart handed over to the user's cart. */
  | { type: 'EmptyAfterMerge' }
  /** Products a paid order bought leave the cart. */
  | { type: 'RemovePurchased'; productIds: number[] };

const line = (state: CartState, productId: number) => state.lines.find((l) => l.productId === productId);

function notInCart(productId: number): DomainError {
  return new DomainError(`Product ${productId} is not in the cart`, 404);
}

export const cartDecider: Decider<CartState, CartCommand, CartEvent> = {
  initialState: () => ({ lines: [] }),
  codec: cartEventCodec,
  decide(command, state) {
    switch (command.type) {
      case 'AddItem': {
        const existing = line(state, command.productId);
        // Adding again is a retry, or a change of mind about the project file.
        if (!existing) return [{ type: 'CartItemAdded', data: { productId: command.productId, includeProjectFile: command.includeProjectFile } }];
        if (existing.includeProjectFile === command.includeProjectFile) return [];
        return [{ type: 'CartItemProjectFileChanged', data: { productId: command.productId, includeProjectFile: command.includeProjectFile } }];
      }
      case 'ChangeProjectFile': {
        const existing = line(state, command.productId);
        if (!existing) throw notInCart(command.productId);
        if (existing.includeProjectFile === command.includeProjectFile) return [];
        return [{ type: 'CartItemProjectFileChanged', data: { productId: command.productId, includeProjectFile: command.includeProjectFile } }];
      }
      case 'RemoveItem':
        if (!line(state, command.productId)) throw notInCart(command.productId);
        return [{ type: 'CartItemRemoved', data: { productId: command.productId } }];
      case 'ClearCart':
        return state.lines.length === 0 ? [] : [{ type: 'CartCleared', data: { reason: 'cleared' } }];
      case 'MergeLines':
        return command.lines
          .filter((incoming, index, all) => !line(state, incoming.productId) && all.findIndex((l) => l.productId === incoming.productId) === index)
          .map((incoming) => ({ type: 'CartItemAdded', data: { productId: incoming.productId, includeProjectFile: incoming.includeProjectFile } }));
      case 'EmptyAfterMerge':
        return state.lines.length === 0 ? [] : [{ type: 'CartCleared', data: { reason: 'merged' } }];
      case 'RemovePurchased':
        return [...new Set(command.productIds)]
          .filter((productId) => line(state, productId))
          .map((productId) => ({ type: 'CartItemRemoved', data: { productId } }));
      default: {
        const unknownCommand: never = command;
        return unknownCommand;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'CartItemAdded':
        return { lines: [...state.lines.filter((l) => l.productId !== event.data.productId), { ...event.data }] };
      case 'CartItemProjectFileChanged':
        return {
          lines: state.lines.map((l) => (l.productId === event.data.productId ? { ...l, includeProjectFile: event.data.includeProjectFile } : l)),
        };
      case 'CartItemRemoved':
        return { lines: state.lines.filter((l) => l.productId !== event.data.productId) };
      case 'CartCleared':
        return { lines: [] };
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
