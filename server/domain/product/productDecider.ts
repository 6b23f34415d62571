import { type Decider, DomainError } from '../decider';
import { type ProductEvent, type ProductListing, sellsOnce } from './productEvents';
import { productEventCodec } from './productEventCodec';

export type ProductState =
  | { status: 'unlisted' }
  | { status: 'listed'; listing: ProductListing; soldTo: string | null; reservation: { orderId: string; until: string } | null }
  | { status: 'delisted'; listing: ProductListing };

export type ProductCommand =
  | { type: 'ListProduct'; listing: ProductListing }
  | { type: 'ChangePrice'; productId: number; priceCents: number }
  /** `at` (ISO time) lets a sale go past another order's reservation once that has run out. */
  | { type: 'SellProduct'; productId: number; orderId: string; at?: string }
  | { type: 'ReserveProduct'; productId: number; orderId: string; at: string; until: string }
  | { type: 'ReleaseReservation'; productId: number; orderId: string }
  /** The order that bought the beat is refunded before delivery: the beat is for sale again. */
  | { type: 'RevertSale'; productId: number; orderId: string }
  | { type: 'DelistProduct'; productId: number };

function listedOrRefuse(state: ProductState, productId: number): Extract<ProductState, { status: 'listed' }> {
  if (state.status !== 'listed') throw new DomainError(`Product ${productId} is not for sale`, 404);
  return state;
}

/** Another order holds the product; without a time to compare, a reservation always holds. */
function heldForAnother(listed: Extract<ProductState, { status: 'listed' }>, orderId: string, at: string | undefined): boolean {
  const reservation = listed.reservation;
  if (reservation === null || reservation.orderId === orderId) return false;
  return at === undefined || Date.parse(at) < Date.parse(reservation.until);
}

export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState: () => ({ status: 'unlisted' }),
  codec: productEventCodec,
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
        if (!sellsOnce(listed.listing.productType)) return [];
        // A beat is sold once; a repeated sale for the same order changes nothing.
        if (listed.soldTo === command.orderId) return [];
        if (listed.soldTo !== null) throw new DomainError(`${listed.listing.name} has already been sold`);
        if (heldForAnother(listed, command.orderId, command.at)) throw new DomainError(`${listed.listing.name} is being bought by another buyer`);
        return [{ type: 'ProductSold', data: { productId: command.productId, orderId: command.orderId } }];
      }
      case 'ReserveProduct': {
        const listed = listedOrRefuse(state, command.productId);
        if (!sellsOnce(listed.listing.productType)) return [];
        if (listed.soldTo === command.orderId) return [];
        if (listed.soldTo !== null) throw new DomainError(`${listed.listing.name} has already been sold`);
        if (heldForAnother(listed, command.orderId, command.at)) throw new DomainError(`${listed.listing.name} is being bought by another buyer`);
        if (listed.reservation?.orderId === command.orderId && listed.reservation.until === command.until) return [];
        return [{ type: 'ProductReserved', data: { productId: command.productId, orderId: command.orderId, until: command.until } }];
      }
      case 'ReleaseReservation':
        if (state.status !== 'listed' || state.reservation?.orderId !== command.orderId || state.soldTo !== null) return [];
        return [{ type: 'ProductReservationReleased', data: { productId: command.productId, orderId: command.orderId } }];
      case 'RevertSale':
        if (state.status !== 'listed' || state.soldTo !== command.orderId) return [];
        return [{ type: 'ProductSaleReverted', data: { productId: command.productId, orderId: command.orderId } }];
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
        return { status: 'listed', listing: event.data, soldTo: null, reservation: null };
      case 'ProductPriceChanged':
        return state.status === 'listed' ? { ...state, listing: { ...state.listing, priceCents: event.data.priceCents } } : state;
      case 'ProductSold':
        return state.status === 'listed' ? { ...state, soldTo: event.data.orderId } : state;
      case 'ProductSaleReverted':
        return state.status === 'listed' && state.soldTo === event.data.orderId ? { ...state, soldTo: null, reservation: null } : state;
      case 'ProductDelisted':
        return state.status === 'listed' ? { status: 'delisted', listing: state.listing } : state;
      case 'ProductReserved':
        return state.status === 'listed' ? { ...state, reservation: { orderId: event.data.orderId, until: event.data.until } } : state;
      case 'ProductReservationReleased':
        return state.status === 'listed' && state.reservation?.orderId === event.data.orderId ? { ...state, reservation: null } : state;
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
