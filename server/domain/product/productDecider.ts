import { type Decider, DomainError } from '../decider';
import type { ProductEvent, ProductListing } from './productEvents';

export type ProductState =
  | { status: 'unlisted' }
  | { status: 'listed'; listing: ProductListing; soldTo: string | null }
  | { status: 'delisted'; listing: ProductListing };

export type ProductCommand =
  | { type: 'ListProduct'; listing: ProductListing }
  | { type: 'ChangePrice'; productId: number; priceCents: number }
  | { type: 'SellProduct'; productId: number; orderId: string }
  | { type: 'DelistProduct'; productId: number };

function listedOrRefuse(state: ProductState, productId: number): Extract<ProductState, { status: 'listed' }> {
  if (state.status !== 'listed') throw new DomainError(`Product ${productId} is not for sale`, 404);
  return state;
}

export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState: () => ({ status: 'unlisted' }),
  decide(command, state) {
    switch (command.type) {
      case 'ListProduct':
        if (state.status !== 'unlisted') throw new DomainError(`Product ${command.listing.productId} is already listed`);
        if (command.listing.priceCents < 0) throw new DomainError('A price cannot be negative', 400);
        return [{ type: 'ProductListed', data: command.listing }];
      case 'ChangePrice': {
        const listed = listedOrRefuse(state, command.productId);
        if (command.priceCents < 0) throw new DomainError('A price cannot be negative', 400);
        if (listed.listing.priceCents === command.priceCents) return [];
        return [{ type: 'ProductPriceChanged', data: { productId: command.productId, priceCents: command.priceCents } }];
      }
      case 'SellProduct': {
        const listed = listedOrRefuse(state, command.productId);
        if (!listed.listing.exclusive) return [];
        // An exclusive beat is sold once; a repeated sale for the same order changes nothing.
        if (listed.soldTo === command.orderId) return [];
        if (listed.soldTo !== null) throw new DomainError(`${listed.listing.name} has already been sold`);
        return [{ type: 'ProductSold', data: { productId: command.productId, orderId: command.orderId } }];
      }
      case 'DelistProduct':
        if (state.status === 'delisted') return [];
        listedOrRefuse(state, command.productId);
        return [{ type: 'ProductDelisted', data: { productId: command.productId } }];
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
      case 'ProductPriceChanged':
        return state.status === 'listed' ? { ...state, listing: { ...state.listing, priceCents: event.data.priceCents } } : state;
      case 'ProductSold':
        return state.status === 'listed' ? { ...state, soldTo: event.data.orderId } : state;
      case 'ProductDelisted':
        return state.status === 'listed' ? { status: 'delisted', listing: state.listing } : state;
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
