import { productEventCodec } from '../domain/product/productEventCodec';
import { decodeStoredDetails } from '../studio/storedDetails';
import { defineProjection } from './projection';

/**
 * Every beat uploaded in the studio with its state, for its producer's `My beats` and the
 * moderators' `Pending tracks`. Products the demo seed listed never appear: they were not uploaded.
 */
export const studioProjection = defineProjection({
  name: 'studio',
  codec: productEventCodec,
  types: ['ProductSubmitted', 'ProductProcessed', 'ProductProcessingFailed', 'ProductRejected', 'ProductDetailsChanged', 'ProductListed', 'ProductListingChanged', 'ProductSold', 'ProductSaleReverted', 'ProductDelisted'],
  async apply(tx, events) {
    for (const event of events) {
      const productId = event.data.productId;
      const studio = tx.updateTable('studio_products').where('product_id', '=', productId);
      switch (event.type) {
        case 'ProductSubmitted': {
          const { producerId, details, files } = event.data;
          await tx
            .insertInto('studio_products')
            .values({
              product_id: productId,
              producer_id: producerId,
              status: 'processing',
              name: details.name.trim(),
              message: null,
              price_cents: details.priceCents,
              duration_seconds: null,
              cover_image_src: null,
              preview_src: null,
              master_key: files.master,
              submitted_at: Date.parse(event.recordedAt),
              details: JSON.stringify(details),
              has_stems: files.stems === null ? 0 : 1,
            })
            .execute();
          break;
        }
        case 'ProductProcessed':
          await studio
            .set({ status: 'pending', duration_seconds: event.data.master.durationSeconds, cover_image_src: event.data.coverImageSrc, preview_src: event.data.preview.src })
            .execute();
          break;
        case 'ProductProcessingFailed':
          await studio.set({ status: 'failed', message: event.data.message }).execute();
          break;
        case 'ProductRejected':
          await studio.set({ status: 'rejected', message: event.data.reason }).execute();
          break;
        case 'ProductDetailsChanged':
          await studio.set({ name: event.data.details.name.trim(), price_cents: event.data.details.priceCents, details: JSON.stringify(event.data.details) }).execute();
          break;
        case 'ProductListed':
          await studio.set({ status: 'listed', message: null }).execute();
          break;
        case 'ProductListingChanged': {
          const row = await tx.selectFrom('studio_products').select('details').where('product_id', '=', productId).executeTakeFirst();
          if (!row) break;
          const listing = event.data;
          const details = {
            ...decodeStoredDetails(row.details),
            name: listing.name,
            genreIds: listing.genreIds,
            moodIds: listing.moodIds,
            tags: listing.tags,
            bpm: listing.bpm,
            key: listing.key,
            scale: listing.scale,
            vocalType: listing.vocalType,
            samplesType: listing.samplesType,
            priceCents: listing.priceCents,
            stemsPriceCents: listing.projectFilePriceCents,
          };
          await studio.set({ name: listing.name, price_cents: listing.priceCents, cover_image_src: listing.coverImageSrc, details: JSON.stringify(details) }).execute();
          break;
        }
        case 'ProductSold':
          await studio.set({ status: 'sold' }).execute();
          break;
        case 'ProductSaleReverted':
          await studio.set({ status: 'listed' }).execute();
          break;
        case 'ProductDelisted':
          await studio.set({ status: 'withdrawn' }).execute();
          break;
        // Not among `types`: an approval is followed by ProductListed, and the studio shows no holds or seed price changes.
        case 'ProductApproved':
        case 'ProductPriceChanged':
        case 'ProductReserved':
        case 'ProductReservationReleased':
        // A blocked producer cannot open My beats; the beat is listed again on unblock.
        case 'ProductWithheld':
        case 'ProductRestored':
          break;
        default: {
          const unknownEvent: never = event;
          throw new Error(`studio projection cannot apply ${String(unknownEvent)}`);
        }
      }
    }
  },
});
