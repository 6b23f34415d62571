import type { NewEvent } from '../../eventStore/eventStore';

/** What a producer offers: priced and timed by them; an order takes a copy, so later changes do not touch it. */
export interface OfferTermsData {
  name: string;
  description: string;
  priceCents: number;
  deliveryDays: number;
}

export type ProducerOfferPublished = NewEvent<'ProducerOfferPublished', { offerId: number; producerId: number; terms: OfferTermsData; at: string }>;
export type ProducerOfferRevised = NewEvent<'ProducerOfferRevised', { terms: OfferTermsData; at: string }>;
export type ProducerOfferWithdrawn = NewEvent<'ProducerOfferWithdrawn', { at: string }>;

export type ProducerOfferEvent = ProducerOfferPublished | ProducerOfferRevised | ProducerOfferWithdrawn;

export const producerOfferStreamId = (offerId: number) => `producerOffer-${offerId}`;
export const offerIdOfStream = (streamId: string) => Number(streamId.replace(/^producerOffer-/, ''));
