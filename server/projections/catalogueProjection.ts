import type { ProductEvent } from '../domain/product/productEvents';
import { PRODUCT_EVENT_TYPES } from '../domain/product/productEvents';
import type { Projection } from './projection';

/** The catalogue read model: one row per listed product, indexed for the storefront's queries. */
export const catalogueProjection: Projection = {
  name: 'catalogue',
  types: PRODUCT_EVENT_TYPES,
  async apply(tx, events) {
    for (const recorded of events) {
      const event = recorded as unknown as ProductEvent;
      switch (event.type) {
        case 'ProductListed': {
          const listing = event.data;
          await tx
            .insertInto('catalogue_products')
            .values({
              id: listing.productId,
              name: listing.name,
              product_type: listing.productType,
              genre: listing.genre,
              bpm: listing.bpm,
              musical_key: listing.key,
              scale: listing.scale,
              price_cents: listing.priceCents,
              is_sold: 0,
              cover_image_src: listing.coverImageSrc,
              preview_track_src: listing.previewTrackSrc,
              producer_id: listing.producer.id,
              producer_name: listing.producer.artistName,
              producer_url: listing.producer.producerUrl,
              listed_position: recorded.position,
            })
            .execute();
          break;
        }
        case 'ProductSold':
          await tx.updateTable('catalogue_products').set({ is_sold: 1 }).where('id', '=', event.data.productId).execute();
          break;
        default: {
          const unknownEvent: never = event;
          throw new Error(`catalogue projection cannot apply ${String(unknownEvent)}`);
        }
      }
    }
  },
};
