import { type Decider, DomainError } from '../decider';
import type { ProductEvent, ProductListing } from './productEvents';

export type ProductState =
  | { status: 'unlisted' }
  | { status: 'listed'; listing: ProductListing; soldTo: string | null };

export type ProductCommand =
  | { type: 'ListProduct'; listing: ProductListing }
  | { type: 'SellProduct'; productId: number; orderId: string };

export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState: () => ({ status: 'unlisted' }),
  decide(command, state) {
    switch (command.type) {
      case 'ListProduct':
        if (state.status !== 'unlisted') throw new DomainError(`Product ${command.listing.productId} is already listed`);
        return [{ type: 'ProductListed', data: command.listing }];
      case 'SellProduct':
        if (state.status !== 'listed') throw new DomainError(`Product ${command.productId} is not for sale`, 404);
        if (!state.listing.exclusive) return [];
        // An exclusive beat is sold once; a repeated sale for the same order changes nothing.
        if (state.soldTo === command.orderId) return [];
        if (state.soldTo !== null) throw new DomainError(`${state.listing.name} has already been sold`);
        return [{ type: 'ProductSold', data: { productId: command.productId, orderId: command.orderId } }];
      default: {
        const unknownCommand: never = command;
        return unknownCommand;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ProductListed':
        return { status: 'listed', listing: event.data, soldTo: null };
      case 'ProductSold':
        return state.status === 'listed' ? { ...state, soldTo: event.data.orderId } : state;
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
