import { type Decider, DomainError } from '../decider';
import { producerOfferEventCodec } from './producerOfferEventCodec';
import type { OfferTermsData, ProducerOfferEvent } from './producerOfferEvents';

export interface OfferRecord {
  status: 'live' | 'withdrawn';
  offerId: number;
  producerId: number;
  terms: OfferTermsData;
}

export type ProducerOfferState = { status: 'none' } | OfferRecord;

export type ProducerOfferCommand =
  | { type: 'PublishOffer'; offerId: number; producerId: number; terms: OfferTermsData; at: string }
  | { type: 'ReviseOffer'; producerId: number; terms: OfferTermsData; at: string }
  | { type: 'WithdrawOffer'; producerId: number; at: string };

export const OFFER_NOT_FOUND = 'This service does not exist';

/** Another producer's offer is as unknown as a missing one; a withdrawn one can no longer change. */
function ownLive(state: ProducerOfferState, producerId: number): OfferRecord {
  if (state.status !== 'live' || state.producerId !== producerId) throw new DomainError(OFFER_NOT_FOUND, 404);
  return state;
}

const sameTerms = (a: OfferTermsData, b: OfferTermsData) =>
  a.name === b.name && a.description === b.description && a.priceCents === b.priceCents && a.deliveryDays === b.deliveryDays;

/** A producer's offer: published → revised any number of times → withdrawn (for good: orders keep their copy). */
export const producerOfferDecider: Decider<ProducerOfferState, ProducerOfferCommand, ProducerOfferEvent> = {
  initialState: () => ({ status: 'none' }),
  codec: producerOfferEventCodec,
  decide(command, state) {
    switch (command.type) {
      case 'PublishOffer': {
        if (state.status !== 'none') return [];
        const { offerId, producerId, terms, at } = command;
        return [{ type: 'ProducerOfferPublished', data: { offerId, producerId, terms, at } }];
      }
      case 'ReviseOffer': {
        const offer = ownLive(state, command.producerId);
        return sameTerms(offer.terms, command.terms) ? [] : [{ type: 'ProducerOfferRevised', data: { terms: command.terms, at: command.at } }];
      }
      case 'WithdrawOffer': {
        if (state.status === 'withdrawn' && state.producerId === command.producerId) return [];
        ownLive(state, command.producerId);
        return [{ type: 'ProducerOfferWithdrawn', data: { at: command.at } }];
      }
      default: {
        const unknownCommand: never = command;
        return unknownCommand;
      }
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'ProducerOfferPublished':
        return { status: 'live', offerId: event.data.offerId, producerId: event.data.producerId, terms: event.data.terms };
      case 'ProducerOfferRevised':
        return state.status === 'none' ? state : { ...state, terms: event.data.terms };
      case 'ProducerOfferWithdrawn':
        return state.status === 'none' ? state : { ...state, status: 'withdrawn' };
      default: {
        const unknownEvent: never = event;
        return unknownEvent;
      }
    }
  },
};
