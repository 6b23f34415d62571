import type { Transaction } from 'kysely';
import type { Tables } from '../db/schema';
import type { ProductListing } from '../domain/product/productEvents';
import { PRODUCT_EVENT_TYPES } from '../domain/product/productEvents';
import { productEventCodec } from '../domain/product/productEventCodec';
import { defineProjection } from './projection';

async function list(tx: Transaction<Tables>, listing: ProductListing, listed: { position: number; at: number | null }): Promise<void> {
  const productId = listing.productId;
  await tx
    .insertInto('catalogue_products')
    .values({
      id: productId,
      producer_id: listing.producerId,
      name: listing.name,
      product_type: listing.productType,
      genre_ids: JSON.stringify(listing.genreIds),
      mood_ids: JSON.stringify(listing.moodIds),
      tags: JSON.stringify(listing.tags),
      bpm: listing.bpm,
      musical_key: listing.key,
      scale: listing.scale,
      vocal_type: listing.vocalType,
      samples_type: listing.samplesType,
      vocal_gender: listing.vocalGender,
      is_new: Number(listing.categories.isNew),
      is_supersale: Number(listing.categories.isSuperSale),
      is_premium: Number(listing.categories.isPremium),
      price_cents: listing.priceCents,
      project_file_price_cents: listing.projectFilePriceCents,
      is_sold: 0,
      cover_image_src: listing.coverImageSrc,
      preview_track_src: listing.preview?.src ?? null,
      preview_duration_seconds: listing.preview?.durationSeconds ?? null,
      listed_position: listed.position,
      listed_at: listed.at,
    })
    .execute();
  if (listing.genreIds.length > 0) {
    await tx.insertInto('catalogue_product_genres').values(listing.genreIds.map((genre_id) => ({ product_id: productId, genre_id }))).execute();
  }
  if (listing.moodIds.length > 0) {
    await tx.insertInto('catalogue_product_moods').values(listing.moodIds.map((mood_id) => ({ product_id: productId, mood_id }))).execute();
  }
  if (listing.tags.length > 0) {
    await tx.insertInto('catalogue_product_tags').values(listing.tags.map((tag) => ({ product_id: productId, tag }))).execute();
    await countTags(tx, listing.tags, +1);
  }
  if (listing.preview) {
    await tx.insertInto('catalogue_peaks').values({ product_id: productId, peaks: JSON.stringify(listing.preview.peaks) }).execute();
  }
}

async function countTags(tx: Transaction<Tables>, tags: string[], delta: 1 | -1): Promise<void> {
  for (const tag of tags) {
    await tx
      .insertInto('catalogue_tags')
      .values({ tag, product_count: Math.max(delta, 0) })
      .onConflict((conflict) => conflict.column('tag').doUpdateSet((eb) => ({ product_count: eb('catalogue_tags.product_count', '+', delta) })))
      .execute();
  }
}

async function delist(tx: Transaction<Tables>, productId: number): Promise<void> {
  const tags = await tx.selectFrom('catalogue_product_tags').select('tag').where('product_id', '=', productId).execute();
  await countTags(
    tx,
    tags.map((row) => row.tag),
    -1,
  );
  for (const table of ['catalogue_product_genres', 'catalogue_product_moods', 'catalogue_product_tags', 'catalogue_peaks'] as const) {
    await tx.deleteFrom(table).where('product_id', '=', productId).execute();
  }
  await tx.deleteFrom('catalogue_products').where('id', '=', productId).execute();
}

/** The catalogue read model: a row per listed product, join rows for the multi-valued filters, tag counts. */
export const catalogueProjection = defineProjection({
  name: 'catalogue',
  codec: productEventCodec,
  types: PRODUCT_EVENT_TYPES,
  async apply(tx, events) {
    for (const event of events) {
      switch (event.type) {
        case 'ProductListed':
          await list(tx, event.data, { position: event.position, at: Date.parse(event.recordedAt) });
          break;
        case 'ProductListingChanged': {
          // The changed listing keeps its place in the shop's listing order, and the time it was first listed.
          const row = await tx.selectFrom('catalogue_products').select(['listed_position', 'listed_at']).where('id', '=', event.data.productId).executeTakeFirst();
          if (!row) break;
          await delist(tx, event.data.productId);
          await list(tx, event.data, { position: Number(row.listed_position), at: row.listed_at === null ? null : Number(row.listed_at) });
          break;
        }
        // A product before it is listed is the studio's and the moderators' (studioProjection), not the shop's.
        case 'ProductSubmitted':
        case 'ProductProcessed':
        case 'ProductProcessingFailed':
        case 'ProductApproved':
        case 'ProductRejected':
        case 'ProductDetailsChanged':
          break;
        case 'ProductPriceChanged':
          await tx.updateTable('catalogue_products').set({ price_cents: event.data.priceCents }).where('id', '=', event.data.productId).execute();
          break;
        case 'ProductSold':
          await tx.updateTable('catalogue_products').set({ is_sold: 1 }).where('id', '=', event.data.productId).execute();
          break;
        case 'ProductSaleReverted':
          await tx.updateTable('catalogue_products').set({ is_sold: 0 }).where('id', '=', event.data.productId).execute();
          break;
        case 'ProductDelisted':
        case 'ProductWithheld':
          await delist(tx, event.data.productId);
          break;
        // Back after its producer's unblock, among the newest listings.
        case 'ProductRestored':
          await list(tx, event.data, { position: event.position, at: Date.parse(event.recordedAt) });
          break;
        // A reservation is not a sale: the catalogue shows the beat as for sale until ProductSold.
        case 'ProductReserved':
        case 'ProductReservationReleased':
          break;
        default: {
          const unknownEvent: never = event;
          throw new Error(`catalogue projection cannot apply ${String(unknownEvent)}`);
        }
      }
    }
  },
});
