import { producerOfferEventCodec } from '../domain/producerOffer/producerOfferEventCodec';
import { offerIdOfStream } from '../domain/producerOffer/producerOfferEvents';
import { defineProjection } from './projection';

/** The producers' offers as their pages list them: live ones, newest first (server/producers/producerOffers.ts). */
export const producerOffersProjection = defineProjection({
  name: 'producer-offers',
  codec: producerOfferEventCodec,
  async apply(tx, events) {
    for (const event of events) {
      const offerId = offerIdOfStream(event.streamId);
      switch (event.type) {
        case 'ProducerOfferPublished': {
          const { producerId, terms, at } = event.data;
          await tx
            .insertInto('producer_offers')
            .values({
              offer_id: offerId,
              producer_id: producerId,
              name: terms.name,
              description: terms.description,
              price_cents: terms.priceCents,
              delivery_days: terms.deliveryDays,
              live: 1,
              published_at: Date.parse(at),
            })
            .onConflict((conflict) => conflict.column('offer_id').doNothing())
            .execute();
          break;
        }
        case 'ProducerOfferRevised': {
          const { terms } = event.data;
          await tx
            .updateTable('producer_offers')
            .set({ name: terms.name, description: terms.description, price_cents: terms.priceCents, delivery_days: terms.deliveryDays })
            .where('offer_id', '=', offerId)
            .execute();
          break;
        }
        case 'ProducerOfferWithdrawn':
          await tx.updateTable('producer_offers').set({ live: 0 }).where('offer_id', '=', offerId).execute();
          break;
        default: {
          const unknownEvent: never = event;
          return unknownEvent;
        }
      }
    }
  },
});
