import { productEventCodec } from '../domain/product/productEventCodec';
import { defineProjection } from './projection';

/**
 * Every product in every state, the demo shop's and the studio's alike: the admin's `All tracks`
 * and a producer's products on their detail page. Holds and approvals change no state shown there.
 */
export const adminProductsProjection = defineProjection({
  name: 'admin-products',
  codec: productEventCodec,
  types: [
    'ProductSubmitted',
    'ProductProcessed',
    'ProductProcessingFailed',
    'ProductRejected',
    'ProductDetailsChanged',
    'ProductListed',
    'ProductListingChanged',
    'ProductPriceChanged',
    'ProductSold',
    'ProductSaleReverted',
    'ProductDelisted',
    'ProductWithheld',
    'ProductRestored',
  ],
  async apply(tx, events) {
    for (const event of events) {
      const productId = event.data.productId;
      const row = tx.updateTable('admin_products').where('product_id', '=', productId);
      switch (event.type) {
        case 'ProductSubmitted':
          await tx
            .insertInto('admin_products')
            .values({
              product_id: productId,
              producer_id: event.data.producerId,
              product_type: 'track',
              name: event.data.details.name.trim(),
              status: 'processing',
              price_cents: event.data.details.priceCents,
              sold_order_id: null,
              created_at: Date.parse(event.recordedAt),
            })
            .onConflict((conflict) => conflict.column('product_id').doNothing())
            .execute();
          break;
        case 'ProductProcessed':
          await row.set({ status: 'pending' }).execute();
          break;
        case 'ProductProcessingFailed':
          await row.set({ status: 'failed' }).execute();
          break;
        case 'ProductRejected':
          await row.set({ status: 'rejected' }).execute();
          break;
        case 'ProductDetailsChanged':
          await row.set({ name: event.data.details.name.trim(), price_cents: event.data.details.priceCents }).execute();
          break;
        case 'ProductListed': {
          // A seeded product's first event; an upload's row exists since its submission.
          const listing = event.data;
          await tx
            .insertInto('admin_products')
            .values({
              product_id: productId,
              producer_id: listing.producerId,
              product_type: listing.productType,
              name: listing.name,
              status: 'listed',
              price_cents: listing.priceCents,
              sold_order_id: null,
              created_at: Date.parse(event.recordedAt),
            })
            .onConflict((conflict) => conflict.column('product_id').doUpdateSet({ status: 'listed', name: listing.name, price_cents: listing.priceCents }))
            .execute();
          break;
        }
        case 'ProductListingChanged':
          await row.set({ name: event.data.name, price_cents: event.data.priceCents }).execute();
          break;
        case 'ProductPriceChanged':
          await row.set({ price_cents: event.data.priceCents }).execute();
          break;
        case 'ProductSold':
          await row.set({ status: 'sold', sold_order_id: event.data.orderId }).execute();
          break;
        case 'ProductSaleReverted':
          await row.set({ status: 'listed', sold_order_id: null }).execute();
          break;
        case 'ProductDelisted':
          await row.set({ status: 'withdrawn' }).execute();
          break;
        case 'ProductWithheld':
          await row.set({ status: 'withheld' }).execute();
          break;
        case 'ProductRestored':
          await row.set({ status: 'listed', name: event.data.name, price_cents: event.data.priceCents }).execute();
          break;
        case 'ProductApproved':
        case 'ProductReserved':
        case 'ProductReservationReleased':
          break;
        default: {
          const unknownEvent: never = event;
          throw new Error(`admin-products projection cannot apply ${String(unknownEvent)}`);
        }
      }
    }
  },
});
