import { integer, object, string } from 'superstruct';
import { eventCodec } from '../../eventStore/eventCodec';
import type { ProducerOfferEvent } from './producerOfferEvents';

const terms = object({ name: string(), description: string(), priceCents: integer(), deliveryDays: integer() });

export const producerOfferEventCodec = eventCodec<ProducerOfferEvent>({
  ProducerOfferPublished: object({ offerId: integer(), producerId: integer(), terms, at: string() }),
  ProducerOfferRevised: object({ terms, at: string() }),
  ProducerOfferWithdrawn: object({ at: string() }),
});
